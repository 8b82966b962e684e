import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import { PortalQuestionnaires } from '../demo/app/src/questionnaires';
import { DemoIds } from '../demo/server/seed/ids';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { signInAsDemoPatient } from './session';

let browser: Browser;
let api: FhirClient;
beforeAll(async () => {
  browser = await launchBrowser();
  // The server as the patient sees it, to check what the portal stored.
  api = new FhirClient({ baseUrl: inject('apiUrl'), cacheTime: 0, storage: new ClientStorage(new MemoryStorage()) });
  const login = await api.startLogin({ email: 'patient@example.com', password: 'patient-demo-1', remember: false });
  await api.processCode(login.code!);
});

/** The demo patient's intake responses with this status, as the server holds them. */
async function intakeResponses(status: 'in-progress' | 'completed') {
  const me = api.getProfile()!;
  return api.searchResources(
    'QuestionnaireResponse',
    { subject: `Patient/${me.id}`, questionnaire: PortalQuestionnaires.intake, status, _count: '100' },
    { cache: 'reload' }
  );
}
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

  it('keeps the intake answers across a reload, offers to resume them, and completes that one response', async () => {
    const completedBefore = (await intakeResponses('completed')).length;
    const { page, context, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await page.goto('/patient-intake-questionnaire');
    await page.getByRole('heading', { level: 1, name: 'Patient Intake Questionnaire' }).waitFor();
    const demographics = page.getByRole('region', { name: 'Demographics' });
    await demographics.getByLabel('First Name').pressSequentially('Marge', { delay: 20 });
    await demographics.getByLabel('Last Name').pressSequentially('Bouvier', { delay: 20 });
    await page.getByText('Your answers are saved.').waitFor();
    const drafts = await intakeResponses('in-progress');
    expect(drafts.length).toBe(1);
    const draftId = drafts[0].id;

    await page.reload();
    await page.getByRole('heading', { name: 'Resume your saved answers?' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Resume' }).click();
    expect(await demographics.getByLabel('First Name').inputValue()).toBe('Marge');
    expect(await demographics.getByLabel('Last Name').inputValue()).toBe('Bouvier');

    await demographics.getByLabel('Social Security Number').fill('987-65-4321');
    const coverage = page.getByRole('region', { name: 'Coverage Information' });
    await coverage.getByRole('combobox', { name: 'Insurance Provider' }).click();
    await page.getByRole('option', { name: 'Acme Health Insurance' }).click();
    await coverage.getByLabel('Subscriber ID').fill('ACME-112233');
    await coverage.getByRole('combobox', { name: 'Relationship to Subscriber' }).click();
    await page.getByRole('option', { name: 'Self' }).click();
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByRole('heading', { name: 'Thank you' }).waitFor();

    // One response, the draft itself, now completed; no draft is left behind.
    const completed = await intakeResponses('completed');
    expect(completed.length).toBe(completedBefore + 1);
    const mine = completed.find((r) => r.id === draftId);
    expect(mine?.status).toBe('completed');
    expect(JSON.stringify(mine?.item)).toContain('"valueString":"Marge"');
    expect(await intakeResponses('in-progress')).toEqual([]);

    // The health record names it by its questionnaire's title, not by the end of its url.
    await page.goto('/health-record/questionnaire-responses/');
    await page.getByRole('link', { name: 'Patient Intake Questionnaire', exact: true }).first().waitFor();
    expect(await page.getByRole('link', { name: 'Patient Intake', exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps answers typed just before a reload: the save flushed as the page goes still arrives', async () => {
    const { page, context, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await page.goto('/patient-intake-questionnaire');
    await page.getByRole('heading', { level: 1, name: 'Patient Intake Questionnaire' }).waitFor();
    // Typed and reloaded at once: the one-second pause before a save never passes on this page.
    await page.getByRole('region', { name: 'Demographics' }).getByLabel('First Name').pressSequentially('Patty');
    await page.reload();
    await page.getByRole('heading', { name: 'Resume your saved answers?' }).waitFor();
    await page.getByRole('button', { name: 'Resume' }).click();
    expect(await page.getByRole('region', { name: 'Demographics' }).getByLabel('First Name').inputValue()).toBe(
      'Patty'
    );
    expect(errors).toEqual([]);
    await context.close();
  });
});
