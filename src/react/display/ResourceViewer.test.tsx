import { render, screen, within } from '@testing-library/react';
import type { AccessPolicy, Observation, Patient } from '../../fhir';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { ResourceViewer } from './ResourceViewer';

const { client } = createTestClient(() => fhirJson({}, 404));
const wrapper = withClient(client);

const observation: Observation = {
  resourceType: 'Observation',
  id: 'o1',
  status: 'final',
  code: { text: 'Heart rate' },
  subject: { reference: 'Patient/p1', display: 'Homer Simpson' },
  performer: [{ reference: 'javascript:alert(1)', display: 'Evil' }],
  effectiveDateTime: '2024-05-01T10:00:00Z',
  valueQuantity: { value: 72, unit: 'beats/minute' },
  referenceRange: [{ low: { value: 60, unit: 'beats/minute' }, high: { value: 100, unit: 'beats/minute' } }],
  valueSampledData: undefined,
  text: {
    status: 'generated',
    div: '<div xmlns="http://www.w3.org/1999/xhtml"><p>Pulse <b>72</b></p><img src="x" onerror="window.__pwned=1"><script>window.__pwned=1</script></div>',
  },
};

const rowValue = (label: string) =>
  within(screen.getByRole('rowheader', { name: label }).closest('tr')!).getByRole('cell');

describe('ResourceViewer', () => {
  it('lists the fields in definition order with labels, values formatted by type', () => {
    render(<ResourceViewer resource={observation} locale="en-US" />, { wrapper });
    expect(screen.getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      'Id',
      'Status',
      'Code',
      'Subject',
      'Effective',
      'Performer',
      'Value',
      'Reference Range',
    ]);
    expect(rowValue('Effective')).toHaveTextContent('May 1, 2024, 10:00 AM');
    expect(rowValue('Value')).toHaveTextContent('72 beats/minute');
    // A BackboneElement nests its own labelled fields.
    expect(rowValue('Reference Range')).toHaveTextContent('Low60 beats/minuteHigh100 beats/minute');
  });

  it('links references to /{type}/{id}, or through renderLink, and never links a script URL', () => {
    const { unmount } = render(<ResourceViewer resource={observation} />, { wrapper });
    expect(screen.getByRole('link', { name: 'Homer Simpson' })).toHaveAttribute('href', '/Patient/p1');
    expect(screen.queryByRole('link', { name: 'Evil' })).not.toBeInTheDocument();
    expect(screen.getByText('Evil')).toBeInTheDocument();
    unmount();
    render(<ResourceViewer resource={observation} renderLink={(href, text) => <a href={`/app${href}`}>{text}</a>} />, {
      wrapper,
    });
    expect(screen.getByRole('link', { name: 'Homer Simpson' })).toHaveAttribute('href', '/app/Patient/p1');
  });

  it('shows the narrative sanitized: formatting kept, script and handlers gone', async () => {
    const { container } = render(<ResourceViewer resource={observation} />, { wrapper });
    expect(await screen.findByText('72', { selector: 'b' })).toBeInTheDocument();
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('img')?.getAttribute('onerror')).toBeNull();
    expect((window as { __pwned?: number }).__pwned).toBeUndefined();
  });

  it('shows the first 50 values of an array, then the total', () => {
    const patient: Patient = {
      resourceType: 'Patient',
      id: 'p1',
      identifier: Array.from({ length: 60 }, (_, i) => ({ system: 'urn:x', value: String(i) })),
    };
    render(<ResourceViewer resource={patient} />, { wrapper });
    const items = within(rowValue('Identifier')).getAllByRole('listitem');
    expect(items).toHaveLength(51);
    expect(items[50]).toHaveTextContent('... 60 total values');
  });

  it('leaves out the fields the access policy hides', () => {
    const policy = {
      resourceType: 'AccessPolicy',
      resource: [{ resourceType: 'Observation', hiddenFields: ['subject', 'performer'] }],
    } as AccessPolicy;
    render(<ResourceViewer resource={observation} accessPolicy={policy} />, { wrapper });
    expect(screen.queryByRole('rowheader', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Performer' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Code' })).toBeInTheDocument();
  });

  it('applies a rule with criteria once its matcher has loaded, showing nothing before', async () => {
    // Two read rules for Observation: the one whose criteria match (status final) hides subject;
    // the other (status preliminary) would show everything. A field is hidden only when every
    // rule that applies hides it, so only a real criteria match gives this result.
    const policy = {
      resourceType: 'AccessPolicy',
      resource: [
        { resourceType: 'Observation', criteria: 'Observation?status=final', hiddenFields: ['subject'] },
        { resourceType: 'Observation', criteria: 'Observation?status=preliminary' },
      ],
    } as AccessPolicy;
    render(<ResourceViewer resource={observation} accessPolicy={policy} />, { wrapper });
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('rowheader')).not.toBeInTheDocument();
    expect(await screen.findByRole('rowheader', { name: 'Code' })).toBeInTheDocument();
    expect(screen.queryByRole('rowheader', { name: 'Subject' })).not.toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Performer' })).toBeInTheDocument();
  });

  it('says Unknown data type for a value it cannot format', () => {
    render(
      <ResourceViewer
        resource={{
          ...observation,
          valueQuantity: undefined,
          valueSampledData: { origin: { value: 0 }, period: 1, dimensions: 1 },
        }}
      />,
      { wrapper }
    );
    expect(rowValue('Value')).toHaveTextContent('Unknown data type');
  });

  it('shows a UCUM unit as people write it', () => {
    render(
      <ResourceViewer
        resource={{
          ...observation,
          text: undefined,
          valueQuantity: { value: 120, unit: 'mm[Hg]', system: 'http://unitsofmeasure.org', code: 'mm[Hg]' },
          referenceRange: undefined,
        }}
      />,
      { wrapper }
    );
    expect(rowValue('Value')).toHaveTextContent('120 mmHg');
  });

  it('shows yes/no in words, replaceable through messages', () => {
    const patient: Patient = { resourceType: 'Patient', id: 'p1', active: true };
    const { rerender } = render(<ResourceViewer resource={patient} />, { wrapper });
    expect(rowValue('Active')).toHaveTextContent(/^Yes$/);
    rerender(<ResourceViewer resource={{ ...patient, active: false }} messages={{ no: 'Non' }} />);
    expect(rowValue('Active')).toHaveTextContent(/^Non$/);
  });
});
