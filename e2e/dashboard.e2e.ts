import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { signInAsDemoPatient } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The dashboard's task card with this title. */
const taskCard = (page: Page, title: string) =>
  page
    .getByRole('region', { name: 'Your tasks' })
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 3, name: title }) });

/** Today as the dashboard writes a date, in the browser's own locale and zone. */
const today = (page: Page) =>
  page.evaluate(() =>
    new Intl.DateTimeFormat(undefined, { year: 'numeric', month: 'short', day: 'numeric' }).format(new Date())
  );

describe('the dashboard shows what the patient did', () => {
  it('marks the screening and the provider done with their dates, and names the preferred pharmacy once chosen', async () => {
    const { page, context, errors } = await newPage(browser);
    // A patient of its own, so nothing another journey submitted counts here.
    await page.goto('/register');
    await page.getByLabel('First name').fill('Maude');
    await page.getByLabel('Last name').fill('Flanders');
    await page.getByLabel('Email').fill(`maude-${Date.now()}@example.com`);
    await page.getByLabel('Password').fill('okily-dokily-1');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hello Maude' }).waitFor();

    const screening = taskCard(page, 'AHC HRSN Screening');
    await expect.poll(() => screening.getAttribute('data-state')).toBe('todo');
    expect(await taskCard(page, 'Patient Intake Questionnaire').getAttribute('data-state')).toBe('todo');
    expect(await taskCard(page, 'Add an emergency contact').getAttribute('data-state')).toBe('todo');
    expect(await page.getByText(/^Done on/).count()).toBe(0);

    await screening.getByRole('link', { name: 'Start screening' }).click();
    await page.getByRole('heading', { level: 1, name: 'AHC HRSN Screening' }).waitFor();
    await page.getByRole('radio', { name: 'I have a steady place to live' }).check();
    await page.getByRole('checkbox', { name: 'None of the above' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();

    await page.getByRole('link', { name: /home/i }).first().click();
    await expect.poll(() => screening.getAttribute('data-state')).toBe('done');
    expect(await screening.getByText(/^Done on/).textContent()).toBe(`Done on ${await today(page)}`);
    expect(await taskCard(page, 'Patient Intake Questionnaire').getAttribute('data-state')).toBe('todo');
    await expectAccessible(page);

    // The Preferred Pharmacy card leads to the choice; the card then names the pharmacy.
    const shortcuts = page.getByRole('region', { name: 'Shortcuts' });
    await shortcuts.getByText('Where should we send your prescriptions?').waitFor();
    await shortcuts.getByRole('link', { name: 'Set your pharmacy' }).click();
    await page.getByRole('heading', { level: 2, name: 'Preferred pharmacy' }).waitFor();
    // First a provider on the same page: the pharmacy saved next must keep it.
    const picker = page.getByRole('combobox', { name: 'Provider' });
    await picker.pressSequentially('Okafor');
    await page.getByRole('option', { name: 'Dr. Amara Okafor' }).click();
    await page.getByRole('button', { name: 'Save provider' }).click();
    await page.getByText('Provider chosen').waitFor();
    const pharmacies = page.getByRole('group', { name: 'Pharmacy' });
    await pharmacies.getByRole('radio', { name: /Riverside Pharmacy/ }).waitFor();
    expect(await pharmacies.getByRole('radio').count()).toBe(3);
    await expectAccessible(page);
    await pharmacies.getByRole('radio', { name: /Riverside Pharmacy/ }).check();
    await page.getByRole('button', { name: 'Save pharmacy' }).click();
    await page.getByText('Preferred pharmacy saved').waitFor();
    await page.getByText('We send your prescriptions to Riverside Pharmacy.').waitFor();

    // What the server holds: after a reload the dashboard still names it.
    await page.goto('/');
    await shortcuts.getByText('We send your prescriptions to Riverside Pharmacy.').waitFor();
    await shortcuts.getByRole('link', { name: 'Change your pharmacy' }).waitFor();
    await expect.poll(() => screening.getAttribute('data-state')).toBe('done');
    const provider = taskCard(page, 'Choose a primary care provider');
    expect(await provider.getAttribute('data-state')).toBe('done');
    expect(await provider.getByText(/^Done on/).textContent()).toBe(`Done on ${await today(page)}`);
    await page
      .getByRole('region', { name: 'Primary care provider', exact: true })
      .getByText('Dr. Amara Okafor MD')
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("links the care plan's screening item to the screening form", async () => {
    const { page, context, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await page.goto('/care-plan/action-items');
    await page.getByRole('link', { name: 'Complete the AHC HRSN screening' }).click();
    await page.getByRole('heading', { level: 1, name: 'Complete the AHC HRSN screening' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Open the screening form' }).click();
    await page.getByRole('heading', { level: 1, name: 'AHC HRSN Screening' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/screening-questionnaire');
    expect(errors).toEqual([]);
    await context.close();
  });
});
