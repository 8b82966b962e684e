import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire, QuestionnaireResponse } from '../../../fhir';
import { createTestClient, fhirJson, withClient, type Respond } from '../../test-utils';
import { QuestionnaireForm, type QuestionnaireFormProps } from '../QuestionnaireForm';

const SD = 'http://hl7.org/fhir/StructureDefinition/';

function setup(questionnaire: Questionnaire, respond: Respond, props: Partial<QuestionnaireFormProps> = {}) {
  const { client, requests } = createTestClient(respond);
  const onSubmit = vi.fn<(r: QuestionnaireResponse) => void>();
  const user = userEvent.setup();
  render(<QuestionnaireForm questionnaire={questionnaire} onSubmit={onSubmit} {...props} />, {
    wrapper: withClient(client),
  });
  return { user, onSubmit, requests };
}

/** The element a control's aria-labelledby names; fails when it names none. */
function labelOf(control: HTMLElement): HTMLElement {
  const id = control.getAttribute('aria-labelledby');
  expect(id).toBeTruthy();
  const label = document.getElementById(id!);
  expect(label).not.toBeNull();
  return label!;
}

// The pickers' chunk loads on first use; a busy machine takes its time.
vi.setConfig({ testTimeout: 30_000 });

describe('the reference picker', () => {
  const questionnaire: Questionnaire = {
    resourceType: 'Questionnaire',
    status: 'active',
    item: [
      {
        linkId: 'doctor',
        text: 'Your doctor',
        type: 'reference',
        extension: [{ url: `${SD}questionnaire-referenceResource`, valueCode: 'Practitioner' }],
      },
    ],
  };
  const respond: Respond = (request) =>
    request.url.includes('Practitioner')
      ? fhirJson({
          resourceType: 'Bundle',
          type: 'searchset',
          entry: [
            { resource: { resourceType: 'Practitioner', id: 'p7', name: [{ given: ['Julius'], family: 'Hibbert' }] } },
          ],
        })
      : fhirJson({});

  it('keeps a name that points at its label while the picker takes over the field, and after', async () => {
    const { user } = setup(questionnaire, respond);
    const resting = screen.getByRole('combobox', { name: 'Your doctor' });
    expect(labelOf(resting)).toHaveTextContent('Your doctor');
    await user.click(resting);
    const listbox = await screen.findByRole('listbox', {}, { timeout: 15_000 });
    const picker = screen.getByRole('combobox', { name: 'Your doctor' });
    expect(picker).toHaveFocus();
    expect(labelOf(picker)).toHaveTextContent('Your doctor');
    expect(labelOf(listbox)).toHaveTextContent('Your doctor');
  });

  it('searches the target type by name as the user types and answers with the chosen resource', async () => {
    const { user, onSubmit, requests } = setup(questionnaire, respond);
    await user.type(screen.getByRole('combobox', { name: 'Your doctor' }), 'Hib');
    await screen.findByRole('listbox', {}, { timeout: 15_000 });
    expect(screen.getByRole('combobox', { name: 'Your doctor' })).toHaveValue('Hib');
    // One search when the options are first asked for, then one when the typing pauses.
    const searches = () =>
      requests.map((r) => `${r.method} ${new URL(r.url).pathname.split('/').pop()}${new URL(r.url).search}`);
    await waitFor(() => expect(searches().at(-1)).toBe('GET Practitioner?name=Hib&_count=10'), { timeout: 15_000 });
    expect(await screen.findByRole('option', { name: 'Julius Hibbert' })).toBeInTheDocument();
    await user.click(screen.getByRole('option', { name: 'Julius Hibbert' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0][0].item).toEqual([
      {
        linkId: 'doctor',
        text: 'Your doctor',
        answer: [{ valueReference: { reference: 'Practitioner/p7', display: 'Julius Hibbert' } }],
      },
    ]);
  });
});

describe('the attachment input', () => {
  const questionnaire: Questionnaire = {
    resourceType: 'Questionnaire',
    status: 'active',
    item: [
      {
        linkId: 'scan',
        text: 'Your scan',
        type: 'attachment',
        extension: [{ url: `${SD}maxSize`, valueInteger: 8 }],
      },
    ],
  };

  it('uploads the file through the client and submits its attachment', async () => {
    const { user, onSubmit, requests } = setup(questionnaire, (request) =>
      request.method === 'POST'
        ? fhirJson({ resourceType: 'Binary', id: 'b1', contentType: 'image/png', url: 'https://files.example/b1' }, 201)
        : fhirJson({})
    );
    await user.upload(screen.getByLabelText('Your scan'), new File(['1234'], 'scan.png', { type: 'image/png' }));
    expect(await screen.findByRole('link', { name: 'scan.png' })).toHaveAttribute('href', 'https://files.example/b1');
    expect(requests.map((r) => [r.method, new URL(r.url).pathname.split('/').pop()])).toEqual([['POST', 'Binary']]);
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onSubmit.mock.calls[0][0].item?.[0].answer).toEqual([
      { valueAttachment: { contentType: 'image/png', url: 'https://files.example/b1', title: 'scan.png', size: 4 } },
    ]);
  });

  it('refuses a file over the size limit in the text the messages give, without uploading', async () => {
    const { user, requests } = setup(questionnaire, () => fhirJson({}), {
      messages: { fileTooLarge: (max) => `Fichier trop grand (max ${max} octets).` },
    });
    await user.upload(screen.getByLabelText('Your scan'), new File(['123456789'], 'big.png', { type: 'image/png' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fichier trop grand (max 8 octets).');
    expect(screen.getByLabelText('Your scan')).toHaveAccessibleDescription('Fichier trop grand (max 8 octets).');
    expect(requests).toEqual([]);
  });
});

describe('classNames', () => {
  it('adds the class of the parts it names, replaces only where asked, and keeps the others', () => {
    const { container } = render(
      <QuestionnaireForm
        questionnaire={{
          resourceType: 'Questionnaire',
          status: 'active',
          item: [{ linkId: 'name', text: 'Name', type: 'string' }],
        }}
        classNames={{ 'questionnaire-item': 'my-item', input: { replace: 'my-input' } }}
      />,
      { wrapper: withClient(createTestClient(() => fhirJson({})).client) }
    );
    expect(screen.getByLabelText('Name')).toHaveClass('my-input', { exact: true });
    expect(container.querySelector('[data-link-id="name"]')).toHaveClass('fpk-questionnaire-item my-item', {
      exact: true,
    });
    expect(screen.getByText('Name')).toHaveClass('fpk-questionnaire-label', { exact: true });
    expect(screen.getByRole('button', { name: 'Submit' })).toHaveClass('fpk-button');
  });
});

describe('when the file input has an upload in flight', () => {
  it('says so and takes no second file until it ends', async () => {
    let finish!: (response: Response) => void;
    const { user } = setup(
      {
        resourceType: 'Questionnaire',
        status: 'active',
        item: [{ linkId: 'doc', text: 'Document', type: 'attachment' }],
      },
      (request) => (request.method === 'POST' ? new Promise<Response>((resolve) => (finish = resolve)) : fhirJson({}))
    );
    await user.upload(screen.getByLabelText('Document'), new File(['x'], 'a.txt', { type: 'text/plain' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Uploading…');
    expect(screen.getByLabelText('Document')).toBeDisabled();
    finish(
      fhirJson({ resourceType: 'Binary', id: 'b2', contentType: 'text/plain', url: 'https://files.example/b2' }, 201)
    );
    await waitFor(() => expect(screen.getByLabelText('Document')).toBeEnabled());
    expect(screen.getByRole('link', { name: 'a.txt' })).toBeInTheDocument();
  });
});
