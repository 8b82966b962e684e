// Types whose identifier is one Identifier (QuestionnaireResponse, Bundle, … : 0..1 in R4) carry
// the outbox identifier as that Identifier, and one of their own is never overwritten.
import type { Bundle, Observation, QuestionnaireResponse } from '../../fhir/types';
import { FHIR } from '../test-helpers';
import { OUTBOX_IDENTIFIER_SYSTEM, outboxIdentifierOf, prepareWrite } from './outbox-entry';
import { fakeServer, signedIn } from './offline-test-helpers';

const create = (body: unknown, headers?: Record<string, string>) =>
  prepareWrite(
    { method: 'POST', href: FHIR + (body as { resourceType: string }).resourceType, body, headers },
    FHIR,
    () => 'new-id'
  );
const response = (identifier?: unknown): QuestionnaireResponse =>
  ({
    resourceType: 'QuestionnaireResponse',
    status: 'in-progress',
    ...(identifier ? { identifier } : {}),
  }) as QuestionnaireResponse;
const OURS = { system: OUTBOX_IDENTIFIER_SYSTEM, value: 'new-id' };
const CONDITION = `identifier=${OUTBOX_IDENTIFIER_SYSTEM}|new-id`;

describe('the outbox identifier of a create', () => {
  it('is the one Identifier of a QuestionnaireResponse or a Bundle, and one more in a list elsewhere', () => {
    expect(create(response())).toMatchObject({ body: { identifier: OURS }, headers: { 'If-None-Exist': CONDITION } });
    const bundle: Bundle = { resourceType: 'Bundle', type: 'collection' };
    expect(create(bundle)?.body).toMatchObject({ identifier: OURS });
    const own = { system: 'urn:lab', value: '7' };
    const vital: Observation = { resourceType: 'Observation', status: 'final', code: {}, identifier: [own] };
    expect(create(vital)?.body).toMatchObject({ identifier: [own, OURS] });
  });

  it('keeps the outbox identifier a body already carries, in either shape, as one Identifier', () => {
    const again = { system: OUTBOX_IDENTIFIER_SYSTEM, value: 'earlier' };
    const single = create(response(again));
    expect(single?.body).toMatchObject({ identifier: again });
    expect(single?.headers['If-None-Exist']).toBe(`identifier=${OUTBOX_IDENTIFIER_SYSTEM}|earlier`);
    // A list (as an older page wrote it) becomes the single Identifier R4 allows.
    expect(create(response([again]))?.body).toMatchObject({ identifier: again });
  });

  it("uses a QuestionnaireResponse's own identifier as the condition, and never overwrites it", () => {
    const own = { system: 'urn:clinic', value: 'form 12|b' };
    const prepared = create(response(own));
    expect(prepared?.body).toEqual(response(own));
    expect(prepared?.headers['If-None-Exist']).toBe('identifier=urn%3Aclinic|form%2012%5C%7Cb');

    // Without a system and a value it cannot be searched: the create goes out unconditional, not crashing.
    const partial = create(response({ value: 'x' }));
    expect(partial?.body).toEqual(response({ value: 'x' }));
    expect(partial?.headers).not.toHaveProperty('If-None-Exist');
  });

  it('does not crash on a single Identifier where the type has a list', () => {
    const own = { system: 'urn:lab', value: '7' };
    const odd = { resourceType: 'Observation', status: 'final', code: {}, identifier: own };
    expect(create(odd)?.body).toMatchObject({ identifier: [own, OURS] });
  });

  it('is read from either shape', () => {
    expect(outboxIdentifierOf(response(OURS))).toBe('new-id');
    expect(outboxIdentifierOf(response([{ system: 'urn:x', value: '1' }, OURS]))).toBe('new-id');
    expect(outboxIdentifierOf(response({ system: 'urn:x', value: '1' }))).toBeUndefined();
    expect(outboxIdentifierOf(undefined)).toBeUndefined();
  });

  it('finds and coalesces a queued QuestionnaireResponse by its single outbox identifier', async () => {
    const server = fakeServer();
    const { client, fhirRequests } = await signedIn(server.handle);
    server.state.offline = true;
    const first = await client.createResource(response());
    expect(first.identifier).toEqual({ system: OUTBOX_IDENTIFIER_SYSTEM, value: expect.any(String) });
    const second = await client.createResource({ ...response(first.identifier), status: 'completed' });

    expect(client.outbox?.list()).toHaveLength(1);
    expect(client.isQueued(structuredClone(second))).toBe(true);

    server.state.offline = false;
    const before = fhirRequests().length;
    await client.outbox?.flush();
    expect(
      fhirRequests()
        .slice(before)
        .map((r) => r.method)
    ).toEqual(['POST']);
    expect(server.ofType('QuestionnaireResponse')).toEqual([
      expect.objectContaining({ status: 'completed', identifier: first.identifier }),
    ]);
  });
});
