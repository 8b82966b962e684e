// Care plan items that ask the patient to fill in a form name it the FHIR way: an activity whose
// detail.instantiatesCanonical is the Questionnaire's canonical url. The portal's fixed forms
// have routes of their own, so such an item links there.
import type { CarePlan } from 'fhir-portal-kit';
import { PortalQuestionnaires } from '../questionnaires';

/** A portal form a care plan item links to. */
export interface ActivityForm {
  readonly to: string;
  /** Which form it is; its link's text is the catalog's (care-plan/text.ts, forms). */
  readonly form: 'screening' | 'intake';
}

const FORMS: Record<string, ActivityForm> = {
  [PortalQuestionnaires.screening]: { to: '/screening-questionnaire', form: 'screening' },
  [PortalQuestionnaires.intake]: { to: '/patient-intake-questionnaire', form: 'intake' },
};

/** The portal forms a care plan's activities ask for, each once, in the plan's order. */
export function activityForms(plan: CarePlan): ActivityForm[] {
  const urls = (plan.activity ?? []).flatMap((a) => a.detail?.instantiatesCanonical ?? []);
  const forms = urls.map((url) => FORMS[url.split('|')[0]!]).filter((f): f is ActivityForm => f !== undefined);
  return [...new Set(forms)];
}
