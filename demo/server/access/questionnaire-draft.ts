// A patient's questionnaire draft: the portal saves an in-progress QuestionnaireResponse as the
// patient types (create, then update) and completes that same response on submit. So a patient
// may update a QuestionnaireResponse they wrote about themselves while it is in progress, to
// in-progress or completed, for the same questionnaire; once completed it is a record of what
// they answered and is not theirs to change (not turned back to in-progress, not rewritten).
import { forbidden } from '../core/errors';
import type { StoredResource } from '../core/stored-resource';
import { patientReferences } from './compartment';
import { assertPatientClaims } from './patient-claims';

const DRAFT_STATUSES = ['in-progress', 'completed'];

/** Throws 403 unless a patient may replace their draft `before` with `after` (see above). */
export function assertPatientDraftUpdate(patientRef: string, before: StoredResource, after: StoredResource): void {
  if (before.status !== 'in-progress')
    throw forbidden('Forbidden: a patient may change a QuestionnaireResponse only while it is in progress');
  if (typeof after.status !== 'string' || !DRAFT_STATUSES.includes(after.status))
    throw forbidden('Forbidden: a patient may save a QuestionnaireResponse only as in-progress or completed');
  if (after.questionnaire !== before.questionnaire)
    throw forbidden('Forbidden: a saved QuestionnaireResponse keeps its questionnaire');
  const refs = patientReferences(after);
  if (!refs.includes(patientRef) || refs.some((r) => r !== patientRef))
    throw forbidden('Forbidden: QuestionnaireResponse must belong to the signed-in patient');
  assertPatientClaims(patientRef, after);
}
