import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { expect, inject } from 'vitest';

/** The phone sizes the portal must fit: the smallest common width and a current iPhone. */
export const PHONE = { width: 390, height: 844 };
export const SMALL_PHONE = { width: 320, height: 640 };

/** A fresh context of this viewport size with a page, collecting uncaught page errors. */
export async function newPhonePage(
  browser: Browser,
  viewport: { width: number; height: number } = PHONE
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    baseURL: inject('portalUrl'),
    timezoneId: 'UTC',
    locale: 'en-US',
    viewport,
    hasTouch: true,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  return { context, page, errors };
}

/**
 * How far the page is wider than the viewport (0 when it fits), with the outermost elements
 * that reach past the right edge, so a failure names what to fix.
 */
export async function horizontalOverflow(page: Page): Promise<{ excess: number; culprits: string[] }> {
  return page.evaluate(() => {
    const root = document.documentElement;
    const width = root.clientWidth;
    const excess = root.scrollWidth - width;
    const culprits: string[] = [];
    if (excess > 0) {
      const describe = (el: Element) =>
        `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}${
          typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : ''
        } (${Math.round(el.getBoundingClientRect().right)}px)`;
      for (const el of Array.from(document.body.querySelectorAll('*'))) {
        if (el.getBoundingClientRect().right <= width + 0.5) continue;
        // Only the outermost: skip an element whose parent already reaches past the edge.
        const parent = el.parentElement;
        if (parent && parent !== document.body && parent.getBoundingClientRect().right > width + 0.5) continue;
        culprits.push(describe(el));
        if (culprits.length >= 6) break;
      }
    }
    return { excess, culprits };
  });
}

/** Fails unless the page fits its viewport: document.documentElement.scrollWidth <= clientWidth. */
export async function expectNoHorizontalScroll(page: Page, where = page.url()): Promise<void> {
  const { excess, culprits } = await horizontalOverflow(page);
  expect(excess, `${where} is ${excess}px wider than the viewport: ${culprits.join(', ')}`).toBeLessThanOrEqual(0);
}

/** Fails unless the element is at least 44 by 44 CSS pixels, the size a finger can hit. */
export async function expectTapTarget(target: Locator): Promise<void> {
  const box = await target.boundingBox();
  expect(box, 'the tap target is on screen').not.toBeNull();
  const name = (await target.getAttribute('aria-label')) ?? (await target.textContent())?.trim();
  expect(
    { width: box!.width >= 44, height: box!.height >= 44 },
    `'${name}' is ${Math.round(box!.width)}x${Math.round(box!.height)}`
  ).toEqual({ width: true, height: true });
}

/** Waits for the route's heading and for its data to arrive, so what is measured is the full page. */
export async function settle(page: Page): Promise<void> {
  await page.locator('h1').first().waitFor();
  await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
  await page
    .getByRole('status')
    .filter({ hasText: /^Loading/ })
    .first()
    .waitFor({ state: 'detached', timeout: 5_000 })
    .catch(() => undefined);
}
