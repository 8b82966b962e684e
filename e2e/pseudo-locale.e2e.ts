// Every route of the portal in the pseudo-locale (?lang=en-XA: accented English, about 40%
// longer, each message marked ⟦…⟧), at a phone's width and a desktop's: no visible text that did
// not come from messages (hard-coded), and no text cut off by its box (a longer language would
// not fit). Findings are printed by route and selector, and fail the test once, all listed.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PORTAL_LANGUAGES, PSEUDO_LANGUAGE } from '../demo/app/src/i18n/languages';
import { pseudoText } from '../src/locales/pseudo/pseudoLocalize';
import { launchBrowser, newPage } from './browser';
import { PHONE, settle } from './narrow';
import { collectPageData, type PageData } from './page-data';
import { findClippedText, findHardCodedText, type Finding } from './pseudo-findings';
import { patientRoutes, signedOutRoutes, staffRoutes } from './routes';
import { signIn, signInAsDemoPatient } from './session';

const DESKTOP = { width: 1280, height: 900 };
// Not texts to translate: the switcher names each language in itself, in every language; brand
// and product names stay as they are (the bot check's, the practice's, the library's).
const NOT_TRANSLATED = [
  ...PORTAL_LANGUAGES.map((language) => language.name),
  'Foo Medical',
  'ALTCHA',
  'fhir-portal-kit',
  // A unit symbol (UCUM's mm[Hg] as src/fhir/ucum-display.ts writes it): the same in every language.
  'mmHg',
];
// 'Loading…' in the pseudo-locale, as settle() waits for it in English.
const LOADING = new RegExp(`^(Loading|${pseudoText('Loading').slice(0, 8)})`);

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The route in the pseudo-locale. */
const pseudoUrl = (route: string) => `${route}${route.includes('?') ? '&' : '?'}lang=${PSEUDO_LANGUAGE}`;

/** Waits for the page's heading, its data and its loading states, in the pseudo-locale. */
async function settlePseudo(page: Page, data: PageData): Promise<void> {
  await settle(page);
  await page
    .getByRole('status')
    .filter({ hasText: LOADING })
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
  await data.settled();
}

/** Opens each route at the desktop width, then the phone's; returns every finding, printed. */
async function passThrough(page: Page, data: PageData, routes: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const route of routes) {
    await page.setViewportSize(DESKTOP);
    await page.goto(pseudoUrl(route));
    await settlePseudo(page, data);
    const lang = await page.evaluate(() => document.documentElement.lang);
    if (lang !== PSEUDO_LANGUAGE) found.push(`${route}: <html lang="${lang}">, not ${PSEUDO_LANGUAGE}`);
    const seen = new Set<string>();
    const report = (width: number, kind: string, findings: Finding[]) => {
      for (const { selector, text, detail } of findings) {
        // The same element found at both widths is one finding.
        const key = `${kind} ${selector} ${text}`;
        if (seen.has(key)) continue;
        seen.add(key);
        found.push(`${route} [${width}px] ${kind} at ${selector}: "${text}" (${detail})`);
      }
    };
    for (const viewport of [DESKTOP, PHONE]) {
      await page.setViewportSize(viewport);
      // A frame for the container queries and the layout to follow the new width.
      await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
      await data.settled();
      report(viewport.width, 'hard-coded', await findHardCodedText(page, data.strings, NOT_TRANSLATED));
      report(viewport.width, 'clipped', await findClippedText(page));
    }
  }
  if (found.length) console.log(`Pseudo-locale pass found:\n  ${found.join('\n  ')}`);
  return found;
}

describe(`every route in the pseudo-locale (${PSEUDO_LANGUAGE}) at ${PHONE.width} and ${DESKTOP.width} px`, () => {
  it('signed out: every text from messages, none cut off', async () => {
    const { context, page, errors } = await newPage(browser);
    const data = collectPageData(page);
    expect(await passThrough(page, data, signedOutRoutes)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it('signed in as the patient: every text from messages, none cut off', async () => {
    const { context, page, errors } = await newPage(browser);
    const data = collectPageData(page);
    // Signed in and the routes found in English; then each route in the pseudo-locale.
    await signInAsDemoPatient(page);
    const routes = await patientRoutes(page);
    expect(await passThrough(page, data, routes)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 600_000);

  it('signed in as the doctor, the staff area: every text from messages, none cut off', async () => {
    const { context, page, errors } = await newPage(browser);
    const data = collectPageData(page);
    await signIn(page, 'doctor@example.com', 'doctor-demo-1');
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    const routes = await staffRoutes(page);
    expect(await passThrough(page, data, routes)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);
});
