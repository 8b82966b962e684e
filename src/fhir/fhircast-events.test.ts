import { isOperationOutcomeError } from './index';
import {
  createFhircastMessagePayload,
  FHIRCAST_EVENT_NAMES,
  serializeFhircastSubscriptionRequest,
  validateFhircastContext,
  validateFhircastSubscriptionRequest,
  type FhircastSubscriptionRequest,
} from './fhircast-events';

const patient = { resourceType: 'Patient', id: 'p1' };
const report = { resourceType: 'DiagnosticReport', id: 'r1' };
const study = (id: string) => ({ resourceType: 'ImagingStudy', id });

function errorOf(fn: () => unknown): string {
  try {
    fn();
  } catch (error) {
    expect(isOperationOutcomeError(error)).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected an error');
}

describe('FHIRCAST_EVENT_NAMES', () => {
  it('lists the events of client-layer.md section 9', () => {
    expect(FHIRCAST_EVENT_NAMES).toEqual([
      'Patient-open',
      'Patient-close',
      'ImagingStudy-open',
      'ImagingStudy-close',
      'Encounter-open',
      'Encounter-close',
      'DiagnosticReport-open',
      'DiagnosticReport-close',
      'DiagnosticReport-select',
      'DiagnosticReport-update',
      'syncerror',
    ]);
  });
});

describe('validateFhircastContext', () => {
  describe('when the context is valid', () => {
    it('accepts one object or an array', () => {
      expect(validateFhircastContext('Patient-open', { key: 'patient', resource: patient })).toEqual([
        { key: 'patient', resource: patient },
      ]);
      expect(
        validateFhircastContext('DiagnosticReport-open', [
          { key: 'report', resource: report },
          { key: 'patient', resource: patient },
          { key: 'study', resource: study('s1') },
          { key: 'study', resource: study('s2') },
        ])
      ).toHaveLength(4);
      expect(
        validateFhircastContext('DiagnosticReport-select', [
          { key: 'report', resource: report },
          { key: 'select', resources: [{ resourceType: 'Observation', id: 'o1' }] },
        ])
      ).toHaveLength(2);
    });
  });

  describe('when it is not', () => {
    it.each([
      ['Unknown-open', [], /^Invalid event 'Unknown-open'\. Supported events: Patient-open, /],
      ['Patient-open', 'x', /^Context must be an object or an array of objects\.$/],
      ['Patient-open', [null], /^Context must be an object or an array of objects\.$/],
      ['Patient-open', [{ key: 'report', resource: report }], /^Key 'report' is not a context key of Patient-open\./],
      [
        'Patient-open',
        [{ key: 'encounter', resource: { resourceType: 'Encounter', id: 'e' } }],
        /^Missing required key 'patient'/,
      ],
      [
        'Patient-open',
        [
          { key: 'patient', resource: patient },
          { key: 'patient', resource: patient },
        ],
        /may appear only once/,
      ],
      [
        'Patient-open',
        [{ key: 'patient', resource: { resourceType: 'Patient', id: 1 } }],
        /needs a resource with a string id and resourceType Patient/,
      ],
      [
        'Patient-open',
        [{ key: 'patient', resource: report }],
        /needs a resource with a string id and resourceType Patient/,
      ],
      [
        'DiagnosticReport-select',
        [
          { key: 'report', resource: report },
          { key: 'select', resource: patient },
        ],
        /needs a resources array/,
      ],
    ])('%s with %j throws %s', (event, context, text) =>
      expect(errorOf(() => validateFhircastContext(event, context))).toMatch(text)
    );

    it('requires a version id for DiagnosticReport-update only', () => {
      const context = [
        { key: 'report', resource: report },
        { key: 'updates', resource: { resourceType: 'Bundle', id: 'b1' } },
      ];
      expect(errorOf(() => validateFhircastContext('DiagnosticReport-update', context))).toBe(
        'DiagnosticReport-update needs a context version id.'
      );
      expect(validateFhircastContext('DiagnosticReport-update', context, 'v1')).toHaveLength(2);
      expect(validateFhircastContext('Patient-close', { key: 'patient', resource: patient })).toHaveLength(1);
    });
  });
});

describe('validateFhircastSubscriptionRequest', () => {
  const valid: FhircastSubscriptionRequest = {
    channelType: 'websocket',
    mode: 'subscribe',
    topic: 't',
    events: ['Patient-open'],
  };
  it('accepts a valid request', () => {
    expect(validateFhircastSubscriptionRequest(valid)).toBe(true);
    expect(validateFhircastSubscriptionRequest({ ...valid, endpoint: 'wss://hub/ws' })).toBe(true);
  });
  it.each([
    { channelType: 'webhook' },
    { mode: 'watch' },
    { topic: '' },
    { events: [] },
    { events: ['Nope'] },
    { endpoint: 'https://hub' },
  ])('rejects %j', (change) => {
    expect(validateFhircastSubscriptionRequest({ ...valid, ...change })).toBe(false);
    expect(
      errorOf(() => serializeFhircastSubscriptionRequest({ ...valid, ...change } as FhircastSubscriptionRequest))
    ).toBe('Subscription request failed validation.');
  });
  it('serializes form-encoded', () => {
    expect(
      serializeFhircastSubscriptionRequest({
        ...valid,
        events: ['Patient-open', 'Patient-close'],
        endpoint: 'wss://h/1',
      })
    ).toBe(
      'hub.channel.type=websocket&hub.mode=subscribe&hub.topic=t&hub.events=Patient-open%2CPatient-close&hub.channel.endpoint=wss%3A%2F%2Fh%2F1'
    );
  });
});

describe('createFhircastMessagePayload', () => {
  it('builds the event payload', () => {
    expect(
      createFhircastMessagePayload(
        'topic',
        'Patient-open',
        { key: 'patient', resource: patient },
        { id: 'e1', timestamp: '2024-01-01T00:00:00.000Z' }
      )
    ).toEqual({
      timestamp: '2024-01-01T00:00:00.000Z',
      id: 'e1',
      event: { 'hub.topic': 'topic', 'hub.event': 'Patient-open', context: [{ key: 'patient', resource: patient }] },
    });
  });
  it('rejects an empty topic', () => {
    expect(errorOf(() => createFhircastMessagePayload('', 'Patient-open', { key: 'patient', resource: patient }))).toBe(
      'Invalid topic provided. Topic must be a non-empty string.'
    );
  });
});
