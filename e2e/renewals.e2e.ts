// Issue 20, "Renewal requests reach someone": the patient asks for a renewal on a medication page,
// the prescriber answers in the staff area, and the patient reads the answer on the same page.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { signIn, signInAsDemoPatient } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** Opens one of the demo patient's prescriptions from the medications list; answers its address. */
async function openMedication(page: Page, name: string): Promise<string> {
  await page.goto('/health-record/medications');
  await page.getByRole('link', { name, exact: true }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
  return new URL(page.url()).pathname;
}

/** The patient asks for a renewal of a prescription and sees that it is requested. */
async function requestRenewal(page: Page, name: string): Promise<string> {
  const path = await openMedication(page, name);
  await page.getByRole('button', { name: 'Renew your prescription' }).click();
  const dialog = page.getByRole('dialog', { name: 'Request a Renewal' });
  await dialog.getByRole('button', { name: 'Submit Renewal Request' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByText('Renewal requested', { exact: true }).waitFor();
  // One open request at a time: no second request while this one waits.
  expect(await page.getByRole('button', { name: 'Renew your prescription' }).count()).toBe(0);
  return path;
}

/** The doctor's renewal requests in the staff area. */
async function doctorsRenewals(page: Page): Promise<void> {
  await signIn(page, 'doctor@example.com', 'doctor-demo-1');
  await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();
  await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Renewals' }).click();
  await page.getByRole('heading', { level: 1, name: 'Renewal requests' }).waitFor();
}

/** The open request of a medication in the staff list. */
const requestOf = (page: Page, medication: string) =>
  page.getByRole('list', { name: 'Renewal requests' }).getByRole('listitem').filter({ hasText: medication });

describe('prescription renewals', () => {
  it('the patient requests a renewal, the doctor approves it in the staff area, the patient sees it approved', async () => {
    const patient = await newPage(browser);
    await signInAsDemoPatient(patient.page);
    const medicationPath = await requestRenewal(patient.page, 'Metformin 500 mg oral tablet');
    await expectAccessible(patient.page);
    await patient.page.goto('/health-record/medications');
    await patient.page
      .getByRole('listitem')
      .filter({ hasText: 'Metformin 500 mg oral tablet' })
      .getByText('Renewal requested', { exact: true })
      .waitFor();

    const doctor = await newPage(browser);
    await doctorsRenewals(doctor.page);
    const request = requestOf(doctor.page, 'Metformin 500 mg oral tablet');
    await request.getByText('Homer Jay Simpson').waitFor();
    await request.getByText('1 tablet by mouth twice a day', { exact: true }).waitFor();
    await request.getByText(/^Requested \w{3} \d{1,2}, \d{4}$/).waitFor();
    await expectAccessible(doctor.page);
    // On a phone the request and its buttons fit the width.
    await doctor.page.setViewportSize({ width: 320, height: 740 });
    const box = await request.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(320);
    const approveBox = await request.getByRole('button', { name: /^Approve renewal/ }).boundingBox();
    expect(approveBox!.x + approveBox!.width).toBeLessThanOrEqual(320);
    await expectAccessible(doctor.page);
    await doctor.page.setViewportSize({ width: 1280, height: 720 });
    await request
      .getByRole('button', { name: 'Approve renewal of Metformin 500 mg oral tablet for Homer Jay Simpson' })
      .click();
    await doctor.page.getByText('Renewal approved').first().waitFor();
    await expect.poll(() => requestOf(doctor.page, 'Metformin 500 mg oral tablet').count()).toBe(0);

    // The patient's page, loaded again: approved, and the renewed prescription is theirs to open.
    await patient.page.goto(medicationPath);
    await patient.page.getByText('Renewal approved', { exact: true }).waitFor();
    await patient.page.getByRole('link', { name: 'See the renewed prescription' }).click();
    await patient.page.getByRole('heading', { level: 1, name: 'Metformin 500 mg oral tablet' }).waitFor();
    expect(new URL(patient.page.url()).pathname).not.toBe(medicationPath);
    const details = patient.page.locator('.portal-details');
    await details.getByText('Active', { exact: true }).waitFor();
    await details.getByText('Dr. Julia Hibbert').waitFor();
    await details.getByText('1 tablet by mouth twice a day', { exact: true }).waitFor();
    await expectAccessible(patient.page);

    expect(patient.errors).toEqual([]);
    expect(doctor.errors).toEqual([]);
    await patient.context.close();
    await doctor.context.close();
  });

  it('the doctor declines one by keyboard with a reason, which the patient reads', async () => {
    // The doctor's list is open first: the request arrives in it live, without a reload.
    const doctor = await newPage(browser);
    await doctorsRenewals(doctor.page);
    await doctor.page.locator('[data-live]').waitFor();
    const request = requestOf(doctor.page, 'Atorvastatin 20 mg oral tablet');
    expect(await request.count()).toBe(0);

    const patient = await newPage(browser);
    await signInAsDemoPatient(patient.page);
    const medicationPath = await requestRenewal(patient.page, 'Atorvastatin 20 mg oral tablet');

    await request
      .getByRole('button', { name: 'Decline renewal of Atorvastatin 20 mg oral tablet for Homer Jay Simpson' })
      .focus();
    await doctor.page.keyboard.press('Enter');
    const dialog = doctor.page.getByRole('dialog', { name: 'Decline renewal' });
    await dialog.waitFor();
    // A reason is asked for: an empty one is not sent.
    await dialog.getByRole('button', { name: 'Decline renewal' }).click();
    await dialog.getByText('Enter the reason the patient will read.').waitFor();
    await expectAccessible(doctor.page);
    await dialog.getByLabel('Reason').fill('Please book a cholesterol test first <b>soon</b>');
    await doctor.page.keyboard.press('Tab');
    await doctor.page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(() => requestOf(doctor.page, 'Atorvastatin 20 mg oral tablet').count()).toBe(0);

    await patient.page.goto(medicationPath);
    // The reason is the practitioner's text, shown as text.
    await patient.page
      .getByText('Renewal declined: Please book a cholesterol test first <b>soon</b>', { exact: true })
      .waitFor();
    // Declined, the patient may ask again.
    await patient.page.getByRole('button', { name: 'Renew your prescription' }).waitFor();
    await expectAccessible(patient.page);

    expect(patient.errors).toEqual([]);
    expect(doctor.errors).toEqual([]);
    await patient.context.close();
    await doctor.context.close();
  });
});
