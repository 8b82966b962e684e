// Issue 19: thousands of spellings of every route family (escaped letters and slashes,
// doubled, dot and leading segments, backslashes, case changes, trailing characters), sent
// with no token, and with the front desk's token at the clinical routes its policy denies.
// None reaches data: with no token nothing answers 2xx but a public route, and the planted
// records never appear in any answer. Bounded: a few thousand requests, seconds.
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AccessPolicy } from '../../../src/fhir/access-policy';
import { PUBLIC_ROUTES, isPublicRoute } from '../app';
import { backends, createAccount, startTestServer, type TestServer } from '../test/test-server';
import { canonicalPath } from '../http/canonical-path.mjs';
import { Router } from '../http/router';
import { frontDeskPolicy } from '../seed/front-desk';
import { sendTarget } from '../test/raw-target';
import { samplePath } from '../test/route-samples';

const HASH_MARKER = 'scrypt$fuzz-marker-hash';
const OBSERVATION_MARKER = 'fuzz-marker-observation';
const PATIENT_MARKER = 'Fuzzmarker';

type Mutation = (path: string) => string;

/** The index of the n-th character (modulo their count) that passes `test`, or -1. */
function nth(path: string, n: number, test: (c: string) => boolean): number {
  const found: number[] = [];
  for (let i = 0; i < path.length; i++) if (test(path[i])) found.push(i);
  return found.length ? found[n % found.length] : -1;
}

const escape = (c: string, lower: boolean) => {
  const hex = c.charCodeAt(0).toString(16).padStart(2, '0');
  return '%' + (lower ? hex : hex.toUpperCase());
};

/** One change to a path, of each kind the critical finding used and a few more. */
const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  // An escaped character (a letter, a digit, '$', '_', '.', '-').
  fc.tuple(fc.nat(), fc.boolean()).map(([n, lower]): Mutation => (p) => {
    const i = nth(p, n, (c) => c !== '/' && c !== '%');
    return i < 0 ? p : p.slice(0, i) + escape(p[i], lower) + p.slice(i + 1);
  }),
  // A slash spelled another way, or a segment added around it.
  fc
    .tuple(
      fc.nat(),
      fc.constantFrom('//', '/./', '/x/../', '/../', '\\', '%2F', '%2f', '%5C', '/%2E/', '/.%2e/', '/;/')
    )
    .map(([n, spelling]): Mutation => (p) => {
      const i = nth(p, n, (c) => c === '/');
      return i < 0 ? p : p.slice(0, i) + spelling + p.slice(i + 1);
    }),
  // A letter in the other case.
  fc.nat().map((n): Mutation => (p) => {
    const i = nth(p, n, (c) => /[A-Za-z]/.test(c));
    if (i < 0) return p;
    const c = p[i];
    return p.slice(0, i) + (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase()) + p.slice(i + 1);
  }),
  // Something after the path, or before it.
  fc.constantFrom('/', '//', '/.', '/..', '%2F', '%00', ';x', '?', '#', '%20').map(
    (s): Mutation =>
      (p) =>
        p + s
  ),
  fc.constantFrom('/', '/.', '\\', '/%2e').map(
    (s): Mutation =>
      (p) =>
        s + p
  ),
  // A percent sign escaped again (what '%66' becomes when escaped twice).
  fc.constant<Mutation>((p) => p.replace('%', '%25'))
);

const spelling = fc.array(mutation, { minLength: 1, maxLength: 3 });

describe.each(backends())('spellings of every route (%s)', (backend) => {
  let server: TestServer;
  let patientId: string;
  let observationId: string;
  let frontDeskToken: string;
  /** The public routes, to tell whether a spelling that answered 2xx was one of them. */
  const publicRouter = new Router();
  for (const name of PUBLIC_ROUTES) {
    const [method, pattern] = name.split(' ');
    publicRouter.add(method, pattern, async () => ({ status: 200 }));
  }

  beforeAll(async () => {
    server = await startTestServer(backend);
    const repo = server.ctx.systemRepo;
    await repo.createResource<any>({
      resourceType: 'User',
      email: 'fuzz-victim@example.com',
      firstName: 'Fuzz',
      lastName: 'Victim',
      passwordHash: HASH_MARKER,
    });
    patientId = (await repo.createResource<any>({ resourceType: 'Patient', name: [{ family: PATIENT_MARKER }] })).id;
    observationId = (
      await repo.createResource<any>({
        resourceType: 'Observation',
        status: 'final',
        code: { text: 'glucose' },
        subject: { reference: `Patient/${patientId}` },
        valueString: OBSERVATION_MARKER,
      })
    ).id;
    const frontDesk = await createAccount(server, 'Practitioner');
    const { id: _fixedId, ...policy } = frontDeskPolicy;
    const stored = await repo.createResource<AccessPolicy>(policy);
    const membership = await repo.searchOne<any>('ProjectMembership', { profile: frontDesk.profile });
    await repo.updateResource({ ...membership, accessPolicy: { reference: `AccessPolicy/${stored.id}` } });
    frontDeskToken = frontDesk.token;
  }, 120_000);
  afterAll(() => server?.destroy());

  const leaks = (text: string) =>
    text.includes(HASH_MARKER) || text.includes(OBSERVATION_MARKER) || text.includes(PATIENT_MARKER);

  /** Whether a spelling, parsed as the server parses it, names a public route. */
  const isPublicSpelling = (method: string, target: string) => {
    const parsed = canonicalPath(target.split('?')[0].split('#')[0]);
    return parsed.ok && Boolean(publicRouter.match(method, parsed.path));
  };

  it('lets no spelling of a route that is not public answer 2xx or data without a token', async () => {
    const families = server
      .routes()
      .filter((r) => !isPublicRoute(r))
      .flatMap((r) => [
        { method: r.method, path: samplePath(r.pattern, { type: 'User', id: patientId }) },
        { method: r.method, path: samplePath(r.pattern, { type: 'Patient', id: patientId }) },
      ]);
    const planted = JSON.stringify({ resourceType: 'Patient', name: [{ family: 'Planted' }] });
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: families.length - 1 }), spelling, async (index, changes) => {
        const family = families[index];
        const target = changes.reduce((p, change) => change(p), family.path);
        const write = family.method !== 'GET' && family.method !== 'DELETE';
        const res = await sendTarget(
          server,
          family.method,
          target,
          write ? { headers: { 'Content-Type': 'application/fhir+json' }, body: planted } : {}
        );
        expect(leaks(res.text), `${family.method} ${target} answered data`).toBe(false);
        if (res.status >= 200 && res.status < 300)
          expect(isPublicSpelling(family.method, target), `${family.method} ${target} answered ${res.status}`).toBe(
            true
          );
      }),
      { numRuns: 2500 }
    );
    const plantedFound = await server.ctx.systemRepo.searchResources<any>('Patient', { family: 'Planted' }, 10);
    expect(plantedFound).toEqual([]);
  }, 120_000);

  it('lets no spelling give the front desk the clinical data its policy denies', async () => {
    const families = server
      .routes()
      .filter((r) => r.method === 'GET' && r.pattern.includes(':type'))
      .map((r) => samplePath(r.pattern, { type: 'Observation', id: observationId }))
      .concat([`/fhir/R4/Patient/${patientId}/$everything`]);
    await fc.assert(
      fc.asyncProperty(fc.nat({ max: families.length - 1 }), spelling, async (index, changes) => {
        const target = changes.reduce((p, change) => change(p), families[index]);
        const res = await sendTarget(server, 'GET', target, { headers: { Authorization: `Bearer ${frontDeskToken}` } });
        expect(res.text.includes(OBSERVATION_MARKER), `GET ${target} answered the Observation`).toBe(false);
      }),
      { numRuns: 800 }
    );
  }, 120_000);
});
