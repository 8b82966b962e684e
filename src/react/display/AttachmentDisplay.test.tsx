import { render, screen } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';
import type { Attachment } from '../../fhir';
import { createTestClient, fhirJson, FHIR_URL, withClient } from '../test-utils';
import { AttachmentDisplay } from './AttachmentDisplay';

const base64 = (text: string) => Buffer.from(text, 'utf8').toString('base64');

function setup(respond: (url: string) => Response = () => fhirJson({}, 404)) {
  const { client, requests } = createTestClient((request) => respond(request.url));
  return { wrapper: withClient(client), requests };
}

let blobs: Blob[];
beforeEach(() => {
  blobs = [];
  // jsdom has no object URLs; these stand in and remember what was made.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    blobs.push(blob);
    return `blob:http://localhost/${blobs.length}`;
  });
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => {
  vi.restoreAllMocks();
});

describe('AttachmentDisplay', () => {
  it('previews an image with its name as the alternative text, and offers the download', () => {
    const { wrapper } = setup();
    render(
      <AttachmentDisplay
        attachment={{
          contentType: 'image/png',
          url: 'https://files.example/scan.png',
          title: 'Knee X-ray',
          size: 2048,
        }}
        locale="en-US"
      />,
      { wrapper }
    );
    expect(screen.getByRole('img', { name: 'Knee X-ray' })).toHaveAttribute('src', 'https://files.example/scan.png');
    const download = screen.getByRole('link', { name: 'Download Knee X-ray' });
    expect(download).toHaveAttribute('href', 'https://files.example/scan.png');
    expect(download).toHaveAttribute('download', 'Knee X-ray');
    expect(screen.getByText('image/png, 2 KB')).toBeInTheDocument();
  });

  it('previews video, audio and PDF with players and a named frame', () => {
    const { wrapper } = setup();
    const { container, rerender } = render(
      <AttachmentDisplay attachment={{ contentType: 'video/mp4', url: 'https://files.example/a.mp4' }} />,
      { wrapper }
    );
    expect(container.querySelector('video')).toHaveAttribute('src', 'https://files.example/a.mp4');
    rerender(<AttachmentDisplay attachment={{ contentType: 'audio/mpeg', url: 'https://files.example/a.mp3' }} />);
    expect(container.querySelector('audio')).toHaveAttribute('controls');
    rerender(<AttachmentDisplay attachment={{ contentType: 'application/pdf', url: 'https://files.example/r.pdf' }} />);
    expect(screen.getByTitle('r.pdf preview')).toHaveAttribute('src', 'https://files.example/r.pdf');
    expect(screen.getByTitle('r.pdf preview')).not.toHaveAttribute('sandbox');
  });

  it('shows inline text as text, never as HTML', () => {
    const { wrapper } = setup();
    render(
      <AttachmentDisplay
        attachment={{ contentType: 'text/plain', data: base64('Take <b>two</b> daily'), title: 'note.txt' }}
      />,
      { wrapper }
    );
    expect(screen.getByRole('region', { name: 'note.txt preview' })).toHaveTextContent('Take <b>two</b> daily');
    expect(screen.getByRole('link', { name: 'Download note.txt' }).getAttribute('href')).toMatch(
      /^data:text\/plain;base64,/
    );
  });

  it('shows a C-CDA document with its Validate button when the app gives a validator', async () => {
    const { wrapper } = setup();
    const xml =
      '<ClinicalDocument xmlns="urn:hl7-org:v3"><title>Discharge Summary</title><component><structuredBody><component><section><title>Plan</title><text><paragraph>Rest.</paragraph></text></section></component></structuredBody></component></ClinicalDocument>';
    render(
      <AttachmentDisplay
        attachment={{ contentType: 'application/cda+xml', data: base64(xml), title: 'summary.xml' }}
        ccdaValidatorUrl="/ccda/validate"
        headingLevel={3}
      />,
      { wrapper }
    );
    expect(await screen.findByRole('heading', { level: 3, name: 'Discharge Summary' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 4, name: 'Plan' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Validate' })).toBeInTheDocument();
    // The download is the XML as plain text: opened from this site it can run nothing.
    expect(screen.getByRole('link', { name: 'Download summary.xml' }).getAttribute('href')).toMatch(
      /^data:text\/plain;base64,/
    );
  });

  it('frames text from another site in a sandbox that runs nothing', () => {
    const { wrapper } = setup();
    render(<AttachmentDisplay attachment={{ contentType: 'text/plain', url: 'https://files.example/log.txt' }} />, {
      wrapper,
    });
    expect(screen.getByTitle('log.txt preview')).toHaveAttribute('sandbox', '');
  });

  it('reads a Binary of this server with the session and shows it from a blob URL', async () => {
    const { wrapper, requests } = setup((url) =>
      url === `${FHIR_URL}Binary/b1`
        ? fhirJson({ resourceType: 'Binary', id: 'b1', contentType: 'image/jpeg', data: base64('jpeg bytes') })
        : fhirJson({}, 404)
    );
    const { unmount } = render(
      <AttachmentDisplay attachment={{ contentType: 'image/jpeg', url: `${FHIR_URL}Binary/b1`, title: 'photo.jpg' }} />,
      { wrapper }
    );
    expect(screen.getByRole('status')).toHaveTextContent('Loading attachment…');
    expect(await screen.findByRole('img', { name: 'photo.jpg' })).toHaveAttribute('src', 'blob:http://localhost/1');
    expect(requests.map((r) => `${r.method} ${r.url}`)).toEqual([`GET ${FHIR_URL}Binary/b1`]);
    expect(blobs[0].type).toBe('image/jpeg');
    expect(await blobs[0].text()).toBe('jpeg bytes');
    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/1');
  });

  describe('when the stored file cannot be read', () => {
    it('says why in place', async () => {
      const { wrapper } = setup(() => fhirJson({}, 404));
      render(<AttachmentDisplay attachment={{ contentType: 'application/pdf', url: 'Binary/gone' }} />, { wrapper });
      expect(await screen.findByRole('alert')).toHaveTextContent('Not found');
      expect(screen.queryByRole('link')).not.toBeInTheDocument();
    });
  });

  describe('when a signed URL is signed again', () => {
    it('keeps the first signing until 5 s before it expires', () => {
      const { wrapper } = setup();
      const signed = (expires: number) => ({
        contentType: 'image/png',
        title: 'Scan',
        url: `https://files.example/binary/7?Expires=${expires}&Signature=${expires}`,
      });
      const now = Math.floor(Date.now() / 1000);
      const { rerender } = render(<AttachmentDisplay attachment={signed(now + 3600)} />, { wrapper });
      rerender(<AttachmentDisplay attachment={signed(now + 7200)} />);
      expect(screen.getByRole('img', { name: 'Scan' }).getAttribute('src')).toContain(`Expires=${now + 3600}`);
      // Another address expiring in 4 s is not worth keeping: the next signing is shown.
      rerender(
        <AttachmentDisplay attachment={{ ...signed(now + 4), url: `https://files.example/b/8?Expires=${now + 4}` }} />
      );
      rerender(
        <AttachmentDisplay
          attachment={{ ...signed(now + 900), url: `https://files.example/b/8?Expires=${now + 900}` }}
        />
      );
      expect(screen.getByRole('img', { name: 'Scan' }).getAttribute('src')).toContain(`Expires=${now + 900}`);
    });
  });

  describe('when the server sends content that could run script', () => {
    const hostile: [string, Attachment][] = [
      ['a javascript: URL', { contentType: 'image/png', url: 'javascript:alert(1)', title: 'x' }],
      ['a protocol-relative URL', { contentType: 'application/pdf', url: '//evil.example/x.pdf', title: 'x' }],
      ['a vbscript: URL', { contentType: 'text/plain', url: ' vbscript:msgbox(1)', title: 'x' }],
    ];
    it.each(hostile)('puts nothing of %s in href or src', (_, attachment) => {
      const { wrapper } = setup();
      const { container } = render(<AttachmentDisplay attachment={attachment} />, { wrapper });
      expect(container.querySelector('[href], [src]')).toBeNull();
      expect(screen.getByText('This attachment cannot be shown.')).toBeInTheDocument();
    });

    it('offers HTML and SVG only as a download of bytes, never as a page or an image', () => {
      const { wrapper } = setup();
      const { container, rerender } = render(
        <AttachmentDisplay
          attachment={{ contentType: 'text/html', data: base64('<script>alert(1)</script>'), title: 'page.html' }}
        />,
        { wrapper }
      );
      expect(container.querySelector('iframe, img, pre')).toBeNull();
      expect(screen.getByText('No preview is available for this type of file.')).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Download page.html' }).getAttribute('href')).toMatch(
        /^data:application\/octet-stream;base64,/
      );
      rerender(<AttachmentDisplay attachment={{ contentType: 'image/svg+xml', url: 'https://files.example/a.svg' }} />);
      expect(container.querySelector('img')).toBeNull();
    });
  });

  describe('when there is no attachment at all', () => {
    it('says it cannot be shown', () => {
      const { wrapper } = setup();
      render(<AttachmentDisplay attachment={undefined} />, { wrapper });
      expect(screen.getByText('This attachment cannot be shown.')).toBeInTheDocument();
      expect(screen.getByText('Attachment')).toBeInTheDocument();
    });
  });
});
