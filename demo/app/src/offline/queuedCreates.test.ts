import { OUTBOX_IDENTIFIER_SYSTEM, type Observation, type OutboxEntry } from 'fhir-portal-kit';
import { outboxKeyOf, queuedCreates } from './queuedCreates';

const reading = (value: number, key: string): Observation =>
  ({
    resourceType: 'Observation',
    status: 'preliminary',
    code: { text: 'Heart rate' },
    valueQuantity: { value },
    identifier: [{ system: OUTBOX_IDENTIFIER_SYSTEM, value: key }],
  }) as Observation;

const entry = (id: string, state: OutboxEntry['state'], body: unknown, kind: OutboxEntry['kind'] = 'create') =>
  ({
    id,
    kind,
    method: 'POST',
    url: 'fhir/R4/Observation',
    resourceType: (body as { resourceType: string }).resourceType,
    headers: {},
    body,
    state,
    attempts: 0,
    queuedAt: '2026-11-29T10:00:00Z',
  }) as OutboxEntry;

describe('queuedCreates', () => {
  it('lists the unsent creates of a type that match, oldest first', () => {
    const entries = [
      entry('1', 'sent', reading(60, 'a')),
      entry('2', 'pending', reading(70, 'b')),
      entry('3', 'sending', reading(80, 'c')),
      entry('4', 'pending', { resourceType: 'Task', status: 'requested' }),
      entry('5', 'pending', reading(90, 'd'), 'update'),
      entry('6', 'failed', reading(100, 'e')),
      entry('7', 'conflict', reading(110, 'f')),
    ];
    const found = queuedCreates<Observation>(entries, 'Observation', (o) => (o.valueQuantity?.value ?? 0) < 100);
    expect(found.map((o) => o.valueQuantity?.value)).toEqual([70, 80]);
    expect(found.map(outboxKeyOf)).toEqual(['b', 'c']);
  });
});
