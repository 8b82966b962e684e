import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser } from './browser';
import {
  PHONE,
  SMALL_PHONE,
  expectNoHorizontalScroll,
  expectTapTarget,
  horizontalOverflow,
  newPhonePage,
  settle,
} from './narrow';
import { patientRoutes, signedOutRoutes, staffRoutes } from './routes';
import { signIn, signInAsDemoPatient } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** With SCREENSHOTS=1, saves the viewport as docs/screenshots/<name>.png (the README's demo section shows them). */
async function screenshot(page: Page, name: string): Promise<void> {
  if (!process.env.SCREENSHOTS) return;
  // The caret and the chart's animation would make every run's picture differ.
  await page.screenshot({ path: `docs/screenshots/${name}.png`, animations: 'disabled', caret: 'hide' });
}

/** Opens the header's menu button and follows one of its links, as a thumb would. */
async function viaMenu(page: Page, link: string | RegExp): Promise<void> {
  const button = page.getByRole('button', { name: 'Menu' });
  await expectTapTarget(button);
  await button.click();
  const menu = page.getByRole('dialog', { name: 'Menu' });
  const target = menu.getByRole('link', { name: link, exact: typeof link === 'string' });
  await expectTapTarget(target);
  await target.click();
  await menu.waitFor({ state: 'detached' });
}

describe('the portal on a phone (390x844)', () => {
  it('signs in, reads the dashboard, adds a measurement, sends a message and books a visit, through the menu button, never scrolling sideways', async () => {
    const { context, page, errors } = await newPhonePage(browser, PHONE);
    await page.goto('/');
    await page.locator('h1').first().waitFor();
    await expectNoHorizontalScroll(page);
    await signIn(page, 'patient@example.com', 'patient-demo-1');
    await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
    await settle(page);
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'phone-dashboard');
    const visits = page.getByRole('region', { name: 'Upcoming visits' });
    await visits.getByRole('status').waitFor({ state: 'detached' });
    const visitsBefore = await visits.getByRole('listitem').count();
    // The desktop navigation folds into the menu button; the user's name stays on one line.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);

    // A vital: the health record's side menu is a disclosure above the content.
    await viaMenu(page, 'Health Record');
    await page.getByRole('heading', { level: 1, name: 'Lab Results' }).waitFor();
    await settle(page);
    await expectNoHorizontalScroll(page);
    const sections = page.getByRole('button', { name: /^Health record/ });
    await expectTapTarget(sections);
    expect(await sections.getAttribute('aria-expanded')).toBe('false');
    expect(
      await page.getByRole('navigation', { name: 'Health record' }).getByRole('link', { name: 'Vitals' }).isVisible()
    ).toBe(false);
    await sections.click();
    const heartRate = page.getByRole('navigation', { name: 'Health record' }).getByRole('link', { name: 'Heart Rate' });
    await expectTapTarget(heartRate);
    await heartRate.click();
    await page.getByRole('heading', { level: 1, name: 'Heart Rate' }).waitFor();
    await settle(page);
    await expectNoHorizontalScroll(page);
    // The menu closes after the choice, so the page is what the phone shows.
    expect(await sections.getAttribute('aria-expanded')).toBe('false');
    const table = page.getByRole('table', { name: 'Heart Rate measurements' });
    await table.getByRole('row').nth(1).waitFor();
    const add = page.getByRole('button', { name: 'Add Measurement' });
    await expectTapTarget(add);
    await add.click();
    const dialog = page.getByRole('dialog', { name: 'Add Measurement' });
    await dialog.getByLabel('Heart Rate (beats/minute)').fill('77.5');
    await expectNoHorizontalScroll(page);
    await expectTapTarget(dialog.getByRole('button', { name: 'Save' }));
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('row').nth(1).getByText('77.5 beats/minute').waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'phone-vital');

    // A message to the doctor.
    await viaMenu(page, 'Messages');
    await page.getByRole('heading', { level: 1, name: 'Messages' }).waitFor();
    await settle(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('link', { name: /Hibbert/ }).click();
    await page.locator('[data-connection="connected"]').waitFor();
    await settle(page);
    await expectNoHorizontalScroll(page);
    const input = page.getByRole('textbox', { name: 'Message' });
    // Each run has its own fresh server, so this text is new in the thread.
    const text = 'Sent from my phone: my heart rate was 77.5 this morning.';
    await input.fill(text);
    await input.press('Enter');
    await page.locator('.fpk-chat-list .fpk-chat-bubble').filter({ hasText: text }).waitFor();
    await expectNoHorizontalScroll(page);
    await screenshot(page, 'phone-chat');
    const chatUrl = page.url();

    // A toast (the profile's 'Profile edited') does not cover the chat's input: saved on the
    // profile, then Back to the chat while it shows.
    await viaMenu(page, 'Your profile');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    await settle(page);
    await expectNoHorizontalScroll(page);
    await page.getByRole('button', { name: 'Save' }).click();
    const toast = page.locator('.fpk-notification').filter({ hasText: 'Profile edited' });
    await toast.waitFor();
    await page.goBack();
    expect(page.url()).toBe(chatUrl);
    await input.waitFor();
    await toast.waitFor();
    const [toastBox, inputBox] = [(await toast.boundingBox())!, (await input.boundingBox())!];
    const overlaps =
      toastBox.x < inputBox.x + inputBox.width &&
      inputBox.x < toastBox.x + toastBox.width &&
      toastBox.y < inputBox.y + inputBox.height &&
      inputBox.y < toastBox.y + toastBox.height;
    expect(overlaps, `toast ${JSON.stringify(toastBox)} over input ${JSON.stringify(inputBox)}`).toBe(false);

    // A booking.
    await viaMenu(page, 'Get Care');
    await page.getByRole('heading', { level: 1, name: 'Get Care' }).waitFor();
    await page.getByRole('heading', { name: 'Select date' }).waitFor();
    await settle(page);
    await expectNoHorizontalScroll(page);
    const day = page
      .locator('.fpk-scheduler [role="gridcell"]:not([data-disabled]):not([data-outside]) button')
      .first();
    await day.click();
    await page.getByRole('heading', { name: 'Select time' }).waitFor();
    await expectNoHorizontalScroll(page);
    const time = page.locator('.fpk-scheduler-times button').first();
    await expectTapTarget(time);
    await time.click();
    await page.getByLabel('What is the main reason for your visit?').fill('Check-up, booked from my phone');
    await expectNoHorizontalScroll(page);
    const next = page.getByRole('button', { name: 'Next' });
    await expectTapTarget(next);
    await next.click();
    await page.getByRole('heading', { name: "You're all set!" }).waitFor();
    await expectNoHorizontalScroll(page);

    // Back on the dashboard through the app's own link (no reload), the new visit is listed: the
    // booking's transaction replaced the cached Appointment search.
    await page
      .getByRole('banner')
      .getByRole('link', { name: /Foo Medical/ })
      .click();
    await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
    await expect.poll(() => visits.getByRole('listitem').count(), { timeout: 10_000 }).toBe(visitsBefore + 1);
    await expectNoHorizontalScroll(page);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});

describe('the header between phone and desktop', () => {
  it("keeps the header one row high, the user's name on one line and the page within the viewport from 320 to 1024 px", async () => {
    const { context, page, errors } = await newPhonePage(browser, { width: 768, height: 900 });
    await signInAsDemoPatient(page);
    for (const width of [320, 390, 768, 820, 1024]) {
      await page.setViewportSize({ width, height: 900 });
      // One row: the logo, then the navigation and the user's menu or the Menu button beside it.
      const header = (await page.getByRole('banner').boundingBox())!;
      expect(header.height, `the header's height at ${width} px`).toBeLessThanOrEqual(72);
      await expectNoHorizontalScroll(page, `/ at ${width} px`);
      if (width < 768) continue; // the name is in the Menu there
      const name = page.locator('.portal-user-button');
      await name.waitFor();
      // One line box for the name's text: squeezed, it would wrap a letter or a word at a time.
      const lines = await name.evaluate((button) => {
        const tops = new Set<number>();
        const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
        for (let text = walker.nextNode(); text; text = walker.nextNode()) {
          // The avatar's initials are text too, on their own line box.
          if (!text.textContent?.trim() || text.parentElement?.closest('.portal-avatar')) continue;
          const range = document.createRange();
          range.selectNodeContents(text);
          for (const rect of Array.from(range.getClientRects())) tops.add(Math.round(rect.top));
        }
        return tops.size;
      });
      expect(lines, `the user's name at ${width} px`).toBe(1);
    }
    expect(errors).toEqual([]);
    await context.close();
  });
});

/** Visits each route, then fails once, naming every route that is wider than the viewport. */
async function expectEveryRouteFits(page: Page, routes: string[], axe: boolean): Promise<void> {
  const wide: string[] = [];
  for (const route of routes) {
    await page.goto(route);
    await settle(page);
    const { excess, culprits } = await horizontalOverflow(page);
    if (excess > 0) wide.push(`${route}: ${excess}px too wide (${culprits.join(', ')})`);
    if (axe) await expectAccessible(page);
  }
  expect(wide).toEqual([]);
}

describe.each([SMALL_PHONE, PHONE])('every route at $width px', (viewport) => {
  const axe = viewport === PHONE;

  it(`signed out, no route scrolls sideways${axe ? ' and axe finds no serious issue' : ''}`, async () => {
    const { context, page, errors } = await newPhonePage(browser, viewport);
    await expectEveryRouteFits(page, signedOutRoutes, axe);
    expect(errors).toEqual([]);
    await context.close();
  }, 120_000);

  it(`signed in as the patient, no route scrolls sideways${axe ? ' and axe finds no serious issue' : ''}`, async () => {
    const { context, page, errors } = await newPhonePage(browser, viewport);
    await signInAsDemoPatient(page);
    await expectEveryRouteFits(page, await patientRoutes(page), axe);
    expect(errors).toEqual([]);
    await context.close();
  }, 300_000);

  it(`signed in as the doctor, no staff route scrolls sideways${axe ? ' and axe finds no serious issue' : ''}`, async () => {
    const { context, page, errors } = await newPhonePage(browser, viewport);
    await signIn(page, 'doctor@example.com', 'doctor-demo-1');
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
    await expectEveryRouteFits(page, await staffRoutes(page), axe);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
