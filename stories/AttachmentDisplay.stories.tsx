import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import { AttachmentDisplay } from '../src/react/display';
import { FhirProvider } from '../src/react/FhirProvider';
import { ccdDocument } from './ccda-fixtures';

const FHIR = 'https://fhir.example/fhir/R4/';
const toBase64 = (text: string) => btoa(String.fromCharCode(...new TextEncoder().encode(text)));
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAE0lEQVR42mNk+M+AFzCOKhhVAAAu8QIH5uBfvAAAAABJRU5ErkJggg==';
const PDF = toBase64(
  '%PDF-1.1\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj\n3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 300 144]>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'
);

type Behaviour = 'ok' | 'slow' | 'fail';

// Answers Binary/scan as a stored PNG, the way the reference server does for the session.
function clientFor(behaviour: Behaviour): FhirClient {
  return new FhirClient({
    baseUrl: 'https://fhir.example/',
    storage: new ClientStorage(new MemoryStorage()),
    maxRetries: 0,
    fetch: async (url) => {
      if (behaviour === 'slow') return new Promise<Response>(() => {});
      if (behaviour === 'fail' || !String(url).endsWith('Binary/scan')) {
        return new Response(
          JSON.stringify({
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
          }),
          { status: 404, headers: { 'content-type': 'application/fhir+json' } }
        );
      }
      return new Response(JSON.stringify({ resourceType: 'Binary', id: 'scan', contentType: 'image/png', data: PNG }), {
        headers: { 'content-type': 'application/fhir+json' },
      });
    },
  });
}

const meta = {
  title: 'Display/AttachmentDisplay',
  component: AttachmentDisplay,
  args: {
    attachment: { contentType: 'image/png', data: PNG, title: 'Knee X-ray', size: 1024 },
    locale: 'en-US',
  },
  parameters: { behaviour: 'ok' },
  decorators: [
    (Story, { parameters }) => (
      <FhirProvider client={clientFor(parameters.behaviour as Behaviour)}>
        <Story />
      </FhirProvider>
    ),
  ],
} satisfies Meta<typeof AttachmentDisplay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** An image, named by its title, with the Download link. */
export const Image: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('img', { name: 'Knee X-ray' })).toHaveAttribute(
      'src',
      `data:image/png;base64,${PNG}`
    );
    await expect(canvas.getByRole('link', { name: 'Download Knee X-ray' })).toHaveAttribute('download', 'Knee X-ray');
  },
};

/** A file stored on the FHIR server: read with the session, shown from a blob URL. */
export const StoredFile: Story = {
  args: { attachment: { contentType: 'image/png', url: `${FHIR}Binary/scan`, title: 'Stored scan' } },
  play: async ({ canvasElement }) => {
    const image = await within(canvasElement).findByRole('img', { name: 'Stored scan' });
    await expect(image.getAttribute('src')).toMatch(/^blob:/);
  },
};

/** While a stored file loads. */
export const Loading: Story = {
  args: StoredFile.args,
  parameters: { behaviour: 'slow' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('status')).toHaveTextContent('Loading attachment…');
  },
};

/** A stored file that cannot be read: the reason in place, no link. */
export const LoadError: Story = {
  args: StoredFile.args,
  parameters: { behaviour: 'fail' },
  play: async ({ canvasElement }) => {
    await expect(await within(canvasElement).findByRole('alert')).toHaveTextContent('Not found');
  },
};

/** A PDF in a named frame. */
export const Pdf: Story = {
  args: { attachment: { contentType: 'application/pdf', data: PDF, title: 'Visit summary.pdf' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByTitle('Visit summary.pdf preview')).toBeInTheDocument();
  },
};

/** Plain text as text, in a region the keyboard can scroll. */
export const Text: Story = {
  args: {
    attachment: {
      contentType: 'text/plain',
      data: toBase64('Mon 128/82\nTue 131/84\n<b>not bold</b>\n'),
      title: 'bp-log.txt',
    },
  },
  play: async ({ canvasElement }) => {
    const region = within(canvasElement).getByRole('region', { name: 'bp-log.txt preview' });
    await expect(region).toHaveTextContent('<b>not bold</b>');
  },
};

/** A long text file: the first 100,000 characters, and a note. */
export const LongText: Story = {
  args: {
    attachment: {
      contentType: 'text/plain',
      data: toBase64('Reading 120/80\n'.repeat(8000)),
      title: 'long-log.txt',
    },
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/Showing the first 100000 characters/)).toBeInTheDocument();
  },
};

/** A C-CDA document with its Validate button. */
export const Ccda: Story = {
  args: {
    attachment: { contentType: 'application/cda+xml', data: toBase64(ccdDocument()), title: 'ccd.xml' },
    ccdaValidatorUrl: 'https://validator.example/ccda/validate',
    headingLevel: 2,
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('heading', { name: 'Continuity of Care Document' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Validate' })).toBeInTheDocument();
  },
};

/** A type the browser cannot preview (and HTML, which is never shown as a page): the download only. */
export const NoPreview: Story = {
  args: { attachment: { contentType: 'text/html', data: toBase64('<script>alert(1)</script>'), title: 'page.html' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No preview is available for this type of file.')).toBeInTheDocument();
    await expect(canvas.getByRole('link', { name: 'Download page.html' }).getAttribute('href')).toMatch(
      /^data:application\/octet-stream;/
    );
  },
};

/** A URL that could run script is never put in href or src. */
export const UnsafeUrl: Story = {
  args: { attachment: { contentType: 'image/png', url: 'javascript:alert(1)', title: 'x.png' } },
  play: async ({ canvasElement }) => {
    await expect(canvasElement.querySelector('[href], [src]')).toBeNull();
    await expect(within(canvasElement).getByText('This attachment cannot be shown.')).toBeInTheDocument();
  },
};

/** Keyboard: Tab reaches the text and the Download link. */
export const Keyboard: Story = {
  args: Text.args,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    await expect(canvas.getByRole('region', { name: 'bp-log.txt preview' })).toHaveFocus();
    await userEvent.tab();
    await expect(canvas.getByRole('link', { name: 'Download bp-log.txt' })).toHaveFocus();
  },
};
