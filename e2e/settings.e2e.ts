// The signed-in user's own security settings (account/security) and the external sign-in, in
// Chromium against the reference server and the demo's OpenID provider (global-setup.ts). The
// password and MFA journey uses a patient it registers itself, so changing the password and
// turning MFA on breaks no other test.
import { TOTP } from 'otpauth';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DemoExternalUsers } from '../demo/server/seed/external-identity';
import { expectAccessible, launchBrowser, newPage, portalUrl } from './browser';
import { signIn } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Focuses a control and presses Enter, as a keyboard user does after tabbing to it. */
async function press(page: Page, control: Locator): Promise<void> {
  await control.focus();
  await page.keyboard.press('Enter');
}

/** Opens 'Password and sign-in' from the user menu's Settings and the account side menu, by keyboard. */
async function openSecurity(page: Page, name: string): Promise<void> {
  await press(page, page.getByRole('button', { name }));
  await press(page, page.getByRole('link', { name: 'Settings' }));
  await page.getByRole('heading', { level: 1, name: 'Profile' }).waitFor();
  await press(
    page,
    page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Password and sign-in' })
  );
  await page.getByRole('heading', { level: 1, name: 'Password and sign-in' }).waitFor();
  expect(new URL(page.url()).pathname).toBe('/account/security');
}

async function signOut(page: Page, name: string): Promise<void> {
  await press(page, page.getByRole('button', { name }));
  await press(page, page.getByRole('link', { name: 'Sign out' }));
  await page.getByRole('banner').getByRole('link', { name: 'Log in' }).waitFor();
}

describe('when a patient changes their password and turns MFA on and off', () => {
  it('signs in with the new password, is asked for a code while MFA is on, and not after', async () => {
    const { page, context, errors } = await newPage(browser);
    const email = `settings-${Date.now()}@example.com`;
    const password = 'first-password-1';
    const newPassword = 'second-password-2';
    const menu = 'Patty Bouvier';

    // A patient of its own: registered through the portal's form.
    await page.goto('/register');
    await page.getByLabel('First name').fill('Patty');
    await page.getByLabel('Last name').fill('Bouvier');
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(password);
    await page.getByRole('status').filter({ hasText: 'Verified: you are not a robot' }).waitFor({ timeout: 30_000 });
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hello Patty' }).waitFor();

    await openSecurity(page, menu);
    const mfa = page.getByRole('region', { name: 'Multi-factor authentication' });
    await mfa.getByText('MFA is off: signing in asks only for your password.').waitFor();
    await expectAccessible(page);

    // Change the password with the keyboard alone: a wrong current password first.
    const change = page.getByRole('region', { name: 'Change password' });
    await change.getByLabel(/^Current password/).focus();
    await page.keyboard.type('not-my-password');
    await page.keyboard.press('Tab');
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Tab');
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Enter');
    const current = change.getByLabel(/^Current password/);
    await expect.poll(() => current.getAttribute('aria-invalid')).toBe('true');
    await change.getByText('Incorrect password').waitFor();
    expect(await current.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page);
    await page.keyboard.press('ControlOrMeta+a');
    await page.keyboard.type(password);
    await page.keyboard.press('Enter');
    await change.getByRole('status').filter({ hasText: 'Your password was changed.' }).waitFor();
    expect(await current.inputValue()).toBe('');

    // Signed out, the new password signs in and the old one no longer does.
    await signOut(page, menu);
    await signIn(page, email, password);
    await page.getByText('Email or password is invalid').waitFor();
    await signIn(page, email, newPassword);
    await page.getByRole('heading', { level: 1, name: 'Hello Patty' }).waitFor();

    // Turn MFA on: the QR code and the key; the code comes from the key, as an app computes it.
    await openSecurity(page, menu);
    await press(page, mfa.getByRole('button', { name: 'Turn on MFA' }));
    await mfa.getByRole('img', { name: 'QR code for your authenticator app' }).waitFor();
    await expectAccessible(page);
    const keyText = await mfa.getByText(/^Or type this key into the app:/).textContent();
    const secret = (keyText ?? '').split(':')[1].replace(/\s+/g, '');
    expect(secret).toMatch(/^[A-Z2-7]{32}$/);
    const totp = new TOTP({ secret, digits: 6, period: 30 });
    expect(await mfa.getByLabel(/^MFA code/).evaluate((el) => el === document.activeElement)).toBe(true);
    await page.keyboard.type(totp.generate());
    // Turning MFA on asks for the current password too (a stolen session must not lock the owner out).
    await page.keyboard.press('Tab');
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Enter');
    await mfa.getByRole('status').filter({ hasText: 'MFA is now on.' }).waitFor();
    await mfa.getByText('MFA is on: signing in asks for a code from your authenticator app.').waitFor();
    await expectAccessible(page);

    // The next sign-in asks for a code.
    await signOut(page, menu);
    await signIn(page, email, newPassword);
    await page.getByRole('heading', { name: 'Enter MFA code' }).waitFor();
    await page.getByLabel('MFA code').fill(totp.generate());
    await page.getByRole('button', { name: 'Submit code' }).click();
    await page.getByRole('heading', { level: 1, name: 'Hello Patty' }).waitFor();

    // Turn it off with the password; the sign-in after that asks for none.
    await openSecurity(page, menu);
    await press(page, mfa.getByRole('button', { name: 'Turn off MFA' }));
    expect(await mfa.getByLabel(/^Current password/).evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page);
    await page.keyboard.type(newPassword);
    await page.keyboard.press('Enter');
    await mfa.getByRole('status').filter({ hasText: 'MFA is now off.' }).waitFor();
    await signOut(page, menu);
    await signIn(page, email, newPassword);
    await page.getByRole('heading', { level: 1, name: 'Hello Patty' }).waitFor();

    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('when Sam signs in through Northwind Health ID', () => {
  it('signs in at the provider, lands on the dashboard, and finds no password of ours to change', async () => {
    const { page, context, errors } = await newPage(browser);
    const sam = DemoExternalUsers.sam;
    await page.goto('/signin');
    await page.getByLabel('Email').fill(sam.email);
    await page.getByRole('button', { name: 'Next' }).click();

    // Northwind's own page, on the provider's origin.
    await page.getByText('Northwind Health ID').waitFor();
    await page.getByRole('heading', { level: 1, name: 'Sign in with your Northwind account' }).waitFor();
    expect(new URL(page.url()).origin).not.toBe(new URL(portalUrl()).origin);
    // The email typed at the portal arrives as login_hint: the provider's form is prefilled.
    expect(await page.getByLabel('Email').inputValue()).toBe(sam.email);
    await page.getByLabel('Password').fill(sam.password);
    await page.getByRole('button', { name: 'Sign in' }).click();

    await page.getByRole('heading', { level: 1, name: 'Hello Sam' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    // The code and state are gone from the address bar.
    expect(new URL(page.url()).search).toBe('');
    await expectAccessible(page);

    // Sam has no password here: 'Password and sign-in' says where it is managed, with no form to change it.
    await openSecurity(page, `${sam.givenName} ${sam.familyName}`);
    await page
      .getByRole('region', { name: 'Password', exact: true })
      .getByText('Your password is managed by your identity provider, where you sign in: change it there.')
      .waitFor();
    // Nor an MFA of ours: the provider asks for any second factor, and turning ours off needs a password.
    await page
      .getByRole('region', { name: 'Multi-factor authentication' })
      .getByText('Your identity provider asks for any second factor when you sign in there.')
      .waitFor();
    expect(await page.getByRole('button', { name: /Turn on/ }).count()).toBe(0);
    expect(await page.getByRole('region', { name: 'Change password' }).count()).toBe(0);
    expect(await page.getByLabel(/^Current password/).count()).toBe(0);
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });
});
