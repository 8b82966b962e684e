// The fields of any resource as a generic viewer lists them: definition order, a label, a
// datatype guessed from the element's name and shape, and the fields an access policy hides
// left out. The library ships no StructureDefinitions, so the order comes from a table of the
// R4 definitions for the resources a portal shows most; other types keep their JSON order
// after the common DomainResource elements.

import { isFieldHidden, type AccessPolicy, type CriteriaMatcher } from './access-policy-rules';
import { isValidDate, isValidDateTime } from './dates';
import type { Resource } from './types';

const DOMAIN_RESOURCE = [
  'id',
  'meta',
  'implicitRules',
  'language',
  'text',
  'contained',
  'extension',
  'modifierExtension',
];

// R4 element order (hl7.org/fhir/R4/{type}.html), choice elements without their type suffix.
const ORDER: Record<string, string[]> = {
  Observation: [
    'identifier',
    'basedOn',
    'partOf',
    'status',
    'category',
    'code',
    'subject',
    'focus',
    'encounter',
    'effective',
    'issued',
    'performer',
    'value',
    'dataAbsentReason',
    'interpretation',
    'note',
    'bodySite',
    'method',
    'specimen',
    'device',
    'referenceRange',
    'hasMember',
    'derivedFrom',
    'component',
  ],
  DiagnosticReport: [
    'identifier',
    'basedOn',
    'status',
    'category',
    'code',
    'subject',
    'encounter',
    'effective',
    'issued',
    'performer',
    'resultsInterpreter',
    'specimen',
    'result',
    'imagingStudy',
    'media',
    'conclusion',
    'conclusionCode',
    'presentedForm',
  ],
  MedicationRequest: [
    'identifier',
    'status',
    'statusReason',
    'intent',
    'category',
    'priority',
    'doNotPerform',
    'reported',
    'medication',
    'subject',
    'encounter',
    'supportingInformation',
    'authoredOn',
    'requester',
    'performer',
    'performerType',
    'recorder',
    'reasonCode',
    'reasonReference',
    'instantiatesCanonical',
    'instantiatesUri',
    'basedOn',
    'groupIdentifier',
    'courseOfTherapyType',
    'insurance',
    'note',
    'dosageInstruction',
    'dispenseRequest',
    'substitution',
    'priorPrescription',
    'detectedIssue',
    'eventHistory',
  ],
  Immunization: [
    'identifier',
    'status',
    'statusReason',
    'vaccineCode',
    'patient',
    'encounter',
    'occurrence',
    'recorded',
    'primarySource',
    'reportOrigin',
    'location',
    'manufacturer',
    'lotNumber',
    'expirationDate',
    'site',
    'route',
    'doseQuantity',
    'performer',
    'note',
    'reasonCode',
    'reasonReference',
    'isSubpotent',
    'subpotentReason',
    'education',
    'programEligibility',
    'fundingSource',
    'reaction',
    'protocolApplied',
  ],
  Patient: [
    'identifier',
    'active',
    'name',
    'telecom',
    'gender',
    'birthDate',
    'deceased',
    'address',
    'maritalStatus',
    'multipleBirth',
    'photo',
    'contact',
    'communication',
    'generalPractitioner',
    'managingOrganization',
    'link',
  ],
  Practitioner: [
    'identifier',
    'active',
    'name',
    'telecom',
    'address',
    'gender',
    'birthDate',
    'photo',
    'qualification',
    'communication',
  ],
  Task: [
    'identifier',
    'instantiatesCanonical',
    'instantiatesUri',
    'basedOn',
    'groupIdentifier',
    'partOf',
    'status',
    'statusReason',
    'businessStatus',
    'intent',
    'priority',
    'code',
    'description',
    'focus',
    'for',
    'encounter',
    'executionPeriod',
    'authoredOn',
    'lastModified',
    'requester',
    'performerType',
    'owner',
    'location',
    'reasonCode',
    'reasonReference',
    'insurance',
    'note',
    'relevantHistory',
    'restriction',
    'input',
    'output',
  ],
  DocumentReference: [
    'masterIdentifier',
    'identifier',
    'status',
    'docStatus',
    'type',
    'category',
    'subject',
    'date',
    'author',
    'authenticator',
    'custodian',
    'relatesTo',
    'description',
    'securityLabel',
    'content',
    'context',
  ],
};

// Choice suffixes (value[x] → valueQuantity) and the datatype each names.
const CHOICE_TYPES = [
  'Quantity',
  'CodeableConcept',
  'String',
  'Boolean',
  'Integer',
  'Range',
  'Ratio',
  'SampledData',
  'Time',
  'DateTime',
  'Period',
  'Reference',
  'Date',
  'Attachment',
  'Coding',
  'Age',
  'Duration',
  'Decimal',
  'Instant',
  'Uri',
  'Url',
  'Canonical',
  'Code',
  'Markdown',
  'Timing',
  'Identifier',
  'Address',
  'HumanName',
  'ContactPoint',
  'Money',
  'Annotation',
  'Dosage',
  'Meta',
];

const DATE_NAMES = new Set([
  'birthDate',
  'expirationDate',
  'date',
  'recorded',
  'issued',
  'authoredOn',
  'lastModified',
  'lastUpdated',
  'created',
  'sent',
  'received',
  'start',
  'end',
  'time',
  'when',
]);

/** One field of a resource as a viewer shows it. */
export interface ResourceField {
  /** The JSON key ('effectiveDateTime'). */
  readonly key: string;
  /** The element name without a choice suffix ('effective'). */
  readonly name: string;
  /** A readable label ('Effective'). */
  readonly label: string;
  /** The datatype guessed for the value ('dateTime', 'Reference', 'BackboneElement'...). */
  readonly type: string;
  /** The value, an array for repeating elements. */
  readonly value: unknown;
}

/** A readable label for an element name: 'dosageInstruction' → 'Dosage Instruction'. */
export function getFieldLabel(name: string): string {
  const spaced = name.replace(/([a-z0-9])([A-Z])/g, '$1 $2');
  return spaced.charAt(0).toUpperCase() + spaced.slice(1);
}

function splitChoice(key: string): { name: string; type?: string } {
  for (const type of CHOICE_TYPES) {
    if (key.length > type.length && key.endsWith(type)) {
      const name = key.slice(0, -type.length);
      // Only a lower-case stem is a choice element ('valueQuantity'), not e.g. 'doseQuantity' on its own.
      if (
        [
          'value',
          'effective',
          'onset',
          'abatement',
          'occurrence',
          'deceased',
          'multipleBirth',
          'medication',
          'reported',
          'timing',
          'serviced',
          'performed',
          'asNeeded',
          'born',
          'age',
          'answer',
          'defaultValue',
        ].includes(name)
      ) {
        return { name, type: type.charAt(0).toLowerCase() + type.slice(1) };
      }
    }
  }
  return { name: key };
}

/** The datatype of a value by its shape, for elements whose name does not say it. */
export function guessDatatype(key: string, value: unknown): string {
  const item = Array.isArray(value) ? value[0] : value;
  if (typeof item === 'boolean') return 'boolean';
  if (typeof item === 'number') return Number.isInteger(item) ? 'integer' : 'decimal';
  if (typeof item === 'string') {
    if (DATE_NAMES.has(key) || /(Date|DateTime|On)$/.test(key)) {
      if (isValidDate(item)) return 'date';
      if (isValidDateTime(item)) return 'dateTime';
    }
    return 'string';
  }
  if (!item || typeof item !== 'object') return 'unknown';
  const o = item as Record<string, unknown>;
  if (key === 'meta') return 'Meta';
  if (key === 'extension' || key === 'modifierExtension') return 'Extension';
  if (
    'reference' in o ||
    (('display' in o || 'identifier' in o) &&
      Object.keys(o).every((k) => ['reference', 'display', 'identifier', 'type'].includes(k)))
  )
    return 'Reference';
  if ('coding' in o) return 'CodeableConcept';
  if ('family' in o || 'given' in o) return 'HumanName';
  if ('line' in o || 'city' in o || 'postalCode' in o) return 'Address';
  if ('numerator' in o || 'denominator' in o) return 'Ratio';
  if ('low' in o || 'high' in o) return key === 'referenceRange' ? 'BackboneElement' : 'Range';
  if ('start' in o || 'end' in o) return 'Period';
  if ('contentType' in o || ('url' in o && ('title' in o || 'size' in o))) return 'Attachment';
  if ('repeat' in o || 'event' in o) return 'Timing';
  if ('doseAndRate' in o || 'timing' in o || ('text' in o && 'route' in o)) return 'Dosage';
  if ('authorString' in o || 'authorReference' in o || (key === 'note' && 'text' in o)) return 'Annotation';
  if ('value' in o && typeof o.value === 'number')
    return key.toLowerCase().includes('amount') && 'currency' in o ? 'Money' : 'Quantity';
  if ('system' in o && 'value' in o && ('use' in o || key === 'telecom')) return 'ContactPoint';
  if ('system' in o && 'value' in o) return 'Identifier';
  if ('system' in o && 'code' in o) return 'Coding';
  if (key === 'text' && 'div' in o) return 'Narrative';
  if (Object.keys(o).length === 1 && 'text' in o) return 'CodeableConcept';
  return 'BackboneElement';
}

/**
 * The fields of a resource in definition order, each with a label, a datatype and its value;
 * resourceType, the narrative (shown on its own), contained resources, empty values and the
 * fields the access policy hides are left out. A policy rule with `criteria` applies only with
 * `matchCriteria` (`matchesAccessPolicyCriteria`); without it such a rule grants nothing, so
 * its fields stay hidden.
 */
export function getResourceFields(
  resource: Resource,
  accessPolicy?: AccessPolicy,
  matchCriteria?: CriteriaMatcher
): ResourceField[] {
  const order = [...DOMAIN_RESOURCE, ...(ORDER[resource.resourceType] ?? [])];
  const fields: (ResourceField & { rank: number; index: number })[] = [];
  Object.entries(resource).forEach(([key, value], index) => {
    if (key === 'resourceType' || key === 'text' || key === 'contained' || key.startsWith('_')) return;
    if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return;
    const { name, type } = splitChoice(key);
    if (
      isFieldHidden(accessPolicy, resource, name, matchCriteria) ||
      isFieldHidden(accessPolicy, resource, key, matchCriteria)
    )
      return;
    const rank = order.indexOf(name);
    fields.push({
      key,
      name,
      label: getFieldLabel(name),
      type: type ?? guessDatatype(key, value),
      value,
      rank: rank === -1 ? order.length : rank,
      index,
    });
  });
  fields.sort((a, b) => a.rank - b.rank || a.index - b.index);
  return fields.map(({ rank: _rank, index: _index, ...field }) => field);
}
