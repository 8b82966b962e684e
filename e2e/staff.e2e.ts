import { readFile } from 'node:fs/promises';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { signIn } from './session';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** The access token the portal holds for its session, as a hand-crafted request would carry it. */
async function tokenOf(page: Page): Promise<string> {
  return page.evaluate(() => {
    for (const store of [localStorage, sessionStorage]) {
      for (let i = 0; i < store.length; i++) {
        const match = /"accessToken":"([^"]+)"/.exec(store.getItem(store.key(i)!) ?? '');
        if (match) return match[1]!;
      }
    }
    throw new Error('no access token stored');
  });
}

/** Sends a request the portal would never send, from the signed-in page. */
async function crafted(
  page: Page,
  method: string,
  path: string,
  body?: unknown
): Promise<{ status: number; text: string }> {
  const token = await tokenOf(page);
  return page.evaluate(
    async ({ method, path, body, token }) => {
      const res = await fetch(`/fhir/R4/${path}`, {
        method,
        headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/fhir+json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: res.status, text: await res.text() };
    },
    { method, path, body, token }
  );
}

describe('staff tools', () => {
  it('the doctor searches, sorts and pages the patients table, exports a selection and edits a patient, by keyboard', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'doctor@example.com', 'doctor-demo-1');
    await page.getByRole('heading', { level: 1, name: 'Inbox' }).waitFor();

    // Patients, from the staff navigation by keyboard.
    await page.getByRole('navigation', { name: 'Staff' }).getByRole('link', { name: 'Patients' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Patients' }).waitFor();
    const table = page.getByRole('table', { name: 'Patients' });
    await table.getByRole('cell', { name: 'Ava Abbott', exact: true }).waitFor();
    // The Phone column shows a phone number.
    await table
      .getByRole('row', { name: /Ava Abbott/ })
      .getByRole('cell', { name: /^\+1-541-555-\d{4}$/ })
      .waitFor();
    await expectAccessible(page);

    // Paging through the server's links.
    await page.getByRole('button', { name: 'Next page' }).focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => table.getByRole('cell', { name: 'Ava Abbott', exact: true }).count()).toBe(0);
    await page.getByRole('button', { name: 'Previous page' }).click();
    await table.getByRole('cell', { name: 'Ava Abbott', exact: true }).waitFor();

    // Name search, then sort by birth date, descending on the second press.
    await page.getByLabel('Search by name').fill('Castillo');
    await expect.poll(() => table.getByRole('row').count()).toBe(11);
    await table.getByRole('button', { name: 'Birthdate' }).press('Enter');
    await expect
      .poll(() => table.getByRole('columnheader', { name: 'Birthdate' }).getAttribute('aria-sort'))
      .toBe('ascending');
    // Dates show in the browser's locale; their ISO value is on the <time> element.
    const births = async () =>
      (
        await table
          .locator('tbody tr td:nth-child(3) time')
          .evaluateAll((ts) => ts.map((t) => t.getAttribute('datetime') ?? ''))
      ).filter(Boolean);
    await expect
      .poll(async () => {
        const b = await births();
        return b.length === 10 && b.every((d, i) => i === 0 || b[i - 1]! <= d);
      })
      .toBe(true);

    // Bulk: the selection as CSV.
    await table.getByRole('checkbox', { name: 'Select Ava Castillo' }).check();
    await table.getByRole('checkbox', { name: 'Select Ben Castillo' }).check();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Bulk... (export CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('patients.csv');
    const csv = (await readFile((await download.path())!, 'utf8')).split('\r\n');
    expect(csv[0]).toBe('id,name,birthDate,gender,phone,email');
    expect(
      csv
        .slice(1)
        .map((line) => line.split(',')[1])
        .sort()
    ).toEqual(['Ava Castillo', 'Ben Castillo']);

    // A patient: details with the record's tabs, then an edit through ResourceForm.
    await table.getByRole('link', { name: 'Ava Castillo', exact: true }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Ava Castillo' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Patient record' });
    for (const name of ['Details', 'Observations', 'Lab reports', 'Medications', 'Immunizations']) {
      await tabs.getByRole('link', { name }).waitFor();
    }
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Edit' }).press('Enter');
    const form = page.getByRole('form', { name: 'Edit patient' });
    const birth = form.getByLabel('Birth date');
    await birth.waitFor();
    await expectAccessible(page);
    await birth.fill('1961-07-04');
    await form.getByLabel('Family name').press('Enter');
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByText('1961').first().waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the front desk sees demographics only: no inbox, no clinical tabs, telecom read-only, refused by hand too', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'frontdesk@example.com', 'frontdesk-demo-1');
    await page.getByRole('heading', { level: 1, name: 'Patients' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/staff/patients');
    const nav = page.getByRole('navigation', { name: 'Staff' });
    expect(await nav.getByRole('link', { name: 'Inbox' }).count()).toBe(0);
    // Renewal requests are Tasks, which the front desk's policy leaves out.
    expect(await nav.getByRole('link', { name: 'Renewals' }).count()).toBe(0);
    await expectAccessible(page);

    await page.getByLabel('Search by name').fill('Dubois');
    const table = page.getByRole('table', { name: 'Patients' });
    await table.getByRole('link', { name: 'Ben Dubois', exact: true }).click();
    await page.getByRole('heading', { level: 1, name: 'Ben Dubois' }).waitFor();
    const tabs = page.getByRole('navigation', { name: 'Patient record' });
    await tabs.getByRole('link', { name: 'Details' }).waitFor();
    for (const name of ['Observations', 'Lab reports', 'Medications', 'Immunizations']) {
      expect(await tabs.getByRole('link', { name }).count(), name).toBe(0);
    }
    const patientId = new URL(page.url()).pathname.split('/').pop()!;

    // Editing: telecom is read-only, the name is not.
    await page.getByRole('button', { name: 'Edit' }).click();
    const form = page.getByRole('form', { name: 'Edit patient' });
    const telecom = form.locator('[data-path="telecom"]');
    await telecom.getByText('Read Only').waitFor();
    await expect.poll(() => telecom.getByLabel('Value').first().isDisabled()).toBe(true);
    await expectAccessible(page);
    const given = form.getByLabel('Given names');
    await given.fill('Benjamin');
    await given.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Benjamin Dubois' }).waitFor();

    // What the policy forbids, sent by hand, is refused by the server.
    const current = JSON.parse((await crafted(page, 'GET', `Patient/${patientId}`)).text);
    const phone = await crafted(page, 'PUT', `Patient/${patientId}`, {
      ...current,
      telecom: [{ system: 'phone', value: '+1-541-555-6666' }],
    });
    expect(phone.status).toBe(403);
    expect(phone.text).toContain('Forbidden: Patient.telecom is read-only');
    expect((await crafted(page, 'GET', `Observation?patient=Patient/${patientId}`)).status).toBe(403);
    expect((await crafted(page, 'GET', 'Communication')).status).toBe(403);
    expect((await crafted(page, 'DELETE', `Patient/${patientId}`)).status).toBe(403);
    // A conversation's address typed by hand offers no Send box: the policy has no messages.
    await page.goto(`/staff/messages/${patientId}`);
    await page.getByRole('alert').getByText('Messaging is not available to you.').waitFor();
    expect(await page.getByRole('button', { name: 'Send' }).count()).toBe(0);
    // A clinical tab's address typed by hand shows that it is not available.
    await page.goto(`/staff/patients/${patientId}/observations`);
    await page.getByRole('alert').getByText('This part of the record is not available to you.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
