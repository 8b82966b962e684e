// Our FhirClient against SMART Health IT's reference launcher (smart-on-fhir/smart-launcher-v2),
// software no one here wrote, used in Chromium as a person would: the launcher's home page gives
// the FHIR base URL of a provider standalone launch; our app (e2e/smart-launcher/app.ts, bundled
// from the library's source) is opened with only that `iss`; it discovers the endpoints, sends the
// person to the launcher's practitioner login, patient picker and approval page, and shows the
// patient in context read from the server. Then an EHR launch: the launcher's Launch button opens
// the app with `iss` and `launch`.
//
// The launcher is not on npm and none of it lives in this repository, so it runs beside the test,
// started by hand. It needs an OPEN FHIR server behind it (its FHIR_SERVER_R4); this test opens
// one at that address: e2e/smart-launcher/open-fhir-front.ts, a read-only front over the e2e run's
// reference server (see there why). To run it (Node 20; the launcher's own README has the rest):
//
//   git clone https://github.com/smart-on-fhir/smart-launcher-v2 ../smart-launcher-v2
//   cd ../smart-launcher-v2 && npm ci && npm run build
//   NODE_ENV=production HOST=127.0.0.1 PORT=8444 FHIR_SERVER_R4=http://127.0.0.1:8106 \
//     FHIR_SERVER_R2= FHIR_SERVER_R3= npm run start:prod     # NODE_ENV=production: one origin for UI and API
//   # back here, with nothing listening on 127.0.0.1:8106 (the test listens there):
//   SMART_LAUNCHER_URL=http://127.0.0.1:8444 npx vitest run --project e2e e2e/smart-launcher.e2e.ts
//
// Without SMART_LAUNCHER_URL it says so and is skipped.
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { DEMO_CLIENT_ID, DEMO_CLIENT_SECRET, DemoIds } from '../demo/server/seed/ids';
import { launchBrowser } from './browser';
import { APP_CLIENT_ID, APP_EHR_SCOPE, APP_SCOPE } from './smart-launcher/app-identity';
import { startOpenFhirFront, type OpenFhirFront } from './smart-launcher/open-fhir-front';
import { serveSmartApp, type ServedApp } from './smart-launcher/serve-app';

const launcherUrl = process.env.SMART_LAUNCHER_URL?.replace(/\/+$/, '');
if (!launcherUrl) {
  console.log(
    'skipped: SMART_LAUNCHER_URL is not set (run smart-on-fhir/smart-launcher-v2 locally with ' +
      'FHIR_SERVER_R4=http://127.0.0.1:8106 and set SMART_LAUNCHER_URL to its address; ' +
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

/** The text of one field of the app's redirect page. */
async function appField(page: Page, id: string): Promise<string> {
  return ((await page.locator(`#${id}`).textContent()) ?? '').trim();
}

/** A fresh browser context that collects uncaught page errors and the app's authorize requests, on every page. */
async function watchedContext(
  browser: Browser
): Promise<{ context: BrowserContext; errors: string[]; authorizeRequests: URL[] }> {
  const context = await browser.newContext({ timezoneId: 'UTC', locale: 'en-US' });
  const errors: string[] = [];
  const authorizeRequests: URL[] = [];
  context.on('page', (page) => page.on('pageerror', (error) => errors.push(`${page.url()}: ${error.message}`)));
  context.on('request', (request) => {
    const url = new URL(request.url());
    // The app's own request (the launcher's pages later send it again with the person's choices added).
    if (
      url.pathname.endsWith('/auth/authorize') &&
      url.searchParams.has('code_challenge') &&
      !url.searchParams.has('provider')
    )
      authorizeRequests.push(url);
  });
  return { context, errors, authorizeRequests };
}

/** The launcher's practitioner login, as a person uses it: pick the doctor by name, log in. */
async function logInAsTheDoctor(page: Page): Promise<void> {
  await page.getByRole('heading', { name: /Practitioner\s+Login/ }).waitFor();
  const practitioners = page.locator('select');
  await expect
    .poll(() => practitioners.locator('option').allTextContents(), { timeout: 15_000 })
    .toContain('Dr. Julia Hibbert, MD');
  await practitioners.selectOption({ label: 'Dr. Julia Hibbert, MD' });
  await page.getByRole('button', { name: 'Login' }).click();
}

/** The launcher's patient picker: search by name, pick the row (its title names the patient's id). */
async function pickHomer(page: Page): Promise<void> {
  await page.getByRole('heading', { name: 'Select Patient' }).waitFor();
  await page.locator('#search-input').fill('Homer');
  await page.locator('#search-input').press('Enter');
  const row = page.locator('tr', { hasText: 'Homer Jay Simpson' });
  await row.waitFor();
  expect(await row.getAttribute('title')).toBe(`Click to select patient with ID ${DemoIds.patient}`);
  await row.click();
}

/** Back in the app: it shows the patient in context, read from the server through the launcher. */
async function expectTheAppShowsHomer(page: Page, appUrl: string): Promise<void> {
  // Where the launch stopped, when it did not come back: the launcher's error page says why.
  await page
    .waitForURL((url) => url.toString().startsWith(`${appUrl}index.html`))
    .catch(async (error: unknown) => {
      throw new Error(
        `Not back in the app: ${page.url()} shows ${(await page.locator('body').innerText()).slice(0, 500)}`,
        {
          cause: error,
        }
      );
    });
  await expect.poll(() => appField(page, 'status'), { timeout: 20_000 }).toMatch(/^(Ready|Failed)$/);
  expect(await appField(page, 'error')).toBe('');
  expect(await appField(page, 'status')).toBe('Ready');
  expect(await appField(page, 'patient-name')).toBe('Homer Jay Simpson');
  expect(await appField(page, 'patient-id')).toBe(DemoIds.patient);
  expect(await appField(page, 'context-patient')).toBe(DemoIds.patient);
  // From the id_token, which the client verified against the launcher's JWKS.
  expect(await appField(page, 'context-user')).toBe(`Practitioner/${DemoIds.doctor}`);
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

  it('standalone: our FhirClient launches from the FHIR base URL alone; the person logs in, picks the patient and approves; the app shows that patient', async () => {
    const { context, errors, authorizeRequests } = await watchedContext(browser);
    const page = await context.newPage();

    // The launcher's home page: a provider standalone launch; it shows the FHIR base URL to give the app.
    await page.goto(`${launcherUrl}/`);
    await page.locator('#launch_type').selectOption({ label: 'Provider Standalone Launch' });
    const iss = await page.locator('#launch-url').inputValue();
    expect(iss).toMatch(/\/v\/r4\/sim\/[^/]+\/fhir$/);

    // The app gets that URL and nothing else.
    await page.goto(`${app.url}launch.html?iss=${encodeURIComponent(iss)}`);
    await logInAsTheDoctor(page);
    await pickHomer(page);
    // The launcher's approval page lists what the app asked for; the person approves.
    await page.getByRole('heading', { name: 'Authorize App Launch' }).waitFor();
    expect(await page.locator('body').innerText()).toContain('Read all data on the current patient');
    await page.getByRole('button', { name: 'Approve' }).click();
    await expectTheAppShowsHomer(page, app.url);

    // What went over the wire: the discovered authorize endpoint, with aud exactly the FHIR base and S256.
    expect(authorizeRequests.length).toBe(1);
    const authorize = authorizeRequests[0]!;
    expect(`${authorize.origin}${authorize.pathname}`).toBe(iss.replace(/\/fhir$/, '/auth/authorize'));
    expect(authorize.searchParams.get('aud')).toBe(iss);
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('client_id')).toBe(APP_CLIENT_ID);
    expect(authorize.searchParams.get('scope')).toBe(APP_SCOPE);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${app.url}index.html`);
    expect(authorize.searchParams.has('launch')).toBe(false);
    // The launcher really read our server (through the front) for the app.
    expect(front.log).toContain(`GET /Patient/${DemoIds.patient} -> 200`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('EHR launch: the launcher opens our app with iss and launch; the person logs in, picks the patient and launches without an encounter; the app shows that patient', async () => {
    const { context, errors, authorizeRequests } = await watchedContext(browser);
    const home = await context.newPage();

    // The launcher's home page: a provider EHR launch of the app's launch URL, opened with its Launch button.
    await home.goto(`${launcherUrl}/`);
    await home.locator('#launch_type').selectOption({ label: 'Provider EHR Launch' });
    await home.locator('#launch-url').fill(`${app.url}launch.html`);
    const opened: URL[] = [];
    context.on('request', (request) => {
      if (request.url().startsWith(`${app.url}launch.html`)) opened.push(new URL(request.url()));
    });
    const [page] = await Promise.all([context.waitForEvent('page'), home.locator('#ehr-launch-url').click()]);

    await logInAsTheDoctor(page);
    await pickHomer(page);
    // The launcher's encounter page: the demo data has no Encounter for Homer (the launcher looked:
    // its search went through the front), so the person launches without one.
    await page.getByRole('heading', { name: /Select Encounter\s+for Homer Jay Simpson/ }).waitFor();
    await page.getByText('No encounters found').waitFor();
    expect(front.log.some((line) => /^GET \/Encounter\?.* -> 200$/.test(line))).toBe(true);
    await page.getByRole('button', { name: 'Launch without encounter' }).click();
    // No approval page in an EHR launch: the EHR's user launched the app.
    await expectTheAppShowsHomer(page, app.url);
    expect(await appField(page, 'context-encounter')).toBe('(none)');

    expect(authorizeRequests.length).toBe(1);
    const authorize = authorizeRequests[0]!;
    const iss = `${launcherUrl}/v/r4/fhir`;
    expect(`${authorize.origin}${authorize.pathname}`).toBe(`${launcherUrl}/v/r4/auth/authorize`);
    expect(authorize.searchParams.get('aud')).toBe(iss);
    // The launcher opened the app with iss and launch; the app sent that launch id on, and the aud as iss.
    expect(opened.map((url) => url.searchParams.get('iss'))).toEqual([iss]);
    expect(authorize.searchParams.get('launch')).toBeTruthy();
    expect(authorize.searchParams.get('launch')).toBe(opened[0]!.searchParams.get('launch'));
    expect(authorize.searchParams.get('code_challenge_method')).toBe('S256');
    expect(authorize.searchParams.get('scope')).toBe(APP_EHR_SCOPE);
    expect(errors).toEqual([]);
    await context.close();
  });
});
