// The validator over real HTTP, without credentials, as the portal's Validate button and any
// stranger on the network call it: multipart with a ccdaFile part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backends, startTestServer, type TestServer } from '../test/test-server';
import { buildCcdDocument } from '../seed/documents';
import { CCDA_VALIDATE_PATH } from './routes';
import { ERROR_TYPE, MAX_CCDA_BYTES } from './validate-ccda';

const ccd = buildCcdDocument(new Date('2026-03-01T10:00:00Z'));

describe.each(backends())('C-CDA validator (%s)', (backend) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer(backend);
  }, 60_000);
  afterAll(() => server?.destroy());

  const post = async (body: BodyInit, headers: Record<string, string> = {}) => {
    const res = await fetch(new URL(CCDA_VALIDATE_PATH.slice(1), server.url), { method: 'POST', body, headers });
    return { status: res.status, body: await res.json() };
  };
  const form = (xml: string | Blob, name = 'ccd.xml') => {
    const data = new FormData();
    data.append('ccdaFile', typeof xml === 'string' ? new Blob([xml], { type: 'text/xml' }) : xml, name);
    return data;
  };

  it('answers 200 with no findings for a valid document', async () => {
    const res = await post(form(ccd));
    expect(res.status).toBe(200);
    expect(res.body.ccdaValidationResults).toEqual([]);
    expect(res.body.resultsMetaData).toMatchObject({
      ccdaFileName: 'ccd.xml',
      ccdaDocumentType: 'Continuity Of Care Document',
    });
  });

  it('answers 200 with the findings for an invalid one', async () => {
    const res = await post(form(ccd.replace('<languageCode code="en-US"/>', '')));
    expect(res.status).toBe(200);
    expect(res.body.ccdaValidationResults).toEqual([
      {
        type: ERROR_TYPE,
        description: 'The header must contain languageCode',
        xPath: '/ClinicalDocument/languageCode',
        documentLineNumber: '0',
      },
    ]);
  });

  describe('when the request is not what the validator takes', () => {
    it('answers 415 for a body that is not multipart, and 400 without the ccdaFile part', async () => {
      const json = await post(JSON.stringify({ ccdaFile: ccd }), { 'content-type': 'application/json' });
      expect(json.status).toBe(415);
      expect(json.body.issue[0].details.text).toBe('Send the document as multipart/form-data with a ccdaFile part');
      const other = new FormData();
      other.append('file', new Blob([ccd]), 'ccd.xml');
      const missing = await post(other);
      expect(missing.status).toBe(400);
      expect(missing.body.issue[0].details.text).toBe('Missing the ccdaFile part');
    });

    it('answers 400 for a broken multipart body and for bytes that are not UTF-8', async () => {
      const broken = await post('--x\r\nnot a part', { 'content-type': 'multipart/form-data; boundary=x' });
      expect(broken.status).toBe(400);
      expect(broken.body.issue[0].details.text).toBe('The multipart body could not be read');
      const latin1 = await post(form(new Blob([new Uint8Array([0x3c, 0x61, 0xe9, 0xff, 0x3e])])));
      expect(latin1.status).toBe(400);
      expect(latin1.body.issue[0].details.text).toBe('The document is not UTF-8 text');
    });
  });

  describe('when an attacker sends a huge or hostile document', () => {
    it(`answers 413 above ${MAX_CCDA_BYTES / 1024 / 1024} MB`, async () => {
      const big = ccd.replace('<title>', `<!-- ${'x'.repeat(MAX_CCDA_BYTES)} --><title>`);
      const res = await post(form(big));
      expect(res.status).toBe(413);
      expect(res.body.issue[0].details.text).toBe('The document is larger than 5 MB');
    });

    it('refuses entities and answers everyone else meanwhile', async () => {
      const laughs = `<!DOCTYPE l [<!ENTITY a "${'a'.repeat(1000)}"><!ENTITY b "${'&a;'.repeat(1000)}">]><l>${'&b;'.repeat(1000)}</l>`;
      const attack = post(form(laughs));
      const health = await fetch(new URL('healthcheck', server.url));
      expect(health.status).toBe(200);
      const res = await attack;
      expect(res.status).toBe(200);
      expect(res.body.ccdaValidationResults.map((i: { description: string }) => i.description)).toEqual([
        'The document must not contain a DOCTYPE declaration',
      ]);
    });
  });
});
