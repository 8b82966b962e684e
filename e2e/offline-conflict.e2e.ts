// Issue 24: an update made offline over a version the server changed meanwhile is never
// silently overwritten nor lost: back online the portal shows both versions and the patient
// chooses one.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FhirClient } from '../src/client';
import type { Patient } from '../src/fhir';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { apiAs, banner, registerPatient, serviceWorkerReady } from './offline-helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

async function openProfile(page: Page, first: string): Promise<void> {
  await page.goto('/account/profile');
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  await expect.poll(() => page.getByLabel('First name').inputValue(), { timeout: 15_000 }).toBe(first);
}

/** The patient's middle name as the server holds it. */
async function middleNameOnServer(api: FhirClient): Promise<string | undefined> {
  const me = (await api.readResource('Patient', api.getProfile()!.id!, { cache: 'reload' })) as Patient;
  return me.name?.[0]?.given?.[1];
}

/** Changes the middle name on the server, as another device of the same patient would. */
async function changeOnServer(api: FhirClient, middle: string): Promise<void> {
  const me = (await api.readResource('Patient', api.getProfile()!.id!, { cache: 'reload' })) as Patient;
  const [name, ...others] = me.name ?? [{}];
  await api.updateResource<Patient>({ ...me, name: [{ ...name, given: [name.given?.[0] ?? '', middle] }, ...others] });
}

/** Offline: types a middle name and saves; the update waits on the device. */
async function saveMiddleNameOffline(page: Page, middle: string): Promise<void> {
  await page.getByLabel('Middle name').fill(middle);
  await page.getByRole('button', { name: 'Save', exact: true }).click();
  await banner(page, 'waiting')
    .getByText(/1 change will be sent/)
    .waitFor();
}

describe('an update made offline over a newer version on the server', () => {
  it('shows the conflict with both versions; keeping mine, then the server’s, each resolves it', async () => {
    const { context, page, errors } = await newPage(browser);
    const me = await registerPatient(page, 'Conflict');
    const api = await apiAs(me);
    await openProfile(page, me.first);
    await serviceWorkerReady(page);

    // Round one: the patient keeps the version typed on this device.
    await context.setOffline(true);
    await saveMiddleNameOffline(page, 'Offlinia');
    await changeOnServer(api, 'Servera');
    await context.setOffline(false);
    const dialog = page.getByRole('dialog', { name: 'Your change was not saved' });
    await dialog.waitFor({ timeout: 60_000 });
    await dialog
      .getByText('This was changed on the server while you were offline. Choose which version to keep.')
      .waitFor();
    await dialog.getByText('Your version', { exact: true }).waitFor();
    await dialog.getByText('On the server', { exact: true }).waitFor();
    // Both versions, readable: the middle name each holds.
    await dialog
      .getByText(/Offlinia/)
      .first()
      .waitFor();
    await dialog
      .getByText(/Servera/)
      .first()
      .waitFor();
    await expectAccessible(page);
    // Nothing was overwritten while the patient had not chosen.
    expect(await middleNameOnServer(api)).toBe('Servera');
    await dialog.getByRole('button', { name: 'Keep my version' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => middleNameOnServer(api), { timeout: 30_000 }).toBe('Offlinia');

    // Round two, from a fresh read of the profile: the patient takes the server's version.
    await openProfile(page, me.first);
    await expect.poll(() => page.getByLabel('Middle name').inputValue(), { timeout: 15_000 }).toBe('Offlinia');
    await context.setOffline(true);
    await saveMiddleNameOffline(page, 'Twice');
    await changeOnServer(api, 'Serverb');
    await context.setOffline(false);
    await dialog.waitFor({ timeout: 60_000 });
    await dialog.getByText(/Twice/).first().waitFor();
    await dialog
      .getByText(/Serverb/)
      .first()
      .waitFor();
    await dialog.getByRole('button', { name: "Use the server's version" }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(await middleNameOnServer(api)).toBe('Serverb');
    // The device's copy is the server's again.
    await openProfile(page, me.first);
    await expect.poll(() => page.getByLabel('Middle name').inputValue(), { timeout: 15_000 }).toBe('Serverb');
    expect(await dialog.count()).toBe(0);
    expect(await middleNameOnServer(api)).toBe('Serverb');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);
});
