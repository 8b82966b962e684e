import type { Page } from 'playwright-core';

/** Signs in through the portal's sign-in form (email step, then password). */
export async function signIn(
  page: Page,
  email: string,
  password: string,
  options: { remember?: boolean } = {}
): Promise<void> {
  await page.goto('/signin');
  await page.getByLabel('Email').fill(email);
  await page.getByRole('button', { name: 'Next' }).click();
  await page.getByLabel('Password').fill(password);
  if (options.remember) await page.getByRole('checkbox', { name: 'Remember me' }).check();
  await page.getByRole('button', { name: 'Sign in' }).click();
}

/** Signs in as the demo patient and waits for the dashboard. */
export async function signInAsDemoPatient(page: Page): Promise<void> {
  await signIn(page, 'patient@example.com', 'patient-demo-1');
  await page.getByRole('heading', { level: 1, name: /^Hello / }).waitFor();
}
