// Structural validation of a resource before it is stored (and for $validate): resource type,
// id syntax, required elements of the types the portal uses, primitive date formats, and a
// narrative that runs nothing (narrative.ts).
import { OperationOutcomeError } from '../../../src/fhir/outcomes';
import type { OperationOutcome, OperationOutcomeIssue } from '../../../src/fhir/types';
import { NON_STORABLE_TYPES, isInternalType, isKnownResourceType } from '../core/resource-types';
import { narrativeProblem } from './narrative';

/** FHIR id syntax. */
export const ID_PATTERN = /^[A-Za-z0-9\-.]{1,64}$/;

/** Required elements per type; 'x[x]' means any choice of x (effectiveDateTime, ...). */
const REQUIRED: Record<string, string[]> = {
  Observation: ['status', 'code'],
  QuestionnaireResponse: ['status'],
  Questionnaire: ['status'],
  Communication: ['status'],
  CommunicationRequest: ['status'],
  Appointment: ['status', 'participant'],
  AppointmentResponse: ['appointment', 'participantStatus'],
  Slot: ['schedule', 'status', 'start', 'end'],
  Schedule: ['actor'],
  CarePlan: ['status', 'intent', 'subject'],
  DiagnosticReport: ['status', 'code'],
  MedicationRequest: ['status', 'intent', 'medication[x]', 'subject'],
  Immunization: ['status', 'vaccineCode', 'patient', 'occurrence[x]'],
  Coverage: ['status', 'beneficiary', 'payor'],
  PaymentNotice: ['status', 'created', 'payment', 'recipient', 'amount'],
  ValueSet: ['status'],
  CodeSystem: ['status', 'content'],
  Encounter: ['status', 'class'],
  Condition: ['subject'],
  DocumentReference: ['status', 'content'],
  Media: ['status', 'content'],
  Binary: ['contentType'],
  Subscription: ['status', 'reason', 'criteria', 'channel'],
  Task: ['status', 'intent'],
  Provenance: ['target', 'recorded', 'agent'],
  AuditEvent: ['type', 'recorded', 'agent', 'source'],
};

/**
 * Elements that must be JSON objects (a single complex value in R4), per type. Only listed
 * types are checked: `code` is a CodeableConcept on Observation but a Coding list on
 * Questionnaire, `recipient` a single Reference on PaymentNotice but a list on Communication.
 */
const OBJECT_ELEMENTS: Record<string, string[]> = {
  Observation: ['code', 'subject', 'encounter', 'valueQuantity', 'valueCodeableConcept'],
  DiagnosticReport: ['code', 'subject', 'encounter'],
  Condition: ['code', 'subject', 'clinicalStatus', 'verificationStatus'],
  Procedure: ['code', 'subject'],
  AllergyIntolerance: ['code', 'patient'],
  ServiceRequest: ['code', 'subject'],
  Basic: ['code', 'subject'],
  MedicationRequest: ['subject', 'medicationCodeableConcept', 'medicationReference', 'requester'],
  MedicationStatement: ['subject', 'medicationCodeableConcept', 'medicationReference'],
  Immunization: ['vaccineCode', 'patient', 'statusReason'],
  Coverage: ['beneficiary', 'subscriber', 'policyHolder', 'relationship', 'type'],
  Communication: ['subject', 'sender'],
  CarePlan: ['subject'],
  Slot: ['schedule'],
  QuestionnaireResponse: ['subject', 'source', 'author', 'encounter'],
  PaymentNotice: ['recipient', 'payment', 'amount', 'provider', 'payee', 'request', 'response', 'paymentStatus'],
  Encounter: ['class', 'subject'],
  DocumentReference: ['subject'],
  Task: ['for', 'code', 'focus'],
  Subscription: ['channel'],
  Binary: ['securityContext'],
};

/** Elements that must be arrays (0..* in R4), per type. */
const ARRAY_ELEMENTS: Record<string, string[]> = {
  Patient: ['name', 'telecom', 'address', 'identifier', 'generalPractitioner', 'contact'],
  Practitioner: ['name', 'telecom', 'address', 'identifier', 'qualification'],
  Organization: ['telecom', 'address', 'identifier', 'type'],
  Appointment: ['participant', 'slot', 'serviceType', 'reasonCode'],
  Schedule: ['actor', 'serviceType'],
  Slot: ['serviceType'],
  Communication: ['recipient', 'payload', 'category'],
  Questionnaire: ['item', 'code', 'subjectType'],
  QuestionnaireResponse: ['item'],
  Observation: ['component', 'category', 'interpretation', 'referenceRange'],
  DiagnosticReport: ['result', 'category'],
  CarePlan: ['activity', 'category'],
  MedicationRequest: ['dosageInstruction'],
  Coverage: ['payor', 'class'],
  Encounter: ['participant', 'type'],
  DocumentReference: ['content'],
  Subscription: ['contact'],
};

/** Elements whose value must be a FHIR date, dateTime or instant, per type. */
const DATE_ELEMENTS: Record<string, string[]> = {
  Patient: ['birthDate', 'deceasedDateTime'],
  Practitioner: ['birthDate'],
  Observation: ['effectiveDateTime', 'effectiveInstant', 'issued'],
  QuestionnaireResponse: ['authored'],
  Communication: ['sent', 'received'],
  Slot: ['start', 'end'],
  Appointment: ['start', 'end', 'created'],
  Immunization: ['occurrenceDateTime', 'recorded'],
  MedicationRequest: ['authoredOn'],
  DiagnosticReport: ['effectiveDateTime', 'issued'],
};

const DATE_RE =
  /^\d{4}(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,9})?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00)))?)?)?$/;

/** True for a valid FHIR date, dateTime or instant. */
export function isFhirDate(value: unknown): boolean {
  return (
    typeof value === 'string' &&
    DATE_RE.test(value) &&
    !Number.isNaN(Date.parse(value.length === 4 ? value + '-01-01' : value.length === 7 ? value + '-01' : value))
  );
}

function issue(
  text: string,
  expression?: string,
  code: OperationOutcomeIssue['code'] = 'invalid'
): OperationOutcomeIssue {
  return { severity: 'error', code, details: { text }, ...(expression ? { expression: [expression] } : {}) };
}

function isEmpty(value: unknown): boolean {
  return (
    value === undefined ||
    value === null ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && !Array.isArray(value) && Object.keys(value as object).length === 0)
  );
}

/** The narratives of a resource and of those it contains, with their paths. */
function narratives(r: Record<string, unknown>, type: string): [string, unknown][] {
  const out: [string, unknown][] = [];
  const add = (owner: unknown, path: string) => {
    const text = owner && typeof owner === 'object' ? (owner as Record<string, unknown>).text : undefined;
    if (text && typeof text === 'object' && 'div' in text)
      out.push([`${path}.text.div`, (text as { div: unknown }).div]);
  };
  add(r, type);
  if (Array.isArray(r.contained)) r.contained.forEach((c, i) => add(c, `${type}.contained[${i}]`));
  return out;
}

/** Returns the issues found in a resource (empty when it is valid). */
export function validateResource(resource: unknown): OperationOutcomeIssue[] {
  if (typeof resource !== 'object' || resource === null || Array.isArray(resource)) {
    return [issue('Resource must be a JSON object')];
  }
  const r = resource as Record<string, unknown>;
  if (typeof r.resourceType !== 'string' || !r.resourceType)
    return [issue('Missing resourceType', 'resourceType', 'required')];
  if (!isKnownResourceType(r.resourceType) || NON_STORABLE_TYPES.has(r.resourceType)) {
    return [issue(`Unknown resource type: ${r.resourceType}`, 'resourceType')];
  }
  const type = r.resourceType;
  const issues: OperationOutcomeIssue[] = [];
  if (r.id !== undefined && (typeof r.id !== 'string' || !ID_PATTERN.test(r.id))) {
    issues.push(issue(`Invalid id: ${String(r.id)}`, `${type}.id`));
  }
  if (r.meta !== undefined && (typeof r.meta !== 'object' || r.meta === null || Array.isArray(r.meta))) {
    issues.push(issue('meta must be an object', `${type}.meta`));
  }
  for (const [key, value] of Object.entries(r)) {
    if (value === null && !isInternalType(type)) issues.push(issue(`Null value for ${key}`, `${type}.${key}`));
  }
  for (const element of REQUIRED[type] ?? []) {
    if (element.endsWith('[x]')) {
      const prefix = element.slice(0, -3);
      const found = Object.keys(r).some(
        (k) => k.startsWith(prefix) && /^[A-Z]/.test(k.slice(prefix.length)) && !isEmpty(r[k])
      );
      if (!found) issues.push(issue(`Missing required property: ${prefix}[x]`, `${type}.${prefix}[x]`, 'required'));
    } else if (isEmpty(r[element])) {
      issues.push(issue(`Missing required property: ${element}`, `${type}.${element}`, 'required'));
    }
  }
  for (const element of ['status', 'gender', 'intent', 'contentType']) {
    if (r[element] !== undefined && r[element] !== null && typeof r[element] !== 'string') {
      issues.push(issue(`Invalid value for ${element}: must be a string`, `${type}.${element}`));
    }
  }
  for (const element of OBJECT_ELEMENTS[type] ?? []) {
    const value = r[element];
    if (value !== undefined && value !== null && (typeof value !== 'object' || Array.isArray(value))) {
      issues.push(issue(`Invalid value for ${element}: must be an object`, `${type}.${element}`));
    }
  }
  for (const element of ARRAY_ELEMENTS[type] ?? []) {
    const value = r[element];
    if (value !== undefined && value !== null && !Array.isArray(value)) {
      issues.push(issue(`Invalid value for ${element}: must be an array`, `${type}.${element}`));
    }
  }
  for (const element of DATE_ELEMENTS[type] ?? []) {
    if (r[element] !== undefined && !isFhirDate(r[element])) {
      issues.push(issue(`Invalid date for ${element}: ${String(r[element])}`, `${type}.${element}`));
    }
  }
  for (const [path, div] of narratives(r, type)) {
    const problem = typeof div === 'string' ? narrativeProblem(div) : 'The narrative must be a string of XHTML';
    if (problem) issues.push(issue(problem, path));
  }
  return issues;
}

/** Throws a 400 OperationOutcomeError listing the issues when the resource is not valid. */
export function assertValidResource(resource: unknown): void {
  const issues = validateResource(resource);
  if (issues.length) {
    const outcome: OperationOutcome = { resourceType: 'OperationOutcome', issue: issues };
    throw new OperationOutcomeError(outcome);
  }
}
