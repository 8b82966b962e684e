// The table of the search parameters the portal and the reference server use, so parsing can
// validate values by type, matching can find the element a parameter reads, and the server can
// index and search what the same table names (one search model for both). It is not the full
// FHIR registry: a parameter missing here is parsed as a string and never matches (see match.ts).
// `targets` lists the FHIR target types of a reference parameter whose references are literal
// ('Type/id'); parameters that also take canonical URLs (QuestionnaireResponse.questionnaire)
// have none, so a canonical still matches.

/** The search parameter types of FHIR R4. */
export type SearchParameterType =
  'number' | 'date' | 'string' | 'token' | 'reference' | 'composite' | 'quantity' | 'uri' | 'special';

/** What the library knows about one search parameter. */
export interface SearchParameterDetails {
  /** The FHIR search parameter type. */
  readonly type: SearchParameterType;
  /** Dotted element paths the parameter reads; a trailing `[x]` matches any choice type. */
  readonly paths: readonly string[];
  /** For a reference parameter that allows only some types: the allowed target types. */
  readonly targets?: readonly string[];
  /** For a token parameter on a ContactPoint: the telecom system it is limited to. */
  readonly telecomSystem?: 'email' | 'phone';
}

type Table = Record<string, SearchParameterDetails>;

const p = (
  type: SearchParameterType,
  paths: string | string[],
  extra?: Partial<SearchParameterDetails>
): SearchParameterDetails => ({
  type,
  paths: Array.isArray(paths) ? paths : [paths],
  ...extra,
});

const PATIENT = ['Patient'];
const PRACTITIONER = ['Practitioner'];
const ORGANIZATION = ['Organization'];
const PEOPLE = ['Patient', 'Practitioner', 'PractitionerRole', 'RelatedPerson'];
const COMMUNICATION_PARTIES = ['Device', 'Organization', ...PEOPLE];
const SCHEDULE_ACTORS = ['Device', 'HealthcareService', 'Location', ...PEOPLE];

/** Parameters every resource has. */
const COMMON: Table = {
  _id: p('token', 'id'),
  _lastUpdated: p('date', 'meta.lastUpdated'),
  _tag: p('token', 'meta.tag'),
  _profile: p('uri', 'meta.profile'),
  _security: p('token', 'meta.security'),
  _source: p('uri', 'meta.source'),
  _compartment: p('reference', 'meta.compartment'),
};

const PERSON: Table = {
  name: p('string', 'name'),
  given: p('string', 'name.given'),
  family: p('string', 'name.family'),
  identifier: p('token', 'identifier'),
  active: p('token', 'active'),
  gender: p('token', 'gender'),
  birthdate: p('date', 'birthDate'),
  telecom: p('token', 'telecom'),
  email: p('token', 'telecom', { telecomSystem: 'email' }),
  phone: p('token', 'telecom', { telecomSystem: 'phone' }),
  address: p('string', 'address'),
  'address-city': p('string', 'address.city'),
  'address-state': p('string', 'address.state'),
  'address-postalcode': p('string', 'address.postalCode'),
  'address-country': p('string', 'address.country'),
  'address-use': p('token', 'address.use'),
};

const CANONICAL: Table = {
  url: p('uri', 'url'),
  name: p('string', 'name'),
  title: p('string', 'title'),
  status: p('token', 'status'),
  version: p('token', 'version'),
  publisher: p('string', 'publisher'),
  date: p('date', 'date'),
  identifier: p('token', 'identifier'),
  description: p('string', 'description'),
  jurisdiction: p('token', 'jurisdiction'),
};

const SEARCH_PARAMETERS: Record<string, Table> = {
  Patient: {
    ...PERSON,
    'general-practitioner': p('reference', 'generalPractitioner', {
      targets: ['Organization', 'Practitioner', 'PractitionerRole'],
    }),
    organization: p('reference', 'managingOrganization', { targets: ORGANIZATION }),
    deceased: p('token', 'deceased[x]'),
    link: p('reference', 'link.other'),
  },
  Practitioner: PERSON,
  RelatedPerson: { ...PERSON, patient: p('reference', 'patient', { targets: PATIENT }) },
  Organization: {
    name: p('string', ['name', 'alias']),
    identifier: p('token', 'identifier'),
    active: p('token', 'active'),
    type: p('token', 'type'),
    address: p('string', 'address'),
    partof: p('reference', 'partOf'),
  },
  PractitionerRole: {
    practitioner: p('reference', 'practitioner', { targets: PRACTITIONER }),
    organization: p('reference', 'organization', { targets: ORGANIZATION }),
    role: p('token', 'code'),
    active: p('token', 'active'),
    identifier: p('token', 'identifier'),
  },
  HealthcareService: {
    name: p('string', 'name'),
    active: p('token', 'active'),
    identifier: p('token', 'identifier'),
    'service-type': p('token', 'type'),
    organization: p('reference', 'providedBy', { targets: ORGANIZATION }),
  },
  Observation: {
    code: p('token', 'code'),
    category: p('token', 'category'),
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    encounter: p('reference', 'encounter', { targets: ['Encounter'] }),
    date: p('date', 'effective[x]'),
    status: p('token', 'status'),
    identifier: p('token', 'identifier'),
    performer: p('reference', 'performer'),
    'based-on': p('reference', 'basedOn'),
    'value-quantity': p('quantity', 'valueQuantity'),
    'value-string': p('string', 'valueString'),
    'value-concept': p('token', 'valueCodeableConcept'),
    'value-date': p('date', ['valueDateTime', 'valuePeriod']),
    'component-code': p('token', 'component.code'),
    'component-value-quantity': p('quantity', 'component.valueQuantity'),
    'combo-code': p('token', ['code', 'component.code']),
    'code-value-quantity': p('composite', 'code'),
    'component-code-value-quantity': p('composite', 'component'),
  },
  DiagnosticReport: {
    code: p('token', 'code'),
    category: p('token', 'category'),
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    encounter: p('reference', 'encounter'),
    date: p('date', 'effective[x]'),
    issued: p('date', 'issued'),
    status: p('token', 'status'),
    identifier: p('token', 'identifier'),
    performer: p('reference', 'performer'),
    result: p('reference', 'result', { targets: ['Observation'] }),
    'based-on': p('reference', 'basedOn'),
    conclusion: p('token', 'conclusionCode'),
  },
  MedicationRequest: {
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    status: p('token', 'status'),
    intent: p('token', 'intent'),
    priority: p('token', 'priority'),
    category: p('token', 'category'),
    authoredon: p('date', 'authoredOn'),
    requester: p('reference', 'requester'),
    medication: p('reference', 'medicationReference'),
    code: p('token', 'medicationCodeableConcept'),
    encounter: p('reference', 'encounter'),
    identifier: p('token', 'identifier'),
  },
  Immunization: {
    patient: p('reference', 'patient', { targets: PATIENT }),
    status: p('token', 'status'),
    date: p('date', 'occurrence[x]'),
    'vaccine-code': p('token', 'vaccineCode'),
    location: p('reference', 'location'),
    performer: p('reference', 'performer.actor'),
    'lot-number': p('string', 'lotNumber'),
    identifier: p('token', 'identifier'),
  },
  Communication: {
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    sender: p('reference', 'sender', { targets: COMMUNICATION_PARTIES }),
    recipient: p('reference', 'recipient', { targets: [...COMMUNICATION_PARTIES, 'CareTeam', 'Group'] }),
    encounter: p('reference', 'encounter'),
    'based-on': p('reference', 'basedOn'),
    'part-of': p('reference', 'partOf'),
    status: p('token', 'status'),
    category: p('token', 'category'),
    sent: p('date', 'sent'),
    received: p('date', 'received'),
    identifier: p('token', 'identifier'),
  },
  QuestionnaireResponse: {
    questionnaire: p('reference', 'questionnaire'),
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    source: p('reference', 'source', { targets: PEOPLE }),
    author: p('reference', 'author'),
    encounter: p('reference', 'encounter'),
    'based-on': p('reference', 'basedOn'),
    'part-of': p('reference', 'partOf'),
    authored: p('date', 'authored'),
    status: p('token', 'status'),
    identifier: p('token', 'identifier'),
  },
  Coverage: {
    beneficiary: p('reference', 'beneficiary', { targets: PATIENT }),
    patient: p('reference', 'beneficiary', { targets: PATIENT }),
    payor: p('reference', 'payor', { targets: ['Organization', 'Patient', 'RelatedPerson'] }),
    subscriber: p('reference', 'subscriber', { targets: ['Patient', 'RelatedPerson'] }),
    'policy-holder': p('reference', 'policyHolder'),
    status: p('token', 'status'),
    type: p('token', 'type'),
    dependent: p('string', 'dependent'),
    identifier: p('token', 'identifier'),
  },
  PaymentNotice: {
    status: p('token', 'status'),
    request: p('reference', 'request'),
    response: p('reference', 'response'),
    provider: p('reference', 'provider'),
    created: p('date', 'created'),
    identifier: p('token', 'identifier'),
  },
  CarePlan: {
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    encounter: p('reference', 'encounter'),
    status: p('token', 'status'),
    intent: p('token', 'intent'),
    category: p('token', 'category'),
    date: p('date', 'period'),
    'care-team': p('reference', 'careTeam'),
    'activity-code': p('token', 'activity.detail.code'),
    'based-on': p('reference', 'basedOn'),
    identifier: p('token', 'identifier'),
  },
  Encounter: {
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    status: p('token', 'status'),
    class: p('token', 'class'),
    type: p('token', 'type'),
    date: p('date', 'period'),
    participant: p('reference', 'participant.individual'),
    identifier: p('token', 'identifier'),
  },
  Condition: {
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    code: p('token', 'code'),
    category: p('token', 'category'),
    'clinical-status': p('token', 'clinicalStatus'),
    'onset-date': p('date', 'onset[x]'),
    'recorded-date': p('date', 'recordedDate'),
    identifier: p('token', 'identifier'),
  },
  Schedule: {
    actor: p('reference', 'actor', { targets: SCHEDULE_ACTORS }),
    active: p('token', 'active'),
    date: p('date', 'planningHorizon'),
    'service-type': p('token', 'serviceType'),
    specialty: p('token', 'specialty'),
    identifier: p('token', 'identifier'),
  },
  Slot: {
    schedule: p('reference', 'schedule', { targets: ['Schedule'] }),
    start: p('date', 'start'),
    end: p('date', 'end'),
    status: p('token', 'status'),
    'service-type': p('token', 'serviceType'),
    specialty: p('token', 'specialty'),
    'appointment-type': p('token', 'appointmentType'),
    identifier: p('token', 'identifier'),
  },
  Appointment: {
    actor: p('reference', 'participant.actor', { targets: SCHEDULE_ACTORS }),
    patient: p('reference', 'participant.actor', { targets: PATIENT }),
    practitioner: p('reference', 'participant.actor', { targets: PRACTITIONER }),
    location: p('reference', 'participant.actor', { targets: ['Location'] }),
    date: p('date', 'start'),
    status: p('token', 'status'),
    slot: p('reference', 'slot', { targets: ['Slot'] }),
    'service-type': p('token', 'serviceType'),
    'appointment-type': p('token', 'appointmentType'),
    'based-on': p('reference', 'basedOn'),
    identifier: p('token', 'identifier'),
  },
  Questionnaire: {
    ...CANONICAL,
    code: p('token', ['code', 'item.code']),
    context: p('token', 'useContext.valueCodeableConcept'),
    'subject-type': p('token', 'subjectType'),
  },
  ValueSet: { ...CANONICAL, code: p('token', 'expansion.contains.code'), expansion: p('uri', 'expansion.identifier') },
  CodeSystem: { ...CANONICAL, code: p('token', 'concept.code'), system: p('uri', 'url') },
  StructureDefinition: { ...CANONICAL, type: p('uri', 'type'), base: p('reference', 'baseDefinition') },
  SearchParameter: { ...CANONICAL, code: p('token', 'code'), base: p('token', 'base') },
  AllergyIntolerance: {
    patient: p('reference', 'patient', { targets: PATIENT }),
    code: p('token', 'code'),
    'clinical-status': p('token', 'clinicalStatus'),
  },
  Task: {
    // The outbox's conditional create (If-None-Exist: identifier=…) of a renewal request made offline.
    identifier: p('token', 'identifier'),
    subject: p('reference', 'for'),
    patient: p('reference', 'for', { targets: PATIENT }),
    owner: p('reference', 'owner'),
    focus: p('reference', 'focus'),
    status: p('token', 'status'),
    code: p('token', 'code'),
  },
  Provenance: {
    target: p('reference', 'target'),
    patient: p('reference', 'target', { targets: PATIENT }),
    agent: p('reference', 'agent.who'),
    recorded: p('date', 'recorded'),
  },
  DocumentReference: {
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    status: p('token', 'status'),
    type: p('token', 'type'),
    category: p('token', 'category'),
    date: p('date', 'date'),
    identifier: p('token', 'identifier'),
  },
  Media: {
    subject: p('reference', 'subject'),
    patient: p('reference', 'subject', { targets: PATIENT }),
    status: p('token', 'status'),
    created: p('date', 'created[x]'),
    identifier: p('token', 'identifier'),
  },
  Location: {
    name: p('string', 'name'),
    address: p('string', 'address'),
    status: p('token', 'status'),
    identifier: p('token', 'identifier'),
    near: p('special', 'position'),
  },
  Subscription: {
    criteria: p('string', 'criteria'),
    status: p('token', 'status'),
    type: p('token', 'channel.type'),
    url: p('uri', 'channel.endpoint'),
  },
  Binary: {},
};

/** Details of a search parameter of a resource type, or undefined when the library does not know it. */
export function getSearchParameterDetails(resourceType: string, code: string): SearchParameterDetails | undefined {
  // Own-property lookups only: a code such as `constructor` must not find Object.prototype members.
  const table = Object.hasOwn(SEARCH_PARAMETERS, resourceType) ? SEARCH_PARAMETERS[resourceType] : undefined;
  if (table && Object.hasOwn(table, code)) return table[code];
  return Object.hasOwn(COMMON, code) ? COMMON[code] : undefined;
}

/** The resource types whose search parameters the library knows. */
export function getKnownSearchResourceTypes(): string[] {
  return Object.keys(SEARCH_PARAMETERS);
}

/** The codes of the search parameters the library knows for a resource type (common ones included). */
export function getSearchParameterCodes(resourceType: string): string[] {
  const table = Object.hasOwn(SEARCH_PARAMETERS, resourceType) ? SEARCH_PARAMETERS[resourceType] : {};
  return [...new Set([...Object.keys(COMMON), ...Object.keys(table)])];
}
