// Issue 23: the portal in Spanish for the seeded patient who prefers it. They sign in on an
// English browser; the portal follows their Patient.communication and the whole journey
// (dashboard, a vital, the screening through its translations, a booking, a message) is in
// Spanish, left to right, axe-clean.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';
import { answerCodes, latestScreening } from './answered-screening';
import { expectHtmlLanguage } from './language';
import { runJourney } from './language-journey';
import { seededPatientSpeaking, type SeededPatient } from './seeded-speaker';
import { signIn } from './session';
import { translations } from './translations';

let browser: Browser;
let patient: SeededPatient;
beforeAll(async () => {
  browser = await launchBrowser();
  patient = await seededPatientSpeaking('es');
});
afterAll(async () => {
  await browser?.close();
});

describe('the portal in Spanish', () => {
  it('the Spanish-preferring patient signs in, adds a vital, fills the screening, books a visit and sends a message, all in Spanish', async () => {
    const { page, context, errors } = await newPage(browser);
    const t = translations('es');
    // Signed out on an English browser the portal speaks English; signed in, the patient's language.
    await signIn(page, patient.email, patient.password);
    await page.getByRole('heading', { level: 1, name: new RegExp(patient.given) }).waitFor();
    await expectHtmlLanguage(page, 'es', 'ltr');
    await runJourney(page, {
      lang: 'es',
      dir: 'ltr',
      t,
      given: patient.given,
      message: 'Hola, doctora: ¿puedo tomar el medicamento con la comida?',
    });

    // The stored response keeps the codes and records the language it was answered in.
    const response = await latestScreening(patient.email, patient.password);
    expect(response?.language).toMatch(/^es\b/);
    expect(answerCodes(response)).toEqual(['i-have-a-steady-place-to-live', 'none-of-the-above']);
    expect(errors).toEqual([]);
    await context.close();
  }, 180_000);
});
