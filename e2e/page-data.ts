// What the server told the page: every string of the FHIR and auth JSON it received (and of the
// text, XML and narrative inside), so the pseudo-locale pass can tell data (a name, a lab value,
// a questionnaire's own text) from text of ours, which must come from messages.
import type { Page, Response } from 'playwright-core';

/** The strings a page received, gathered as its responses arrive. */
export interface PageData {
  /** Every string received so far (a context keeps what earlier pages received, as its cache does). */
  readonly strings: Set<string>;
  /** Waits for the bodies of the responses that have arrived to be read. */
  settled(): Promise<void>;
}

// Markup (a narrative's XHTML, a C-CDA document) shows as the text between its tags.
function textsOfMarkup(markup: string): string[] {
  return markup
    .split(/<[^>]*>/)
    .map((part) =>
      part
        .replace(/&nbsp;/g, ' ')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&quot;/g, '"')
        .replace(/&#39;|&apos;/g, "'")
        .replace(/&amp;/g, '&')
        .trim()
    )
    .filter(Boolean);
}

function addText(strings: Set<string>, text: string): void {
  const trimmed = text.trim();
  if (!trimmed) return;
  if (trimmed.startsWith('<')) for (const part of textsOfMarkup(trimmed)) strings.add(part);
  else for (const line of trimmed.split(/\r?\n/)) if (line.trim()) strings.add(line.trim());
  strings.add(trimmed);
}

// Every string value (keys are not data); an attachment's or Binary's text content decoded.
function addJson(strings: Set<string>, value: unknown): void {
  if (typeof value === 'string') addText(strings, value);
  else if (Array.isArray(value)) for (const item of value) addJson(strings, item);
  else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const type = typeof record.contentType === 'string' ? record.contentType : '';
    if (typeof record.data === 'string' && /^text\/|xml|json/.test(type)) {
      addText(strings, Buffer.from(record.data, 'base64').toString('utf8'));
    }
    for (const child of Object.values(record)) addJson(strings, child);
  }
}

async function readResponse(strings: Set<string>, response: Response): Promise<void> {
  const type = response.headers()['content-type'] ?? '';
  const kind = response.request().resourceType();
  if (kind !== 'fetch' && kind !== 'xhr') return;
  try {
    if (/json/.test(type)) addJson(strings, await response.json());
    else if (/^text\/(plain|csv)|xml/.test(type)) addText(strings, await response.text());
  } catch {
    // A body that is gone (a redirect, a navigation away) holds nothing the page shows.
  }
}

/** Starts gathering what the page receives over fetch, XHR and WebSocket. */
export function collectPageData(page: Page): PageData {
  const strings = new Set<string>();
  const pending = new Set<Promise<void>>();
  page.on('response', (response) => {
    const reading = readResponse(strings, response).finally(() => pending.delete(reading));
    pending.add(reading);
  });
  page.on('websocket', (socket) =>
    socket.on('framereceived', ({ payload }) => {
      try {
        addJson(strings, JSON.parse(payload.toString()));
      } catch {
        // Not JSON (a ping): no data.
      }
    })
  );
  return {
    strings,
    settled: async () => {
      await Promise.all([...pending]);
    },
  };
}
