// The one parse of a request path (issue 19): which spellings are refused, which are made
// canonical, and that the canonical form is a fixed point (parsing it again changes nothing).
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { MAX_PATH_LENGTH, canonicalPath, canonicalTarget } from './canonical-path.mjs';

describe('canonicalPath', () => {
  it.each([
    ['/', '/'],
    ['/fhir/R4/Patient', '/fhir/R4/Patient'],
    ['/fhir/R4/Patient/', '/fhir/R4/Patient'],
    ['/fhir/R4/Patient/1/%24everything', '/fhir/R4/Patient/1/$everything'],
    ['/fhircast/STU3/a%3ab%40c', '/fhircast/STU3/a:b@c'],
    ['/fhircast/STU3/a%20b%3f', '/fhircast/STU3/a%20b%3F'],
    ['/x/%c3%a9', '/x/%C3%A9'],
    ['/x/%25', '/x/%25'],
    ['/fhir/R4/Patient/a.b-c_d~e', '/fhir/R4/Patient/a.b-c_d~e'],
  ])('makes %s into %s', (input, output) => {
    expect(canonicalPath(input)).toEqual({ ok: true, path: output });
  });

  it.each([
    ['', 'must start with /'],
    ['fhir/R4', 'must start with /'],
    ['*', 'must start with /'],
    ['http://host/fhir/R4', 'must start with /'],
    ['//fhir', 'empty segment'],
    ['/fhir//R4', 'empty segment'],
    ['/fhir/R4//', 'empty segment'],
    ['/fhir/./R4', 'dot segment'],
    ['/fhir/../R4', 'dot segment'],
    ['/fhir/R4/..', 'dot segment'],
    ['/fhir/R4/./', 'dot segment'],
    ['/%66hir', 'escapes a letter'],
    ['/fhir/%52%34', 'escapes a letter'],
    ['/fhir/%2e%2e/x', 'escapes a letter'],
    ['/fhir%2FR4', 'encoded slash'],
    ['/fhir%5cR4', 'encoded slash'],
    ['/fhir\\R4', 'backslash'],
    ['/fhir/%00', 'control'],
    ['/fhir/%7f', 'control'],
    ['/fhir/%', 'not an escape'],
    ['/fhir/%4', 'not an escape'],
    ['/fhir/%zz', 'not an escape'],
    ['/fhir/%C3', 'not UTF-8'],
    ['/fhir/a b', 'must be escaped'],
    ['/fhir/é', 'must be escaped'],
    ['/fhir/"x"', 'must be escaped'],
  ])('refuses %j (%s)', (input, reason) => {
    const parsed = canonicalPath(input);
    expect(parsed.ok).toBe(false);
    expect(!parsed.ok && parsed.status).toBe(400);
    expect(!parsed.ok && parsed.reason).toContain(reason);
  });

  it('refuses a path over the length limit with 414, before looking at it', () => {
    const parsed = canonicalPath('/' + 'a'.repeat(MAX_PATH_LENGTH));
    expect(parsed).toMatchObject({ ok: false, status: 414 });
    expect(canonicalPath('/' + 'a'.repeat(MAX_PATH_LENGTH - 1))).toMatchObject({ ok: true });
  });

  it('answers a canonical path unchanged when parsed again', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 60 }), (s) => {
        const first = canonicalPath('/' + s);
        if (first.ok) expect(canonicalPath(first.path)).toEqual(first);
      }),
      { numRuns: 3000 }
    );
  });
});

describe('canonicalTarget', () => {
  it('splits the query off and leaves it as it came', () => {
    expect(canonicalTarget('/fhir/R4/Patient/?name=a%2Fb&x=..')).toEqual({
      ok: true,
      path: '/fhir/R4/Patient',
      query: 'name=a%2Fb&x=..',
    });
  });

  it('refuses a fragment, and measures the path alone against the limit', () => {
    expect(canonicalTarget('/fhir/R4/Patient#x')).toMatchObject({ ok: false, status: 400 });
    expect(canonicalTarget(`/fhir?${'q'.repeat(MAX_PATH_LENGTH * 2)}`)).toMatchObject({ ok: true });
    expect(canonicalTarget(`/${'a'.repeat(MAX_PATH_LENGTH)}?x`)).toMatchObject({ ok: false, status: 414 });
  });
});
