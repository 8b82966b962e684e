// The search parameters the server indexes, per resource type. A path is a dotted element path
// ('name.given'); '|' joins alternatives; 'x[x]' matches any choice type of x; a function can
// compute values when a path is not enough (telecom where system = email).

/** The typed parameter kinds the server supports. */
export type SearchParamType = 'string' | 'token' | 'reference' | 'date' | 'number' | 'quantity' | 'uri';

/** One search parameter of a resource type. */
export interface SearchParameterDef {
  code: string;
  type: SearchParamType;
  path: string | ((resource: any) => unknown[]);
  /** Reference targets; the first is assumed when a bare id is searched. */
  targets?: string[];
}

const telecomOf = (system: string) => (r: any) =>
  (Array.isArray(r.telecom) ? r.telecom : []).filter((t: any) => t?.system === system).map((t: any) => t.value);

const participantActorOf = (type: string) => (r: any) =>
  (Array.isArray(r.participant) ? r.participant : [])
    .map((p: any) => p?.actor)
    .filter((a: any) => typeof a?.reference === 'string' && a.reference.startsWith(type + '/'));

const p = (
  code: string,
  type: SearchParamType,
  path: SearchParameterDef['path'],
  targets?: string[]
): SearchParameterDef => ({
  code,
  type,
  path,
  ...(targets ? { targets } : {}),
});

/** Parameters every type has (besides _id and _lastUpdated, which live on the resource row). */
const COMMON: SearchParameterDef[] = [
  p('_tag', 'token', 'meta.tag'),
  p('_profile', 'uri', 'meta.profile'),
  p('_security', 'token', 'meta.security'),
];

const person = (type: string): SearchParameterDef[] => [
  p('name', 'string', 'name'),
  p('family', 'string', 'name.family'),
  p('given', 'string', 'name.given'),
  p('email', 'token', telecomOf('email')),
  p('phone', 'token', telecomOf('phone')),
  p('telecom', 'token', 'telecom'),
  p('identifier', 'token', 'identifier'),
  p('birthdate', 'date', 'birthDate'),
  p('gender', 'token', 'gender'),
  p('address', 'string', 'address'),
  p('address-city', 'string', 'address.city'),
  p('address-postalcode', 'string', 'address.postalCode'),
  p('active', 'token', 'active'),
  ...(type === 'Patient'
    ? [
        p('general-practitioner', 'reference', 'generalPractitioner', [
          'Practitioner',
          'Organization',
          'PractitionerRole',
        ]),
        p('organization', 'reference', 'managingOrganization', ['Organization']),
      ]
    : []),
];

const subjectPatient = (path = 'subject'): SearchParameterDef[] => [
  p('subject', 'reference', path),
  p('patient', 'reference', path, ['Patient']),
];

const definitional: SearchParameterDef[] = [
  p('url', 'uri', 'url'),
  p('name', 'string', 'name'),
  p('title', 'string', 'title'),
  p('status', 'token', 'status'),
  p('version', 'token', 'version'),
  p('identifier', 'token', 'identifier'),
  p('date', 'date', 'date'),
  p('publisher', 'string', 'publisher'),
];

/** Parameters per resource type. */
const BY_TYPE: Record<string, SearchParameterDef[]> = {
  Patient: person('Patient'),
  Practitioner: person('Practitioner'),
  RelatedPerson: [...person('RelatedPerson'), p('patient', 'reference', 'patient', ['Patient'])],
  Organization: [
    p('name', 'string', 'name|alias'),
    p('identifier', 'token', 'identifier'),
    p('active', 'token', 'active'),
    p('type', 'token', 'type'),
  ],
  PractitionerRole: [
    p('practitioner', 'reference', 'practitioner', ['Practitioner']),
    p('organization', 'reference', 'organization', ['Organization']),
    p('role', 'token', 'code'),
    p('active', 'token', 'active'),
  ],
  HealthcareService: [
    p('name', 'string', 'name'),
    p('active', 'token', 'active'),
    p('identifier', 'token', 'identifier'),
    p('service-type', 'token', 'type'),
    p('organization', 'reference', 'providedBy', ['Organization']),
  ],
  Coverage: [
    p('beneficiary', 'reference', 'beneficiary', ['Patient']),
    p('patient', 'reference', 'beneficiary', ['Patient']),
    p('subscriber', 'reference', 'subscriber', ['Patient', 'RelatedPerson']),
    p('payor', 'reference', 'payor', ['Organization', 'Patient', 'RelatedPerson']),
    p('status', 'token', 'status'),
    p('identifier', 'token', 'identifier'),
    p('type', 'token', 'type'),
  ],
  PaymentNotice: [
    p('status', 'token', 'status'),
    p('created', 'date', 'created'),
    p('identifier', 'token', 'identifier'),
    p('request', 'reference', 'request'),
    p('provider', 'reference', 'provider'),
  ],
  Observation: [
    ...subjectPatient(),
    p('code', 'token', 'code'),
    p('category', 'token', 'category'),
    p('status', 'token', 'status'),
    p('date', 'date', 'effective[x]'),
    p('value-quantity', 'quantity', 'valueQuantity'),
    p('value-concept', 'token', 'valueCodeableConcept'),
    p('value-string', 'string', 'valueString'),
    p('component-code', 'token', 'component.code'),
    p('combo-code', 'token', 'code|component.code'),
    p('encounter', 'reference', 'encounter', ['Encounter']),
    p('performer', 'reference', 'performer'),
    p('based-on', 'reference', 'basedOn'),
    p('identifier', 'token', 'identifier'),
  ],
  QuestionnaireResponse: [
    ...subjectPatient(),
    p('source', 'reference', 'source', ['Patient', 'Practitioner', 'PractitionerRole', 'RelatedPerson']),
    p('author', 'reference', 'author'),
    p('questionnaire', 'reference', 'questionnaire', ['Questionnaire']),
    p('authored', 'date', 'authored'),
    p('status', 'token', 'status'),
    p('identifier', 'token', 'identifier'),
    p('encounter', 'reference', 'encounter', ['Encounter']),
    p('based-on', 'reference', 'basedOn'),
  ],
  Communication: [
    ...subjectPatient(),
    p('sender', 'reference', 'sender', [
      'Patient',
      'Practitioner',
      'Organization',
      'PractitionerRole',
      'RelatedPerson',
      'Device',
    ]),
    p('recipient', 'reference', 'recipient', [
      'Patient',
      'Practitioner',
      'Organization',
      'PractitionerRole',
      'RelatedPerson',
      'Group',
      'CareTeam',
      'Device',
    ]),
    p('sent', 'date', 'sent'),
    p('received', 'date', 'received'),
    // Comment threads on a resource and chat threads (client-layer.md section 3).
    p('based-on', 'reference', 'basedOn'),
    p('part-of', 'reference', 'partOf'),
    p('encounter', 'reference', 'encounter', ['Encounter']),
    p('status', 'token', 'status'),
    p('category', 'token', 'category'),
    p('encounter', 'reference', 'encounter', ['Encounter']),
    p('based-on', 'reference', 'basedOn'),
    p('part-of', 'reference', 'partOf'),
    p('identifier', 'token', 'identifier'),
  ],
  Schedule: [
    p('actor', 'reference', 'actor', [
      'Practitioner',
      'Patient',
      'PractitionerRole',
      'HealthcareService',
      'Location',
      'Device',
      'RelatedPerson',
    ]),
    p('active', 'token', 'active'),
    p('date', 'date', 'planningHorizon'),
    p('identifier', 'token', 'identifier'),
    p('service-type', 'token', 'serviceType'),
  ],
  Slot: [
    p('schedule', 'reference', 'schedule', ['Schedule']),
    p('start', 'date', 'start'),
    p('end', 'date', 'end'),
    p('status', 'token', 'status'),
    p('service-type', 'token', 'serviceType'),
    p('identifier', 'token', 'identifier'),
  ],
  Appointment: [
    p('patient', 'reference', participantActorOf('Patient'), ['Patient']),
    p('practitioner', 'reference', participantActorOf('Practitioner'), ['Practitioner']),
    p('actor', 'reference', 'participant.actor', [
      'Patient',
      'Practitioner',
      'PractitionerRole',
      'RelatedPerson',
      'Device',
      'HealthcareService',
      'Location',
    ]),
    p('slot', 'reference', 'slot', ['Slot']),
    p('date', 'date', 'start'),
    p('status', 'token', 'status'),
    p('service-type', 'token', 'serviceType'),
    p('appointment-type', 'token', 'appointmentType'),
    p('identifier', 'token', 'identifier'),
  ],
  CarePlan: [
    ...subjectPatient(),
    p('status', 'token', 'status'),
    p('intent', 'token', 'intent'),
    p('category', 'token', 'category'),
    p('date', 'date', 'period'),
    p('identifier', 'token', 'identifier'),
  ],
  DiagnosticReport: [
    ...subjectPatient(),
    p('code', 'token', 'code'),
    p('status', 'token', 'status'),
    p('category', 'token', 'category'),
    p('date', 'date', 'effective[x]'),
    p('issued', 'date', 'issued'),
    p('result', 'reference', 'result', ['Observation']),
    p('identifier', 'token', 'identifier'),
  ],
  MedicationRequest: [
    ...subjectPatient(),
    p('status', 'token', 'status'),
    p('intent', 'token', 'intent'),
    p('authoredon', 'date', 'authoredOn'),
    p('code', 'token', 'medicationCodeableConcept'),
    p('requester', 'reference', 'requester'),
    p('identifier', 'token', 'identifier'),
  ],
  Immunization: [
    p('patient', 'reference', 'patient', ['Patient']),
    p('date', 'date', 'occurrence[x]'),
    p('status', 'token', 'status'),
    p('vaccine-code', 'token', 'vaccineCode'),
    p('identifier', 'token', 'identifier'),
  ],
  Encounter: [
    ...subjectPatient(),
    p('status', 'token', 'status'),
    p('date', 'date', 'period'),
    p('class', 'token', 'class'),
    p('identifier', 'token', 'identifier'),
  ],
  Condition: [
    ...subjectPatient(),
    p('code', 'token', 'code'),
    p('clinical-status', 'token', 'clinicalStatus'),
    p('category', 'token', 'category'),
    p('identifier', 'token', 'identifier'),
  ],
  AllergyIntolerance: [
    p('patient', 'reference', 'patient', ['Patient']),
    p('code', 'token', 'code'),
    p('clinical-status', 'token', 'clinicalStatus'),
  ],
  DocumentReference: [
    ...subjectPatient(),
    p('status', 'token', 'status'),
    p('type', 'token', 'type'),
    p('date', 'date', 'date'),
    p('identifier', 'token', 'identifier'),
  ],
  Media: [...subjectPatient(), p('status', 'token', 'status'), p('identifier', 'token', 'identifier')],
  Task: [
    p('subject', 'reference', 'for'),
    p('patient', 'reference', 'for', ['Patient']),
    p('owner', 'reference', 'owner'),
    p('status', 'token', 'status'),
    p('code', 'token', 'code'),
    p('focus', 'reference', 'focus'),
  ],
  Provenance: [
    p('target', 'reference', 'target'),
    p('patient', 'reference', 'target', ['Patient']),
    p('agent', 'reference', 'agent.who'),
    p('recorded', 'date', 'recorded'),
  ],
  Subscription: [
    p('status', 'token', 'status'),
    p('criteria', 'string', 'criteria'),
    p('type', 'token', 'channel.type'),
    p('url', 'uri', 'channel.endpoint'),
  ],
  Questionnaire: [
    ...definitional,
    p('code', 'token', 'code|item.code'),
    p('context', 'token', 'useContext.valueCodeableConcept'),
  ],
  ValueSet: [...definitional],
  CodeSystem: [...definitional, p('system', 'uri', 'url')],
  StructureDefinition: [...definitional, p('type', 'token', 'type')],
  SearchParameter: [...definitional, p('code', 'token', 'code'), p('base', 'token', 'base')],
  Binary: [],
  // Internal account records (fields are free-form JSON; references may be strings or objects).
  User: [p('email', 'token', 'email')],
  Login: [
    p('code', 'token', 'code'),
    p('user', 'reference', 'user', ['User']),
    p('membership', 'reference', 'membership', ['ProjectMembership']),
  ],
  ProjectMembership: [
    p('user', 'reference', 'user', ['User']),
    p('profile', 'reference', 'profile'),
    p('project', 'reference', 'project', ['Project']),
  ],
  Project: [p('name', 'string', 'name'), p('owner', 'reference', 'owner', ['User'])],
  ClientApplication: [],
  SubscriptionBinding: [p('token', 'token', 'token'), p('subscription', 'reference', 'subscription', ['Subscription'])],
};

/** Names handled by the search engine itself, never looked up in the table. */
export const RESULT_PARAMETERS = new Set([
  '_count',
  '_offset',
  '_sort',
  '_total',
  '_include',
  '_revinclude',
  '_include:iterate',
  '_revinclude:iterate',
  '_summary',
  '_elements',
  '_format',
  '_pretty',
]);

/** The parameter definitions of a type (common ones included). */
export function getSearchParameters(type: string): SearchParameterDef[] {
  return [...(BY_TYPE[type] ?? []), ...COMMON];
}

/** One parameter of a type, or undefined when the type does not have it. */
export function getSearchParameter(type: string, code: string): SearchParameterDef | undefined {
  return getSearchParameters(type).find((d) => d.code === code);
}

/** Types with parameters beyond the common ones (for the CapabilityStatement). */
export function typesWithSearchParameters(): string[] {
  return Object.keys(BY_TYPE);
}
