// The seeded patient who prefers a language (Patient.communication with preferred: true), found
// in the seed itself, with the demo credentials of their email.
import type { Patient } from '../src/fhir/types';
import { DemoCredentials } from '../demo/server/seed/ids';
import { buildPeople } from '../demo/server/seed/people';

/** A seeded patient's sign-in and first name. */
export interface SeededPatient {
  readonly email: string;
  readonly password: string;
  readonly given: string;
}

/** The seeded patient whose preferred language is `lang`; throws when the seed has none. */
export async function seededPatientSpeaking(lang: string): Promise<SeededPatient> {
  const patients = (await buildPeople()).filter((record): record is Patient => record.resourceType === 'Patient');
  const speaker = patients.find((patient) =>
    patient.communication?.some(
      (communication) =>
        communication.preferred && communication.language.coding?.some((coding) => coding.code?.split('-')[0] === lang)
    )
  );
  const email = speaker?.telecom?.find((telecom) => telecom.system === 'email')?.value;
  const credentials = Object.values(DemoCredentials).find((entry) => entry.email === email);
  if (!speaker || !credentials) {
    throw new Error(`The seed has no patient who prefers '${lang}' with demo credentials (demo/server/seed/people.ts)`);
  }
  return { ...credentials, given: speaker.name?.[0]?.given?.[0] ?? '' };
}
