// A stored row as the caller gets it: the access decision (access/decide.ts) on the row, then
// its field mask. Rows of a response stay JSON text unless the caller's AccessPolicy needs the
// content (criteria, compartments, hidden fields): a caller without one costs no parsing.
import type { AccessInteraction } from '../access/decide';
import { decideAccess } from '../access/decide';
import { ResourceJson } from '../core/json-text';
import { SYSTEM, type Caller, type RequestAuth } from '../core/request-auth';
import type { StoredRow } from '../core/stored-resource';

/** A found resource: the stored object, or its JSON text for a response. */
export type Found = StoredRow | ResourceJson;

/** A row as the store selects it: content as an object, or as JSON text when asText. */
export interface SelectedRow {
  id: string;
  content: unknown;
  compartments: readonly string[];
}

/** The row decided and masked for the caller; undefined when the decision refuses it. */
export function shownRow(
  auth: RequestAuth | undefined,
  interaction: AccessInteraction,
  type: string,
  row: SelectedRow,
  asText: boolean
): Found | undefined {
  const text = asText ? (row.content as string) : undefined;
  const resource =
    text === undefined
      ? (row.content as StoredRow)
      : auth?.accessPolicy
        ? (JSON.parse(text) as StoredRow)
        : new ResourceJson(type, row.id, text);
  const decision = decideAccess(callerOf(auth), interaction, type, { resource, compartments: row.compartments });
  if (!decision.allow) return undefined;
  if (resource instanceof ResourceJson) return resource;
  const masked = decision.mask.apply(resource);
  if (text === undefined) return masked;
  return new ResourceJson(type, row.id, masked === resource ? text : JSON.stringify(masked));
}

/** The type-level decision: throws its outcome when refused, answers the type's mask otherwise. */
export function assertDecided(auth: RequestAuth | undefined, interaction: AccessInteraction, type: string) {
  const decision = decideAccess(callerOf(auth), interaction, type);
  if (!decision.allow) throw decision.outcome;
  return decision.mask;
}

/**
 * The caller a repository's `auth` stands for: a Repository is made only with a caller or with
 * SYSTEM (its constructor refuses anything else), and keeps SYSTEM as no auth; the decision is
 * handed SYSTEM itself, so it can deny everything it does not recognise.
 */
export function callerOf(auth: RequestAuth | undefined): Caller {
  return auth ?? SYSTEM;
}
