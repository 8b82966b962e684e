import { render, screen, within } from '@testing-library/react';
import type { Patient, QuestionnaireResponse } from 'fhir-portal-kit';
import { FhirProvider } from 'fhir-portal-kit/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { createTestClient, fhirJson, type SentRequest } from '../../../../src/react/test-utils';
import { PortalQuestionnaires } from '../questionnaires';
import { TaskCards } from './TaskCards';

const EMERGENCY = { coding: [{ system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C' }] };
const version = (versionId: string, lastUpdated: string, fields: Partial<Patient> = {}): Patient => ({
  resourceType: 'Patient',
  id: 'homer',
  meta: { versionId, lastUpdated },
  name: [{ given: ['Homer'], family: 'Simpson' }],
  ...fields,
});
const DR_HIBBERT = { reference: 'Practitioner/hibbert', display: 'Dr. Julia Hibbert' };
const MARGE = [{ relationship: [EMERGENCY], name: { given: ['Marge'] } }];
const response = (url: string, authored: string): QuestionnaireResponse => ({
  resourceType: 'QuestionnaireResponse',
  id: `qr-${authored}`,
  status: 'completed',
  questionnaire: url,
  subject: { reference: 'Patient/homer' },
  authored,
});
const bundle = (resources: object[]) =>
  fhirJson({ resourceType: 'Bundle', type: 'searchset', entry: resources.map((resource) => ({ resource })) });

/** A server holding the patient's history (newest first) and their completed responses. */
function server(history: Patient[], responses: QuestionnaireResponse[]) {
  return (request: SentRequest) => {
    const url = new URL(request.url);
    if (url.pathname.endsWith('/Patient/homer/_history'))
      return fhirJson({ resourceType: 'Bundle', type: 'history', entry: history.map((resource) => ({ resource })) });
    if (url.pathname.endsWith('/QuestionnaireResponse')) {
      const asked = url.searchParams.get('questionnaire');
      return bundle(responses.filter((r) => r.questionnaire === asked));
    }
    return fhirJson({ resourceType: 'OperationOutcome', issue: [{ severity: 'error', code: 'not-found' }] }, 404);
  };
}

function renderCards(history: Patient[], responses: QuestionnaireResponse[] = []) {
  const { client, requests } = createTestClient(server(history, responses));
  render(
    <FhirProvider client={client}>
      <MemoryRouter>
        <TaskCards patient={history[0]} />
      </MemoryRouter>
    </FhirProvider>
  );
  return { requests };
}

const card = (title: string) => screen.getByRole('heading', { level: 3, name: title }).closest('li')!;
const loaded = () => screen.findByRole('list', { busy: false });

describe('the dashboard task cards', () => {
  describe('when the patient has done nothing yet', () => {
    it('marks no card done and keeps every link', async () => {
      renderCards([version('1', '2026-11-01T09:00:00Z')]);
      await loaded();
      expect(screen.queryByText(/Done on/)).toBeNull();
      for (const li of screen.getAllByRole('listitem')) expect(li).toHaveAttribute('data-state', 'todo');
      expect(screen.getAllByRole('link').map((a) => a.textContent)).toEqual([
        'Start screening',
        'Fill in the form',
        'Choose a provider',
        'Add a contact',
      ]);
    });
  });

  describe('when the screening is submitted, a provider chosen and an emergency contact added', () => {
    const history = [
      version('4', '2026-11-25T15:00:00Z', { generalPractitioner: [DR_HIBBERT], contact: MARGE }),
      version('3', '2026-11-10T12:00:00Z', { generalPractitioner: [DR_HIBBERT] }),
      version('2', '2026-11-05T12:00:00Z', { generalPractitioner: [{ reference: 'Practitioner/chen' }] }),
      version('1', '2026-11-01T09:00:00Z'),
    ];
    const responses = [
      response(PortalQuestionnaires.screening, '2026-11-20T10:00:00Z'),
      response(PortalQuestionnaires.screening, '2026-11-12T10:00:00Z'),
    ];

    it('marks those cards done with the date each was done, and the intake card not', async () => {
      renderCards(history, responses);
      await loaded();
      expect(card('AHC HRSN Screening')).toHaveAttribute('data-state', 'done');
      expect(within(card('AHC HRSN Screening')).getByText(/Done on/)).toHaveTextContent('Done on Nov 20, 2026');
      // The provider dates from when Dr. Hibbert was chosen, not from the later contact edit.
      expect(within(card('Choose a primary care provider')).getByText(/Done on/)).toHaveTextContent(
        'Done on Nov 10, 2026'
      );
      expect(within(card('Add an emergency contact')).getByText(/Done on/)).toHaveTextContent('Done on Nov 25, 2026');
      expect(card('Patient Intake Questionnaire')).toHaveAttribute('data-state', 'todo');
      expect(within(card('Patient Intake Questionnaire')).queryByText(/Done on/)).toBeNull();
    });

    it("asks the server for the patient's newest completed response to each questionnaire", async () => {
      const { requests } = renderCards(history, responses);
      await loaded();
      const searches = requests
        .filter((r) => r.url.includes('/QuestionnaireResponse?'))
        .map((r) => Object.fromEntries(new URL(r.url).searchParams));
      expect(searches).toEqual([
        {
          subject: 'Patient/homer',
          status: 'completed',
          questionnaire: PortalQuestionnaires.screening,
          _sort: '-authored',
          _count: '1',
        },
        {
          subject: 'Patient/homer',
          status: 'completed',
          questionnaire: PortalQuestionnaires.intake,
          _sort: '-authored',
          _count: '1',
        },
      ]);
    });
  });

  describe('when the emergency contact was removed again', () => {
    it('marks the contact card not done', async () => {
      renderCards([
        version('2', '2026-11-25T15:00:00Z', { contact: [{ name: { given: ['Bart'] } }] }),
        version('1', '2026-11-01T09:00:00Z', { contact: MARGE }),
      ]);
      await loaded();
      expect(card('Add an emergency contact')).toHaveAttribute('data-state', 'todo');
    });
  });
});
