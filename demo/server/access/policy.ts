// Who may do what. A patient reaches their own compartment and the shared catalogue; a
// practitioner the whole project; the account records only a super admin (or the system).
import { isDeepStrictEqual } from 'node:util';
import type { Resource } from '../../../src/fhir/types';
import type { RequestAuth } from '../core/request-auth';
import { badRequest, forbidden } from '../core/errors';
import { isJsonObject, referenceOf, type StoredResource } from '../core/stored-resource';
import { isInternalType, isKnownResourceType } from '../core/resource-types';
import { parseSearchRequest } from '../search/request';
import { computeCompartments, patientReferences } from './compartment';
import { assertScope, scopeAllows } from './scopes';
import { assertPatientSelfEdit, PATIENT_SELF_EDITABLE } from './patient-self-edit';
import { assertPolicyAllowsWrite, validateAccessPolicy } from './access-policy';
import { assertPatientTaskCreate, assertPatientTaskUpdate } from './patient-task';
import { assertPatientDraftUpdate } from './questionnaire-draft';

/** Shared catalogue types every signed-in user may read and search. */
export const CATALOGUE_TYPES = new Set([
  'Practitioner',
  'PractitionerRole',
  'Organization',
  'Schedule',
  'Slot',
  'Questionnaire',
  'ValueSet',
  'CodeSystem',
  'HealthcareService',
  'Location',
]);

/** Types a patient may create (in their own compartment). */
export const PATIENT_CREATABLE_TYPES = new Set([
  'Observation',
  'QuestionnaireResponse',
  'Communication',
  'Appointment',
  'Binary',
  'Subscription',
  // A renewal request for one of their prescriptions (Task for the patient, focus the MedicationRequest).
  'Task',
  // A document they upload to their record (subject: the patient; the file is a Binary they created).
  'DocumentReference',
]);

const PATIENT_EDITABLE = PATIENT_SELF_EDITABLE;

/** The patient reference of a patient login ('Patient/1'), else undefined. */
export function patientRefOf(auth: RequestAuth | undefined): string | undefined {
  if (!auth) return undefined;
  if (auth.patientId) return `Patient/${auth.patientId}`;
  return auth.profile?.startsWith('Patient/') ? auth.profile : undefined;
}

/** The compartments-column key of a project: every non-account resource carries its project's. */
export function projectCompartment(projectId: string): string {
  return `Project/${projectId}`;
}

/**
 * How a request may read a type: everything (the system, a super admin), nothing, or the rows
 * whose compartments column holds every key of `required` (the caller's project, and for a
 * patient outside the catalogue their own compartment too).
 */
export type ReadScope = { kind: 'all' } | { kind: 'within'; required: string[] } | { kind: 'none' };

/** The read scope of a type for a request (undefined auth = the system). */
export function readScope(auth: RequestAuth | undefined, type: string): ReadScope {
  if (!auth) return { kind: 'all' };
  // Granted scopes narrow every role, a super admin's too.
  if (!scopeAllows(auth, type, 'r') && !scopeAllows(auth, type, 's')) return { kind: 'none' };
  if (auth.superAdmin) return { kind: 'all' };
  if (isInternalType(type)) return { kind: 'none' };
  const project = projectCompartment(auth.project);
  const patientRef = patientRefOf(auth);
  if (!patientRef || CATALOGUE_TYPES.has(type)) return { kind: 'within', required: [project] };
  return { kind: 'within', required: [project, patientRef] };
}

/** Throws 403 when the request may not read or search the type at all. */
export function assertTypeReadable(auth: RequestAuth | undefined, type: string): ReadScope {
  const scope = readScope(auth, type);
  if (scope.kind === 'none') throw forbidden(`Forbidden: ${type} is not accessible`);
  return scope;
}

/** The compartment keys a row must hold for this scope (undefined: no restriction). */
export function requiredCompartments(scope: ReadScope): string[] | undefined {
  return scope.kind === 'within' ? scope.required : undefined;
}

/** True when the request may read this stored row (compartments column given). */
export function canReadRow(auth: RequestAuth | undefined, type: string, compartments: string[]): boolean {
  const scope = readScope(auth, type);
  if (scope.kind === 'all') return true;
  if (scope.kind === 'none') return false;
  return scope.required.every((key) => compartments.includes(key));
}

/**
 * The project a write stores under meta.project: a signed-in caller's own (whatever the body
 * says; a super admin may name another), the system's as given, else the default project.
 * Account records belong to no project.
 */
export function projectOfWrite(
  auth: RequestAuth | undefined,
  resource: StoredResource,
  defaultProject: string | undefined
): string | undefined {
  if (isInternalType(resource.resourceType)) return undefined;
  const given = typeof resource.meta?.project === 'string' && resource.meta.project ? resource.meta.project : undefined;
  if (auth && !(auth.superAdmin && given)) return auth.project;
  return given ?? defaultProject;
}

/** Resource element comparison that ignores bookkeeping (meta, text). */
function withoutKeys(resource: StoredResource, keys: string[]): unknown {
  const copy: Record<string, unknown> = { ...resource };
  for (const k of ['meta', 'text', ...keys]) delete copy[k];
  return JSON.parse(JSON.stringify(copy));
}

const emailTelecom = (r: StoredResource) =>
  (Array.isArray(r.telecom) ? (r.telecom as unknown[]) : []).filter((t) => isJsonObject(t) && t.system === 'email');

/** The state of the enclosing transaction, which the slot booking rule looks at. */
export interface WriteContext {
  /** Resources created so far in the same transaction Bundle. */
  createdInTransaction?: StoredResource[];
}

/**
 * An AccessPolicy is checked whoever stores it (a malformed one is refused with a 400 naming the
 * part), and only a project admin (or super admin) may write one: a member must not be able to
 * widen the policy that limits them.
 */
function assertAccessPolicyWrite(auth: RequestAuth | undefined, resource: StoredResource, stored = true): void {
  if (resource.resourceType !== 'AccessPolicy') return;
  if (auth && !auth.admin && !auth.superAdmin)
    throw forbidden('Forbidden: only a project admin may change AccessPolicy');
  if (stored) validateAccessPolicy(resource);
}

/** Throws 403 unless the request may create the resource. */
export function assertCanCreate(auth: RequestAuth | undefined, resource: StoredResource): void {
  const type = resource.resourceType;
  assertAccessPolicyWrite(auth, resource);
  if (!auth) return;
  assertScope(auth, type, 'c');
  assertPolicyAllowsWrite(auth.accessPolicy, 'create', undefined, resource as unknown as Resource);
  if (isInternalType(type)) {
    if (!auth.superAdmin) throw forbidden(`Forbidden: ${type} is not accessible`);
    return;
  }
  const patientRef = patientRefOf(auth);
  if (!patientRef || auth.superAdmin) return;
  if (!PATIENT_CREATABLE_TYPES.has(type)) throw forbidden(`Forbidden: a patient may not create ${type}`);
  if (type === 'Subscription') return assertPatientSubscription(auth, resource);
  if (type === 'Binary') {
    const ctxRefs = computeCompartments({ resourceType: 'Binary', securityContext: resource.securityContext });
    if (ctxRefs.some((r) => r !== patientRef)) throw forbidden('Forbidden: securityContext belongs to another patient');
    return;
  }
  const refs = patientReferences(resource);
  if (!refs.includes(patientRef)) throw forbidden(`Forbidden: ${type} must belong to the signed-in patient`);
  if (refs.some((r) => r !== patientRef)) throw forbidden(`Forbidden: ${type} refers to another patient`);
  if (type === 'Task') assertPatientTaskCreate(resource);
}

/**
 * A patient's Subscription: a websocket channel (no server-side calls to URLs a patient picks)
 * and criteria over a type they may read, with search parameters the server understands.
 * Notifications are matched with the owner's access, so they only ever see their own records.
 */
function assertPatientSubscription(auth: RequestAuth, resource: StoredResource): void {
  if (!isJsonObject(resource.channel) || resource.channel.type !== 'websocket')
    throw forbidden('Forbidden: a patient may only create a websocket Subscription');
  const criteria = typeof resource.criteria === 'string' ? resource.criteria.trim() : '';
  const q = criteria.indexOf('?');
  const criteriaType = q < 0 ? criteria : criteria.slice(0, q);
  if (!/^[A-Z][A-Za-z]+$/.test(criteriaType) || !isKnownResourceType(criteriaType))
    throw badRequest(`Invalid subscription criteria: ${criteria}`, 'Subscription.criteria');
  if (readScope(auth, criteriaType).kind === 'none') throw forbidden(`Forbidden: ${criteriaType} is not accessible`);
  // Throws 400 naming an unknown parameter or a bad value, as a REST search would.
  parseSearchRequest(criteriaType, new URLSearchParams(q < 0 ? '' : criteria.slice(q + 1)));
}

/** True when the patient wrote this resource (meta.author). */
function authoredBy(resource: StoredResource, profile: string): boolean {
  return resource.meta?.author?.reference === profile;
}

/**
 * True when the patient asked for this Task: it names them as its requester, or (a request sent
 * before the portal named the requester) they wrote its current version; and it is in their record.
 * The requester stays theirs when the clinic answers, the last writer does not.
 */
function requestedBy(task: StoredResource, auth: RequestAuth, patientRef: string): boolean {
  const requester = referenceOf(task.requester);
  return (
    patientReferences(task).includes(patientRef) &&
    (requester === patientRef || (requester === undefined && authoredBy(task, auth.profile)))
  );
}

/** Throws 403 unless the request may replace `before` with `after` (both stored shapes). */
export function assertCanUpdate(
  auth: RequestAuth | undefined,
  before: StoredResource,
  after: StoredResource,
  context: WriteContext = {}
): void {
  const type = after.resourceType;
  assertAccessPolicyWrite(auth, after);
  if (!auth) return;
  assertScope(auth, type, 'u');
  assertPolicyAllowsWrite(
    auth.accessPolicy,
    'update',
    before as unknown as Resource | undefined,
    after as unknown as Resource
  );
  if (isInternalType(type)) {
    if (!auth.superAdmin) throw forbidden(`Forbidden: ${type} is not accessible`);
    return;
  }
  const patientRef = patientRefOf(auth);
  if (!patientRef || auth.superAdmin) return;
  if (type === 'Patient' && `Patient/${before.id}` === patientRef) {
    if (!isDeepStrictEqual(withoutKeys(before, PATIENT_EDITABLE), withoutKeys(after, PATIENT_EDITABLE))) {
      throw forbidden(
        'Forbidden: a patient may change only name, birthDate, gender, address, telecom, contact, communication and generalPractitioner'
      );
    }
    assertPatientSelfEdit(before, after);
    if (
      !isDeepStrictEqual(
        JSON.parse(JSON.stringify(emailTelecom(before))),
        JSON.parse(JSON.stringify(emailTelecom(after)))
      )
    ) {
      throw forbidden('Forbidden: the email address cannot be changed');
    }
    return;
  }
  if (type === 'Subscription' && authoredBy(before, auth.profile)) {
    assertPatientSubscription(auth, after);
    return;
  }
  if (type === 'Observation' && authoredBy(before, auth.profile) && patientReferences(before).includes(patientRef)) {
    // A patient may withdraw a reading they entered: status to entered-in-error, nothing else.
    if (
      after.status !== 'entered-in-error' ||
      !isDeepStrictEqual(withoutKeys(before, ['status']), withoutKeys(after, ['status']))
    ) {
      throw forbidden('Forbidden: a patient may only mark an Observation they entered as entered-in-error');
    }
    return;
  }
  if (type === 'Task' && requestedBy(before, auth, patientRef)) {
    // Their renewal request: they may withdraw it, never approve or decline it.
    assertPatientTaskUpdate(before, after);
    return;
  }
  if (
    type === 'QuestionnaireResponse' &&
    authoredBy(before, auth.profile) &&
    patientReferences(before).includes(patientRef)
  ) {
    assertPatientDraftUpdate(patientRef, before, after);
    return;
  }
  if (type === 'Communication' && patientReferences(before).includes(patientRef)) {
    if (!isDeepStrictEqual(withoutKeys(before, ['status', 'received']), withoutKeys(after, ['status', 'received']))) {
      throw forbidden('Forbidden: a patient may change only status and received of a Communication');
    }
    return;
  }
  if (type === 'Slot') {
    const booking = (context.createdInTransaction ?? []).some(
      (r) =>
        r.resourceType === 'Appointment' &&
        (Array.isArray(r.slot) ? r.slot : []).some(
          (s: unknown) => referenceOf(s)?.endsWith(`Slot/${before.id}`) === true
        ) &&
        patientReferences(r).includes(patientRef)
    );
    if (!booking) throw forbidden('Forbidden: a slot can only be booked in a transaction that creates the appointment');
    if (before.status !== 'free' || after.status !== 'busy')
      throw forbidden('Forbidden: only a free slot can be booked (status free to busy)');
    if (!isDeepStrictEqual(withoutKeys(before, ['status']), withoutKeys(after, ['status']))) {
      throw forbidden('Forbidden: booking may change only the slot status');
    }
    return;
  }
  throw forbidden(`Forbidden: a patient may not update ${type}`);
}

/** Throws 403 unless the request may delete the resource. */
export function assertCanDelete(auth: RequestAuth | undefined, resource: StoredResource): void {
  assertAccessPolicyWrite(auth, resource, false);
  if (!auth) return;
  assertScope(auth, resource.resourceType, 'd');
  assertPolicyAllowsWrite(auth.accessPolicy, 'delete', resource as unknown as Resource, undefined);
  if (isInternalType(resource.resourceType) && !auth.superAdmin)
    throw forbidden(`Forbidden: ${resource.resourceType} is not accessible`);
  if (patientRefOf(auth) && !auth.superAdmin) {
    // Their own Subscriptions: a patient may switch live updates off for good.
    if (resource.resourceType === 'Subscription' && authoredBy(resource, auth.profile)) return;
    throw forbidden(`Forbidden: a patient may not delete ${resource.resourceType}`);
  }
}
