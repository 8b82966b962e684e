import { render, screen, within } from '@testing-library/react';
import type { DiagnosticReport, Observation } from '../../fhir';
import { createTestClient, fhirJson, FHIR_URL, withClient } from '../test-utils';
import { DiagnosticReportDisplay } from './DiagnosticReportDisplay';

const ldl: Observation = {
  resourceType: 'Observation',
  id: 'ldl',
  status: 'final',
  code: { text: 'LDL cholesterol' },
  category: [{ text: 'Laboratory' }],
  performer: [{ display: 'Dr. Hibbert' }],
  valueQuantity: { value: 151, unit: 'mg/dL' },
  referenceRange: [{ high: { value: 100, unit: 'mg/dL' } }],
  interpretation: [{ coding: [{ code: 'H' }], text: 'High' }],
  note: [{ text: 'Fasting sample.' }],
};
const hdl: Observation = {
  resourceType: 'Observation',
  id: 'hdl',
  status: 'final',
  code: { text: 'HDL cholesterol' },
  valueQuantity: { value: 55, unit: 'mg/dL' },
  referenceRange: [{ low: { value: 40, unit: 'mg/dL' } }],
  interpretation: [{ coding: [{ code: 'N' }], text: 'Normal' }],
};
const pending: Observation = {
  resourceType: 'Observation',
  id: 'tg',
  status: 'registered',
  code: { text: 'Triglycerides' },
};

const report: DiagnosticReport = {
  resourceType: 'DiagnosticReport',
  id: 'r1',
  status: 'final',
  code: { text: 'Lipid panel' },
  issued: '2024-05-02T14:05:00Z',
  performer: [{ display: 'Springfield Lab' }],
  specimen: [{ display: 'Venous blood' }],
  conclusion: 'LDL above goal.',
  result: [
    { reference: 'Observation/ldl' },
    { reference: 'Observation/hdl' },
    { reference: 'Observation/tg' },
    { reference: 'Observation/gone', display: 'Glucose' },
  ],
};

function renderReport(value: DiagnosticReport = report) {
  const { client, requests } = createTestClient((request) =>
    request.url.startsWith(`${FHIR_URL}Observation?`)
      ? fhirJson({
          resourceType: 'Bundle',
          type: 'searchset',
          entry: [ldl, hdl, pending].map((resource) => ({ resource })),
        })
      : fhirJson({}, 404)
  );
  render(<DiagnosticReportDisplay report={value} locale="en-US" />, { wrapper: withClient(client) });
  return requests;
}

describe('DiagnosticReportDisplay', () => {
  it('shows the header and loads every result in one request', async () => {
    const requests = renderReport();
    expect(screen.getByRole('heading', { level: 2, name: 'Lipid panel' })).toBeInTheDocument();
    expect(screen.getByText('Final')).toHaveAttribute('data-status', 'final');
    expect(screen.getByText(/Issued May 2, 2024/)).toBeInTheDocument();
    expect(screen.getByText('Performed by Springfield Lab')).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: 'Results of Lipid panel' });
    expect(requests).toHaveLength(1);
    expect(new URL(requests[0].url).searchParams.get('_id')).toBe('ldl,hdl,tg,gone');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((h) => h.textContent)
    ).toEqual(['Test', 'Value', 'Reference Range', 'Interpretation', 'Category', 'Performer', 'Status']);
  });

  it('marks an abnormal result by a marker and a word, not colour alone', async () => {
    renderReport();
    const row = (await screen.findByRole('rowheader', { name: 'LDL cholesterol' })).closest('tr')!;
    expect(row).toHaveAttribute('data-flag', 'high');
    expect(
      within(row)
        .getAllByRole('cell')
        .map((c) => c.textContent)
    ).toEqual(['151 mg/dL', '<= 100 mg/dL', '▲ High', 'Laboratory', 'Dr. Hibbert', 'Final']);
    const normal = screen.getByRole('rowheader', { name: 'HDL cholesterol' }).closest('tr')!;
    expect(normal).not.toHaveAttribute('data-flag');
    expect(within(normal).getByText('Normal')).toBeInTheDocument();
  });

  it('says No value and Not found in place', async () => {
    renderReport();
    const tg = (await screen.findByRole('rowheader', { name: 'Triglycerides' })).closest('tr')!;
    expect(within(tg).getByText('No value')).toBeInTheDocument();
    const gone = screen.getByRole('rowheader', { name: 'Glucose' }).closest('tr')!;
    expect(within(gone).getByText('Not found')).toBeInTheDocument();
  });

  it('shows specimens, the conclusion and the notes', async () => {
    renderReport();
    await screen.findByRole('table');
    expect(screen.getByRole('heading', { level: 3, name: 'Specimens' })).toBeInTheDocument();
    expect(screen.getByText('Venous blood')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Notes' })).toBeInTheDocument();
    expect(screen.getByText('LDL above goal.')).toBeInTheDocument();
    expect(screen.getByText('Fasting sample.')).toBeInTheDocument();
  });

  it('shows units as people write them and yes/no results in words from messages', () => {
    const { client } = createTestClient(() => fhirJson({}, 404));
    const wbc: Observation = {
      resourceType: 'Observation',
      id: 'wbc',
      status: 'final',
      code: { text: 'White blood cells' },
      valueQuantity: { value: 7.2, unit: '10*3/uL', system: 'http://unitsofmeasure.org', code: '10*3/uL' },
    };
    const hcg: Observation = {
      resourceType: 'Observation',
      id: 'hcg',
      status: 'preliminary',
      code: { text: 'Pregnancy test' },
      valueBoolean: false,
    };
    const panel = { ...report, result: [{ reference: 'Observation/wbc' }, { reference: 'Observation/hcg' }] };
    render(
      <DiagnosticReportDisplay
        report={panel}
        observations={[wbc, hcg]}
        messages={{ no: 'Negative', statuses: { preliminary: 'Not final yet' } }}
      />,
      { wrapper: withClient(client) }
    );
    const wbcRow = screen.getByRole('rowheader', { name: 'White blood cells' }).closest('tr')!;
    expect(within(wbcRow).getByText('7.2 10³/µL')).toBeInTheDocument();
    const hcgRow = screen.getByRole('rowheader', { name: 'Pregnancy test' }).closest('tr')!;
    expect(within(hcgRow).getByText('Negative')).toBeInTheDocument();
    expect(within(hcgRow).getByText('Not final yet')).toHaveAttribute('data-status', 'preliminary');
  });

  describe('when the report has no results', () => {
    it('says so and sends nothing', () => {
      const requests = renderReport({ ...report, result: undefined, specimen: undefined, conclusion: undefined });
      expect(screen.getByText('No results')).toBeInTheDocument();
      expect(screen.queryByRole('table')).not.toBeInTheDocument();
      expect(requests).toHaveLength(0);
    });
  });

  describe('when the results fail to load', () => {
    it('shows the error in place', async () => {
      const { client } = createTestClient(() =>
        fhirJson(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'forbidden', details: { text: 'Forbidden' } }],
          },
          403
        )
      );
      render(<DiagnosticReportDisplay report={report} />, { wrapper: withClient(client) });
      expect(await screen.findByRole('alert')).toHaveTextContent('Forbidden');
    });
  });

  describe('when the report has no code', () => {
    it('is headed by the untitled text, replaceable through messages', () => {
      const { client } = createTestClient(() => fhirJson({}));
      const untitled = { ...report, code: {}, result: undefined };
      const { rerender } = render(<DiagnosticReportDisplay report={untitled} />, { wrapper: withClient(client) });
      expect(screen.getByRole('heading', { level: 2, name: 'Diagnostic report' })).toBeInTheDocument();
      rerender(<DiagnosticReportDisplay report={untitled} messages={{ untitled: 'Rapport' }} />);
      expect(screen.getByRole('heading', { level: 2, name: 'Rapport' })).toBeInTheDocument();
    });
  });
});
