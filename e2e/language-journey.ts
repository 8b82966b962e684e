// The signed-in journey of issue 23, in one language: the dashboard, a vital added, the
// screening questionnaire filled through its translations, a visit booked and a message sent;
// on every page the <html lang dir> and axe. spanish.e2e.ts and arabic.e2e.ts run it.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { expectAccessible } from './browser';
import { expectHtmlLanguage } from './language';
import type { Translations } from './translations';

/** One language's journey: its texts, its direction, and what to do at the pages worth a picture. */
export interface Journey {
  readonly lang: 'es' | 'ar';
  readonly dir: 'ltr' | 'rtl';
  readonly t: Translations;
  /** The patient's first name, which the dashboard greets. */
  readonly given: string;
  /** A message in the language, sent to the doctor. */
  readonly message: string;
  /** Called on the dashboard and on the vital with its new reading (screenshots). */
  readonly onPage?: (page: Page, name: 'dashboard' | 'vital') => Promise<void>;
}

/** Fails unless the page speaks the journey's language and axe finds no serious issue. */
async function expectPage(page: Page, journey: Journey): Promise<void> {
  await expectHtmlLanguage(page, journey.lang, journey.dir);
  await expectAccessible(page);
}

/** From the signed-in dashboard: a vital, the screening, a booking, a message; each page checked. */
export async function runJourney(page: Page, journey: Journey): Promise<void> {
  const { t } = journey;

  // The dashboard greets the patient; its task cards speak the language.
  await page.getByRole('heading', { level: 1, name: new RegExp(journey.given) }).waitFor();
  const startScreening = page.getByRole('link', { name: t.text('Start screening') });
  await startScreening.waitFor();
  await expectPage(page, journey);
  await journey.onPage?.(page, 'dashboard');

  // A vital: a heart rate of 78, shown in the language's digits.
  await page.goto('/health-record/vitals/heart-rate');
  await page.getByRole('heading', { level: 1, name: t.text('Heart Rate') }).waitFor();
  await expectPage(page, journey);
  await page.getByRole('button', { name: t.text('Add Measurement') }).click();
  const dialog = page.getByRole('dialog', { name: t.text('Add Measurement') });
  await dialog.getByRole('textbox').first().fill('78');
  await expectPage(page, journey);
  await dialog.getByRole('button', { name: t.text('Save') }).click();
  await dialog.waitFor({ state: 'detached' });
  const reading = await page.evaluate((lang) => new Intl.NumberFormat(lang).format(78), journey.lang);
  await page.getByRole('table').getByRole('row').nth(1).getByText(reading).first().waitFor();
  await expectPage(page, journey);
  await journey.onPage?.(page, 'vital');

  // The screening, in the language through the questionnaire's own translations.
  await page.goto('/');
  await startScreening.click();
  await page.getByRole('heading', { level: 1, name: t.text('AHC HRSN Screening') }).waitFor();
  await expectPage(page, journey);
  await page.getByRole('radio', { name: t.text('I have a steady place to live') }).check();
  await page.getByRole('checkbox', { name: t.text('None of the above') }).check();
  await page.getByRole('button', { name: t.text('Submit') }).click();
  await page.getByRole('heading', { name: t.text('Thank you') }).waitFor();
  await expectPage(page, journey);

  // A visit: the first free day and hour.
  // Pages are opened by their routes: the navigation's own texts are the pseudo-locale pass's.
  await page.goto('/get-care');
  await page.getByRole('heading', { level: 1, name: t.text('Get Care') }).waitFor();
  await page.getByRole('heading', { name: t.text('Select date') }).waitFor();
  await expectPage(page, journey);
  const day = page.locator('.fpk-scheduler [role="gridcell"]:not([data-disabled]):not([data-outside]) button').first();
  await day.click();
  await page.getByRole('heading', { name: t.text('Select time') }).waitFor();
  await page.locator('.fpk-scheduler-times button').first().click();
  await page.locator('.fpk-scheduler').getByRole('textbox').first().fill(journey.message);
  await expectPage(page, journey);
  await page.getByRole('button', { name: t.text('Next') }).click();
  await page.getByRole('heading', { name: t.text("You're all set!") }).waitFor();
  await expectPage(page, journey);

  // A message to the doctor, live in the chat.
  await page.goto('/messages');
  await page.getByRole('heading', { level: 1, name: t.text('Messages') }).waitFor();
  await expectPage(page, journey);
  await page.getByRole('link', { name: /Hibbert/ }).click();
  await page.locator('[data-connection="connected"]').waitFor();
  const input = page.getByRole('textbox', { name: t.text('Message') });
  await input.fill(journey.message);
  await input.press('Enter');
  await page.locator('.fpk-chat-list .fpk-chat-bubble').filter({ hasText: journey.message }).waitFor();
  await expectPage(page, journey);
  expect(page.url()).toMatch(/\/messages\/[^/]+$/);
}
