import type { Communication, Reference } from 'fhir-portal-kit';

/** One patient's conversation in the staff inbox. */
export interface Conversation {
  readonly patient: Reference;
  readonly patientId: string;
  readonly last: Communication;
  /** Messages to the practitioner not yet received. */
  readonly unread: number;
}

function patientOf(message: Communication): Reference | undefined {
  const candidates = [message.subject, message.sender, ...(message.recipient ?? [])];
  return candidates.find((r): r is Reference => !!r?.reference?.startsWith('Patient/'));
}

/** Groups messages (newest first) into one conversation per patient, newest conversation first. */
export function groupConversations(messages: readonly Communication[], me: string | undefined): Conversation[] {
  const byPatient = new Map<string, Conversation>();
  for (const message of messages) {
    const patient = patientOf(message);
    if (!patient?.reference) continue;
    const toMe = !!me && !!message.recipient?.some((r) => r.reference === me);
    const unread = toMe && !message.received ? 1 : 0;
    const known = byPatient.get(patient.reference);
    if (known) {
      byPatient.set(patient.reference, {
        ...known,
        patient: known.patient.display ? known.patient : patient,
        unread: known.unread + unread,
      });
    } else {
      byPatient.set(patient.reference, {
        patient,
        patientId: patient.reference.slice('Patient/'.length),
        last: message,
        unread,
      });
    }
  }
  return [...byPatient.values()];
}
