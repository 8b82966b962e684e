import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { MedicationRequest, Observation, Task } from '../src/fhir';
import { expectAccessible, launchBrowser, newPage } from './browser';
import { signInAsDemoPatient } from './session';

let browser: Browser;
let api: FhirClient;
beforeAll(async () => {
  browser = await launchBrowser();
  // The server as the patient sees it, to check what the portal stored.
  api = new FhirClient({ baseUrl: inject('apiUrl'), cacheTime: 0, storage: new ClientStorage(new MemoryStorage()) });
  const login = await api.startLogin({ email: 'patient@example.com', password: 'patient-demo-1', remember: false });
  await api.processCode(login.code!);
});
afterAll(async () => {
  await browser?.close();
});

/** Presses Tab until the focused element is the link or button with this name; fails after 80 presses. */
async function tabTo(page: Page, role: 'link' | 'button', name: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press('Tab');
    const focused = await page.evaluate(() => {
      const el = document.activeElement as HTMLElement | null;
      return {
        text: el?.textContent?.trim() ?? '',
        label: el?.getAttribute('aria-label') ?? '',
        tag: el?.tagName ?? '',
      };
    });
    const isRole = role === 'link' ? focused.tag === 'A' : focused.tag === 'BUTTON';
    if (isRole && (focused.text === name || focused.label === name)) return;
  }
  throw new Error(`Tab never reached the ${role} '${name}'`);
}

describe('the health record', () => {
  it('opens a lab report by keyboard, reads its table, and opens an observation', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await tabTo(page, 'link', 'Health Record');
    await page.keyboard.press('Enter');
    await page.waitForURL('**/health-record/lab-results');
    await page.getByRole('heading', { level: 1, name: 'Lab Results' }).waitFor();
    await expectAccessible(page);

    await tabTo(page, 'link', 'Lipid panel');
    await page.keyboard.press('Enter');
    const table = page.getByRole('table', { name: 'Results of Lipid panel' });
    await table.waitFor();
    expect(await table.getByRole('columnheader').allTextContents()).toEqual([
      'Test',
      'Value',
      'Reference Range',
      'Interpretation',
      'Category',
      'Performer',
      'Status',
    ]);
    const ldl = table.getByRole('row', { name: /LDL cholesterol/ });
    expect(await ldl.getByRole('cell').allTextContents()).toEqual([
      '151 mg/dL',
      '<= 100 mg/dL',
      '▲ High',
      'Laboratory',
      'Dr. Julia Hibbert',
      'final',
    ]);
    await page.getByRole('heading', { name: 'Specimens' }).waitFor();
    await page.getByText('Fasting sample, 12 hours.', { exact: false }).waitFor();
    await expectAccessible(page);

    await ldl.getByRole('link', { name: 'LDL cholesterol (calculated)' }).click();
    await page.getByRole('heading', { level: 1, name: 'LDL cholesterol (calculated)' }).waitFor();
    await page.locator('.portal-details').getByText('151 mg/dL').waitFor();
    // All details: the generic viewer of the same observation.
    await page.getByText('All details').click();
    await page.getByRole('rowheader', { name: 'Reference Range' }).waitFor();
    await expectAccessible(page);

    // A 404 id in the URL: 'Not found' with a way back, never a blank page or the error panel.
    await page.goto('/Observation/does-not-exist');
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to your Health Record' }).click();
    await page.waitForURL('**/health-record/lab-results');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('requests a renewal that the server stores as a Task, and splits the vaccines', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await page.getByRole('link', { name: 'Renew a prescription' }).click();
    await page.getByRole('heading', { level: 1, name: 'Medications' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: 'Lisinopril 10 mg oral tablet' }).click();
    await page.getByText('1 tablet by mouth once a day').waitFor();
    const medicationId = page.url().split('/').pop()!;

    await tabTo(page, 'button', 'Renew your prescription');
    await page.keyboard.press('Enter');
    const dialog = page.getByRole('dialog', { name: 'Request a Renewal' });
    await dialog.waitFor();
    await dialog.getByText(/contact your pharmacy/).waitFor();
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'Submit Renewal Request' }).click();
    await page.getByText('Renewal request sent').waitFor();
    await dialog.waitFor({ state: 'detached' });

    const tasks = await api.searchResources('Task', { focus: `MedicationRequest/${medicationId}` });
    expect(tasks).toHaveLength(1);
    const request = await api.readResource('MedicationRequest', medicationId);
    expect(tasks[0]).toMatchObject<Partial<Task>>({
      status: 'requested',
      intent: 'order',
      focus: { reference: `MedicationRequest/${medicationId}`, display: 'Lisinopril 10 mg oral tablet' },
      for: { reference: (request as MedicationRequest).subject.reference },
      owner: { reference: (request as MedicationRequest).requester!.reference },
    });

    await page.getByRole('navigation', { name: 'Health record' }).getByRole('link', { name: 'Vaccines' }).click();
    const upcoming = page.getByRole('region', { name: 'Active upcoming vaccines' });
    const past = page.getByRole('region', { name: 'Past vaccines' });
    await upcoming.getByRole('listitem').first().waitFor();
    expect(await upcoming.getByRole('link').allTextContents()).toEqual([
      'Influenza, injectable, quadrivalent',
      'Zoster vaccine recombinant',
    ]);
    expect(await past.getByRole('link').allTextContents()).toEqual(
      expect.arrayContaining(['Tdap', 'COVID-19, mRNA vaccine', 'Hepatitis B, adolescent or pediatric'])
    );
    await expectAccessible(page);
    await past.getByRole('link', { name: 'Tdap' }).click();
    await page.getByRole('heading', { level: 1, name: 'Tdap' }).waitFor();
    await expectAccessible(page);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds heart-rate and blood-pressure measurements: the chart and table update and the server holds them', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await page.goto('/health-record/vitals');
    await page.getByRole('heading', { level: 1, name: 'Vitals' }).waitFor();
    await page
      .getByRole('row', { name: /Heart Rate/ })
      .getByText(/beats\/minute/)
      .waitFor();
    await expectAccessible(page);

    await page.getByRole('navigation', { name: 'Health record' }).getByRole('link', { name: 'Heart Rate' }).click();
    await page.getByRole('heading', { level: 1, name: 'Heart Rate' }).waitFor();
    await page.getByRole('heading', { name: 'What is this measurement?' }).waitFor();
    const plot = page.getByRole('group', { name: /Heart Rate over time chart/ });
    await plot.locator('svg path').first().waitFor();
    const table = page.getByRole('table', { name: 'Heart Rate measurements' });
    const rowsBefore = await table.getByRole('row').count();
    await expectAccessible(page);

    // The chart's tooltip by keyboard.
    await plot.focus();
    await page.keyboard.press('End');
    await page.locator('.fpk-chart-tooltip').waitFor();

    // A failed save keeps what was typed: an invalid number never reaches the server.
    await page.getByRole('button', { name: 'Add Measurement' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add Measurement' });
    await dialog.getByLabel('Heart Rate (beats/minute)').fill('7x');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('Enter a number, such as 72 or 36.6').waitFor();
    expect(await dialog.getByLabel('Heart Rate (beats/minute)').inputValue()).toBe('7x');
    await dialog.getByLabel('Heart Rate (beats/minute)').fill('88.5');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await table.getByRole('row').nth(1).getByText('88.5 beats/minute').waitFor();
    expect(await table.getByRole('row').count()).toBe(rowsBefore + 1);
    await expect(
      page.getByRole('figure', { name: 'Heart Rate over time' }).getAttribute('aria-describedby')
    ).resolves.toBeTruthy();
    await page.getByText(/latest 88\.5 beats\/minute/).waitFor({ state: 'attached' });

    await page.getByRole('navigation', { name: 'Health record' }).getByRole('link', { name: 'Blood Pressure' }).click();
    await page.getByRole('heading', { level: 1, name: 'Blood Pressure' }).waitFor();
    await page.getByRole('button', { name: 'Add Measurement' }).click();
    await dialog.getByLabel('Diastolic (mm[Hg])').fill('79');
    await dialog.getByLabel('Systolic (mm[Hg])').fill('121');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: 'Blood Pressure measurements' })
      .getByRole('row')
      .nth(1)
      .getByText('121/79 mm[Hg]')
      .waitFor();
    await page.getByText(/Systolic: \d+ measurements .* latest 121 mm\[Hg\]/).waitFor({ state: 'attached' });

    const patient = (await api.getProfile())!;
    const stored = await api.searchResources('Observation', {
      patient: `Patient/${patient.id}`,
      status: 'preliminary',
      _sort: '-_lastUpdated',
    });
    const heart = stored.find((o) => o.code.coding?.[0]?.code === '8867-4') as Observation;
    const pressure = stored.find((o) => o.code.coding?.[0]?.code === '85354-9') as Observation;
    expect(heart.valueQuantity).toEqual({
      value: 88.5,
      unit: 'beats/minute',
      system: 'http://unitsofmeasure.org',
      code: '/min',
    });
    expect(pressure.valueQuantity).toBeUndefined();
    expect(
      pressure.component?.map((c) => [c.code.coding?.[0]?.code, c.valueQuantity?.value, c.valueQuantity?.code])
    ).toEqual([
      ['8462-4', 79, 'mm[Hg]'],
      ['8480-6', 121, 'mm[Hg]'],
    ]);

    // A measurement id that is not in the catalogue.
    await page.goto('/health-record/vitals/cholesterol');
    await page.getByRole('heading', { level: 1, name: 'Not found' }).waitFor();
    await page.getByRole('link', { name: 'Back to Vitals' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
