import { TOTP } from 'otpauth';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_MFA_TOTP_SECRET } from '../demo/server/seed/credentials';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { signIn } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('signed out', () => {
  it('shows the landing page with Log in and Sign up, and sends unknown paths to /', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto('/no/such/page');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe('Care that fits your life');
    const header = page.getByRole('banner');
    expect(await header.getByRole('link', { name: 'Log in' }).isVisible()).toBe(true);
    expect(await header.getByRole('link', { name: 'Sign up' }).isVisible()).toBe(true);
    await expectAccessible(page);
    await header.getByRole('link', { name: 'Log in' }).click();
    await page.getByRole('heading', { name: 'Sign in to Foo Medical' }).waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('when a new patient registers', () => {
  it('lands signed in on the dashboard and can sign out', async () => {
    const { page, context, errors } = await newPage(browser);
    await page.goto('/register');
    await page.getByRole('heading', { name: 'Register with Foo Medical' }).waitFor();
    await expectAccessible(page);
    const email = `new-${Date.now()}@example.com`;
    await page.getByLabel('First name').fill('Marge');
    await page.getByLabel('Last name').fill('Bouvier');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('correct-horse-battery');
    // The server's bot check: the ALTCHA widget solved its challenge while the form was filled
    // in, and said so to screen readers.
    await expect(page.getByRole('checkbox', { name: /not a robot/ }).isVisible()).resolves.toBe(true);
    await page.getByRole('status').filter({ hasText: 'Verified: you are not a robot' }).waitFor({ timeout: 30_000 });
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { name: 'Hello Marge' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await expectAccessible(page);

    await page.getByRole('button', { name: /Marge Bouvier/ }).click();
    await page.getByRole('link', { name: 'Sign out' }).click();
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('when the demo patient signs in', () => {
  it('sees the dashboard greeting and stays signed in after a reload', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'patient@example.com', 'patient-demo-1');
    const greeting = page.getByRole('heading', { level: 1, name: /^Hello / });
    await greeting.waitFor();
    await expectAccessible(page);
    const text = await greeting.textContent();
    await page.reload();
    await page.getByRole('heading', { level: 1, name: text ?? '' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the error on the password field for a wrong password and keeps the email', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'patient@example.com', 'not-the-password');
    const password = page.getByLabel('Password');
    await expect.poll(() => password.getAttribute('aria-invalid')).toBe('true');
    await expect(page.getByText('Email or password is invalid').isVisible()).resolves.toBe(true);
    await expectAccessible(page);
    await context.close();
  });

  it('keeps a session without Remember me to its own tab', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'patient@example.com', 'patient-demo-1');
    await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await context.close();
  });

  it('signs out in one tab and the other tab follows without a reload', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'patient@example.com', 'patient-demo-1', { remember: true });
    await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
    const other = await context.newPage();
    await other.goto('/');
    await other.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();

    await page.goto('/signout');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await other.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
    await context.close();
  });
});

describe('when the MFA patient signs in', () => {
  it('is asked for a code and gets in with the current TOTP', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'mfa@example.com', 'mfa-demo-1');
    await page.getByRole('heading', { name: 'Enter MFA code' }).waitFor();
    await expectAccessible(page);
    const totp = new TOTP({ secret: DEMO_MFA_TOTP_SECRET, digits: 6, period: 30 });
    await page.getByLabel('MFA code').fill(totp.generate());
    await page.getByRole('button', { name: 'Submit code' }).click();
    await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
