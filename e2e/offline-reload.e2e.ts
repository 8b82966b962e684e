// Issue 24: the portal opened again with no network. The service worker serves the shell and
// code, the client answers reads it kept on the device, and what needs the server says so.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { banner, cachedApiUrls, registerPatient, serviceWorkerReady } from './offline-helpers';

const OFFLINE = 'You are offline. The portal shows what this device has saved.';
const NEEDS_SERVER = 'This needs a connection to the server. Try again when you are back online.';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Adds a heart-rate reading online and waits for the table to show it. */
async function addHeartRate(page: Page, value: string): Promise<void> {
  await page.goto('/health-record/vitals/heart-rate');
  await page.getByRole('heading', { level: 1, name: 'Heart Rate' }).waitFor();
  await page.getByRole('button', { name: 'Add Measurement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Measurement' });
  await dialog.getByLabel('Heart Rate (beats/minute)').fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('table', { name: 'Heart Rate measurements' }).getByText(`${value} beats/minute`).waitFor();
}

describe('the portal offline', () => {
  it('reloads offline into the dashboard and shows a vital seen before', async () => {
    const { context, page, errors } = await newPage(browser);
    const me = await registerPatient(page, 'Ada');
    await addHeartRate(page, '71');
    await page.goto('/');
    await page.getByRole('heading', { level: 1, name: `Hello ${me.first}` }).waitFor();
    await serviceWorkerReady(page);
    // Online with nothing waiting, the banner shows nothing.
    expect(
      await page
        .locator('[role="status"][data-state]')
        .filter({ hasText: /offline/i })
        .count()
    ).toBe(0);

    await context.setOffline(true);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Hello ${me.first}` }).waitFor();
    await banner(page, 'offline').getByText(OFFLINE).waitFor();

    // A new document, offline: the service worker answers the navigation, the device the reads.
    await page.goto('/health-record/vitals/heart-rate');
    await page.getByRole('heading', { level: 1, name: 'Heart Rate' }).waitFor();
    await page.getByRole('table', { name: 'Heart Rate measurements' }).getByText('71 beats/minute').waitFor();
    await banner(page, 'offline').waitFor();
    // The service worker never kept an API answer, offline or not.
    expect(await cachedApiUrls(page)).toEqual([]);

    await context.setOffline(false);
    await page.reload();
    await page.getByRole('heading', { level: 1, name: 'Heart Rate' }).waitFor();
    await banner(page, 'offline').waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it.each([1280, 390])(
    'at %i px, booking offline says it needs the server, and the offline dashboard passes axe',
    async (width) => {
      const { context, page, errors } = await newPage(browser);
      await page.setViewportSize({ width, height: 900 });
      const me = await registerPatient(page, 'Booker');
      await serviceWorkerReady(page);

      await context.setOffline(true);
      await page.reload();
      await page.getByRole('heading', { level: 1, name: `Hello ${me.first}` }).waitFor();
      await banner(page, 'offline').getByText(OFFLINE).waitFor();
      await expectAccessible(page);

      // The dashboard's Get Care link (in the menu on a phone), as a patient would reach booking.
      await page.goto('/get-care');
      await page.getByRole('heading', { level: 1, name: 'Get Care' }).waitFor();
      await page.getByText(NEEDS_SERVER).waitFor();
      // Not the scheduler's own error, and no calendar to pick from.
      expect(await page.getByRole('heading', { name: 'Select date' }).count()).toBe(0);
      await expectAccessible(page);

      // Back online, booking works again on the same page.
      await context.setOffline(false);
      await page.reload();
      await page.getByRole('heading', { name: 'Select date' }).waitFor();
      expect(await page.getByText(NEEDS_SERVER).count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    },
    180_000
  );
});
