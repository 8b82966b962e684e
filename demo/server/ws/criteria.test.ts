import type { Communication } from '../../../src/fhir/types';
import { matchesCriteria, parseCriteria, websocketUrl } from './criteria';

describe('parseCriteria', () => {
  it('splits the type and the filters, with the library parser', () => {
    const parsed = parseCriteria('Communication?recipient=Patient/1&status=in-progress')!;
    expect(parsed.resourceType).toBe('Communication');
    expect(parsed.filters).toEqual([
      { code: 'recipient', operator: 'eq', value: 'Patient/1' },
      { code: 'status', operator: 'eq', value: 'in-progress' },
    ]);
  });

  it('accepts a bare type and refuses junk and bad values', () => {
    expect(parseCriteria('Observation')!.filters).toBeUndefined();
    expect(parseCriteria('?x=1')).toBeUndefined();
    expect(parseCriteria('not a type')).toBeUndefined();
    expect(parseCriteria(undefined)).toBeUndefined();
    expect(parseCriteria('Observation?date=soon')).toBeUndefined();
  });
});

describe('matchesCriteria', () => {
  const message: Communication = {
    resourceType: 'Communication',
    id: 'c1',
    status: 'in-progress',
    recipient: [{ reference: 'Patient/1' }],
  };

  it('matches what the library matcher matches', () => {
    expect(matchesCriteria(parseCriteria('Communication?recipient=Patient/1')!, message)).toBe(true);
    expect(matchesCriteria(parseCriteria('Communication?recipient=Patient/2')!, message)).toBe(false);
    expect(matchesCriteria(parseCriteria('Communication?status=completed')!, message)).toBe(false);
    expect(matchesCriteria(parseCriteria('Observation')!, message)).toBe(false);
  });

  it('never matches on a parameter it does not know', () => {
    expect(matchesCriteria(parseCriteria('Communication?shoe-size=42')!, message)).toBe(false);
  });
});

describe('websocketUrl', () => {
  it('maps http to ws and https to wss', () => {
    expect(websocketUrl('http://127.0.0.1:8103/')).toBe('ws://127.0.0.1:8103/ws/subscriptions-r4');
    expect(websocketUrl('https://fhir.example.com/')).toBe('wss://fhir.example.com/ws/subscriptions-r4');
  });
});
