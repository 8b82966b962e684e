// The portal's language as a user sets it and as the page declares it.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { PORTAL_LANGUAGES, type PortalLanguage } from '../demo/app/src/i18n/languages';

/** Fails unless the page declares this language and direction on <html> (waits for them to settle). */
export async function expectHtmlLanguage(page: Page, lang: string, dir: 'ltr' | 'rtl'): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => ({ lang: document.documentElement.lang, dir: document.documentElement.dir })), {
      message: `<html lang dir> on ${page.url()}`,
      // The language follows the profile and its pack loads on demand: a moment after sign-in.
      timeout: 10_000,
    })
    .toEqual({ lang, dir });
}

/**
 * Chooses a language in the switcher on the page, as a user does: a select offering the
 * language, or a button, link or menu item named in the language itself ('Español', 'العربية').
 */
export async function chooseLanguage(page: Page, code: PortalLanguage): Promise<void> {
  const name = PORTAL_LANGUAGES.find((language) => language.code === code)!.name;
  const select = page.locator('select').filter({ has: page.locator(`option[value="${code}"]`) });
  if ((await select.count()) > 0) {
    await select.first().selectOption(code);
    return;
  }
  const choice = page
    .getByRole('button', { name, exact: true })
    .or(page.getByRole('link', { name, exact: true }))
    .or(page.getByRole('menuitemradio', { name, exact: true }))
    .or(page.getByRole('radio', { name, exact: true }))
    .or(page.getByRole('option', { name, exact: true }));
  // A switcher folded behind a button: open it first.
  if (!(await choice.first().isVisible())) {
    await page
      .getByRole('button', { name: /language|idioma|اللغة/i })
      .first()
      .click();
  }
  await choice.first().click();
}
