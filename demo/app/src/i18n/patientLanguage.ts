// The patient's language as FHIR records it: Patient.communication, one entry per language they
// speak, `preferred: true` on the one they want to be spoken to in (the language a BCP 47 code of
// system urn:ietf:bcp:47). The portal reads that entry and, when they switch, moves the flag.
import type { Patient, PatientCommunication } from 'fhir-portal-kit';
import { matchPortalLanguage } from './languageChoice';
import type { PortalLanguage } from './languages';

/** The code system of Patient.communication.language: BCP 47 tags. */
export const BCP47_SYSTEM = 'urn:ietf:bcp:47';

// The displays of FHIR's common-languages value set, in English as the value set gives them.
const LANGUAGE_DISPLAY: Readonly<Record<PortalLanguage, string>> = { en: 'English', es: 'Spanish', ar: 'Arabic' };

/** The portal language an entry of Patient.communication speaks, if the portal speaks it. */
function languageOf(entry: PatientCommunication): PortalLanguage | undefined {
  for (const coding of entry.language?.coding ?? []) {
    if (coding.system === BCP47_SYSTEM) {
      const language = matchPortalLanguage(coding.code);
      if (language) return language;
    }
  }
  return undefined;
}

/** The patient's preferred language (the communication entry with preferred: true), if the portal speaks it. */
export function preferredLanguageOf(patient: Pick<Patient, 'communication'> | undefined): PortalLanguage | undefined {
  const preferred = patient?.communication?.find((entry) => entry.preferred === true);
  return preferred ? languageOf(preferred) : undefined;
}

/**
 * The patient's communication with `language` preferred: its entry gets `preferred: true` (added
 * when they had none), every other entry is kept, no longer preferred. Undefined when `language`
 * is already their preferred one and nothing needs writing.
 */
export function withPreferredLanguage(patient: Patient, language: PortalLanguage): Patient | undefined {
  if (preferredLanguageOf(patient) === language) return undefined;
  const entries = patient.communication ?? [];
  let found = false;
  const communication = entries.map((entry): PatientCommunication => {
    const { preferred: _preferred, ...rest } = entry;
    if (!found && languageOf(entry) === language) {
      found = true;
      return { ...rest, preferred: true };
    }
    return rest;
  });
  if (!found) {
    communication.push({
      language: { coding: [{ system: BCP47_SYSTEM, code: language, display: LANGUAGE_DISPLAY[language] }] },
      preferred: true,
    });
  }
  return { ...patient, communication };
}
