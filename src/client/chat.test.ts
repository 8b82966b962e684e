import type { Communication } from '../fhir/types';
import {
  chatSearchParams,
  createChatMessage,
  fetchChatPage,
  markChatMessageReceived,
  mergeChatMessages,
  needsReceipt,
  participantsQuery,
} from './chat';
import { FHIR, json, setup } from './test-helpers';

const message = (id: string, sent: string, extra: Partial<Communication> = {}): Communication => ({
  resourceType: 'Communication',
  id,
  status: 'completed',
  sent,
  ...extra,
});

describe('chat helpers', () => {
  describe('when searching a chat', () => {
    it('adds _sort=-sent, sent:missing=false and the page size to the query', () => {
      expect(chatSearchParams('subject=Patient/1').toString()).toBe(
        'subject=Patient%2F1&_sort=-sent&sent%3Amissing=false&_count=100'
      );
    });

    it('asks for messages sent before the oldest shown for an older page', async () => {
      const { client, fetch } = setup(() =>
        json({
          resourceType: 'Bundle',
          type: 'searchset',
          entry: [{ resource: message('m1', '2026-01-01T00:00:00Z') }],
        })
      );
      const page = await fetchChatPage(client, 'subject=Patient/1', { count: 1, before: '2026-01-02T00:00:00.000Z' });
      const url = new URL(fetch.requests[0].url);
      expect(fetch.requests[0].method).toBe('GET');
      expect(url.pathname).toBe('/fhir/R4/Communication');
      expect(url.searchParams.get('_sort')).toBe('-sent');
      expect(url.searchParams.get('sent:missing')).toBe('false');
      expect(url.searchParams.get('_count')).toBe('1');
      expect(url.searchParams.getAll('sent')).toEqual(['lt2026-01-02T00:00:00.000Z']);
      expect(page).toEqual({ messages: [message('m1', '2026-01-01T00:00:00Z')], hasOlder: true });
    });

    it('builds the participants query: sender and recipient each one of the two', () => {
      expect(participantsQuery({ reference: 'Patient/1' }, { resourceType: 'Practitioner', id: '2' })).toBe(
        'sender=Patient/1,Practitioner/2&recipient=Patient/1,Practitioner/2'
      );
    });
  });

  describe('when sending and receiving', () => {
    it('creates a message with status in-progress, sent now and the text as payload', async () => {
      const { client, fetch } = setup((request) => json({ ...JSON.parse(request.body), id: 'new' }, 201));
      const now = new Date('2026-03-01T10:00:00Z');
      const created = await createChatMessage(client, {
        text: 'Hello',
        sender: { reference: 'Patient/1' },
        recipient: [{ reference: 'Practitioner/2' }],
        basedOn: [{ reference: 'ServiceRequest/3' }],
        now,
      });
      expect(fetch.requests[0].method).toBe('POST');
      expect(fetch.requests[0].url).toBe(`${FHIR}Communication`);
      expect(JSON.parse(fetch.requests[0].body)).toEqual({
        resourceType: 'Communication',
        status: 'in-progress',
        sent: '2026-03-01T10:00:00.000Z',
        payload: [{ contentString: 'Hello' }],
        sender: { reference: 'Patient/1' },
        recipient: [{ reference: 'Practitioner/2' }],
        basedOn: [{ reference: 'ServiceRequest/3' }],
      });
      expect(created.id).toBe('new');
    });

    it('marks an incoming message completed with received now', async () => {
      const { client, fetch } = setup((request) => json(JSON.parse(request.body)));
      await markChatMessageReceived(
        client,
        message('m1', '2026-01-01T00:00:00Z', { status: 'in-progress' }),
        new Date('2026-03-01T10:00:00Z')
      );
      expect(fetch.requests[0].method).toBe('PUT');
      expect(fetch.requests[0].url).toBe(`${FHIR}Communication/m1`);
      expect(JSON.parse(fetch.requests[0].body)).toMatchObject({
        status: 'completed',
        received: '2026-03-01T10:00:00.000Z',
      });
    });

    it('needs a receipt only for a message from someone else without a received time', () => {
      const incoming = message('m1', '2026-01-01T00:00:00Z', { sender: { reference: 'Practitioner/2' } });
      expect(needsReceipt(incoming, 'Patient/1')).toBe(true);
      expect(needsReceipt(incoming, 'Practitioner/2')).toBe(false);
      expect(needsReceipt({ ...incoming, received: '2026-01-01T00:01:00Z' }, 'Patient/1')).toBe(false);
    });
  });

  describe('when merging', () => {
    it('keeps one copy per id, the newer version, ordered by sent ascending', () => {
      const a = message('a', '2026-01-02T00:00:00Z', { meta: { lastUpdated: '2026-01-02T00:00:00Z' } });
      const aUpdated = { ...a, status: 'completed' as const, meta: { lastUpdated: '2026-01-02T00:05:00Z' } };
      const b = message('b', '2026-01-01T00:00:00Z');
      const merged = mergeChatMessages([aUpdated, b], [a, b]);
      expect(merged.map((m) => m.id)).toEqual(['b', 'a']);
      expect(merged[1]).toBe(aUpdated);
    });
  });
});
