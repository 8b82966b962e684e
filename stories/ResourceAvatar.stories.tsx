import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { Practitioner } from '../src/fhir';
import { ResourceAvatar, ResourceName } from '../src/react/display';
import { FhirProvider } from '../src/react/FhirProvider';

const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAE0lEQVR42mNk+M+AFzCOKhhVAAAu8QIH5uBfvAAAAABJRU5ErkJggg==';
const hibbert: Practitioner = {
  resourceType: 'Practitioner',
  id: 'dr1',
  name: [{ prefix: ['Dr.'], given: ['Julia'], family: 'Hibbert', suffix: ['MD'] }],
};

type Behaviour = 'ok' | 'slow' | 'fail';
function clientFor(behaviour: Behaviour): FhirClient {
  return new FhirClient({
    baseUrl: 'https://fhir.example/',
    storage: new ClientStorage(new MemoryStorage()),
    maxRetries: 0,
    fetch: async (url) => {
      if (behaviour === 'slow') return new Promise<Response>(() => {});
      if (behaviour === 'ok' && String(url).endsWith('Practitioner/dr1')) {
        return new Response(JSON.stringify(hibbert), { headers: { 'content-type': 'application/fhir+json' } });
      }
      return new Response('{"resourceType":"OperationOutcome","issue":[{"severity":"error","code":"not-found"}]}', {
        status: 404,
        headers: { 'content-type': 'application/fhir+json' },
      });
    },
  });
}

function Person({ value }: { value: Parameters<typeof ResourceName>[0]['value'] }) {
  return (
    <p style={{ display: 'flex', alignItems: 'center', gap: '0.5rem' }}>
      <ResourceAvatar value={value} alt="" />
      <ResourceName value={value} link />
    </p>
  );
}

const meta = {
  title: 'Display/ResourceAvatar',
  component: ResourceAvatar,
  args: { value: hibbert },
  parameters: { behaviour: 'ok' },
  decorators: [
    (Story, { parameters }) => (
      <FhirProvider client={clientFor(parameters.behaviour as Behaviour)}>
        <Story />
      </FhirProvider>
    ),
  ],
} satisfies Meta<typeof ResourceAvatar>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Initials, named for screen readers, with the default radius xl. */
export const Initials: Story = {
  play: async ({ canvasElement }) => {
    const avatar = within(canvasElement).getByRole('img', { name: 'Dr. Julia Hibbert MD' });
    await expect(avatar).toHaveTextContent('JH');
    await expect(avatar).toHaveAttribute('data-radius', 'xl');
  },
};

/** A photo, in each radius. */
export const Photo: Story = {
  render: () => (
    <div style={{ display: 'flex', gap: '0.5rem' }}>
      {(['xs', 'sm', 'md', 'lg', 'xl'] as const).map((radius) => (
        <ResourceAvatar
          key={radius}
          radius={radius}
          size={48}
          value={{ ...hibbert, photo: [{ contentType: 'image/png', data: PNG }] }}
          alt={`Radius ${radius}`}
        />
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('img', { name: /^Radius/ })).toHaveLength(5);
    await expect(canvasElement.querySelectorAll('img')).toHaveLength(5);
  },
};

/** By reference, beside its name: read through the client. */
export const WithName: Story = {
  render: () => <Person value={{ reference: 'Practitioner/dr1' }} />,
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('link', { name: 'Dr. Julia Hibbert MD' })).toHaveAttribute(
      'href',
      '/Practitioner/dr1'
    );
    await expect(within(canvasElement).getByText('JH')).toBeInTheDocument();
  },
};

/** While the reference loads, its display stands in. */
export const Loading: Story = {
  parameters: { behaviour: 'slow' },
  render: () => <Person value={{ reference: 'Practitioner/dr1', display: 'Dr. Hibbert' }} />,
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Dr. Hibbert')).toBeInTheDocument();
    await expect(within(canvasElement).getByText('H')).toBeInTheDocument();
  },
};

/** A reference that does not resolve: the reference's display, else the reference. */
export const NotFound: Story = {
  parameters: { behaviour: 'fail' },
  render: () => (
    <>
      <Person value={{ reference: 'Practitioner/gone', display: 'Dr. Gone Away' }} />
      <Person value="Practitioner/missing" />
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Dr. Gone Away')).toBeInTheDocument();
    await expect(within(canvasElement).getByText('Practitioner/missing')).toBeInTheDocument();
  },
};

/** A long list of people. */
export const LongList: Story = {
  render: () => (
    <>
      {Array.from({ length: 30 }, (_, i) => (
        <Person
          key={i}
          value={{ resourceType: 'Practitioner', id: `p${i}`, name: [{ given: [`Given${i}`], family: `Family${i}` }] }}
        />
      ))}
    </>
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByRole('link')).toHaveLength(30);
  },
};
