// How the questionnaire's drafts are written when the network may be gone (issue 24). The form's
// saver creates the draft once and updates it by the id the create answered. Offline the client
// keeps the create in its outbox and answers its body: the outbox identifier, no id. The next
// saves therefore create again, with that same identifier, and the client replaces the queued
// create instead of queueing another, so a draft saved ten times offline is sent as one.
import {
  OUTBOX_IDENTIFIER_SYSTEM,
  type Identifier,
  type QuestionnaireResponse,
  type RequestOptions,
} from 'fhir-portal-kit';

/** What the saves need of the client. */
export interface DraftWriter {
  createResource(resource: QuestionnaireResponse, options?: RequestOptions): Promise<QuestionnaireResponse>;
  updateResource(resource: QuestionnaireResponse, options?: RequestOptions): Promise<QuestionnaireResponse>;
}

/** The identifiers of a resource as a list (QuestionnaireResponse has at most one in R4; the outbox writes a list). */
const identifiersOf = (resource: QuestionnaireResponse): Identifier[] => {
  const value = (resource as { identifier?: Identifier | Identifier[] }).identifier;
  return Array.isArray(value) ? value : value ? [value] : [];
};

/** The outbox identifier a queued create answered with, if any. */
export function outboxIdentifier(resource: QuestionnaireResponse): Identifier | undefined {
  return identifiersOf(resource).find((identifier) => identifier.system === OUTBOX_IDENTIFIER_SYSTEM);
}

const sameAnswers = (a: QuestionnaireResponse, b: QuestionnaireResponse) =>
  a.status === b.status && JSON.stringify(a.item ?? []) === JSON.stringify(b.item ?? []);

/**
 * A save function for the drafts and the submit of one form: update by id; else create, with the
 * outbox identifier of the create still queued from an earlier save, if one is.
 */
export function createDraftSaver(client: DraftWriter) {
  let queued: Identifier | undefined;
  return async (response: QuestionnaireResponse, options?: RequestOptions): Promise<QuestionnaireResponse> => {
    if (response.id) return client.updateResource(response, options);
    const body = queued
      ? ({ ...response, identifier: [...identifiersOf(response), queued] } as unknown as QuestionnaireResponse)
      : response;
    const created = await client.createResource(body, options);
    if (!created.id) {
      // Kept on the device: later saves replace it.
      queued = outboxIdentifier(created) ?? queued;
      return created;
    }
    const replay = queued !== undefined;
    queued = undefined;
    // The queued create was sent meanwhile: the server answered this create with the copy it
    // already had (a conditional create by that identifier), which holds older answers.
    if (replay && !sameAnswers(created, response)) {
      return client.updateResource({ ...created, status: response.status, item: response.item }, options);
    }
    return created;
  };
}
