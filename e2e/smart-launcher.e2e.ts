// Our FhirClient against SMART Health IT's reference launcher (smart-on-fhir/smart-launcher-v2),
// software no one here wrote, used in Chromium as a person would: the launcher's home page gives
// the FHIR base URL of a provider standalone launch; our app (e2e/smart-launcher/app.ts, bundled
// from the library's source) is opened with only that `iss`; it discovers the endpoints, sends the
// person to the launcher's practitioner login, patient picker and approval page, and shows the
// patient in context read from the server.
//
// The launcher is not on npm and none of it lives in this repository, so it runs beside the test,
// started by hand. It needs an OPEN FHIR server behind it (its FHIR_SERVER_R4); this test opens
// one at that address: e2e/smart-launcher/open-fhir-front.ts, a read-only front over the e2e run's
// reference server (see there why). To run it (Node 20; the launcher's own README has the rest):
//
//   git clone https://github.com/smart-on-fhir/smart-launcher-v2 ../smart-launcher-v2
//   cd ../smart-launcher-v2 && npm ci && npm run build
//   NODE_ENV=production PORT=8444 FHIR_SERVER_R4=http://127.0.0.1:8106/fhir/R4 \
//     FHIR_SERVER_R2= FHIR_SERVER_R3= npm run start:prod
//   # back here, with nothing listening on 127.0.0.1:8106 (the test listens there):
//   SMART_LAUNCHER_URL=http://127.0.0.1:8444 npx vitest run --project e2e e2e/smart-launcher.e2e.ts
//
// Without SMART_LAUNCHER_URL it says so and is skipped.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DemoIds } from '../demo/server/seed/ids';
import { launchBrowser } from './browser';
import { APP_CLIENT_ID, APP_SCOPE } from './smart-launcher/app-identity';
import { startOpenFhirFront, type OpenFhirFront } from './smart-launcher/open-fhir-front';
import { serveSmartApp, type ServedApp } from './smart-launcher/serve-app';

const launcherUrl = process.env.SMART_LAUNCHER_URL?.replace(/\/+$/, '');
if (!launcherUrl) {
  console.log(
    'skipped: SMART_LAUNCHER_URL is not set (run smart-on-fhir/smart-launcher-v2 locally with ' +
      'FHIR_SERVER_R4=http://127.0.0.1:8106/fhir/R4 and set SMART_LAUNCHER_URL to its address; ' +
      'the steps are at the top of e2e/smart-launcher.e2e.ts)'
  );
}

/** The launcher's FHIR_SERVER_R4, as its own page script (/env.js) tells its front end. */
async function launcherFhirServer(base: string): Promise<string> {
  const response = await fetch(`${base}/env.js`);
  if (!response.ok) throw new Error(`The launcher at ${base} did not answer /env.js (${response.status})`);
  const server = /"FHIR_SERVER_R4"\s*:\s*"([^"]*)"/.exec(await response.text())?.[1];
  if (!server) throw new Error(`The launcher at ${base} has no FHIR_SERVER_R4`);
  const { hostname } = new URL(server);
  if (hostname !== '127.0.0.1' && hostname !== 'localhost')
    throw new Error(`The launcher's FHIR_SERVER_R4 is ${server}: start it with a local address the test can open`);
  return server;
}

/** The text of one field of the app's redirect page, once the launch has finished one way or the other. */
async function appField(page: Page, id: string): Promise<string> {
  return ((await page.locator(`#${id}`).textContent()) ?? '').trim();
}

describe.skipIf(!launcherUrl)("SMART Health IT's reference launcher", () => {
  let browser: Browser;
  let front: OpenFhirFront;
  let app: ServedApp;

  beforeAll(async () => {
    front = await startOpenFhirFront({
      publicBase: await launcherFhirServer(launcherUrl!),
      upstreamBase: new URL('fhir/R4', inject('apiUrl')).toString(),
      authorization: `Basic ${Buffer.from(`${DEMO_CLIENT_ID}:${DEMO_CLIENT_SECRET}`).toString('base64')}`,
    });
    app = await serveSmartApp();
    browser = await launchBrowser();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
    await front?.close();
  });

  it('launches our FhirClient from the FHIR base URL alone; the person logs in, picks the patient and approves; the app shows that patient', async () => {
    const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const authorizeRequests: URL[] = [];
    page.on('request', (request) => {
      const url = new URL(request.url());
      if (url.pathname.endsWith('/auth/authorize') && url.searchParams.has('code_challenge'))
        authorizeRequests.push(url);
    });

    // The launcher's home page: a provider standalone launch; it shows the FHIR base URL to give the app.
    await page.goto(`${launcherUrl}/`);
    await page.locator('#launch_type').selectOption({ label: 'Provider Standalone Launch' });
    const iss = await page.locator('#launch-url').inputValue();
    expect(iss).toMatch(/\/v\/r4\/sim\/[^/]+\/fhir$/);

    // The app gets that URL and nothing else.
    await page.goto(`${app.url}launch.html?iss=${encodeURIComponent(iss)}`);

    // The launcher's practitioner login: pick the doctor by name, log in.
    await page.getByRole('heading', { name: /Practitioner\s+Login/ }).waitFor();
    const practitioners = page.locator('select');
    await expect.poll(() => practitioners.locator('option').allTextContents()).toContain('Dr. Julia Hibbert, MD');
    await practitioners.selectOption({ label: 'Dr. Julia Hibbert, MD' });
    await page.getByRole('button', { name: 'Login' }).click();

    // The launcher's patient picker: search by name, pick the row.
    await page.getByRole('heading', { name: 'Select Patient' }).waitFor();
    await page.locator('#search-input').fill('Homer');
    await page.locator('#search-input').press('Enter');
    const row = page.locator('tr', { hasText: 'Homer Jay Simpson' });
    await row.waitFor();
    expect(await row.getAttribute('title')).toBe(`Click to select patient with ID ${DemoIds.patient}`);
    await row.click();

    // The launcher's approval page lists what the app asked for; the person approves.
    await page.getByRole('heading', { name: 'Authorize App Launch' }).waitFor();
    expect(await page.locator('body').innerText()).toContain('Read all data on the current patient');
    await page.getByRole('button', { name: 'Approve' }).click();

    // Back in the app: the patient in context, read from the server through the launcher.
    await page.waitForURL((url) => url.toString().startsWith(`${app.url}index.html`));
    await expect.poll(() => appField(page, 'status'), { timeout: 20_000 }).toMatch(/^(Ready|Failed)$/);
    expect(await appField(page, 'error')).toBe('');
    expect(await appField(page, 'status')).toBe('Ready');
    expect(await appField(page, 'patient-name')).toBe('Homer Jay Simpson');
    expect(await appField(page, 'patient-id')).toBe(DemoIds.patient);
    expect(await appField(page, 'context-patient')).toBe(DemoIds.patient);
    expect(await appField(page, 'context-user')).toBe(`Practitioner/${DemoIds.doctor}`);

    // What went over the wire: the discovered authorize endpoint, with aud exactly the FHIR base and S256.
    expect(authorizeRequests.length).toBeGreaterThan(0);
    const authorize = authorizeRequests[0]!;
    expect(`${authorize.origin}${authorize.pathname}`).toBe(iss.replace(/\/fhir$/, '/auth/authorize'));
    expect(authorize.searchParams.get('aud')).toBe(iss);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('client_id')).toBe(APP_CLIENT_ID);
    expect(authorize.searchParams.get('scope')).toBe(APP_SCOPE);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.url}index.html`);
    // The launcher really read our server (through the front) for its pickers and for the app.
    expect(front.log.some((line) => line.startsWith(`GET /fhir/R4/Patient/${DemoIds.patient}`))).toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
