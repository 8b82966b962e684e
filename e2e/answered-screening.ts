// What the server holds of a patient's screening: the stored QuestionnaireResponse, read as the
// patient, so a journey can check the codes were kept and the language recorded.
import { inject } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { QuestionnaireResponse } from '../src/fhir';
import { PortalQuestionnaires } from '../demo/app/src/questionnaires';

/** The patient's latest completed screening response, as the server holds it. */
export async function latestScreening(email: string, password: string): Promise<QuestionnaireResponse | undefined> {
  const api = new FhirClient({
    baseUrl: inject('apiUrl'),
    cacheTime: 0,
    storage: new ClientStorage(new MemoryStorage()),
  });
  const login = await api.startLogin({ email, password, remember: false });
  await api.processCode(login.code!);
  const responses = await api.searchResources(
    'QuestionnaireResponse',
    {
      subject: `Patient/${api.getProfile()!.id}`,
      questionnaire: PortalQuestionnaires.screening,
      status: 'completed',
      _count: '100',
    },
    { cache: 'reload' }
  );
  const updated = (response: QuestionnaireResponse) => response.meta?.lastUpdated ?? '';
  return [...responses].sort((a, b) => updated(b).localeCompare(updated(a)))[0];
}

/** Every answer code of a response, in item order. */
export function answerCodes(response: QuestionnaireResponse | undefined): string[] {
  const codes: string[] = [];
  const walk = (items: QuestionnaireResponse['item']) => {
    for (const item of items ?? []) {
      for (const answer of item.answer ?? []) if (answer.valueCoding?.code) codes.push(answer.valueCoding.code);
      walk(item.item);
    }
  };
  walk(response?.item);
  return codes;
}
