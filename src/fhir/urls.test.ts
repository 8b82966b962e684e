import { getSafeReferenceHref, isSafeUrl, safeUrl } from './urls';

describe('isSafeUrl', () => {
  it.each([
    'https://x.test/a.pdf',
    'http://x.test',
    'data:image/png;base64,AAAA',
    'blob:https://x.test/1',
    '/Patient/1',
  ])('allows %s', (url) => expect(isSafeUrl(url)).toBe(true));
  it.each([
    'javascript:alert(1)',
    ' JavaScript:alert(1)',
    'java\tscript:alert(1)',
    'vbscript:x',
    'file:///etc/passwd',
    '//evil.test/x',
    '/\\evil.test',
    '',
    undefined,
  ])('refuses %j', (url) => {
    expect(isSafeUrl(url)).toBe(false);
    expect(safeUrl(url)).toBeUndefined();
  });
});

describe('getSafeReferenceHref', () => {
  it('links plain references and absolute http(s) ones only', () => {
    expect(getSafeReferenceHref('Patient/1')).toBe('/Patient/1');
    expect(getSafeReferenceHref('https://other.test/fhir/Patient/1')).toBe('https://other.test/fhir/Patient/1');
    expect(getSafeReferenceHref('javascript:alert(1)')).toBeUndefined();
    expect(getSafeReferenceHref('#contained')).toBeUndefined();
    expect(getSafeReferenceHref('Patient/1/../../x')).toBeUndefined();
  });
});
