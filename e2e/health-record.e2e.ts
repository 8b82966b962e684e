import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import type { DocumentReference, MedicationRequest, Observation, Task } from '../src/fhir';
import { DocumentIds } from '../demo/server/seed/documents';
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

/** Presses Tab until the focused element is the link or button with this name; fails after 120 presses. */
async function tabTo(page: Page, role: 'link' | 'button', name: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
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
      'Final',
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
    // An upcoming dose is recorded 'not-done' (R4 has no planned status) and reads Scheduled, never Not done.
    expect(await upcoming.locator('[data-status="not-done"]').allTextContents()).toEqual(['Scheduled', 'Scheduled']);
    expect(await upcoming.getByText('Not done', { exact: true }).count()).toBe(0);
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
    await dialog.getByLabel('Diastolic (mmHg)').fill('79');
    await dialog.getByLabel('Systolic (mmHg)').fill('121');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'detached' });
    await page
      .getByRole('table', { name: 'Blood Pressure measurements' })
      .getByRole('row')
      .nth(1)
      .getByText('121/79 mmHg')
      .waitFor();
    await page.getByText(/Systolic: \d+ measurements .* latest 121 mmHg/).waitFor({ state: 'attached' });
    // The chart reads the newest reading as the table does: one value, systolic over diastolic.
    const pressurePlot = page.getByRole('group', { name: /Blood Pressure over time chart/ });
    await pressurePlot.locator('svg path').first().waitFor();
    await pressurePlot.focus();
    await page.keyboard.press('End');
    await page.locator('.fpk-chart-tooltip').getByText('121/79 mmHg', { exact: true }).waitFor();
    await page.getByText(/: 121\/79 mmHg$/).waitFor({ state: 'attached' });

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

  it.each([320, 390])(
    'at %i px shows the latest temperature and the range beside the chart, whose date labels do not overlap',
    async (width) => {
      const { context, page, errors } = await newPage(browser);
      await page.setViewportSize({ width, height: 800 });
      await signInAsDemoPatient(page);
      await page.goto('/health-record/vitals/body-temperature');
      await page.getByRole('heading', { level: 1, name: 'Body Temperature' }).waitFor();
      const plot = page.getByRole('group', { name: /Body Temperature over time chart/ });
      await plot.locator('svg path').first().waitFor();

      // The numbers are the readings the server holds (the page's own search), oldest first.
      const patient = (await api.getProfile())!;
      const readings = await api.searchResources('Observation', {
        patient: `Patient/${patient.id}`,
        code: 'http://loinc.org|8310-5',
        status: 'registered,preliminary,final,amended,corrected',
        _sort: 'date',
        _count: '1000',
      });
      const values = readings.map((o) => o.valueQuantity!.value!);
      expect(values.length).toBeGreaterThan(1);
      const n = (v: number) => new Intl.NumberFormat('en-US', { maximumFractionDigits: 20 }).format(v);
      const terms = await page.locator('.portal-vital-summary dt').allTextContents();
      const definitions = await page.locator('.portal-vital-summary dd').allTextContents();
      expect(terms.map((t, i) => `${t}: ${definitions[i]}`)).toEqual([
        `Latest: ${n(values[values.length - 1])} °C`,
        `Range: ${n(Math.min(...values))}–${n(Math.max(...values))} °C`,
      ]);

      // Every date label stands clear of the next and inside the chart.
      const labels = await plot.locator('.visx-axis-bottom .visx-axis-tick text').evaluateAll((texts) =>
        texts.map((t) => {
          const box = t.getBoundingClientRect();
          return { text: t.textContent, left: box.left, right: box.right };
        })
      );
      const svg = (await plot.locator('svg').first().boundingBox())!;
      expect(labels.length).toBeGreaterThan(1);
      labels.forEach((label, i) => {
        expect(label.left).toBeGreaterThanOrEqual(svg.x);
        expect(label.right).toBeLessThanOrEqual(svg.x + svg.width);
        if (i > 0) expect(label.left, `${labels[i - 1].text} / ${label.text}`).toBeGreaterThan(labels[i - 1].right);
      });
      await expectAccessible(page);
      expect(errors).toEqual([]);
      await context.close();
    }
  );

  it('reaches every route of the health record by keyboard alone, and axe finds no serious issue on any', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    const menu = page.getByRole('navigation', { name: 'Health record' });
    const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name }).waitFor();
    /** Tabs to a link, presses Enter, waits for the page and checks it with axe. */
    const open = async (link: string, url: string, heading: string | RegExp) => {
      await tabTo(page, 'link', link);
      await page.keyboard.press('Enter');
      await page.waitForURL(`**${url}`);
      await h1(heading);
      await expectAccessible(page);
    };

    await open('Health Record', '/health-record/lab-results', 'Lab Results');
    await open('Complete blood count (CBC) panel', '/health-record/lab-results/*', 'Complete blood count (CBC) panel');
    await page.getByRole('table', { name: 'Results of Complete blood count (CBC) panel' }).waitFor();
    await expectAccessible(page);
    await open('Medications', '/health-record/medications', 'Medications');
    await open('Atorvastatin 20 mg oral tablet', '/health-record/medications/*', 'Atorvastatin 20 mg oral tablet');
    await open('Questionnaire Responses', '/health-record/questionnaire-responses', 'Questionnaire Responses');
    await open('Vaccines', '/health-record/vaccines', 'Vaccines');
    await open('Zoster vaccine recombinant', '/health-record/vaccines/*', 'Zoster vaccine recombinant');
    await open('Documents', '/health-record/documents', 'Documents');
    await open(
      'Summary of care from your visit',
      `/health-record/documents/${DocumentIds.ccdReference}`,
      'Summary of care from your visit'
    );
    await page.getByRole('heading', { level: 2, name: 'Continuity of Care Document' }).waitFor();
    await expectAccessible(page);
    await open('Vitals', '/health-record/vitals', 'Vitals');
    for (const vital of ['Blood Pressure', 'Body Temperature', 'Height', 'Respiratory Rate', 'Heart Rate', 'Weight']) {
      await menu.getByRole('link', { name: vital }).waitFor();
      await open(vital, `/health-record/vitals/${vital.toLowerCase().replace(' ', '-')}`, vital);
    }
    // The readings table links each reading to its Observation page.
    const reading = page.getByRole('table', { name: 'Weight measurements' }).getByRole('row').nth(1).getByRole('link');
    const when = (await reading.textContent())!;
    await open(when, '/Observation/*', 'Body weight');
    expect(errors).toEqual([]);
    await context.close();
  }, 240_000);

  it('shows the C-CDA document and validates it with the server, and uploads a document with createDocumentReference', async () => {
    const { context, page, errors } = await newPage(browser);
    await signInAsDemoPatient(page);
    await page.goto(`/health-record/documents/${DocumentIds.ccdReference}`);
    await page.getByRole('heading', { level: 2, name: 'Continuity of Care Document' }).waitFor();
    await page.getByRole('heading', { level: 3, name: 'Allergies and Adverse Reactions' }).waitFor();
    await page.getByRole('cell', { name: 'Penicillin G' }).waitFor();
    await page.getByRole('link', { name: 'Download continuity-of-care.xml' }).waitFor();
    await tabTo(page, 'button', 'Validate');
    const validation = page.waitForRequest((r) => r.url().endsWith('/ccda/validate') && r.method() === 'POST');
    await page.keyboard.press('Enter');
    expect((await validation).headers()['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    // Chromium 156 no longer hands a body holding a File to the driver (postData is null), so
    // the server's answer tells what arrived: its validator names the ccdaFile part's file, and
    // finds no error only in a ClinicalDocument with the whole header.
    const answer = await (await (await validation).response())!.json();
    expect(answer.resultsMetaData.ccdaFileName).toBe('continuity-of-care.xml');
    expect(answer.ccdaValidationResults).toEqual([]);
    await page.getByRole('status').filter({ hasText: 'No errors found' }).waitFor();
    await expectAccessible(page);

    // A validator that fails: the exact text of the spec, and the document stays.
    await page.route('**/ccda/validate', (route) =>
      route.fulfill({ status: 503, body: 'down', contentType: 'text/plain' })
    );
    await page.getByRole('button', { name: 'Validate' }).click();
    await page.getByRole('alert').filter({ hasText: 'Validation failed: 503 Service Unavailable' }).waitFor();
    await page.getByRole('cell', { name: 'Penicillin G' }).waitFor();
    await page.unroute('**/ccda/validate');

    // Upload: without a file it says so; a server failure keeps what was chosen and typed.
    await page.getByRole('navigation', { name: 'Health record' }).getByRole('link', { name: 'Documents' }).click();
    await page.getByRole('heading', { level: 1, name: 'Documents' }).waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Choose a file to upload').waitFor();
    await page.getByLabel('File').setInputFiles({
      name: 'blood-pressure-log.txt',
      mimeType: 'text/plain',
      buffer: Buffer.from('Mon 128/82\nTue 131/84\n'),
    });
    await page.getByLabel('Description').fill('Home blood pressure log');
    await page.route('**/fhir/R4/Binary**', (route) =>
      route.request().method() === 'POST'
        ? route.fulfill({
            status: 500,
            contentType: 'application/fhir+json',
            body: JSON.stringify({
              resourceType: 'OperationOutcome',
              issue: [{ severity: 'error', code: 'exception', details: { text: 'Storage is full' } }],
            }),
          })
        : route.continue()
    );
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.locator('.portal-error').filter({ hasText: 'Error Storage is full' }).waitFor();
    expect(await page.getByLabel('Description').inputValue()).toBe('Home blood pressure log');
    await page.unroute('**/fhir/R4/Binary**');
    await page.getByRole('button', { name: 'Upload' }).click();
    await page.getByText('Document uploaded').waitFor();
    await page.getByRole('link', { name: 'Home blood pressure log' }).click();
    await page.getByRole('heading', { level: 1, name: 'Home blood pressure log' }).waitFor();
    await page.getByRole('region', { name: 'blood-pressure-log.txt preview' }).getByText('Tue 131/84').waitFor();
    await expectAccessible(page);

    const patient = (await api.getProfile())!;
    const documents = await api.searchResources('DocumentReference', { subject: `Patient/${patient.id}` });
    const stored = documents.find((d) => d.description === 'Home blood pressure log');
    expect(stored).toMatchObject<Partial<DocumentReference>>({
      status: 'current',
      subject: { reference: `Patient/${patient.id}`, display: 'Homer Jay Simpson' },
      content: [
        {
          attachment: {
            contentType: 'text/plain',
            title: 'blood-pressure-log.txt',
            url: expect.stringMatching(/\/fhir\/R4\/Binary\/[\w-]+$/),
          },
        },
      ],
    });
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);

  it("shows 'Something went wrong' in place of a route that fails, and navigating away resets it", async () => {
    // Without the service worker: it answers the build's files from its precache, where
    // page.route cannot reach, and this test is about a chunk the network fails to bring.
    const { context, page } = await newPage(browser, { serviceWorkers: 'block' });
    await signInAsDemoPatient(page);
    // The chart's code cannot be loaded: the vital page fails to render.
    await page.route('**/assets/ObservationChartCanvas-*.js', (route) => route.abort());
    await page.goto('/health-record/vitals/heart-rate');
    const panel = page.getByRole('alert').filter({ has: page.getByRole('heading', { name: 'Something went wrong' }) });
    await panel.waitFor();
    expect(await panel.textContent()).toMatch(/dynamically imported module|Failed to fetch/);
    await expectAccessible(page);
    await page.getByRole('navigation', { name: 'Health record' }).getByRole('link', { name: 'Lab Results' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lab Results' }).waitFor();
    expect(await panel.count()).toBe(0);
    await context.close();
  }, 120_000);

  it("prefetches a link's route: its data when it comes into view, the chart's code before a vital is opened", async () => {
    const { context, page } = await newPage(browser);
    await signInAsDemoPatient(page);
    // The dashboard shows the Health Record link: its first page's search goes out unasked.
    const reports = page.waitForRequest((r) => /\/fhir\/R4\/DiagnosticReport\?/.test(r.url()));
    await page.goto('/');
    await reports;
    // The vitals page shows the six vital links: the chart code comes before any is opened.
    const chart = page.waitForRequest((r) => /ObservationChartCanvas-[\w-]+\.js$/.test(r.url()));
    await page.goto('/health-record/vitals');
    await chart;
    expect(page.url()).toMatch(/\/health-record\/vitals$/);
    await context.close();
  });
});
