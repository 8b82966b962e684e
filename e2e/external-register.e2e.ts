// Registration through the demo's external identity provider ('Northwind Health ID', run by
// global-setup.ts): Alex exists only at Northwind, registers at /register and must come back
// signed in. The portal's client registers one return page (/signin), so the register card sends
// the provider's answer there, where the sign-in card finishes it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoExternalUsers } from '../demo/server/seed/external-identity';
import { expectAccessible, launchBrowser, newPage, portalUrl } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('when Alex registers through Northwind Health ID', () => {
  it('signs in at the provider and lands signed in on the dashboard, with a patient made from the provider', async () => {
    const { page, context, errors } = await newPage(browser);
    const alex = DemoExternalUsers.alex;
    await page.goto('/register');
    await page.getByRole('heading', { level: 1, name: 'Register with Foo Medical' }).waitFor();
    await page.getByLabel('First name').fill(alex.givenName);
    await page.getByLabel('Last name').fill(alex.familyName);
    await page.getByLabel('Email').fill(alex.email);
    // No password here: a northwind.example address registers at Northwind.
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { level: 1, name: 'Sign in with your Northwind account' }).waitFor();
    expect(new URL(page.url()).origin).not.toBe(new URL(portalUrl()).origin);
    expect(await page.getByLabel('Email').inputValue()).toBe(alex.email);
    await page.getByLabel('Password').fill(alex.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    // Not the server's 'The redirect URI is not registered for this client' as raw JSON.
    await page.getByRole('heading', { level: 1, name: `Hello ${alex.givenName}` }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The code and state are gone from the address bar.
    expect(new URL(page.url()).search).toBe('');
    // Signed in as the new patient: the user menu carries the provider's name for Alex.
    await page.getByRole('button', { name: `${alex.givenName} ${alex.familyName}` }).waitFor();
    await expectAccessible(page);

    // The session holds: a reload stays on the dashboard.
    await page.reload();
    await page.getByRole('heading', { level: 1, name: `Hello ${alex.givenName}` }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
