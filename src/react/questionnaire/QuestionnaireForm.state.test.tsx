import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { Questionnaire, QuestionnaireResponse } from '../../fhir';
import { createTestClient, fhirJson, withClient } from '../test-utils';
import { QuestionnaireForm } from './QuestionnaireForm';

const questionnaire: Questionnaire = {
  resourceType: 'Questionnaire',
  id: 'q1',
  status: 'active',
  title: 'Check-in',
  item: [
    { linkId: 'name', text: 'Your name', type: 'string' },
    { linkId: 'reason', text: 'Reason for visit', type: 'string' },
  ],
};

const answered = (name: string): QuestionnaireResponse => ({
  resourceType: 'QuestionnaireResponse',
  status: 'in-progress',
  item: [{ linkId: 'name', text: 'Your name', answer: [{ valueString: name }] }],
});

const nameOf = (response: QuestionnaireResponse | undefined) =>
  response?.item?.find((i) => i.linkId === 'name')?.answer?.[0]?.valueString;

describe('QuestionnaireForm: the response as a value', () => {
  it('controlled: shows the value it is given, reports each answer, and shows a new value from the page', async () => {
    const { client } = createTestClient(() => fhirJson({}));
    const reports: QuestionnaireResponse[] = [];
    function Page() {
      const [value, setValue] = useState<QuestionnaireResponse>(answered('Ada'));
      return (
        <>
          <QuestionnaireForm
            questionnaire={questionnaire}
            value={value}
            onValueChange={(next) => {
              reports.push(next);
              setValue(next);
            }}
          />
          <button type="button" onClick={() => setValue(answered('Grace'))}>
            Reset
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    render(<Page />, { wrapper: withClient(client) });
    expect(screen.getByLabelText('Your name')).toHaveValue('Ada');
    await user.type(screen.getByLabelText('Reason for visit'), 'Flu');
    // One report per keystroke, each the whole response so far, in progress.
    expect(reports).toHaveLength(3);
    expect(reports.at(-1)).toMatchObject({ resourceType: 'QuestionnaireResponse', status: 'in-progress' });
    expect(nameOf(reports.at(-1))).toBe('Ada');
    expect(reports.at(-1)!.item!.find((i) => i.linkId === 'reason')!.answer).toEqual([{ valueString: 'Flu' }]);
    // Echoing the report back keeps what the user typed in place.
    expect(screen.getByLabelText('Reason for visit')).toHaveValue('Flu');
    await user.click(screen.getByRole('button', { name: 'Reset' }));
    expect(screen.getByLabelText('Your name')).toHaveValue('Grace');
    expect(screen.getByLabelText('Reason for visit')).toHaveValue('');
  });

  it('uncontrolled: starts from defaultValue, keeps its own answers and reports them', async () => {
    const { client } = createTestClient(() => fhirJson({}));
    const onValueChange = vi.fn<(r: QuestionnaireResponse) => void>();
    const onSubmit = vi.fn<(r: QuestionnaireResponse) => void>();
    const user = userEvent.setup();
    render(
      <QuestionnaireForm
        questionnaire={questionnaire}
        defaultValue={answered('Ada')}
        onValueChange={onValueChange}
        onSubmit={onSubmit}
      />,
      { wrapper: withClient(client) }
    );
    expect(screen.getByLabelText('Your name')).toHaveValue('Ada');
    await user.clear(screen.getByLabelText('Your name'));
    await user.type(screen.getByLabelText('Your name'), 'Lin');
    expect(screen.getByLabelText('Your name')).toHaveValue('Lin');
    expect(nameOf(onValueChange.mock.calls.at(-1)?.[0])).toBe('Lin');
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(nameOf(onSubmit.mock.calls[0][0])).toBe('Lin');
  });
});

describe('QuestionnaireForm: when the questionnaire cannot be shown', () => {
  it('says the server cannot be reached (not the raw "Failed to fetch"), and "Try again" reads it again', async () => {
    let online = false;
    const { client, requests } = createTestClient(() => {
      if (!online) throw new TypeError('Failed to fetch');
      return fhirJson(questionnaire);
    });
    const user = userEvent.setup();
    render(<QuestionnaireForm questionnaire={{ reference: 'Questionnaire/q1' }} />, { wrapper: withClient(client) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('This questionnaire cannot be shown');
    expect(alert).toHaveTextContent('Cannot reach the server. Check your connection and try again.');
    expect(alert).not.toHaveTextContent('Failed to fetch');
    expect(alert).toHaveClass('fpk-questionnaire-fatal');
    online = true;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { name: 'Check-in' })).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'GET http://localhost:8103/fhir/R4/Questionnaire/q1',
      'GET http://localhost:8103/fhir/R4/Questionnaire/q1',
    ]);
  });

  it("shows the server's reason when it answered, with its texts replaceable", async () => {
    const { client } = createTestClient(() =>
      fhirJson(
        {
          resourceType: 'OperationOutcome',
          issue: [{ severity: 'error', code: 'not-found', details: { text: 'Not found' } }],
        },
        404
      )
    );
    render(
      <QuestionnaireForm
        questionnaire={{ reference: 'Questionnaire/q1' }}
        messages={{ fatalError: 'Ce questionnaire ne peut pas être affiché', tryAgain: 'Réessayer' }}
      />,
      { wrapper: withClient(client) }
    );
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Ce questionnaire ne peut pas être affiché');
    expect(alert).toHaveTextContent('Not found');
    expect(screen.getByRole('button', { name: 'Réessayer' })).toBeInTheDocument();
  });

  it('offers no "Try again" for a malformed questionnaire given as is', () => {
    const { client } = createTestClient(() => fhirJson({}));
    render(<QuestionnaireForm questionnaire={{ resourceType: 'Patient' } as never} />, {
      wrapper: withClient(client),
    });
    expect(screen.getByRole('alert')).toHaveTextContent('This questionnaire cannot be shownNot a Questionnaire.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });
});
