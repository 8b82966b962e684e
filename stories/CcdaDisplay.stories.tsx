import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { CcdaDisplay } from '../src/react/display';
import { ccdDocument, validatorAnswer } from './ccda-fixtures';

const meta = {
  title: 'Display/CcdaDisplay',
  component: CcdaDisplay,
  args: {
    xml: ccdDocument(),
    validatorUrl: 'https://validator.example/ccda/validate',
    fileName: 'ccd.xml',
    locale: 'en-US',
    fetch: async () => validatorAnswer({ ccdaValidationResults: [] }),
  },
} satisfies Meta<typeof CcdaDisplay>;

export default meta;
type Story = StoryObj<typeof meta>;

/** The header and each section; Validate posts the document and finds no error. */
export const Valid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Continuity of Care Document' })).toBeInTheDocument();
    await expect(canvas.getByText('Homer Jay Simpson')).toBeInTheDocument();
    await expect(canvas.getByRole('cell', { name: 'Penicillin G' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Validate' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('No errors found');
  },
};

/** The validator finds errors: each with its path. */
export const WithErrors: Story = {
  args: {
    fetch: async () =>
      validatorAnswer({
        ccdaValidationResults: [
          {
            type: 'C-CDA MDHT Conformance Error',
            description: 'The header must contain languageCode',
            xPath: '/ClinicalDocument/languageCode',
          },
          { type: 'C-CDA MDHT Conformance Warning', description: 'Consider adding a legalAuthenticator' },
        ],
      }),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Validate' }));
    await expect(await canvas.findByRole('status')).toHaveTextContent('1 errors, 1 warnings');
    await expect(canvas.getByText('/ClinicalDocument/languageCode')).toBeInTheDocument();
  },
};

/** While the validator works, the button says so and waits. */
export const Validating: Story = {
  args: { fetch: () => new Promise<Response>(() => {}) },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Validate' }));
    await expect(canvas.getByRole('button', { name: 'Validating…' })).toBeDisabled();
  },
};

/** The validator fails: 'Validation failed: {status} {statusText}', the document stays. */
export const ValidationFailed: Story = {
  args: { fetch: async () => validatorAnswer({}, 503, 'Service Unavailable') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Validate' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Validation failed: 503 Service Unavailable');
    await expect(canvas.getByRole('heading', { name: 'Problems' })).toBeInTheDocument();
  },
};

/** A long document: a Results section of two hundred rows. */
export const LongDocument: Story = {
  args: { xml: ccdDocument(200) },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('cell', { name: 'Analyte 200' })).toBeInTheDocument();
  },
};

/** Not a C-CDA document: says so, and Validate still tells why. */
export const Unreadable: Story = {
  args: { xml: '<Bundle xmlns="http://hl7.org/fhir"/>' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText(/cannot be shown as a C-CDA document/)).toBeInTheDocument();
  },
};

/** Without a validator there is no Validate button. */
export const WithoutValidator: Story = {
  args: { validatorUrl: undefined },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).queryByRole('button', { name: 'Validate' })).toBeNull();
  },
};
