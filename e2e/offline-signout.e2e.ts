// Issue 24: what lives on the device is the signed-in user's, and only while signed in. Signing
// out (offline, with a write still waiting) leaves nothing in IndexedDB, Cache Storage never
// holds an API answer, and the next person on the same browser sees none of it, offline too.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import {
  apiAs,
  banner,
  cachedApiUrls,
  cachedUrls,
  indexedDbEntries,
  registerPatient,
  serviceWorkerReady,
} from './offline-helpers';
import { HEART_RATE, addHeartRateOffline } from './offline-journey';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function heartRateTable(page: Page) {
  await page.goto(HEART_RATE);
  await page.getByRole('heading', { level: 1, name: 'Heart Rate' }).waitFor();
  const table = page.getByRole('table', { name: 'Heart Rate measurements' });
  // The second row is a reading or 'no measurements': either way the search has answered.
  await table.getByRole('row').nth(1).waitFor();
  return table;
}

async function openSignOut(page: Page, name: string): Promise<void> {
  await page.getByRole('button', { name: new RegExp(name) }).click();
  await page.getByRole('link', { name: 'Sign out' }).click();
}

describe('a shared device', () => {
  it('keeps nothing of a user after sign-out, and the next user sees none of it, online or offline', async () => {
    const { context, page, errors } = await newPage(browser);
    const first = await registerPatient(page, 'Firstuser');
    const firstApi = await apiAs(first);
    const table = await heartRateTable(page);
    await page.getByRole('button', { name: 'Add Measurement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Measurement' });
    await dialog.getByLabel('Heart Rate (beats/minute)').fill('81');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await table.getByText('81 beats/minute').waitFor();
    await serviceWorkerReady(page);
    // While signed in, the device keeps this user's reads.
    expect((await indexedDbEntries(page)).length).toBeGreaterThan(0);
    expect((await cachedUrls(page)).length, 'the service worker precached the shell').toBeGreaterThan(0);
    expect(await cachedApiUrls(page)).toEqual([]);

    // Offline, a second reading waits; signing out asks first, and staying changes nothing.
    await context.setOffline(true);
    await addHeartRateOffline(page, '82');
    await banner(page, 'waiting').waitFor();
    const pending = 'You have 1 change not yet sent. Signing out deletes them from this device.';
    await openSignOut(page, first.first);
    await page.getByText(pending).waitFor();
    await page.getByRole('button', { name: 'Stay signed in' }).click();
    await page.getByText(pending).waitFor({ state: 'detached' });
    await banner(page, 'waiting').waitFor();
    await openSignOut(page, first.first);
    await page.getByText(pending).waitFor();
    await page.getByRole('button', { name: 'Sign out anyway' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();

    // Nothing of the first user is left on the device: no IndexedDB entry, no API answer cached.
    await expect.poll(async () => (await indexedDbEntries(page)).map((e) => e.key), { timeout: 15_000 }).toEqual([]);
    expect(await cachedApiUrls(page)).toEqual([]);
    expect(await page.evaluate(() => JSON.stringify({ ...localStorage, ...sessionStorage }))).not.toContain(
      first.email
    );

    // Back online: the reading deleted with the sign-out never reached the server.
    await context.setOffline(false);
    const firstPatient = `Patient/${firstApi.getProfile()!.id}`;
    const stored = await firstApi.searchResources('Observation', { patient: firstPatient }, { cache: 'reload' });
    expect(stored.map((o) => o.valueQuantity?.value)).toEqual([81]);

    // The next user on the same browser.
    const second = await registerPatient(page, 'Seconduser');
    const secondApi = await apiAs(second);
    const secondTable = await heartRateTable(page);
    await page.getByRole('button', { name: 'Add Measurement' }).waitFor();
    expect(await secondTable.getByText('81 beats/minute').count()).toBe(0);
    expect(await page.getByText(/Firstuser/).count()).toBe(0);
    // Everything on the device now belongs to the second user's login.
    const secondPatient = `Patient/${secondApi.getProfile()!.id}`;
    const logins = new Set((await indexedDbEntries(page)).map((e) => (Array.isArray(e.key) ? e.key[0] : e.key)));
    expect(
      [...logins].every((login) => String(login).endsWith(secondPatient)),
      [...logins].join(', ')
    ).toBe(true);
    expect(JSON.stringify(await indexedDbEntries(page))).not.toContain(firstPatient);

    // Offline too: the second user's device copy, never the first's.
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: `Hello ${second.first}` }).waitFor();
    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Hello ${second.first}` }).waitFor();
    await banner(page, 'offline').waitFor();
    const offlineTable = await heartRateTable(page);
    await page.getByRole('button', { name: 'Add Measurement' }).waitFor();
    expect(await offlineTable.getByText('81 beats/minute').count()).toBe(0);
    expect(await offlineTable.getByText('82 beats/minute').count()).toBe(0);
    expect(await page.getByText(/Firstuser/).count()).toBe(0);
    expect(await cachedApiUrls(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
