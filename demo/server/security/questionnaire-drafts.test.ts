// Issue 20, "Questionnaire drafts": the portal saves an in-progress QuestionnaireResponse as the
// patient types (create, then update by id) and completes the same response on submit. A patient
// may update only their own response, only while it is in progress, and a completed one is not
// turned back or rewritten.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs } from '../test/attacker';

describe.each(backends())('a patient saving a questionnaire draft (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;
  let other: TestAccount;
  let api: ReturnType<typeof fhirAs>;
  let otherApi: ReturnType<typeof fhirAs>;

  const draft = (who: string, answer: string, id?: string) => ({
    resourceType: 'QuestionnaireResponse',
    ...(id ? { id } : {}),
    questionnaire: 'http://example.org/Questionnaire/intake',
    status: 'in-progress',
    subject: { reference: who },
    source: { reference: who },
    item: [{ linkId: 'first-name', text: 'First Name', answer: [{ valueString: answer }] }],
  });

  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient');
    other = await createAccount(server, 'Patient');
    api = fhirAs(server, patient.token);
    otherApi = fhirAs(server, other.token);
  }, 120_000);
  afterAll(() => server?.destroy());

  describe('when the draft is in progress', () => {
    it('may be updated as the patient types, then completed, and stays one response', async () => {
      const created = (await api('POST', 'QuestionnaireResponse', draft(patient.profile, 'Ho'))).body;
      const typed = await api(
        'PUT',
        `QuestionnaireResponse/${created.id}`,
        draft(patient.profile, 'Homer', created.id)
      );
      expect(typed.status).toBe(200);
      expect(typed.body.item[0].answer).toEqual([{ valueString: 'Homer' }]);
      const done = await api('PUT', `QuestionnaireResponse/${created.id}`, {
        ...draft(patient.profile, 'Homer', created.id),
        status: 'completed',
        authored: '2026-11-28T10:00:00Z',
      });
      expect(done.status).toBe(200);
      const mine = (await api('GET', `QuestionnaireResponse?subject=${patient.profile}`)).body;
      expect(mine.entry.map((e: any) => [e.resource.id, e.resource.status])).toEqual([[created.id, 'completed']]);
    });

    it('may not be moved to another status, another questionnaire or another patient', async () => {
      const created = (await api('POST', 'QuestionnaireResponse', draft(patient.profile, 'Marge'))).body;
      const path = `QuestionnaireResponse/${created.id}`;
      expect(
        (await api('PUT', path, { ...draft(patient.profile, 'Marge', created.id), status: 'amended' })).status
      ).toBe(403);
      expect(
        (
          await api('PUT', path, {
            ...draft(patient.profile, 'Marge', created.id),
            questionnaire: 'http://example.org/other',
          })
        ).status
      ).toBe(403);
      expect((await api('PUT', path, draft(other.profile, 'Marge', created.id))).status).toBe(403);
      expect((await api('GET', path)).body.item[0].answer).toEqual([{ valueString: 'Marge' }]);
    });

    it('may not be updated by another patient, who does not see it', async () => {
      const created = (await api('POST', 'QuestionnaireResponse', draft(patient.profile, 'Bart'))).body;
      const res = await otherApi(
        'PUT',
        `QuestionnaireResponse/${created.id}`,
        draft(patient.profile, 'Lisa', created.id)
      );
      expect([403, 404]).toContain(res.status);
      expect((await api('GET', `QuestionnaireResponse/${created.id}`)).body.item[0].answer).toEqual([
        { valueString: 'Bart' },
      ]);
    });
  });

  describe('when the response is completed', () => {
    it('is not turned back to in-progress nor rewritten', async () => {
      const created = (
        await api('POST', 'QuestionnaireResponse', {
          ...draft(patient.profile, 'Maggie'),
          status: 'completed',
          authored: '2026-11-28T10:00:00Z',
        })
      ).body;
      const path = `QuestionnaireResponse/${created.id}`;
      expect((await api('PUT', path, draft(patient.profile, 'Maggie', created.id))).status).toBe(403);
      expect((await api('PUT', path, { ...created, item: draft(patient.profile, 'Abe').item })).status).toBe(403);
      const kept = (await api('GET', path)).body;
      expect([kept.status, kept.item[0].answer]).toEqual(['completed', [{ valueString: 'Maggie' }]]);
    });
  });

  describe('when the clinic wrote it', () => {
    it('may not be updated by the patient, even in progress', async () => {
      const clinic = await server.ctx.systemRepo.createResource<any>(draft(patient.profile, 'Ned'));
      const res = await api('PUT', `QuestionnaireResponse/${clinic.id}`, draft(patient.profile, 'Homer', clinic.id));
      expect(res.status).toBe(403);
    });
  });
});
