// Issue 22: an app written with SMART Health IT's own client (fhirclient, npm) launches against
// the reference server, as a third-party app would: standalone from the FHIR base alone, then
// from the staff area's 'Open app' (EHR launch). The app is demo/smart-app, served by the portal.
import { readFileSync } from 'node:fs';
import { request as httpRequest } from 'node:http';
import { createRequire } from 'node:module';
import type { Browser, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage, portalUrl } from './browser';
import { expectNoHorizontalScroll, expectTapTarget, newPhonePage, SMALL_PHONE } from './narrow';
import { signIn } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/**
 * expectAccessible for a page whose CSP allows no inline script (the app's): axe is evaluated
 * through the devtools protocol, which the page's CSP does not govern, instead of a script tag.
 */
async function expectAccessibleUnderCsp(page: Page): Promise<void> {
  await page.evaluate(axeSource);
  const violations = await page.evaluate(async () => {
    const result = await (window as any).axe.run(document, { resultTypes: ['violations'] });
    return result.violations
      .filter((v: any) => v.impact === 'serious' || v.impact === 'critical')
      .map((v: any) => `${v.id} (${v.impact}): ${v.help}: ${v.nodes.map((n: any) => n.target.join(' ')).join(', ')}`);
  });
  expect(violations, `axe on ${page.url()}`).toEqual([]);
}

/** The FHIR base as the server names it: what a launcher passes as `iss` and the app as `aud`. */
const fhirBase = () => portalUrl('/fhir/R4');

/** Signs in on the server's own authorize page, as a person does. */
async function signInAtServer(page: Page, email: string, password: string): Promise<void> {
  await page.getByRole('heading', { level: 1, name: 'Sign in' }).waitFor();
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** The text of a `dt`/`dd` pair inside one of the app's sections (named by its heading). */
function field(page: Page, section: string, term: string) {
  return page
    .getByRole('region', { name: section })
    .locator('dt', { hasText: new RegExp(`^${term}$`) })
    .locator('xpath=following-sibling::dd[1]');
}

/** The token response the app received (what fhirclient reads the context from). */
async function tokenBody(response: Promise<Response>): Promise<Record<string, unknown>> {
  const answer = await response;
  expect(answer.status()).toBe(200);
  return (await answer.json()) as Record<string, unknown>;
}

const isTokenResponse = (r: Response) => r.url() === portalUrl('/oauth2/token') && r.request().method() === 'POST';

/** A GET with the path exactly as written (fetch would resolve `..` before sending). */
function rawGet(path: string): Promise<{ status: number; headers: Record<string, unknown> }> {
  const portal = new URL(inject('portalUrl'));
  return new Promise((resolve, reject) => {
    const req = httpRequest({ host: portal.hostname, port: portal.port, path, method: 'GET' }, (res) => {
      res.resume();
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers }));
    });
    req.on('error', reject);
    req.end();
  });
}

describe('a SMART app written with fhirclient, against the reference server', () => {
  it('standalone: from the FHIR base alone, the patient signs in at the server and the app shows them, at 320 px', async () => {
    const { page, context, errors } = await newPhonePage(browser, SMALL_PHONE);
    // Opened without a server, the launch page asks for one; the form opens launch.html?iss=….
    await page.goto('/smart-app/launch.html');
    const server = page.getByLabel('FHIR server address');
    await server.waitFor();
    await expectTapTarget(page.getByRole('button', { name: 'Launch' }));
    await expectNoHorizontalScroll(page, 'the launch page');
    await expectAccessibleUnderCsp(page);
    await server.fill(fhirBase());
    await server.press('Enter');

    // fhirclient discovered the authorize endpoint and sent aud = the FHIR base exactly, with S256.
    await page.waitForURL((url) => url.pathname === '/oauth2/authorize');
    const authorize = new URL(page.url());
    expect(Object.fromEntries(authorize.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'smart-demo-app',
      aud: fhirBase(),
      redirect_uri: portalUrl('/smart-app/index.html'),
      code_challenge_method: 'S256',
    });
    await expectNoHorizontalScroll(page, 'the server sign-in page');

    const token = page.waitForResponse(isTokenResponse);
    await signInAtServer(page, 'patient@example.com', 'patient-demo-1');
    const body = await tokenBody(token);
    expect(body).toMatchObject({ token_type: 'Bearer', need_patient_banner: true });
    expect(body.patient).toEqual(expect.any(String));
    expect(body.id_token).toEqual(expect.any(String));

    // patient.read() for the patient in context; user.read() for the id_token's fhirUser.
    await expect.poll(() => field(page, 'Patient', 'Name').textContent()).toBe('Homer Jay Simpson');
    await expect.poll(() => field(page, 'Signed in as', 'Name').textContent()).toBe('Homer Jay Simpson');
    expect(await field(page, 'Signed in as', 'Role').textContent()).toBe('Patient');
    expect(await field(page, 'Launch', 'Opened').textContent()).toBe('Standalone');
    expect(await page.getByRole('alert').isHidden()).toBe(true);
    await expectNoHorizontalScroll(page, 'the SMART app');
    await expectAccessibleUnderCsp(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it("EHR launch: the doctor opens the app from a patient's page in /staff; it shows that patient and the doctor", async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'doctor@example.com', 'doctor-demo-1');
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Patients' }).click();
    const table = page.getByRole('table', { name: 'Patients' });
    await table.getByRole('link', { name: 'Ava Abbott', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Ava Abbott' }).waitFor();

    // 'Open app', by keyboard, lists the registered apps; each a 44 px target.
    const openApp = page.getByRole('button', { name: 'Open app' });
    await expectTapTarget(openApp);
    await openApp.focus();
    await page.keyboard.press('Enter');
    const choice = page.getByRole('list', { name: 'Apps' }).getByRole('button', { name: 'Demo SMART app' });
    await expectTapTarget(choice);
    await expectAccessible(page);
    await choice.focus();
    const [app] = await Promise.all([context.waitForEvent('page'), page.keyboard.press('Enter')]);

    // The app's tab cannot reach back into the portal's.
    await app.waitForURL((url) => url.pathname === '/oauth2/authorize');
    expect(await app.evaluate(() => window.opener)).toBeNull();
    const authorize = new URL(app.url());
    expect(authorize.searchParams.get('aud')).toBe(fhirBase());
    expect(authorize.searchParams.get('launch')).toEqual(expect.any(String));

    // The practitioner signs in at the server (it keeps no browser session of its own).
    const token = app.waitForResponse(isTokenResponse);
    await signInAtServer(app, 'doctor@example.com', 'doctor-demo-1');
    const body = await tokenBody(token);
    expect(body).toMatchObject({ need_patient_banner: false });

    await expect.poll(() => field(app, 'Patient', 'Name').textContent()).toBe('Ava Abbott');
    await expect.poll(() => field(app, 'Signed in as', 'Name').textContent()).toBe('Dr. Julia Hibbert');
    expect(await field(app, 'Signed in as', 'Role').textContent()).toBe('Practitioner');
    expect(await field(app, 'Launch', 'Opened').textContent()).toBe('From the EHR, for its patient');
    expect(await app.getByRole('alert').isHidden()).toBe(true);
    await expectAccessibleUnderCsp(app);

    // The launch was used once: the same launch address again is refused at the server.
    const launchUrl = new URL('/smart-app/launch.html', portalUrl());
    launchUrl.search = new URLSearchParams({
      iss: fhirBase(),
      launch: authorize.searchParams.get('launch')!,
    }).toString();
    const again = await context.newPage();
    await again.goto(launchUrl.toString());
    // Refused before any sign-in: back to the app with error=invalid_request, which it shows.
    await expect.poll(() => again.getByRole('alert').textContent(), { timeout: 15_000 }).toMatch(/Invalid launch/);
    expect(new URL(again.url()).pathname).toBe('/smart-app/index.html');

    expect(errors).toEqual([]);
    await context.close();
  });

  it('the portal serves the app’s own files under /smart-app/ and nothing else', async () => {
    const launch = await rawGet('/smart-app/launch.html');
    expect(launch.status).toBe(200);
    expect(launch.headers['content-security-policy']).toContain("default-src 'self'");
    const fhirClient = await rawGet('/smart-app/fhir-client.js');
    expect(fhirClient.status).toBe(200);
    expect(fhirClient.headers['content-type']).toBe('text/javascript; charset=utf-8');
    // Not a file of the app: not the portal's index.html either.
    expect((await rawGet('/smart-app/package.json')).status).toBe(404);
    expect((await rawGet('/smart-app/fhir-client.js.map')).status).toBe(404);
    // Out of the folder: refused before any file is looked for.
    expect((await rawGet('/smart-app/../../package.json')).status).toBe(400);
    expect((await rawGet('/smart-app/%2e%2e/serve.mjs')).status).toBe(400);
  });
});
