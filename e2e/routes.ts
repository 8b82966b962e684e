// The portal's routes, for the passes that visit every page (the phone widths, the
// pseudo-locale): the lists follow demo/app/src/SignedInRoutes.tsx, SignedOutRoutes.tsx and
// staff/StaffRoutes.tsx; detail pages are found through their lists, as a user reaches them.
import type { Page } from 'playwright-core';
import { DemoIds } from '../demo/server/seed/ids';
import { settle } from './narrow';

/** Every signed-out route (one set-password link that does not exist, for its error state). */
export const signedOutRoutes = [
  '/',
  '/signin',
  '/register',
  '/forgotpassword',
  '/setpassword/no-such-id/no-such-secret',
];

/** The href of the first link in the page's content that starts with `prefix`. */
export async function firstLink(page: Page, prefix: string): Promise<string> {
  const link = page.locator(`main a[href^="${prefix}"]`).first();
  await link.waitFor();
  return (await link.getAttribute('href'))!;
}

/** Every signed-in route of the patient portal, detail pages found through their lists (in English). */
export async function patientRoutes(page: Page): Promise<string[]> {
  const routes = [
    '/',
    '/get-care',
    '/messages',
    `/Questionnaire/${DemoIds.generalQuestionnaire}`,
    '/screening-questionnaire',
    '/patient-intake-questionnaire',
    '/health-record/lab-results',
    '/health-record/medications',
    '/health-record/questionnaire-responses',
    '/health-record/vaccines',
    '/health-record/documents',
    '/health-record/vitals',
    '/health-record/vitals/blood-pressure',
    '/health-record/vitals/body-temperature',
    '/health-record/vitals/height',
    '/health-record/vitals/respiratory-rate',
    '/health-record/vitals/heart-rate',
    '/health-record/vitals/weight',
    '/care-plan/action-items',
    '/account/profile',
    '/account/provider',
    '/account/membership-and-billing',
    '/account/security',
  ];
  const details: [string, string][] = [
    ['/messages', '/messages/'],
    ['/health-record/lab-results', '/health-record/lab-results/'],
    ['/health-record/medications', '/health-record/medications/'],
    ['/health-record/questionnaire-responses', '/health-record/questionnaire-responses/'],
    ['/health-record/vaccines', '/health-record/vaccines/'],
    ['/health-record/documents', '/health-record/documents/'],
    ['/health-record/vitals/weight', '/Observation/'],
    ['/care-plan/action-items', '/care-plan/action-items/'],
  ];
  for (const [list, prefix] of details) {
    await page.goto(list);
    await settle(page);
    // A list the other journeys have not filled yet (questionnaire responses) has no detail page.
    if ((await page.locator(`main a[href^="${prefix}"]`).count()) > 0) routes.push(await firstLink(page, prefix));
  }
  return routes;
}

/** Every route of the staff area for the doctor, detail pages found through their lists (in English). */
export async function staffRoutes(page: Page): Promise<string[]> {
  await page.goto('/staff');
  const conversation = await firstLink(page, '/staff/messages/');
  await page.goto('/staff/patients');
  const patient = await firstLink(page, '/staff/patients/');
  await page.goto(patient);
  const tabs = await page
    .getByRole('navigation', { name: 'Patient record' })
    .getByRole('link')
    .evaluateAll((links) => links.map((link) => link.getAttribute('href')!));
  return ['/staff', conversation, '/staff/patients', ...tabs];
}
