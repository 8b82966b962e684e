import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ClientStorage, FhirClient, MemoryStorage, type Patient } from 'fhir-portal-kit';
import { describe, expect, it, vi } from 'vitest';
import { useLanguage } from './LanguageContext';
import { usePortalLocale } from './LanguagePackContext';
import { LanguageProvider, type LanguageProviderProps } from './LanguageProvider';
import { LanguageSwitcher } from './LanguageSwitcher';
import { STORED_LANGUAGE_KEY } from './storedLanguage';

/** One request as the wire carries it, headers included (If-Match). */
interface Sent {
  readonly method: string;
  readonly url: string;
  readonly headers: Headers;
  readonly body: unknown;
}

const BCP47 = 'urn:ietf:bcp:47';

const MARIA: Patient = {
  resourceType: 'Patient',
  id: 'maria',
  meta: { versionId: '3' },
  name: [{ given: ['María'], family: 'García' }],
  communication: [
    { language: { coding: [{ system: BCP47, code: 'en' }] } },
    { language: { coding: [{ system: BCP47, code: 'es' }] }, preferred: true },
  ],
};

/** A client whose fetch answers every read with `stored` and every write with what was sent. */
function recordingClient(stored: Patient) {
  const sent: Sent[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const body = typeof init.body === 'string' ? JSON.parse(init.body) : undefined;
    const method = init.method ?? 'GET';
    sent.push({ method, url: input.toString(), headers: new Headers(init.headers), body });
    const answer = method === 'PUT' ? { ...body, meta: { versionId: '4' } } : stored;
    return new Response(JSON.stringify(answer), { headers: { 'content-type': 'application/fhir+json' } });
  });
  const client = new FhirClient({
    baseUrl: 'http://localhost:8103/',
    fetch: fetch as unknown as typeof globalThis.fetch,
    storage: new ClientStorage(new MemoryStorage()),
  });
  return { client, sent };
}

/** A device's storage holding `language` as its choice (none when undefined). */
function deviceStorage(language?: string): Storage {
  const storage = new MemoryStorage() as unknown as Storage;
  if (language) storage.setItem(STORED_LANGUAGE_KEY, language);
  return storage;
}

/** What the portal shows: the language, and the locale and pack the library is given. */
function Probe() {
  const { language } = useLanguage();
  const { locale, messages } = usePortalLocale();
  return (
    <p data-testid="probe">
      {language} {locale} {messages ? 'pack' : 'defaults'}
    </p>
  );
}

function renderPortal(props: Partial<LanguageProviderProps> = {}) {
  const loadPack = vi.fn(async (language: string) => ({ dialog: { close: `close (${language})` } }));
  const { client, sent } = recordingClient(MARIA);
  const storage = props.storage ?? deviceStorage();
  render(
    <LanguageProvider
      client={client}
      profile={undefined}
      search=""
      storage={storage}
      browserLanguages={[]}
      loadPack={loadPack}
      {...props}
    >
      <Probe />
      <LanguageSwitcher />
    </LanguageProvider>
  );
  return { loadPack, sent, storage };
}

describe('LanguageProvider', () => {
  describe('when the address says ?lang=ar', () => {
    it('shows the portal in Arabic, right to left, with the Arabic pack', async () => {
      const { loadPack } = renderPortal({ search: '?lang=ar', storage: deviceStorage('es') });
      expect(await screen.findByTestId('probe')).toHaveTextContent('ar ar pack');
      expect(document.documentElement).toHaveAttribute('lang', 'ar');
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      expect(loadPack).toHaveBeenCalledWith('ar');
    });
  });

  describe('when the address says ?lang=en-XA', () => {
    it('shows the pseudo-locale, which the switcher does not offer', async () => {
      renderPortal({ search: '?lang=en-XA' });
      expect(await screen.findByTestId('probe')).toHaveTextContent('en-XA en-XA pack');
      expect(document.documentElement).toHaveAttribute('dir', 'ltr');
      const options = within(screen.getByRole('combobox')).getAllByRole('option');
      expect(options.map((o) => o.getAttribute('value'))).toEqual(['en', 'es', 'ar']);
    });
  });

  describe('when a patient who prefers Spanish is signed in', () => {
    it('shows Spanish even though this device chose Arabic', async () => {
      renderPortal({ profile: MARIA, storage: deviceStorage('ar'), browserLanguages: ['ar'] });
      expect(await screen.findByTestId('probe')).toHaveTextContent('es es pack');
      expect(document.documentElement).toHaveAttribute('lang', 'es');
      expect(document.documentElement).toHaveAttribute('dir', 'ltr');
    });
  });

  describe('when no one is signed in', () => {
    it("shows this device's choice before the browser's languages", async () => {
      renderPortal({ storage: deviceStorage('ar'), browserLanguages: ['es-US'] });
      expect(await screen.findByTestId('probe')).toHaveTextContent('ar ar pack');
    });

    it("shows the browser's first language the portal speaks", async () => {
      renderPortal({ browserLanguages: ['fr-CA', 'es-MX', 'en'] });
      expect(await screen.findByTestId('probe')).toHaveTextContent('es es pack');
    });

    it('shows English, loading no pack, when nothing names a language it speaks', async () => {
      const { loadPack } = renderPortal({ browserLanguages: ['de-DE'] });
      expect(screen.getByTestId('probe')).toHaveTextContent('en en-US defaults');
      expect(document.documentElement).toHaveAttribute('lang', 'en');
      expect(loadPack).not.toHaveBeenCalled();
    });
  });
});

describe('the language switcher', () => {
  it('names each language in itself, in its own language', async () => {
    renderPortal();
    const select = screen.getByRole('combobox', { name: 'Language' });
    const options = within(select).getAllByRole('option');
    expect(options.map((o) => [o.textContent, o.getAttribute('lang')])).toEqual([
      ['English', 'en'],
      ['Español', 'es'],
      ['العربية', 'ar'],
    ]);
  });

  describe('when a signed-out visitor chooses Spanish by keyboard', () => {
    it('shows Spanish, stores it on this device and writes nothing to the server', async () => {
      const user = userEvent.setup();
      const { sent, storage } = renderPortal();
      await user.tab();
      const select = screen.getByRole('combobox', { name: 'Language' });
      expect(select).toHaveFocus();
      await user.selectOptions(select, 'Español');

      expect(await screen.findByTestId('probe')).toHaveTextContent('es es pack');
      expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveValue('es');
      expect(screen.getByRole('combobox', { name: 'Idioma' })).toHaveFocus();
      expect(storage.getItem(STORED_LANGUAGE_KEY)).toBe('es');
      expect(sent).toEqual([]);
    });
  });

  describe('when a signed-in patient chooses Arabic', () => {
    it('makes Arabic their preferred language on their record, against the version read', async () => {
      const user = userEvent.setup();
      const { sent } = renderPortal({ profile: MARIA });
      await user.selectOptions(await screen.findByRole('combobox', { name: 'Idioma' }), 'العربية');

      expect(await screen.findByTestId('probe')).toHaveTextContent('ar ar pack');
      expect(document.documentElement).toHaveAttribute('dir', 'rtl');
      await waitFor(() => expect(sent.map((r) => r.method)).toEqual(['GET', 'PUT']));
      const [read, write] = sent;
      expect(read.url).toBe('http://localhost:8103/fhir/R4/Patient/maria');
      expect(write.url).toBe('http://localhost:8103/fhir/R4/Patient/maria');
      expect(write.headers.get('If-Match')).toBe('W/"3"');
      expect(write.body).toEqual({
        ...MARIA,
        communication: [
          { language: { coding: [{ system: BCP47, code: 'en' }] } },
          { language: { coding: [{ system: BCP47, code: 'es' }] } },
          { language: { coding: [{ system: BCP47, code: 'ar', display: 'Arabic' }] }, preferred: true },
        ],
      });
    });
  });
});
