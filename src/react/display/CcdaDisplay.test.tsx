import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { deferred } from '../test-utils';
import { cdaTimeToFhir, readCcdaDocument } from './ccdaDocument';
import { CcdaDisplay } from './CcdaDisplay';

const ccd = `<?xml version="1.0" encoding="UTF-8"?>
<ClinicalDocument xmlns="urn:hl7-org:v3">
  <title>Continuity of Care Document</title>
  <effectiveTime value="20260301150000+0000"/>
  <recordTarget><patientRole><patient>
    <name><given>Homer</given><given>Jay</given><family>Simpson</family></name>
    <administrativeGenderCode code="M"/>
    <birthTime value="19790512"/>
  </patient></patientRole></recordTarget>
  <author><assignedAuthor><assignedPerson><name><prefix>Dr.</prefix><given>Julia</given><family>Hibbert</family></name></assignedPerson></assignedAuthor></author>
  <custodian><assignedCustodian><representedCustodianOrganization><name>Springfield Family Clinic</name></representedCustodianOrganization></assignedCustodian></custodian>
  <component><structuredBody>
    <component><section>
      <title>Allergies</title>
      <text>
        <table>
          <thead><tr><th>Substance</th><th>Reaction</th></tr></thead>
          <tbody><tr><td>Penicillin</td><td colspan="1">Hives</td></tr></tbody>
        </table>
      </text>
    </section></component>
    <component><section>
      <title>Problems</title>
      <text><list><item><content styleCode="Bold">Hypertension</content></item></list>
        <paragraph onclick="alert(1)">See <linkHtml href="javascript:alert(1)">this</linkHtml> and <linkHtml href="https://example.org/x">that</linkHtml>.</paragraph>
        <script xmlns="http://www.w3.org/1999/xhtml">alert(1)</script>
      </text>
    </section></component>
  </structuredBody></component>
</ClinicalDocument>`;

const json = (body: unknown, status = 200, statusText = 'OK') =>
  new Response(JSON.stringify(body), { status, statusText, headers: { 'content-type': 'application/json' } });

describe('CcdaDisplay', () => {
  it('shows the header and each section, the narrative as plain elements', () => {
    const { container } = render(<CcdaDisplay xml={ccd} locale="en-US" />);
    expect(screen.getByRole('heading', { level: 2, name: 'Continuity of Care Document' })).toBeInTheDocument();
    const details = Object.fromEntries(
      Array.from(container.querySelectorAll('dt'), (dt) => [dt.textContent, dt.nextElementSibling?.textContent])
    );
    expect(details).toEqual({
      Patient: 'Homer Jay Simpson',
      Born: 'May 12, 1979',
      Gender: 'Male',
      Author: 'Dr. Julia Hibbert',
      Organization: 'Springfield Family Clinic',
      Date: 'Mar 1, 2026, 3:00 PM',
    });
    const allergies = screen.getByRole('heading', { level: 3, name: 'Allergies' }).closest('section')!;
    expect(within(allergies).getByRole('columnheader', { name: 'Reaction' })).toBeInTheDocument();
    expect(within(allergies).getByRole('cell', { name: 'Penicillin' })).toBeInTheDocument();
    expect(screen.getByText('Hypertension').tagName).toBe('STRONG');
    // No Validate button without a validator.
    expect(screen.queryByRole('button', { name: 'Validate' })).not.toBeInTheDocument();
  });

  describe('when the narrative carries script', () => {
    it('renders no script, no handler and no script link', () => {
      const { container } = render(<CcdaDisplay xml={ccd} />);
      expect(container.querySelector('script, [onclick]')).toBeNull();
      expect(screen.queryByRole('link', { name: 'this' })).not.toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'that' })).toHaveAttribute('href', 'https://example.org/x');
    });
  });

  it('posts the document as multipart ccdaFile to the validator and shows no errors', async () => {
    const fetch = vi.fn(async (_url: RequestInfo | URL, _init?: RequestInit) =>
      json({ resultsMetaData: { ccdaDocumentType: 'Continuity Of Care Document' }, ccdaValidationResults: [] })
    );
    render(<CcdaDisplay xml={ccd} validatorUrl="/ccda/validate" fileName="ccd.xml" fetch={fetch} />);
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('status')).toHaveTextContent('No errors found');
    expect(fetch).toHaveBeenCalledTimes(1);
    const [url, init] = fetch.mock.calls[0];
    expect(url).toBe('/ccda/validate');
    expect(init?.method).toBe('POST');
    expect(init?.credentials).toBe('omit');
    const file = (init?.body as FormData).get('ccdaFile') as File;
    expect(file.name).toBe('ccd.xml');
    expect(await file.text()).toBe(ccd);
  });

  it('lists the findings with their paths', async () => {
    const fetch = vi.fn(async () =>
      json({
        ccdaValidationResults: [
          {
            type: 'C-CDA MDHT Conformance Error',
            description: 'The header must contain realmCode',
            xPath: '/ClinicalDocument/realmCode',
          },
          { type: 'C-CDA MDHT Conformance Warning', description: 'Consider a languageCode' },
        ],
      })
    );
    render(<CcdaDisplay xml={ccd} validatorUrl="https://validator.example/" fetch={fetch} />);
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(await screen.findByRole('status')).toHaveTextContent('1 errors, 1 warnings');
    const results = screen.getByRole('region', { name: 'Validation results' });
    expect(
      within(results)
        .getAllByRole('listitem')
        .map((li) => li.textContent)
    ).toEqual(['The header must contain realmCode /ClinicalDocument/realmCode', 'Consider a languageCode']);
  });

  describe('when the validator fails', () => {
    it("shows 'Validation failed: {status} {statusText}'", async () => {
      const fetch = vi.fn(async () => json({}, 503, 'Service Unavailable'));
      render(<CcdaDisplay xml={ccd} validatorUrl="https://validator.example/" fetch={fetch} />);
      await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Validation failed: 503 Service Unavailable');
      // The document stays and can be validated again.
      expect(screen.getByRole('button', { name: 'Validate' })).toBeEnabled();
      expect(screen.getByRole('heading', { name: 'Allergies' })).toBeInTheDocument();
    });

    it('says why when it cannot be reached', async () => {
      const fetch = vi.fn(async () => {
        throw new TypeError('Failed to fetch');
      });
      render(<CcdaDisplay xml={ccd} validatorUrl="https://validator.example/" fetch={fetch} />);
      await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
      expect(await screen.findByRole('alert')).toHaveTextContent('Validation failed: Failed to fetch');
    });
  });

  it('disables Validate while the validator works', async () => {
    const answer = deferred<Response>();
    render(<CcdaDisplay xml={ccd} validatorUrl="https://validator.example/" fetch={() => answer.promise} />);
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(screen.getByRole('button', { name: 'Validating…' })).toBeDisabled();
    answer.resolve(json({ ccdaValidationResults: [] }));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Validate' })).toBeEnabled());
  });

  describe('when the document is not a readable C-CDA', () => {
    it.each([
      ['not XML', 'hello <'],
      ['another root', '<Bundle xmlns="http://hl7.org/fhir"/>'],
      [
        'a DOCTYPE',
        '<!DOCTYPE d [<!ENTITY x "boom">]><ClinicalDocument xmlns="urn:hl7-org:v3"><title>&x;</title></ClinicalDocument>',
      ],
    ])('says so for %s, and still offers Validate', (_, xml) => {
      render(<CcdaDisplay xml={xml} validatorUrl="https://validator.example/" />);
      expect(screen.getByText(/cannot be shown as a C-CDA document/)).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Clinical document' })).toBeInTheDocument();
      expect(screen.queryByText('boom')).not.toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Validate' })).toBeInTheDocument();
    });
  });
});

describe('readCcdaDocument', () => {
  it('reads CDA times as FHIR dates', () => {
    expect(cdaTimeToFhir('19790512')).toBe('1979-05-12');
    expect(cdaTimeToFhir('20260301150000+0100')).toBe('2026-03-01T15:00:00+01:00');
    expect(cdaTimeToFhir('202603011500')).toBe('2026-03-01T15:00:00Z');
    expect(cdaTimeToFhir('yesterday')).toBe('');
  });

  it('nests sub-sections', () => {
    const doc = readCcdaDocument(
      '<ClinicalDocument xmlns="urn:hl7-org:v3"><component><structuredBody><component><section><title>A</title><component><section><title>B</title></section></component></section></component></structuredBody></component></ClinicalDocument>'
    );
    expect(doc?.sections.map((s) => [s.title, s.sections.map((c) => c.title)])).toEqual([['A', ['B']]]);
  });
});
