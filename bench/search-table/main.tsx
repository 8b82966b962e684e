// The page bench/search-table.ts drives: SearchTable over the reference server's patients through
// a real FhirClient. Each step reports when the server answered and when the rows it brought were
// painted (the next animation frame after React committed them).
import { createRoot } from 'react-dom/client';
import { ClientStorage, FhirClient, MemoryStorage } from '../../src/client';
import { SearchTable, type BundleSearch } from '../../src/react';
import '../../src/styles/styles.css';
import '../../src/styles/controls.css';
import '../../src/styles/inputs.css';
import '../../src/styles/search-table.css';

declare global {
  interface Window {
    start(baseUrl: string, token: string): Promise<{ response: number; paint: number }>;
    step(action: () => void, expectText: (rows: string[]) => boolean): Promise<{ response: number; paint: number }>;
    sortBy(label: string): () => void;
    filter(text: string): () => void;
    rows(): string[];
  }
}

let lastResponse = 0;
const paint = () =>
  new Promise<number>((resolve) => requestAnimationFrame(() => setTimeout(() => resolve(performance.now()))));
const rows = () => [...document.querySelectorAll('tbody tr')].map((tr) => tr.textContent ?? '');

/** Resolves once the rows satisfy `done`, with the time of the frame that painted them. */
function painted(done: (rows: string[]) => boolean): Promise<number> {
  return new Promise((resolve) => {
    const check = () => {
      if (!done(rows())) return false;
      observer.disconnect();
      void paint().then(resolve);
      return true;
    };
    const observer = new MutationObserver(() => void check());
    observer.observe(document.body, { childList: true, subtree: true, characterData: true });
    check();
  });
}

window.rows = rows;
window.start = async (baseUrl, token) => {
  const client = new FhirClient({
    baseUrl,
    fetch: window.fetch.bind(window),
    cacheTime: 0,
    storage: new ClientStorage(new MemoryStorage()),
  });
  client.setAccessToken(token);
  const search: BundleSearch = async (type, query, options) => {
    const bundle = await client.search(type as never, query, options);
    lastResponse = performance.now();
    return bundle;
  };
  const t0 = performance.now();
  createRoot(document.getElementById('root')!).render(
    <SearchTable label="Patients" resourceType="Patient" columns={['name', 'birthdate', 'gender']} search={search} />
  );
  const done = await painted((r) => r.length === 20);
  return { response: lastResponse - t0, paint: done - t0 };
};
window.step = async (action, expect) => {
  const before = lastResponse;
  const start = performance.now();
  action();
  const done = await painted((r) => lastResponse !== before && expect(r));
  return { response: lastResponse - start, paint: done - lastResponse };
};
window.sortBy = (label) => () =>
  [...document.querySelectorAll<HTMLButtonElement>('thead button')].find((b) => b.textContent === label)!.click();
window.filter = (text) => () => {
  const input = document.querySelector<HTMLInputElement>('input[type="search"]')!;
  const setter = Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')!.set!;
  setter.call(input, text);
  input.dispatchEvent(new Event('input', { bubbles: true }));
};
