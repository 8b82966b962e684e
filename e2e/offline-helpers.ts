// What the offline journeys share: a patient of their own (so counts on the server start at
// zero), that patient's API client to check what reached the server, and what the browser keeps
// on the device (IndexedDB, Cache Storage, the service worker), read from inside the page.
import type { BrowserContext, Locator, Page, Route } from 'playwright-core';
import { expect, inject } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { Resource, ResourceType } from '../src/fhir';
import { OUTBOX_IDENTIFIER_SYSTEM } from '../src/client/offline';
import { isApiPath } from '../demo/app/api-prefixes.mjs';

export interface Account {
  first: string;
  last: string;
  email: string;
  password: string;
}

let registered = 0;

/** Registers a new patient through the portal's form and waits for their dashboard. */
export async function registerPatient(
  page: Page,
  first: string,
  options: { remember?: boolean } = {}
): Promise<Account> {
  const account: Account = {
    first,
    last: 'Offline',
    email: `${first.toLowerCase()}-${Date.now()}-${registered++}@example.com`,
    password: 'offline-journey-1',
  };
  await page.goto('/register');
  await page.getByLabel('First name').fill(account.first);
  await page.getByLabel('Last name').fill(account.last);
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password').fill(account.password);
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { level: 1, name: `Hello ${first}` }).waitFor({ timeout: 30_000 });
  return account;
}

/** The server as this patient sees it (Node's own requests: the browser being offline does not touch them). */
export async function apiAs(account: Pick<Account, 'email' | 'password'>): Promise<FhirClient> {
  const api = new FhirClient({
    baseUrl: inject('apiUrl'),
    cacheTime: 0,
    storage: new ClientStorage(new MemoryStorage()),
  });
  const login = await api.startLogin({ email: account.email, password: account.password, remember: false });
  await api.processCode(login.code!);
  return api;
}

/** The resources of a type on the server for a search, asked fresh. */
export async function serverSearch<T extends Resource>(
  api: FhirClient,
  type: ResourceType,
  query: Record<string, string>
): Promise<T[]> {
  const found = await api.searchResources(type, { ...query, _count: '100' }, { cache: 'reload' });
  return [...found] as unknown as T[];
}

/** The resources of a type on the server carrying this outbox identifier (the replay key of an offline create). */
export function byOutboxIdentifier(api: FhirClient, type: ResourceType, value: string): Promise<Resource[]> {
  return serverSearch(api, type, { identifier: `${OUTBOX_IDENTIFIER_SYSTEM}|${value}` });
}

/** Waits until the service worker is active, so the shell and code are precached before the network goes. */
export async function serviceWorkerReady(page: Page): Promise<void> {
  const scope = await page.evaluate(async () => {
    if (!('serviceWorker' in navigator)) return 'no service worker support';
    const registration = await navigator.serviceWorker.ready;
    return registration.active ? registration.scope : 'not active';
  });
  expect(scope, 'the portal registers a service worker at its root').toBe(new URL('/', page.url()).toString());
}

/** Every entry of every IndexedDB database of the origin: its database, store, key and value. */
export function indexedDbEntries(page: Page): Promise<{ db: string; store: string; key: unknown; value: unknown }[]> {
  return page.evaluate(async () => {
    const found: { db: string; store: string; key: unknown; value: unknown }[] = [];
    const request = <T>(r: IDBRequest<T>) =>
      new Promise<T>((resolve, reject) => {
        r.onsuccess = () => resolve(r.result);
        r.onerror = () => reject(r.error);
      });
    for (const info of await indexedDB.databases()) {
      if (!info.name) continue;
      const open = indexedDB.open(info.name);
      const db = await request(open);
      for (const store of Array.from(db.objectStoreNames)) {
        const tx = db.transaction(store, 'readonly');
        const keys = await request(tx.objectStore(store).getAllKeys());
        const values = await request(tx.objectStore(store).getAll());
        keys.forEach((key, i) => found.push({ db: info.name!, store, key, value: values[i] }));
      }
      db.close();
    }
    return found;
  });
}

/** The outbox entries the page keeps on the device (the library's store keys entries [login, area, key]). */
export async function outboxOnDevice(
  page: Page
): Promise<{ resourceType: string; state: string; body?: { identifier?: unknown } }[]> {
  const entries = await indexedDbEntries(page);
  return entries
    .filter((e) => Array.isArray(e.key) && e.key[1] === 'outbox')
    .map((e) => e.value as { resourceType: string; state: string; body?: { identifier?: unknown } });
}

/** The outbox identifier a queued create carries (identifier is a list, or one Identifier on QuestionnaireResponse). */
export function outboxIdentifierOf(body: { identifier?: unknown } | undefined): string | undefined {
  const list = [body?.identifier ?? []].flat() as { system?: string; value?: string }[];
  return list.find((i) => i.system === OUTBOX_IDENTIFIER_SYSTEM)?.value;
}

/** The request URL of every entry of every Cache Storage cache of the origin. */
export function cachedUrls(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const urls: string[] = [];
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      for (const request of await cache.keys()) urls.push(request.url);
    }
    return urls;
  });
}

/** The cached URLs that are API answers (under a forwarded prefix): must always be none. */
export async function cachedApiUrls(page: Page): Promise<string[]> {
  return (await cachedUrls(page)).filter((url) => isApiPath(new URL(url).pathname));
}

/** The offline banner in one of its states (role=status, data-state offline|waiting|sent|online). */
export function banner(page: Page, state: 'offline' | 'waiting' | 'sent' | 'online'): Locator {
  return page.locator(`[role="status"][data-state="${state}"]`).filter({ hasText: /offline|online/i });
}

/**
 * Lets the server get the first POST of each of these resource types and drops its answer, as a
 * connection lost on the way back would: the client sees a network failure although the server
 * stored the resource. Later POSTs pass. Answers which types had their answer dropped.
 */
export async function dropFirstAnswer(context: BrowserContext, types: string[]): Promise<Set<string>> {
  const dropped = new Set<string>();
  await context.route(
    (url) => types.some((type) => url.pathname.endsWith(`/fhir/R4/${type}`)),
    async (route: Route) => {
      const request = route.request();
      const type = types.find((t) => new URL(request.url()).pathname.endsWith(`/fhir/R4/${t}`))!;
      if (request.method() !== 'POST' || dropped.has(type)) return route.continue();
      dropped.add(type);
      // The server gets and stores it; the browser never hears back.
      await route.fetch();
      await route.abort('connectionreset');
    }
  );
  return dropped;
}
