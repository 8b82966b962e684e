import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { Observation, Patient } from '../src/fhir';
import { ResourceViewer } from '../src/react/display';
import { FhirProvider } from '../src/react/FhirProvider';
import { textGaps } from './rtl';

const client = new FhirClient({
  baseUrl: 'https://fhir.example/',
  storage: new ClientStorage(new MemoryStorage()),
  fetch: async () => new Response('{}', { status: 404 }),
});

const observation: Observation = {
  resourceType: 'Observation',
  id: 'o1',
  meta: { versionId: '3', lastUpdated: '2026-03-02T14:05:00Z' },
  status: 'final',
  category: [{ text: 'Vital Signs' }],
  code: {
    coding: [{ system: 'http://loinc.org', code: '85354-9', display: 'Blood pressure panel' }],
    text: 'Blood pressure',
  },
  subject: { reference: 'Patient/p1', display: 'Homer Simpson' },
  effectiveDateTime: '2026-03-02T08:15:00Z',
  component: [
    { code: { text: 'Systolic' }, valueQuantity: { value: 132, unit: 'mm[Hg]' } },
    { code: { text: 'Diastolic' }, valueQuantity: { value: 82, unit: 'mm[Hg]' } },
  ],
  text: {
    status: 'generated',
    div: '<div xmlns="http://www.w3.org/1999/xhtml"><p>Blood pressure <b>132/82</b></p><script>document.title="pwned"</script></div>',
  },
};

const meta = {
  title: 'Display/ResourceViewer',
  component: ResourceViewer,
  args: { resource: observation, locale: 'en-US' },
  decorators: [
    (Story) => (
      <FhirProvider client={client}>
        <Story />
      </FhirProvider>
    ),
  ],
} satisfies Meta<typeof ResourceViewer>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An observation: definition order, typed values (units as people write them), a reference link, the sanitized narrative. */
export const ObservationFields: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('link', { name: 'Homer Simpson' })).toHaveAttribute('href', '/Patient/p1');
    await expect(await canvas.findByText('132/82')).toBeInTheDocument();
    // The UCUM code mm[Hg] reads as people write it.
    await expect(canvas.getAllByText('132 mmHg').length).toBeGreaterThan(0);
    await expect(canvasElement.querySelector('script')).toBeNull();
  },
};

const patient: Patient = {
  resourceType: 'Patient',
  id: 'p1',
  name: [{ given: ['Homer', 'Jay'], family: 'Simpson' }],
  gender: 'male',
  birthDate: '1956-05-12',
  telecom: [{ system: 'email', value: 'homer@example.com', use: 'home' }],
  address: [{ line: ['742 Evergreen Terrace'], city: 'Springfield', state: 'OR' }],
  identifier: Array.from({ length: 60 }, (_, i) => ({ system: 'urn:example:mrn', value: `MRN-${i}` })),
};

/** A long array: the first 50 values, then the total. */
export const LongList: Story = {
  args: { resource: patient },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('... 60 total values')).toBeInTheDocument();
  },
};

/** Fields the access policy hides are left out. */
export const HiddenFields: Story = {
  args: {
    resource: patient,
    accessPolicy: {
      resourceType: 'AccessPolicy',
      resource: [{ resourceType: 'Patient', hiddenFields: ['identifier', 'telecom'] }],
    } as never,
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('rowheader', { name: 'Identifier' })).toBeNull();
    await expect(within(canvasElement).getByRole('rowheader', { name: 'Birth Date' })).toBeInTheDocument();
  },
};

/** A resource with nothing but its type and id. */
export const Empty: Story = {
  args: { resource: { resourceType: 'Basic', id: 'b1', code: { text: 'Note' } } as never },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getAllByRole('rowheader').map((h) => h.textContent)).toEqual(['Id', 'Code']);
  },
};

/** Odd data: an extension of a type the viewer does not know, a reference that is not a link. */
export const UnknownData: Story = {
  args: {
    resource: {
      resourceType: 'Observation',
      id: 'o2',
      status: 'final',
      code: { text: 'Mood' },
      subject: { reference: 'javascript:alert(1)', display: 'Not a link' },
      extension: [{ url: 'http://example.org/mood-score', valueSampledData: { origin: { value: 0 } } }],
      valueSampledData: { origin: { value: 0 }, dimensions: 1 },
    } as never,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('Not a link')).toBeInTheDocument();
    await expect(canvas.queryByRole('link', { name: 'Not a link' })).toBeNull();
    await expect(canvas.getAllByText('Unknown data type').length).toBeGreaterThan(0);
  },
};

/** Right to left: the field names sit at the right edge of their cells, where the line starts. */
export const RightToLeft: Story = {
  args: { dir: 'rtl' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const header = canvas.getByRole('rowheader', { name: 'Id' });
    const { left, right } = textGaps(header);
    await expect(right).toBeLessThan(left);
  },
};
