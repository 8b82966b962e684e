import { parseCriteria, websocketUrl } from './criteria';

describe('parseCriteria', () => {
  it('splits the type and the parameters', () => {
    const parsed = parseCriteria('Communication?recipient=Patient/1&status=in-progress')!;
    expect(parsed.resourceType).toBe('Communication');
    expect(parsed.params.get('recipient')).toBe('Patient/1');
    expect(parsed.params.get('status')).toBe('in-progress');
  });

  it('accepts a bare type and refuses junk', () => {
    expect(parseCriteria('Observation')!.params.toString()).toBe('');
    expect(parseCriteria('?x=1')).toBeUndefined();
    expect(parseCriteria('not a type')).toBeUndefined();
    expect(parseCriteria(undefined)).toBeUndefined();
  });
});

describe('websocketUrl', () => {
  it('maps http to ws and https to wss', () => {
    expect(websocketUrl('http://127.0.0.1:8103/')).toBe('ws://127.0.0.1:8103/ws/subscriptions-r4');
    expect(websocketUrl('https://fhir.example.com/')).toBe('wss://fhir.example.com/ws/subscriptions-r4');
  });
});
