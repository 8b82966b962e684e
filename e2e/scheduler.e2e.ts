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

/** Picks the first bookable day and its first time, answers the questions, stops before 'Next' (which books). */
async function chooseFirstSlot(page: Page): Promise<string> {
  await page.getByRole('heading', { name: 'Select date' }).waitFor();
  await expectAccessible(page);
  // react-day-picker marks days without free slots data-disabled on their grid cell.
  const day = page.locator('.fpk-scheduler [role="gridcell"]:not([data-disabled]):not([data-outside]) button').first();
  await day.waitFor();
  await day.press('Enter');
  await page.getByRole('heading', { name: 'Select time' }).waitFor();
  const time = page.locator('.fpk-scheduler-times button').first();
  const label = (await time.textContent())?.trim() ?? '';
  await time.click();
  await page.getByLabel('What is the main reason for your visit?').fill('Annual check-up');
  return label;
}

describe('booking a visit', () => {
  it('books the first free hour, confirms it, shows it on the dashboard, and tells a second patient it is taken', async () => {
    const first = await newPage(browser);
    await signInAsDemoPatient(first.page);
    await first.page.getByRole('link', { name: 'Get Care' }).first().click();
    const time = await chooseFirstSlot(first.page);

    // A second patient, in their own browser context, reaches the same hour.
    const second = await newPage(browser);
    await second.page.goto('/register');
    await second.page.getByLabel('First name').fill('Ned');
    await second.page.getByLabel('Last name').fill('Flanders');
    await second.page.getByLabel('Email').fill(`ned-${Date.now()}@example.com`);
    await second.page.getByLabel('Password').fill('okily-dokily-1');
    await second.page.getByRole('button', { name: 'Create account' }).click();
    await second.page.getByRole('heading', { level: 1, name: 'Hello Ned' }).waitFor();
    await second.page.goto('/get-care');
    expect(await chooseFirstSlot(second.page)).toBe(time);

    await first.page.getByRole('button', { name: 'Next' }).click();
    await first.page.getByRole('heading', { name: "You're all set!" }).waitFor();
    await first.page.getByText('Check your email for a calendar invite.').waitFor();
    await expectAccessible(first.page);

    await second.page.getByRole('button', { name: 'Next' }).click();
    await second.page.getByText('That time was just taken. Please choose another.').waitFor();
    await expect(second.page.locator('.fpk-scheduler-times button').first().textContent()).resolves.not.toBe(time);

    await first.page.goto('/');
    const visits = first.page.getByRole('region', { name: 'Upcoming visits' });
    await visits.getByRole('listitem').first().waitFor();
    expect(await visits.getByRole('listitem').count()).toBeGreaterThan(0);
    expect(first.errors).toEqual([]);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });
});
