import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { DiagnosticReport, Observation } from '../src/fhir';
import { DiagnosticReportDisplay } from '../src/react/display';
import { FhirProvider } from '../src/react/FhirProvider';

const lab = (id: string, text: string, value: number, unit: string, low?: number, high?: number): Observation => {
  const code = high !== undefined && value > high ? 'H' : low !== undefined && value < low ? 'L' : 'N';
  return {
    resourceType: 'Observation',
    id,
    status: 'final',
    code: { text },
    category: [{ text: 'Laboratory' }],
    performer: [{ display: 'Dr. Julia Hibbert' }],
    valueQuantity: { value, unit },
    referenceRange: [
      {
        ...(low !== undefined ? { low: { value: low, unit } } : {}),
        ...(high !== undefined ? { high: { value: high, unit } } : {}),
      },
    ],
    interpretation: [{ coding: [{ code }], text: code === 'H' ? 'High' : code === 'L' ? 'Low' : 'Normal' }],
  };
};

const lipids = [
  lab('chol', 'Cholesterol, total', 228, 'mg/dL', undefined, 200),
  lab('hdl', 'HDL cholesterol', 38, 'mg/dL', 40),
  {
    ...lab('ldl', 'LDL cholesterol (calculated)', 151, 'mg/dL', undefined, 100),
    note: [{ text: 'Fasting sample, 12 hours.' }],
  },
  lab('trig', 'Triglycerides', 120, 'mg/dL', undefined, 150),
];

const report = (results: Observation[]): DiagnosticReport => ({
  resourceType: 'DiagnosticReport',
  id: 'r1',
  status: 'final',
  code: { text: 'Lipid panel' },
  issued: '2026-03-02T14:05:00Z',
  performer: [{ display: 'Springfield Lab' }],
  specimen: [{ display: 'Serum' }],
  conclusion: 'LDL above goal; continue atorvastatin.',
  result: results.map((o) => ({ reference: `Observation/${o.id}` })),
});

type Behaviour = { results: Observation[] } | 'fail' | 'slow';

function clientFor(behaviour: Behaviour): FhirClient {
  return new FhirClient({
    baseUrl: 'https://fhir.example/',
    storage: new ClientStorage(new MemoryStorage()),
    fetch: async () => {
      if (behaviour === 'slow') return new Promise<Response>(() => {});
      if (behaviour === 'fail') {
        return new Response(
          JSON.stringify({
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'exception', details: { text: 'Lab service unavailable' } }],
          }),
          {
            status: 503,
            headers: { 'content-type': 'application/fhir+json' },
          }
        );
      }
      return new Response(
        JSON.stringify({
          resourceType: 'Bundle',
          type: 'searchset',
          entry: behaviour.results.map((resource) => ({ resource })),
        }),
        {
          headers: { 'content-type': 'application/fhir+json' },
        }
      );
    },
    maxRetries: 0,
  });
}

const meta = {
  title: 'Display/DiagnosticReportDisplay',
  component: DiagnosticReportDisplay,
  args: { report: report(lipids), locale: 'en-US' },
  parameters: { behaviour: { results: lipids } },
  decorators: [
    (Story, { parameters }) => (
      <FhirProvider client={clientFor(parameters.behaviour as Behaviour)}>
        <Story />
      </FhirProvider>
    ),
  ],
} satisfies Meta<typeof DiagnosticReportDisplay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Abnormal results carry a marker and a word (▲ High, ▼ Low), not only colour. */
export const AbnormalResults: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const table = await canvas.findByRole('table', { name: 'Results of Lipid panel' });
    const ldl = within(table).getByRole('rowheader', { name: 'LDL cholesterol (calculated)' }).closest('tr')!;
    await expect(ldl).toHaveAttribute('data-flag', 'high');
    await expect(within(ldl).getByText('High')).toBeInTheDocument();
    // The status in words, its code on data-status.
    await expect(within(ldl).getByText('Final')).toHaveAttribute('data-status', 'final');
    await expect(canvas.getByText('Fasting sample, 12 hours.')).toBeInTheDocument();
  },
};

/** Everything in range. */
export const Normal: Story = {
  args: { report: report([lab('hb', 'Hemoglobin', 14.6, 'g/dL', 13.2, 16.6)]) },
  parameters: { behaviour: { results: [lab('hb', 'Hemoglobin', 14.6, 'g/dL', 13.2, 16.6)] } },
  play: async ({ canvasElement }) => {
    const row = (await within(canvasElement).findByRole('rowheader', { name: 'Hemoglobin' })).closest('tr')!;
    await expect(row).not.toHaveAttribute('data-flag');
  },
};

/** While the results load. */
export const Loading: Story = {
  parameters: { behaviour: 'slow' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading results…');
  },
};

/** A report without results says so. */
export const NoResults: Story = {
  args: { report: { ...report([]), result: undefined, specimen: undefined, conclusion: undefined } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('No results')).toBeInTheDocument();
  },
};

/** The results fail to load: the error shows in place. */
export const LoadError: Story = {
  parameters: { behaviour: 'fail' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Lab service unavailable');
  },
};

const many = Array.from({ length: 40 }, (_, i) => lab(`m${i}`, `Analyte ${i + 1}`, 50 + i, 'U/L', 40, 80));

/** A long panel: forty results, the out-of-range ones flagged. */
export const LongList: Story = {
  args: { report: report(many) },
  parameters: { behaviour: { results: many } },
  play: async ({ canvasElement }) => {
    const table = await within(canvasElement).findByRole('table');
    await expect(within(table).getAllByRole('row')).toHaveLength(41);
  },
};
