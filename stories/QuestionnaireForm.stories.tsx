import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { Questionnaire, QuestionnaireItem } from '../src/fhir';
import { FhirProvider, QuestionnaireForm } from '../src/react';

const ITEM_CONTROL = 'http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl';
const control = (code: string) => [
  {
    url: ITEM_CONTROL,
    valueCodeableConcept: { coding: [{ system: 'http://hl7.org/fhir/questionnaire-item-control', code }] },
  },
];
const fruit = ['Apple', 'Banana', 'Cherry'].map((display, i) => ({
  valueCoding: { system: 'http://example.org/fruit', code: String(i), display },
}));
const languages = Array.from({ length: 30 }, (_, i) => ({
  system: 'urn:ietf:bcp:47',
  code: `l${i}`,
  display: `Language ${i + 1}`,
}));

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/fhir+json' } });

/** A client whose fetch answers $expand (slowly, to show loading) and Practitioner searches. */
function createStoryClient(): FhirClient {
  const fetch = async (input: RequestInfo | URL): Promise<Response> => {
    const url = new URL(input.toString());
    await new Promise((r) => setTimeout(r, 150));
    // The questionnaire of the CannotBeRead story: the server is out of reach.
    if (url.pathname.endsWith('Questionnaire/offline')) throw new TypeError('Failed to fetch');
    if (url.pathname.endsWith('ValueSet/$expand')) {
      if (url.searchParams.get('url')?.includes('unreachable')) {
        return json(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
          },
          404
        );
      }
      const filter = (url.searchParams.get('filter') ?? '').toLowerCase();
      const count = Number(url.searchParams.get('count') ?? 10);
      const contains = languages.filter((l) => l.display.toLowerCase().includes(filter)).slice(0, count);
      return json({
        resourceType: 'ValueSet',
        status: 'active',
        expansion: { timestamp: '2026-01-01T00:00:00Z', contains },
      });
    }
    if (url.pathname.endsWith('/Practitioner')) {
      return json({
        resourceType: 'Bundle',
        type: 'searchset',
        entry: [
          { resource: { resourceType: 'Practitioner', id: 'dr1', name: [{ given: ['Julius'], family: 'Hibbert' }] } },
        ],
      });
    }
    return json({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);
  };
  return new FhirClient({ baseUrl: 'http://localhost:8103/', fetch, storage: new ClientStorage(new MemoryStorage()) });
}

function WithClient({ children }: { children: ReactNode }) {
  const client = useMemo(createStoryClient, []);
  return <FhirProvider client={client}>{children}</FhirProvider>;
}

const q = (item: QuestionnaireItem[], extra: Partial<Questionnaire> = {}): Questionnaire => ({
  resourceType: 'Questionnaire',
  status: 'active',
  url: 'https://example.org/Questionnaire/story',
  title: 'Story questionnaire',
  item,
  ...extra,
});

const meta = {
  title: 'Questionnaire/QuestionnaireForm',
  component: QuestionnaireForm,
  decorators: [(Story) => <WithClient>{Story()}</WithClient>],
  args: { onSubmit: fn(), questionnaire: q([]), excludeButtons: false, disablePagination: false },
  // Controls a reader can use on the docs page: the questionnaire as JSON, the switches and sizes
  // as their own inputs. Callbacks show in the Actions panel; objects without a value here
  // (a response to resume, references, translations, class names) are described in the table
  // rather than offered as an empty "Set object" editor.
  argTypes: {
    questionnaire: { control: 'object' },
    submitButtonText: { control: 'text' },
    excludeButtons: { control: 'boolean' },
    disablePagination: { control: 'boolean' },
    className: { control: 'text' },
    headingLevel: { control: 'select', options: [1, 2, 3, 4, 5] },
    optionsDisplayLimit: { control: { type: 'number', min: 1 } },
    signatureWidth: { control: { type: 'number', min: 100, step: 10 } },
    signatureHeight: { control: { type: 'number', min: 50, step: 10 } },
    questionnaireResponse: { control: false },
    value: { control: false },
    defaultValue: { control: false },
    onValueChange: { control: false },
    locale: { control: 'text' },
    subject: { control: false },
    encounter: { control: false },
    source: { control: false },
    variables: { control: false },
    messages: { control: false },
    classNames: { control: false },
    onSubmit: { control: false },
    onChange: { control: false },
  },
} satisfies Meta<typeof QuestionnaireForm>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every R4 item type with its default control. */
export const EveryItemType: Story = {
  args: {
    questionnaire: q([
      { linkId: 'display', text: 'Please answer every question you can.', type: 'display' },
      {
        linkId: 'group',
        text: 'About you',
        type: 'group',
        item: [
          { linkId: 'string', text: 'Name', type: 'string' },
          { linkId: 'text', text: 'Anything else?', type: 'text' },
          { linkId: 'url', text: 'Website', type: 'url' },
          { linkId: 'boolean', text: 'Do you smoke?', type: 'boolean' },
          { linkId: 'integer', text: 'Age', type: 'integer' },
          { linkId: 'decimal', text: 'Weight (kg)', type: 'decimal' },
          { linkId: 'date', text: 'Birth date', type: 'date' },
          { linkId: 'dateTime', text: 'Last visit', type: 'dateTime' },
          { linkId: 'time', text: 'Best time to call', type: 'time' },
          { linkId: 'choice', text: 'Favourite fruit', type: 'choice', answerOption: fruit },
          {
            linkId: 'open-choice',
            text: 'Other fruit',
            type: 'open-choice',
            answerOption: fruit,
            extension: control('radio-button'),
          },
          { linkId: 'attachment', text: 'Upload a document', type: 'attachment' },
          {
            linkId: 'reference',
            text: 'Your doctor',
            type: 'reference',
            extension: [
              {
                url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-referenceResource',
                valueCode: 'Practitioner',
              },
            ],
          },
          {
            linkId: 'quantity',
            text: 'Height',
            type: 'quantity',
            extension: [
              {
                url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption',
                valueCoding: { system: 'http://unitsofmeasure.org', code: 'cm', display: 'cm' },
              },
              {
                url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-unitOption',
                valueCoding: { system: 'http://unitsofmeasure.org', code: '[in_i]', display: 'in' },
              },
            ],
          },
        ],
      },
    ]),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText('Name'), 'Homer');
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Do you smoke?' }));
    await userEvent.type(canvas.getByLabelText('Age'), '39');
    await userEvent.type(canvas.getByLabelText('Height'), '180');
    await userEvent.click(canvas.getByRole('combobox', { name: 'Your doctor' }));
    await userEvent.click(await within(document.body).findByRole('option', { name: 'Julius Hibbert' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalled());
    const response = (args.onSubmit as any).mock.calls[0][0];
    await expect(response.item[0].item.map((i: any) => i.linkId)).toEqual([
      'string',
      'boolean',
      'integer',
      'reference',
      'quantity',
    ]);
  },
};

/** Required items show an asterisk; a submit without them shows the error under the field. */
export const RequiredAndErrors: Story = {
  args: {
    questionnaire: q([
      { linkId: 'first', text: 'First name', type: 'string', required: true },
      {
        linkId: 'ssn',
        text: 'Social security number',
        type: 'string',
        required: true,
        extension: [{ url: 'http://hl7.org/fhir/StructureDefinition/regex', valueString: '^\\d{3}-\\d{2}-\\d{4}$' }],
      },
    ]),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/Social security number/), '12');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(canvas.getByLabelText(/First name/)).toHaveAccessibleDescription('This field is required.');
    await expect(canvas.getByText('The value does not have the expected format.')).toBeInTheDocument();
    await expect(args.onSubmit).not.toHaveBeenCalled();
  },
};

/** Read-only items show their value and cannot be changed. */
export const ReadOnly: Story = {
  args: {
    questionnaire: q([
      { linkId: 'mrn', text: 'Record number', type: 'string', readOnly: true, initial: [{ valueString: 'MRN-0042' }] },
    ]),
  },
  play: async ({ canvasElement }) => {
    const field = within(canvasElement).getByLabelText('Record number');
    await expect(field).toHaveValue('MRN-0042');
    await expect(field).toHaveAttribute('readonly');
  },
};

/** Choice controls: radio buttons, check boxes, drop-down, and an empty option list. */
export const ChoiceControls: Story = {
  args: {
    questionnaire: q([
      { linkId: 'radio', text: 'Radio', type: 'choice', answerOption: fruit, extension: control('radio-button') },
      {
        linkId: 'checks',
        text: 'Check boxes',
        type: 'choice',
        repeats: true,
        answerOption: fruit,
        extension: control('check-box'),
      },
      { linkId: 'drop', text: 'Drop-down', type: 'choice', answerOption: fruit, extension: control('drop-down') },
      { linkId: 'none', text: 'No options', type: 'choice', answerOption: [] },
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('radio', { name: 'Cherry' }));
    await expect(canvas.getByRole('radio', { name: 'Cherry' })).toBeChecked();
    await userEvent.click(canvas.getByRole('combobox', { name: 'Drop-down' }));
    await expect(await within(document.body).findByRole('listbox')).toBeInTheDocument();
    await userEvent.keyboard('{ArrowDown}{Enter}');
    // Queried again: until the picker's code has loaded, a plain field of the same name stands in.
    await expect(canvas.getByRole('combobox', { name: 'Drop-down' })).toHaveValue('Apple');
    await expect(canvas.getByLabelText('No options')).toBeDisabled();
    await expect(canvas.getByLabelText('No options')).toHaveAttribute('placeholder', 'No Answers Defined');
  },
};

/** A value set expanded as you type: 'Loading options...', then 'Showing first N options'. */
export const LoadingAndTruncatedOptions: Story = {
  args: {
    optionsDisplayLimit: 10,
    questionnaire: q([
      { linkId: 'lang', text: 'Language', type: 'choice', answerValueSet: 'http://example.org/vs/languages' },
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Language' }));
    const body = within(document.body);
    await expect(await canvas.findByText('Loading options...')).toBeInTheDocument();
    await expect(await canvas.findByText('Showing first 10 options')).toBeInTheDocument();
    await expect(body.getAllByRole('option')).toHaveLength(10);
  },
};

/** A value set that cannot be reached shows its error at the item; the rest of the form works. */
export const UnreachableValueSet: Story = {
  args: {
    questionnaire: q([
      { linkId: 'broken', text: 'Condition', type: 'choice', answerValueSet: 'http://example.org/vs/unreachable' },
      { linkId: 'note', text: 'Note', type: 'string' },
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('combobox', { name: 'Condition' }));
    await expect(await canvas.findByText(/could not be loaded/)).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('Note'), 'works');
    await expect(canvas.getByLabelText('Note')).toHaveValue('works');
  },
};

/**
 * The questionnaire cannot be read (here the server is out of reach): the form's place says so in
 * words, not the browser's 'Failed to fetch', and 'Try again' reads it again.
 */
export const CannotBeRead: Story = {
  args: { questionnaire: { reference: 'Questionnaire/offline' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('This questionnaire cannot be shown');
    await expect(alert).toHaveTextContent('Cannot reach the server. Check your connection and try again.');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  },
};

/** Repeating items and groups. */
export const Repeats: Story = {
  args: {
    questionnaire: q([
      { linkId: 'phone', text: 'Phone', type: 'string', repeats: true },
      {
        linkId: 'contact',
        text: 'Emergency contact',
        type: 'group',
        repeats: true,
        item: [{ linkId: 'cname', text: 'Contact name', type: 'string' }],
      },
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByRole('button', { name: 'Add Item' }));
    await expect(canvas.getAllByLabelText('Phone')).toHaveLength(2);
    await userEvent.click(canvas.getByRole('button', { name: 'Add Group: Emergency contact' }));
    await expect(canvas.getAllByLabelText('Contact name')).toHaveLength(2);
  },
};

/** Paged mode: a stepper titled by page, Back, Next and Submit. */
export const Paged: Story = {
  args: {
    questionnaire: q([
      {
        linkId: 'p1',
        text: 'About you',
        type: 'group',
        extension: control('page'),
        item: [{ linkId: 'n', text: 'First name', type: 'string', required: true }],
      },
      {
        linkId: 'p2',
        text: 'Your visit',
        type: 'group',
        extension: control('page'),
        item: [{ linkId: 'r', text: 'Reason', type: 'string' }],
      },
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/First name/), 'Lisa');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByLabelText('Reason')).toBeInTheDocument();
    await expect(canvas.getByText('Step 2 of 2')).toHaveFocus();
    await expect(canvas.getByRole('button', { name: 'Back' })).toBeInTheDocument();
    await expect(canvas.getByRole('button', { name: 'Submit' })).toBeInTheDocument();
  },
};

/** A tab-container group: its child groups as tabs, operated with the arrow keys. */
export const Tabs: Story = {
  args: {
    questionnaire: q([
      {
        linkId: 'tabs',
        type: 'group',
        extension: control('tab-container'),
        item: [
          {
            linkId: 't1',
            text: 'Medical history',
            type: 'group',
            item: [{ linkId: 'h', text: 'Past illnesses', type: 'text' }],
          },
          {
            linkId: 't2',
            text: 'Family history',
            type: 'group',
            item: [{ linkId: 'f', text: 'Family illnesses', type: 'text' }],
          },
        ],
      },
    ]),
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    // The tabs are a chunk of their own, loaded when a form with a tab container renders; on a
    // busy machine running the desktop and phone story tests at once that takes over a second.
    const first = await canvas.findByRole('tab', { name: 'Medical history' }, { timeout: 5000 });
    await expect(first).toHaveAttribute('aria-selected', 'true');
    first.focus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('tab', { name: 'Family history' })).toHaveFocus();
    await expect(canvas.getByLabelText('Family illnesses')).toBeVisible();
  },
};

/** A signature is required: 'Signature is required.' until one is drawn or typed. */
export const Signature: Story = {
  args: {
    questionnaire: q([{ linkId: 'agree', text: 'I consent to treatment', type: 'boolean' }], {
      extension: [
        {
          url: 'http://hl7.org/fhir/StructureDefinition/questionnaire-signatureRequired',
          valueCodeableConcept: { coding: [{ code: '1.2.840.10065.1.12.1.1' }] },
        },
      ],
    }),
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // The pad is a chunk of its own, loaded when a form that needs it renders.
    await expect(await canvas.findByRole('img', { name: 'Signature input area' })).toBeInTheDocument();
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await expect(canvas.getByText('Signature is required.')).toBeInTheDocument();
    await userEvent.type(canvas.getByLabelText('Or type your full name to sign'), 'Homer Simpson');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit' }));
    await waitFor(() => expect(args.onSubmit).toHaveBeenCalled());
  },
};
