import type { Browser } from 'playwright-core';
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

describe('account and care plan', () => {
  it('edits the profile, chooses a provider, reads coverage and opens a care-plan item, by keyboard', async () => {
    const { page, context, errors } = await newPage(browser);
    await signInAsDemoPatient(page);

    // User menu → Your profile, by keyboard.
    await page.getByRole('button', { name: /Homer/ }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('link', { name: 'Your profile' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/account/profile');
    await expect.poll(() => page.getByLabel('First name').inputValue()).toBe('Homer');
    expect(await page.getByLabel('Middle name').inputValue()).toBe('Jay');
    await expect.poll(() => page.getByLabel('Email').isDisabled()).toBe(true);
    await expectAccessible(page);

    const address = page.getByRole('group', { name: 'Address' });
    await address.getByLabel('Address line 1').fill('742 Evergreen Terrace');
    await address.getByLabel('City').fill('Springfield');
    // Use and type sit behind More, which is open because Homer's address has a use; Enter on
    // the button folds it and opens it again.
    const more = address.getByRole('button', { name: 'More' });
    expect(await more.getAttribute('aria-expanded')).toBe('true');
    await more.focus();
    await page.keyboard.press('Enter');
    expect(await address.getByRole('combobox', { name: 'Use' }).count()).toBe(0);
    await page.keyboard.press('Enter');
    await address.getByRole('combobox', { name: 'Use' }).selectOption('work');
    const contact = page.getByRole('group', { name: 'Contact name' });
    await contact.getByLabel('Given names').fill('Marge');
    await contact.getByLabel('Family name').fill('Simpson');
    await page.getByLabel('Relationship to you').selectOption({ label: 'Spouse' });
    await page.getByLabel('Contact phone').fill('555-0100');
    await page.getByLabel('Contact phone').press('Enter');
    await page.getByText('Profile edited').waitFor();

    // What was saved is what the server now holds.
    await page.reload();
    await expect.poll(() => page.getByLabel('Address line 1').inputValue()).toBe('742 Evergreen Terrace');
    expect(await page.getByRole('group', { name: 'Contact name' }).getByLabel('Given names').inputValue()).toBe(
      'Marge'
    );
    expect(await page.getByLabel('Contact phone').inputValue()).toBe('555-0100');
    expect(await page.getByLabel('Relationship to you').inputValue()).toBe('SPS');
    expect(await page.getByLabel('Relationship to you').locator('option:checked').textContent()).toBe('Spouse');
    expect(await page.getByRole('group', { name: 'Address' }).getByLabel('Use').inputValue()).toBe('work');

    // Provider: search, pick with the arrow keys, save with Enter.
    await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Provider' }).click();
    await page.getByRole('heading', { level: 1, name: 'Your primary care provider' }).waitFor();
    await expectAccessible(page);
    const picker = page.getByRole('combobox', { name: 'Change provider' });
    await picker.pressSequentially('Okafor');
    await page.getByRole('option', { name: 'Dr. Amara Okafor' }).waitFor();
    await expectAccessible(page);
    await picker.press('ArrowDown');
    await picker.press('Enter');
    expect(await picker.inputValue()).toBe('Dr. Amara Okafor MD');
    await picker.press('Enter');
    await page.getByText('Provider chosen').waitFor();
    await expect.poll(() => page.locator('.portal-provider-current').textContent()).toBe('Dr. Amara Okafor MD');

    // The dashboard's card shows the choice.
    await page.getByRole('link', { name: /home/i }).first().click();
    // Exact: the provider page's own region, 'Your primary care provider', also contains the
    // words, and may still be on screen until the dashboard replaces it.
    const card = page.getByRole('region', { name: 'Primary care provider', exact: true });
    await card.getByText('Dr. Amara Okafor MD').waitFor();

    // Membership & Billing: the seeded coverage.
    await page.goto('/account/membership-and-billing');
    const table = page.getByRole('table', { name: 'Coverage' });
    await table.getByRole('cell', { name: 'Acme Health Insurance' }).waitFor();
    await table.getByRole('cell', { name: 'ACM-4471-2290' }).waitFor();
    await table.getByRole('cell', { name: 'Spouse' }).waitFor();
    await expectAccessible(page);

    // Care plan from the header: the index redirects to action items; open one.
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Care Plan' }).click();
    await page.getByRole('heading', { level: 1, name: 'Action Items' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/care-plan/action-items');
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Reduce sodium intake' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Reduce sodium intake' }).waitFor();
    await page.getByText('Aim for under 2,300 mg of sodium a day; avoid processed snacks.').waitFor();
    await expectAccessible(page);

    expect(errors).toEqual([]);
    await context.close();
  });
});
