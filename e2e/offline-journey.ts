// The writes a patient makes offline in the offline journeys (a vital, a chat message, a
// questionnaire response), and the check that each reached the server exactly once.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import type { FhirClient } from '../src/client';
import type { Communication, Observation, QuestionnaireResponse } from '../src/fhir';
import { DemoIds, QuestionnaireUrls } from '../demo/server/seed/ids';
import { byOutboxIdentifier, outboxIdentifierOf, outboxOnDevice, serverSearch } from './offline-helpers';

export const SAVED_ON_DEVICE = 'Saved on this device; will send when you are back online';
export const HEART_RATE = '/health-record/vitals/heart-rate';
export const CHAT = `/messages/${DemoIds.doctor}`;
export const GENERAL = `/Questionnaire/${DemoIds.generalQuestionnaire}`;

/** Opens the pages the journey writes on while online, so their reads are kept on the device. */
export async function visitOnline(page: Page): Promise<void> {
  await page.goto(HEART_RATE);
  await page.getByRole('heading', { level: 1, name: 'Heart Rate' }).waitFor();
  // The second row is a reading or 'no measurements': either way the search has answered.
  await page.getByRole('table', { name: 'Heart Rate measurements' }).getByRole('row').nth(1).waitFor();
  await page.waitForLoadState('networkidle');
  await page.goto(CHAT);
  await page.getByRole('textbox', { name: 'Message' }).waitFor();
  await page.waitForLoadState('networkidle');
  await page.goto(GENERAL);
  await page.getByRole('heading', { level: 1, name: 'General Health Questionnaire' }).waitFor();
  await page.getByRole('button', { name: 'Submit' }).waitFor();
  await page.waitForLoadState('networkidle');
}

/** Adds a heart-rate reading; offline it is kept on the device and says so. */
export async function addHeartRateOffline(page: Page, value: string): Promise<void> {
  await page.goto(HEART_RATE);
  await page.getByRole('heading', { level: 1, name: 'Heart Rate' }).waitFor();
  await page.getByRole('button', { name: 'Add Measurement' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Measurement' });
  await dialog.getByLabel('Heart Rate (beats/minute)').fill(value);
  await dialog.getByRole('button', { name: 'Save' }).click();
  await page.getByText(SAVED_ON_DEVICE).first().waitFor();
  expect(
    await page
      .getByRole('alert')
      .filter({ hasText: /error|failed/i })
      .count()
  ).toBe(0);
}

/** Sends a chat message to the demo doctor; offline it shows as queued. */
export async function sendMessageOffline(page: Page, text: string): Promise<void> {
  await page.goto(CHAT);
  const input = page.getByRole('textbox', { name: 'Message' });
  await input.fill(text);
  await input.press('Enter');
  await page.locator('[data-queued]').filter({ hasText: text }).waitFor();
  await expect.poll(() => input.inputValue(), { timeout: 15_000 }).toBe('');
}

/** Fills and submits the general health questionnaire; offline the response waits on the device. */
export async function submitQuestionnaireOffline(page: Page): Promise<void> {
  await page.goto(GENERAL);
  await page.getByRole('heading', { level: 1, name: 'General Health Questionnaire' }).waitFor();
  await page.getByRole('radio', { name: 'Good', exact: true }).check();
  await page.getByLabel('How many days a week do you exercise for at least 30 minutes?').fill('4');
  await page.getByRole('checkbox', { name: 'Do you currently smoke?' }).check();
  await page.getByRole('button', { name: 'Submit' }).click();
  await page.getByText('Answers recorded').waitFor();
}

/** The outbox identifiers of the creates waiting on the device, by resource type. */
export async function queuedIdentifiers(page: Page): Promise<Record<string, string[]>> {
  const byType: Record<string, string[]> = {};
  for (const entry of await outboxOnDevice(page)) {
    if (entry.state !== 'pending' && entry.state !== 'sending') continue;
    const id = outboxIdentifierOf(entry.body);
    if (id) (byType[entry.resourceType] ??= []).push(id);
  }
  return byType;
}

/**
 * Waits until the server holds each write exactly once: by the outbox identifier each create
 * carried, and by its content among everything this (new) patient has.
 */
export async function expectEachOnce(
  api: FhirClient,
  identifiers: Record<string, string[]>,
  content: { heartRate: number; message: string }
): Promise<void> {
  for (const [type, values] of Object.entries(identifiers)) {
    for (const value of values) {
      await expect
        .poll(async () => (await byOutboxIdentifier(api, type as 'Observation', value)).length, {
          timeout: 30_000,
          message: `${type} with outbox identifier ${value}`,
        })
        .toBe(1);
    }
  }
  const me = api.getProfile()!;
  const patient = `Patient/${me.id}`;
  const heart = await serverSearch<Observation>(api, 'Observation', { patient, code: 'http://loinc.org|8867-4' });
  expect(heart.map((o) => o.valueQuantity?.value)).toEqual([content.heartRate]);
  const messages = await serverSearch<Communication>(api, 'Communication', { sender: patient });
  expect(messages.filter((c) => c.payload?.some((p) => p.contentString === content.message))).toHaveLength(1);
  const responses = await serverSearch<QuestionnaireResponse>(api, 'QuestionnaireResponse', {
    subject: patient,
    questionnaire: QuestionnaireUrls.general,
  });
  expect(responses.map((r) => r.status)).toEqual(['completed']);
}
