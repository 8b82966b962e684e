import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error plain ESM module without types
import { startPortalServer } from '../../serve.mjs';

// The browser checks a worker script on every navigation; no-cache makes that check reach the
// server, so a new build's worker replaces the old one instead of waiting out a max-age.
describe('serve.mjs and the service worker file', () => {
  let dist: string;
  let portal: { url: string; close(): Promise<void> };

  beforeAll(async () => {
    dist = mkdtempSync(join(tmpdir(), 'fpk-sw-'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>portal</title>');
    writeFileSync(join(dist, 'sw.js'), 'self.addEventListener("fetch", () => {});');
    // Nothing listens at the API address: a forwarded request answers 502, never a file of dist.
    portal = await startPortalServer({ port: 0, apiUrl: 'http://127.0.0.1:9/', distDir: dist });
  });

  afterAll(async () => {
    await portal.close();
    rmSync(dist, { recursive: true, force: true });
  });

  it('serves sw.js as JavaScript, revalidated on every check', async () => {
    const response = await fetch(`${portal.url}/sw.js`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^text\/javascript/);
    expect(response.headers.get('cache-control')).toBe('no-cache');
    expect(await response.text()).toContain('addEventListener');
  });

  it('forwards API paths instead of answering them with the shell', async () => {
    const response = await fetch(`${portal.url}/fhir/R4/Patient`);
    expect(response.status).toBe(502);
    expect(await response.text()).not.toContain('<title>portal</title>');
  });
});
