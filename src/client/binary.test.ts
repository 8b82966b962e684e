import { FHIR, expectedHeaders, json, setup } from './test-helpers';

const binary = { resourceType: 'Binary', id: 'b1', contentType: 'text/plain', url: 'https://files.test/b1' };

class FakeXhr {
  static last: FakeXhr;
  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown;
  withCredentials = false;
  status = 0;
  statusText = '';
  responseText = '';
  upload: { onprogress?: (e: ProgressEvent) => void } = {};
  onload?: () => void;
  onerror?: () => void;
  onabort?: () => void;
  constructor() {
    FakeXhr.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }
  send(body: unknown) {
    this.body = body;
  }
  abort() {
    this.onabort?.();
  }
  respond(status: number, body: string) {
    this.status = status;
    this.responseText = body;
    this.onload?.();
  }
}

describe('binary upload', () => {
  describe('when no progress callback is given', () => {
    it('posts the raw data to Binary with _filename and the content type', async () => {
      const { client, fetch } = setup(() => json(binary));
      client.setAccessToken('tok');
      await expect(client.createBinary('hello', 'a.txt', 'text/plain')).resolves.toEqual(binary);
      expect(fetch.requests).toEqual([
        {
          method: 'POST',
          url: FHIR + 'Binary?_filename=a.txt',
          headers: expectedHeaders('tok', { 'Content-Type': 'text/plain' }),
          body: 'hello',
          credentials: 'include',
        },
      ]);
    });

    it('sends X-Security-Context from the options form and defaults to octet-stream', async () => {
      const { client, fetch } = setup(() => json(binary));
      const data = new Uint8Array([1, 2, 3]);
      await client.createBinary({ data, securityContext: { reference: 'Patient/1' } });
      expect(fetch.requests[0]).toEqual({
        method: 'POST',
        url: FHIR + 'Binary',
        headers: expectedHeaders(undefined, {
          'Content-Type': 'application/octet-stream',
          'X-Security-Context': 'Patient/1',
        }),
        body: data,
        credentials: 'include',
      });
    });

    it('types C-CDA XML as application/cda+xml', async () => {
      const { client, fetch } = setup(() => json(binary));
      const cda = '<ClinicalDocument xmlns="urn:hl7-org:v3"></ClinicalDocument>';
      await client.createBinary(cda, 'ccd.xml', 'application/xml');
      expect(fetch.requests[0].headers['Content-Type']).toBe('application/cda+xml');
      await client.createBinary('<note xmlns="urn:other"/>', 'n.xml', 'application/xml');
      expect(fetch.requests[1].headers['Content-Type']).toBe('application/xml');
    });

    it('ignores a File with no name', async () => {
      const { client, fetch } = setup(() => json(binary));
      await expect(client.createBinary(new File(['x'], ''), undefined, 'text/plain')).resolves.toBeUndefined();
      await expect(client.createAttachment({ data: new File(['x'], '') })).resolves.toBeUndefined();
      expect(fetch.requests).toHaveLength(0);
    });
  });

  describe('when a progress callback is given', () => {
    beforeEach(() => vi.stubGlobal('XMLHttpRequest', FakeXhr));
    afterEach(() => vi.unstubAllGlobals());

    it('uploads through XMLHttpRequest with the bearer token and reports progress', async () => {
      const { client, fetch } = setup();
      client.setAccessToken('tok');
      const onProgress = vi.fn();
      const promise = client.createBinary('hello', 'a.txt', 'text/plain', onProgress);
      await vi.waitFor(() => expect(FakeXhr.last?.body).toBe('hello'));
      const xhr = FakeXhr.last;
      expect(xhr.method).toBe('POST');
      expect(xhr.url).toBe(FHIR + 'Binary?_filename=a.txt');
      expect(xhr.withCredentials).toBe(true);
      expect(xhr.headers).toEqual(expectedHeaders('tok', { 'Content-Type': 'text/plain' }));
      const progress = { loaded: 2, total: 5 } as ProgressEvent;
      xhr.upload.onprogress?.(progress);
      expect(onProgress).toHaveBeenCalledWith(progress);
      xhr.respond(201, JSON.stringify(binary));
      await expect(promise).resolves.toEqual(binary);
      expect(fetch.requests).toHaveLength(0);
    });

    it("fails 'Request error' on a network error and the server outcome on a 4xx", async () => {
      const { client } = setup();
      const first = client.createBinary('x', 'a', 'text/plain', () => undefined).catch((e: Error) => e.message);
      await vi.waitFor(() => expect(FakeXhr.last?.body).toBe('x'));
      FakeXhr.last.onerror?.();
      expect(await first).toBe('Request error');
      const second = client.createBinary('y', 'a', 'text/plain', () => undefined).catch((e: Error) => e.message);
      await vi.waitFor(() => expect(FakeXhr.last?.body).toBe('y'));
      FakeXhr.last.respond(
        400,
        JSON.stringify({
          resourceType: 'OperationOutcome',
          issue: [{ severity: 'error', code: 'invalid', details: { text: 'Too big' } }],
        })
      );
      expect(await second).toBe('Too big');
    });

    it("fails 'Request aborted' when the signal aborts", async () => {
      const { client } = setup();
      const controller = new AbortController();
      const promise = client
        .createBinary({ data: 'x', onProgress: () => undefined }, { signal: controller.signal })
        .catch((e: Error) => e.message);
      await vi.waitFor(() => expect(FakeXhr.last?.body).toBe('x'));
      controller.abort();
      expect(await promise).toBe('Request aborted');
    });
  });

  describe('when making an attachment', () => {
    it('answers contentType, url and title', async () => {
      const { client } = setup(() => json(binary));
      await expect(client.createAttachment('hello', 'a.txt', 'text/plain')).resolves.toEqual({
        contentType: 'text/plain',
        url: 'https://files.test/b1',
        title: 'a.txt',
      });
    });
  });

  describe('when uploading media', () => {
    it('creates Media in preparation, uploads with it as security context, then completes it', async () => {
      const { client, fetch } = setup((req) => {
        if (req.url.startsWith(FHIR + 'Binary')) return json(binary);
        return json({ id: 'm1', ...JSON.parse(req.body as string) });
      });
      const media = await client.uploadMedia('hello', 'text/plain', 'a.txt', { subject: { reference: 'Patient/1' } });
      expect(fetch.requests.map((r) => [r.method, r.url, r.headers['X-Security-Context'], r.body])).toEqual([
        [
          'POST',
          FHIR + 'Media',
          undefined,
          JSON.stringify({
            resourceType: 'Media',
            status: 'preparation',
            content: { contentType: 'text/plain' },
            subject: { reference: 'Patient/1' },
          }),
        ],
        ['POST', FHIR + 'Binary?_filename=a.txt', 'Media/m1', 'hello'],
        [
          'PUT',
          FHIR + 'Media/m1',
          undefined,
          JSON.stringify({
            id: 'm1',
            resourceType: 'Media',
            status: 'completed',
            content: { contentType: 'text/plain', url: 'https://files.test/b1', title: 'a.txt' },
            subject: { reference: 'Patient/1' },
          }),
        ],
      ]);
      expect(media.status).toBe('completed');
    });

    it('createMedia does the same', async () => {
      const { client, fetch } = setup((req) =>
        req.url.includes('Binary') ? json(binary) : json({ resourceType: 'Media', id: 'm1', status: 'completed' })
      );
      await client.createMedia('x', 'text/plain', 'x.txt');
      expect(fetch.requests.map((r) => r.method)).toEqual(['POST', 'POST', 'PUT']);
    });
  });

  describe('when creating a DocumentReference', () => {
    it('uploads the file, then creates the DocumentReference with status current and the attachment', async () => {
      const { client, fetch } = setup((req) =>
        req.url.startsWith(FHIR + 'Binary') ? json(binary) : json({ id: 'd1', ...JSON.parse(req.body as string) })
      );
      const doc = await client.createDocumentReference('hello', 'text/plain', 'a.txt', {
        subject: { reference: 'Patient/1' },
      });
      expect(fetch.requests.map((r) => [r.method, r.url, r.body])).toEqual([
        ['POST', FHIR + 'Binary?_filename=a.txt', 'hello'],
        [
          'POST',
          FHIR + 'DocumentReference',
          JSON.stringify({
            resourceType: 'DocumentReference',
            status: 'current',
            subject: { reference: 'Patient/1' },
            content: [{ attachment: { contentType: 'text/plain', url: 'https://files.test/b1', title: 'a.txt' } }],
          }),
        ],
      ]);
      expect(doc.id).toBe('d1');
    });
  });

  describe('when making a PDF', () => {
    it("fails 'PDF creation not enabled' without a createPdf option", async () => {
      const { client } = setup();
      await expect(client.createPdf({ docDefinition: { content: [] } })).rejects.toThrow('PDF creation not enabled');
    });

    it('uploads the generated PDF as a Binary', async () => {
      const pdfBytes = new Uint8Array([37, 80, 68, 70]);
      const createPdf = vi.fn(async () => pdfBytes);
      const { client, fetch } = setup(() => json(binary), { createPdf });
      await client.createPdf({ content: ['Hi'] }, 'doc.pdf');
      expect(createPdf).toHaveBeenCalledWith({ content: ['Hi'] }, undefined, undefined);
      expect(fetch.requests[0].url).toBe(FHIR + 'Binary?_filename=doc.pdf');
      expect(fetch.requests[0].headers['Content-Type']).toBe('application/pdf');
      expect(fetch.requests[0].body).toBe(pdfBytes);
    });
  });
});
