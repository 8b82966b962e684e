import { LruCache } from './cache';
import { FHIR, json, setup } from './test-helpers';

const patient = (id: string, versionId = '1') => ({ resourceType: 'Patient', id, meta: { versionId } });
const searchset = (...entries: object[]) => ({
  resourceType: 'Bundle',
  type: 'searchset',
  entry: entries.map((resource) => ({ resource })),
});

describe('LruCache', () => {
  it('drops the least recently used entry when full', () => {
    const cache = new LruCache<number>(2);
    cache.set('a', 1);
    cache.set('b', 2);
    cache.get('a');
    cache.set('c', 3);
    expect(cache.keys()).toEqual(['a', 'c']);
  });
});

describe('cache', () => {
  describe('when identical GETs are in flight', () => {
    it('sends one request', async () => {
      const { client, fetch } = setup(() => json(patient('1')));
      const [a, b] = await Promise.all([client.readResource('Patient', '1'), client.readResource('Patient', '1')]);
      expect(a).toBe(b);
      expect(fetch.requests).toHaveLength(1);
    });
  });

  describe('when cacheTime is set', () => {
    beforeEach(() => vi.useFakeTimers());
    afterEach(() => vi.useRealTimers());

    it('reuses an answer for cacheTime ms, then asks again', async () => {
      const { client, fetch } = setup(() => json(searchset()), { cacheTime: 1000 });
      await client.search('Patient', { name: 'x' });
      vi.advanceTimersByTime(999);
      await client.search('Patient', { name: 'x' });
      expect(fetch.requests).toHaveLength(1);
      vi.advanceTimersByTime(1);
      await client.search('Patient', { name: 'x' });
      expect(fetch.requests).toHaveLength(2);
    });

    it("skips the cache for cache: 'reload' and 'no-cache'", async () => {
      const { client, fetch } = setup(() => json(patient('1')), { cacheTime: 60000 });
      await client.readResource('Patient', '1');
      await client.readResource('Patient', '1', { cache: 'reload' });
      await client.readResource('Patient', '1', { cache: 'no-cache' });
      expect(fetch.requests).toHaveLength(3);
    });

    it('does not keep failures', async () => {
      const { client, fetch } = setup((_r, i) => (i === 0 ? json({}, 404) : json(patient('1'))), { cacheTime: 60000 });
      await expect(client.readResource('Patient', '1')).rejects.toThrow('Not found');
      await expect(client.readResource('Patient', '1')).resolves.toMatchObject({ id: '1' });
      expect(fetch.requests).toHaveLength(2);
    });

    it('answers a read from a resource seen in a search', async () => {
      const { client, fetch } = setup(() => json(searchset(patient('1'))), { cacheTime: 60000 });
      await client.search('Patient');
      await expect(client.readResource('Patient', '1')).resolves.toEqual(patient('1'));
      expect(fetch.requests).toHaveLength(1);
    });
  });

  describe('when resources are read or searched', () => {
    it('keeps them in the resource cache and notifies listeners', async () => {
      const { client } = setup((req) =>
        req.url.includes('?') ? json(searchset(patient('2'), patient('3'))) : json(patient('1'))
      );
      const keys: (string | undefined)[] = [];
      client.onCacheChange((key) => keys.push(key));
      expect(client.getCached('Patient', '1')).toBeUndefined();
      await client.readResource('Patient', '1');
      await client.search('Patient', 'name=x');
      expect(client.getCached('Patient', '1')).toEqual(patient('1'));
      expect(client.getCachedReference({ reference: 'Patient/3' })).toEqual(patient('3'));
      expect(keys).toEqual(['Patient/1', 'Patient/2', 'Patient/3']);
    });

    it('never caches a SUBSETTED resource', async () => {
      const subsetted = { ...patient('1'), meta: { tag: [{ code: 'SUBSETTED' }] } };
      const { client } = setup(() => json(searchset(subsetted)));
      await client.search('Patient', { _elements: 'name' });
      expect(client.getCached('Patient', '1')).toBeUndefined();
    });

    it('keeps at most resourceCacheSize resources', async () => {
      const { client } = setup(() => json(searchset(patient('1'), patient('2'), patient('3'))), {
        resourceCacheSize: 2,
      });
      await client.search('Patient');
      expect(client.getCached('Patient', '1')).toBeUndefined();
      expect(client.getCached('Patient', '3')).toBeDefined();
    });

    it('stays quiet when the same version is seen again', async () => {
      const { client } = setup(() => json(patient('1')));
      await client.readResource('Patient', '1');
      const listener = vi.fn();
      client.onCacheChange(listener);
      await client.readResource('Patient', '1');
      expect(listener).not.toHaveBeenCalled();
    });

    it('stops notifying after unsubscribe', async () => {
      const { client } = setup(() => json(patient('1')));
      const listener = vi.fn();
      const unsubscribe = client.onCacheChange(listener);
      unsubscribe();
      await client.readResource('Patient', '1');
      expect(listener).not.toHaveBeenCalled();
    });
  });

  describe('when a resource is written', () => {
    it.each([
      ['update', (c: any) => c.updateResource(patient('1', '2'))],
      ['patch', (c: any) => c.patchResource('Patient', '1', [{ op: 'add', path: '/active', value: true }])],
      ['create', (c: any) => c.createResource({ resourceType: 'Patient' })],
      ['delete', (c: any) => c.deleteResource('Patient', '1')],
    ])('invalidates searches of the type after %s', async (name, write) => {
      const { client, fetch } = setup(
        (req) => {
          if (req.method === 'DELETE') return new Response(null, { status: 204 });
          if (req.method !== 'GET') return json(patient('1', '2'));
          return req.url.includes('?') ? json(searchset(patient('1'))) : json(patient('1'));
        },
        { cacheTime: 60000 }
      );
      await client.search('Patient', 'name=x');
      await client.search('Observation', 'code=y').catch(() => undefined);
      const keys: (string | undefined)[] = [];
      client.onCacheChange((key) => keys.push(key));
      await write(client);
      const cachedAfterWrite = client.getCached('Patient', '1');
      await client.search('Patient', 'name=x');
      await client.search('Observation', 'code=y').catch(() => undefined);
      expect(fetch.requests.filter((r) => r.url === FHIR + 'Patient?name=x')).toHaveLength(2);
      expect(fetch.requests.filter((r) => r.url === FHIR + 'Observation?code=y')).toHaveLength(1);
      expect(keys).toContain(undefined);
      if (name === 'delete') {
        expect(keys).toContain('Patient/1');
        expect(cachedAfterWrite).toBeUndefined();
      } else {
        expect(keys).toContain('Patient/1');
        expect(cachedAfterWrite).toEqual(patient('1', '2'));
      }
    });
  });

  describe('when a transaction writes', () => {
    it('forgets the searches of each written type and keeps the versions the server answered', async () => {
      const appointment = { resourceType: 'Appointment', id: 'a1', meta: { versionId: '1' }, status: 'booked' };
      const slot = { resourceType: 'Slot', id: 's1', meta: { versionId: '2' }, status: 'busy' };
      const { client, fetch } = setup(
        (req) => {
          if (req.method === 'POST')
            return json({
              resourceType: 'Bundle',
              type: 'transaction-response',
              entry: [{ resource: appointment }, { resource: slot }],
            });
          if (req.url.includes('Appointment?')) return json(searchset());
          if (req.url.includes('Slot?')) return json(searchset({ ...slot, meta: { versionId: '1' }, status: 'free' }));
          return json(searchset(patient('1')));
        },
        { cacheTime: 60000 }
      );
      await client.search('Appointment', 'patient=Patient/1');
      await client.search('Slot', 'schedule=Schedule/1');
      await client.search('Patient', 'name=x');
      await client.executeBatch({
        resourceType: 'Bundle',
        type: 'transaction',
        entry: [
          {
            resource: { resourceType: 'Appointment', status: 'booked' },
            request: { method: 'POST', url: 'Appointment' },
          },
          { resource: { resourceType: 'Slot', id: 's1', status: 'busy' }, request: { method: 'PUT', url: 'Slot/s1' } },
        ],
      } as any);
      await client.search('Appointment', 'patient=Patient/1');
      await client.search('Slot', 'schedule=Schedule/1');
      await client.search('Patient', 'name=x');
      const count = (url: string) => fetch.requests.filter((r) => r.url === FHIR + url).length;
      expect(count('Appointment?patient=Patient/1')).toBe(2);
      expect(count('Slot?schedule=Schedule/1')).toBe(2);
      expect(count('Patient?name=x')).toBe(1);
      expect(client.getCached('Appointment', 'a1')).toEqual(appointment);
    });
  });

  describe('when invalidating by hand', () => {
    it('invalidateUrl forgets one URL and reports its resource key', async () => {
      const { client, fetch } = setup(() => json(patient('1')), { cacheTime: 60000 });
      await client.readResource('Patient', '1');
      const keys: (string | undefined)[] = [];
      client.onCacheChange((key) => keys.push(key));
      client.invalidateUrl(client.fhirUrl('Patient', '1'));
      expect(keys).toEqual(['Patient/1']);
      expect(client.getCached('Patient', '1')).toBeUndefined();
      await client.readResource('Patient', '1');
      expect(fetch.requests).toHaveLength(2);
    });

    it('invalidateAll forgets everything and reports undefined', async () => {
      const { client, fetch } = setup(() => json(patient('1')), { cacheTime: 60000 });
      await client.readResource('Patient', '1');
      const listener = vi.fn();
      client.onCacheChange(listener);
      client.invalidateAll();
      expect(listener).toHaveBeenCalledWith(undefined);
      expect(client.getCached('Patient', '1')).toBeUndefined();
      await client.readResource('Patient', '1');
      expect(fetch.requests).toHaveLength(2);
    });

    it('invalidateSearches forgets the searches of one type only', async () => {
      const { client, fetch } = setup(() => json(searchset()), { cacheTime: 60000 });
      await client.search('Patient', 'a=1');
      await client.search('Practitioner', 'a=1');
      client.invalidateSearches('Patient');
      await client.search('Patient', 'a=1');
      await client.search('Practitioner', 'a=1');
      expect(fetch.requests.map((r) => r.url)).toEqual([
        FHIR + 'Patient?a=1',
        FHIR + 'Practitioner?a=1',
        FHIR + 'Patient?a=1',
      ]);
    });

    it('signing out empties the cache', async () => {
      const { client } = setup(() => json(patient('1')));
      await client.readResource('Patient', '1');
      client.clearActiveLogin();
      expect(client.getCached('Patient', '1')).toBeUndefined();
    });
  });
});

describe('cache listeners', () => {
  it('logs a failing listener and still answers the read', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const { client } = setup(() => json(patient('1')));
    client.onCacheChange(() => {
      throw new Error('boom');
    });
    await expect(client.readResource('Patient', '1')).resolves.toEqual(patient('1'));
    expect(error).toHaveBeenCalledWith('[FhirClient] Cache listener failed: boom');
    error.mockRestore();
  });
});
