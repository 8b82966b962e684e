// Issue 23: the portal in Arabic, right to left. A new patient chooses Arabic in the signed-out
// switcher, registers, and goes through the journey (dashboard, a vital, the screening through
// its translations, a booking, a message) in Arabic, axe-clean. With SCREENSHOTS=1 the Arabic
// dashboard and vital are saved at 390 and 1280 px for the README (docs/screenshots/).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { answerCodes, latestScreening } from './answered-screening';
import { chooseLanguage, expectHtmlLanguage } from './language';
import { runJourney } from './language-journey';
import { PHONE, settle } from './narrow';
import { translations } from './translations';

const DESKTOP = { width: 1280, height: 900 };

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** With SCREENSHOTS=1, saves the page at a phone's width and a desktop's as docs/screenshots/arabic-<name>-<width>.png. */
async function screenshots(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  for (const viewport of [PHONE, DESKTOP]) {
    await page.setViewportSize(viewport);
    // Laid out afresh at this width: a page resized right to left keeps its old scroll offset.
    await page.reload();
    await settle(page);
    // The caret and the chart's animation would make every run's picture differ.
    await page.screenshot({
      path: `docs/screenshots/arabic-${name}-${viewport.width}.png`,
      animations: 'disabled',
      caret: 'hide',
    });
  }
}

describe('the portal in Arabic', () => {
  it('a new patient chooses Arabic, registers, adds a vital, fills the screening, books a visit and sends a message, right to left', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.setViewportSize(DESKTOP);
    const t = translations('ar');
    const email = `layla-${Date.now()}@example.com`;
    const password = 'layla-demo-password-1';

    await page.goto('/register');
    await page.locator('h1').first().waitFor();
    await chooseLanguage(page, 'ar');
    await expectHtmlLanguage(page, 'ar', 'rtl');
    await page.getByLabel(t.within('First name')).fill('Layla');
    await page.getByLabel(t.within('Last name')).fill('Haddad');
    await page.getByLabel(t.within('Email')).fill(email);
    await page.getByLabel(t.within('Password')).fill(password);
    await expectAccessible(page);
    await page.getByRole('button', { name: t.text('Create account') }).click();

    await runJourney(page, {
      lang: 'ar',
      dir: 'rtl',
      t,
      given: 'Layla',
      message: 'مرحبًا دكتورة، هل يمكنني تناول الدواء مع الطعام؟',
      onPage: screenshots,
    });

    // The stored response keeps the codes and records the language it was answered in.
    const response = await latestScreening(email, password);
    expect(response?.language).toMatch(/^ar\b/);
    expect(answerCodes(response)).toEqual(['i-have-a-steady-place-to-live', 'none-of-the-above']);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
