import {
  getAttachmentDataUrl,
  getAttachmentKind,
  getDownloadName,
  getSafeMediaType,
  getSafeAttachmentUrl,
  getServerBinaryId,
  getSignedUrlExpiry,
  SIGNED_URL_REUSE_MARGIN_MS,
  SignedUrlCache,
} from './attachments';

describe('getAttachmentKind', () => {
  it.each([
    ['image/png', 'image'],
    ['IMAGE/JPEG', 'image'],
    ['video/mp4', 'video'],
    ['audio/mpeg', 'audio'],
    ['application/pdf', 'pdf'],
    ['application/cda+xml', 'ccda'],
    ['text/plain; charset=utf-8', 'text'],
    ['application/json', 'text'],
    ['application/xml', 'text'],
    ['application/zip', 'other'],
    [undefined, 'other'],
  ])('previews %s as %s', (type, kind) => expect(getAttachmentKind(type)).toBe(kind));

  describe('when the content could run script as a page or an image', () => {
    it('offers only the download for HTML and SVG', () => {
      expect(getAttachmentKind('text/html')).toBe('other');
      expect(getAttachmentKind('image/svg+xml')).toBe('other');
    });
  });
});

describe('getAttachmentDataUrl', () => {
  it('makes a data: URL of base64 data with its media type', () => {
    expect(getAttachmentDataUrl({ contentType: 'text/plain', data: 'aGVsbG8=' })).toBe(
      'data:text/plain;base64,aGVsbG8='
    );
  });

  describe('when the data or the type is not what it should be', () => {
    it('refuses data that is not base64', () => {
      expect(getAttachmentDataUrl({ contentType: 'text/plain', data: '<script>alert(1)</script>' })).toBeUndefined();
      expect(getAttachmentDataUrl({ contentType: 'text/plain' })).toBeUndefined();
    });
    it('falls back to bytes when the content type would break out of the URL, or is HTML', () => {
      expect(getAttachmentDataUrl({ contentType: 'text/html,<script>', data: 'aGk=' })).toBe(
        'data:application/octet-stream;base64,aGk='
      );
      expect(getAttachmentDataUrl({ contentType: 'text/html', data: 'aGk=' })).toBe(
        'data:application/octet-stream;base64,aGk='
      );
    });
    it('refuses data too large to hold as a URL, without scanning it with a pattern first', () => {
      expect(getAttachmentDataUrl({ contentType: 'image/png', data: 'A'.repeat(14_000_004) })).toBeUndefined();
    });
  });
});

describe('getSafeMediaType', () => {
  it('keeps media types, shows text and XML as plain text, and everything else as bytes', () => {
    expect(getSafeMediaType('image/png')).toBe('image/png');
    expect(getSafeMediaType('application/pdf')).toBe('application/pdf');
    expect(getSafeMediaType('application/cda+xml')).toBe('text/plain');
    expect(getSafeMediaType('application/xml')).toBe('text/plain');
    expect(getSafeMediaType('text/html')).toBe('application/octet-stream');
    expect(getSafeMediaType('image/svg+xml')).toBe('application/octet-stream');
    expect(getSafeMediaType('image/png"><script>')).toBe('application/octet-stream');
  });
});

describe('getDownloadName', () => {
  it('uses the title, without characters a file name cannot hold', () => {
    expect(getDownloadName({ title: '../../etc/passwd' })).toBe('.._.._etc_passwd');
    expect(getDownloadName({ url: 'https://x.example/files/report.pdf?sig=1' })).toBe('report.pdf');
    expect(getDownloadName({})).toBe('Attachment');
  });
});

describe('getSafeAttachmentUrl', () => {
  it('keeps http(s), data and blob URLs', () => {
    for (const url of [
      'https://x.example/a.png',
      'http://x.example/a',
      'data:image/png;base64,AA==',
      'blob:http://x/1',
    ]) {
      expect(getSafeAttachmentUrl(url)).toBe(url);
    }
  });
  it('refuses script, file, protocol-relative and site-relative URLs', () => {
    for (const url of [
      'javascript:alert(1)',
      ' JaVa\tScRiPt:alert(1)',
      'vbscript:x',
      'file:///etc/passwd',
      '//evil.example/x',
      '/api/secret',
      '',
    ]) {
      expect(getSafeAttachmentUrl(url)).toBeUndefined();
    }
  });
});

describe('getServerBinaryId', () => {
  const base = 'http://localhost:8103/fhir/R4/';
  it('finds a Binary on this FHIR server, by absolute URL or relative reference', () => {
    expect(getServerBinaryId(`${base}Binary/abc-1`, base)).toBe('abc-1');
    expect(getServerBinaryId(`${base}Binary/abc-1/_history/2`, base)).toBe('abc-1');
    expect(getServerBinaryId('Binary/abc-1', base)).toBe('abc-1');
  });
  it('ignores other servers and other resources', () => {
    expect(getServerBinaryId('https://elsewhere.example/fhir/R4/Binary/abc', base)).toBeUndefined();
    expect(getServerBinaryId(`${base}Patient/abc`, base)).toBeUndefined();
    expect(getServerBinaryId(`${base}Binary/../Patient/1`, base)).toBeUndefined();
  });
});

describe('signed URLs', () => {
  const at = (seconds: number) => `https://files.example/binary/1/photo.png?Expires=${seconds}&Signature=s${seconds}`;

  it('reads the expiry of CloudFront-style and S3 presigned URLs', () => {
    expect(getSignedUrlExpiry(at(1_700_000_000))).toBe(1_700_000_000_000);
    expect(
      getSignedUrlExpiry(
        'https://b.s3.amazonaws.com/k?X-Amz-Date=20260301T100000Z&X-Amz-Expires=3600&X-Amz-Signature=x'
      )
    ).toBe(Date.UTC(2026, 2, 1, 11, 0, 0));
    expect(getSignedUrlExpiry('https://files.example/a.png')).toBeUndefined();
  });

  describe('SignedUrlCache', () => {
    const now = 1_700_000_000_000;

    it('reuses the first signing of an address while it is valid', () => {
      const cache = new SignedUrlCache();
      const first = at(now / 1000 + 3600);
      expect(cache.resolve(first, now)).toBe(first);
      expect(cache.resolve(at(now / 1000 + 7200), now + 60_000)).toBe(first);
    });

    it(`stops reusing it ${SIGNED_URL_REUSE_MARGIN_MS / 1000} s before it expires`, () => {
      const cache = new SignedUrlCache();
      const first = at(now / 1000 + 60);
      const second = at(now / 1000 + 3600);
      cache.resolve(first, now);
      expect(cache.resolve(second, now + 60_000 - SIGNED_URL_REUSE_MARGIN_MS - 1)).toBe(first);
      expect(cache.resolve(second, now + 60_000 - SIGNED_URL_REUSE_MARGIN_MS)).toBe(second);
      // The new signing is the one reused from then on.
      expect(cache.resolve(at(now / 1000 + 9000), now + 61_000)).toBe(second);
    });

    it('passes unsigned URLs through and stays within its size', () => {
      const cache = new SignedUrlCache(2);
      expect(cache.resolve('https://files.example/a.png', now)).toBe('https://files.example/a.png');
      cache.resolve('https://f.example/1?Expires=1700003600', now);
      cache.resolve('https://f.example/2?Expires=1700003600', now);
      cache.resolve('https://f.example/3?Expires=1700003600', now);
      // The oldest entry went: a new signing of it is taken as it is.
      expect(cache.resolve('https://f.example/1?Expires=1700007200', now)).toBe(
        'https://f.example/1?Expires=1700007200'
      );
      expect(cache.resolve('https://f.example/3?Expires=1700009999', now)).toBe(
        'https://f.example/3?Expires=1700003600'
      );
    });
  });
});
