import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoIds } from '../demo/server/seed/ids';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { signInAsDemoPatient } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('questionnaires in the portal', () => {
  it('fills and submits the patient intake form, then shows the thank-you text', async () => {
    const { page, context, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await page.getByRole('link', { name: 'Fill in the form' }).click();
    await page.getByRole('heading', { level: 1, name: 'Patient Intake Questionnaire' }).waitFor();
    await expectAccessible(page);

    const demographics = page.getByRole('region', { name: 'Demographics' });
    await demographics.getByLabel('First Name').fill('Homer');
    await demographics.getByLabel('Last Name').fill('Simpson');
    await demographics.getByLabel('Social Security Number').fill('123-45-6789');

    // Submitting without the coverage answers is refused and keeps what was typed. Enter in a field
    // submits, as in any form (the fields belong to the form through their form attribute).
    await demographics.getByLabel('Social Security Number').press('Enter');
    const coverage = page.getByRole('region', { name: 'Coverage Information' });
    await expect.poll(() => coverage.getByLabel('Subscriber ID').getAttribute('aria-invalid')).toBe('true');
    expect(await demographics.getByLabel('First Name').inputValue()).toBe('Homer');

    await coverage.getByRole('combobox', { name: 'Insurance Provider' }).click();
    await page.getByRole('option', { name: 'Acme Health Insurance' }).click();
    await coverage.getByLabel('Subscriber ID').fill('ACME-778899');
    const subscriberInfo = page.getByRole('region', { name: 'Subscriber Information' });
    await subscriberInfo.waitFor();
    await coverage.getByRole('combobox', { name: 'Relationship to Subscriber' }).click();
    await page.getByRole('option', { name: 'Self' }).click();
    // Subscriber information is only asked when the relationship is not self, other or injured.
    await subscriberInfo.waitFor({ state: 'detached' });

    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fills and submits the AHC HRSN screening', async () => {
    const { page, context, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await page.getByRole('link', { name: 'Start screening' }).click();
    await page.getByRole('heading', { level: 1, name: 'AHC HRSN Screening' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('radio', { name: 'I have a steady place to live' }).check();
    await page.getByRole('checkbox', { name: 'None of the above' }).check();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('submits a stored questionnaire and finds the response in the health record', async () => {
    const { page, context, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await page.goto(`/Questionnaire/${DemoIds.generalQuestionnaire}`);
    await page.getByRole('heading', { level: 1, name: 'General Health Questionnaire' }).waitFor();
    await page.getByRole('radio', { name: 'Good', exact: true }).check();
    await page.getByLabel('How many days a week do you exercise for at least 30 minutes?').fill('3');
    await page.getByRole('checkbox', { name: 'Do you currently smoke?' }).check();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Submit' }).click();

    await page.getByText('Answers recorded').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Questionnaire Responses' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/health-record/questionnaire-responses/');
    await page.getByRole('link', { name: 'General Health' }).first().click();
    await page.getByRole('heading', { level: 1, name: 'Questionnaire Response' }).waitFor();
    expect(await page.getByText('Yes', { exact: true }).count()).toBeGreaterThan(0);
    expect(await page.getByText('Good', { exact: true }).count()).toBeGreaterThan(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
