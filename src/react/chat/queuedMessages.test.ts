import { OUTBOX_IDENTIFIER_SYSTEM } from '../../client/offline/outbox-entry';
import { outboxIdentifier } from './queuedMessages';

describe('outboxIdentifier', () => {
  it('reads the outbox identifier from a list or from a single Identifier', () => {
    const ours = { system: OUTBOX_IDENTIFIER_SYSTEM, value: 'k1' };
    expect(outboxIdentifier({ identifier: [{ system: 'urn:x', value: '1' }, ours] })).toBe('k1');
    expect(outboxIdentifier({ identifier: ours })).toBe('k1');
    expect(outboxIdentifier({ identifier: { system: 'urn:x', value: '1' } })).toBeUndefined();
    expect(outboxIdentifier({})).toBeUndefined();
  });
});
