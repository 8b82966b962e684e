import type { Appointment, Bundle, BundleEntry, QuestionnaireResponse, Reference, Resource, Slot } from '../fhir';
import { isOperationOutcomeError } from '../fhir/outcomes';

/** Inputs of {@link buildBookingBundle}. */
export interface BookingBundleInput {
  /** The slot as just read, with its `meta.versionId`, so a concurrent booking fails the PUT's If-Match. */
  readonly slot: Slot;
  /** The patient the appointment is for. */
  readonly patient: Reference;
  /** The schedule's first actor (the provider, a location, ...). */
  readonly actor: Reference;
  /**
   * The patient's answers. A resource without an id is created in the same transaction and
   * linked through a `urn:uuid` entry; a saved resource or a reference is linked as it is.
   */
  readonly response?: QuestionnaireResponse | Reference;
  /** A fresh UUID for the `urn:uuid` entry, e.g. `() => crypto.randomUUID()`. */
  readonly createUuid: () => string;
}

/**
 * One `transaction` Bundle that books a slot: POSTs the Appointment (status booked, the
 * patient accepted, the schedule's actor, the slot, start and end, the answers as
 * supportingInformation), creates the QuestionnaireResponse if given as a new resource, and
 * PUTs the Slot as busy with `If-Match: W/"<versionId>"` so two patients cannot book it.
 */
export function buildBookingBundle({ slot, patient, actor, response, createUuid }: BookingBundleInput): Bundle {
  if (!slot.id) throw new TypeError('buildBookingBundle needs the Slot as read from the server (with an id)');
  if (!slot.start || !slot.end) throw new TypeError(`Slot/${slot.id} needs a start and an end to be booked`);
  const versionId = slot.meta?.versionId;
  if (!versionId) {
    throw new TypeError(
      `Slot/${slot.id} has no meta.versionId: pass the Slot as the server returned it, so the booking can use If-Match`
    );
  }
  if (!patient.reference) throw new TypeError('buildBookingBundle needs a patient reference such as "Patient/123"');
  if (!actor.reference && !actor.identifier) {
    throw new TypeError('buildBookingBundle needs the schedule actor as a reference such as "Practitioner/123"');
  }

  const entries: BundleEntry[] = [];
  let supportingInformation: Reference[] | undefined;
  if (response) {
    if (isResource(response) && !response.id) {
      const fullUrl = `urn:uuid:${createUuid()}`;
      entries.push({ fullUrl, resource: response, request: { method: 'POST', url: 'QuestionnaireResponse' } });
      supportingInformation = [{ reference: fullUrl }];
    } else if (isResource(response)) {
      supportingInformation = [{ reference: `QuestionnaireResponse/${response.id}` }];
    } else {
      supportingInformation = [response as Reference];
    }
  }

  const appointment: Appointment = {
    resourceType: 'Appointment',
    status: 'booked',
    slot: [{ reference: `Slot/${slot.id}` }],
    start: slot.start,
    end: slot.end,
    participant: [
      { actor: patient, status: 'accepted' },
      // The actor published this slot as free, so taking it needs no further answer from them.
      { actor, status: 'accepted' },
    ],
    ...(supportingInformation ? { supportingInformation } : {}),
  };
  entries.push({ resource: appointment, request: { method: 'POST', url: 'Appointment' } });
  entries.push({
    resource: { ...slot, status: 'busy' },
    request: { method: 'PUT', url: `Slot/${slot.id}`, ifMatch: `W/"${versionId}"` },
  });
  return { resourceType: 'Bundle', type: 'transaction', entry: entries };
}

/** Inputs of {@link bookSlot}: the booking's parts and the call that sends a transaction. */
export interface BookSlotInput extends BookingBundleInput {
  /** Sends a transaction Bundle and resolves with the server's response, e.g. `(b) => client.executeBatch(b)`. */
  readonly executeBatch: (bundle: Bundle) => Promise<Bundle>;
}

/** How {@link bookSlot} ended: booked, or taken by someone else first (with the failed response or error). */
export type BookSlotResult =
  | { readonly status: 'booked'; readonly appointment: Appointment; readonly response: Bundle }
  | { readonly status: 'taken'; readonly error: unknown };

/**
 * Books a slot with the one transaction of {@link buildBookingBundle}. Resolves `taken` when
 * another patient got the slot first (a failed entry, 409, 412 or a conflict outcome) and
 * rejects on any other failure, so the caller can offer to try again.
 */
export async function bookSlot({ executeBatch, ...input }: BookSlotInput): Promise<BookSlotResult> {
  const bundle = buildBookingBundle(input);
  let response: Bundle;
  try {
    response = await executeBatch(bundle);
  } catch (error) {
    if (isSlotTakenError(error)) return { status: 'taken', error };
    throw error;
  }
  if (hasFailedEntry(response)) return { status: 'taken', error: response };
  return { status: 'booked', appointment: getBookedAppointment(bundle, response), response };
}

/** True when a transaction response has a failed entry (a status other than 2xx). */
export function hasFailedEntry(bundle: Bundle): boolean {
  return (bundle.entry ?? []).some((entry) => !/^2\d\d/.test(entry.response?.status ?? ''));
}

/** The Appointment a booking transaction created: the returned resource, or the sent one with the id from its location. */
export function getBookedAppointment(sent: Bundle, received: Bundle): Appointment {
  const index = (sent.entry ?? []).findIndex((e) => e.resource?.resourceType === 'Appointment');
  const answered = received.entry?.[index];
  if (answered?.resource?.resourceType === 'Appointment') return answered.resource;
  const base = sent.entry?.[index]?.resource as Appointment;
  const id = /Appointment\/([^/]+)/.exec(answered?.response?.location ?? '')?.[1];
  return id ? { ...base, id } : base;
}

function isResource(value: QuestionnaireResponse | Reference): value is QuestionnaireResponse {
  return (value as Resource).resourceType === 'QuestionnaireResponse';
}

/** True for errors that mean someone else booked the slot first. */
export function isSlotTakenError(error: unknown): boolean {
  if (typeof (error as { status?: unknown })?.status === 'number') {
    const status = (error as { status: number }).status;
    if (status === 409 || status === 412) return true;
  }
  if (!isOperationOutcomeError(error)) return false;
  return (error.outcome.issue ?? []).some((issue) => ['conflict', 'lock-error', 'duplicate'].includes(issue.code));
}
