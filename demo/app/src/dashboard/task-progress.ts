// What the dashboard's task cards count as done, read from the server's data alone: a completed
// QuestionnaireResponse to the screening or the intake questionnaire, the Patient's
// generalPractitioner, and an emergency contact among Patient.contact. The questionnaires say
// when (authored); the Patient's fields say when through its history: the date of the oldest
// version in the newest run of versions that already held today's value.
import type { Patient, QuestionnaireResponse } from 'fhir-portal-kit';

/** When each task was done (an ISO instant); a task not done has no entry. */
export interface TaskProgress {
  readonly screening?: string;
  readonly intake?: string;
  readonly provider?: string;
  readonly contact?: string;
}

/** A task of the dashboard, by what it asks the patient to do. */
export type TaskKey = keyof TaskProgress;

/** Whether a response answers the questionnaire with canonical `url` (a `|version` suffix allowed). */
function answers(response: QuestionnaireResponse, url: string): boolean {
  const canonical = response.questionnaire?.split('|')[0];
  return canonical === url;
}

/** The newest completed response to the questionnaire `url` among `responses`, or undefined. */
export function latestCompleted(
  responses: readonly QuestionnaireResponse[],
  url: string
): QuestionnaireResponse | undefined {
  return responses
    .filter((r) => r.status === 'completed' && answers(r, url))
    .reduce<QuestionnaireResponse | undefined>(
      (latest, r) => (!latest || (r.authored ?? '') > (latest.authored ?? '') ? r : latest),
      undefined
    );
}

const EMERGENCY_CONTACT = { system: 'http://terminology.hl7.org/CodeSystem/v2-0131', code: 'C' };

/** Whether the patient has an emergency contact: a contact with relationship v2-0131 'C', as the profile saves it. */
export function hasEmergencyContact(patient: Patient | undefined): boolean {
  return (patient?.contact ?? []).some((c) =>
    c.relationship?.some((r) =>
      r.coding?.some((x) => x.code === EMERGENCY_CONTACT.code && (!x.system || x.system === EMERGENCY_CONTACT.system))
    )
  );
}

/** The reference of the patient's primary care provider, or undefined. */
export function providerOf(patient: Patient | undefined): string | undefined {
  return patient?.generalPractitioner?.[0]?.reference;
}

/**
 * Since when `value` has held its present value: `versions` are the Patient's history, newest
 * first; the answer is the lastUpdated of the oldest version of the newest unbroken run with the
 * newest version's value, or undefined when that value is undefined (the task is not done).
 */
export function unchangedSince(
  versions: readonly Patient[],
  value: (patient: Patient) => string | boolean | undefined
): string | undefined {
  const now = versions[0] ? value(versions[0]) : undefined;
  if (now === undefined || now === false) return undefined;
  let since: string | undefined;
  for (const version of versions) {
    if (value(version) !== now) break;
    since = version.meta?.lastUpdated ?? since;
  }
  return since;
}
