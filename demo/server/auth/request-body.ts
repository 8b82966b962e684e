/**
 * The JSON object a login-protocol request sent, or {} for anything else (no body, an array, a
 * body that is not JSON): each route then rejects the fields it needs one by one, so a malformed
 * body gets the same clear error as a missing field. The router has already bounded its size.
 */
import type { ServerRequest } from '../http/router';

export function requestObject(req: ServerRequest): Record<string, unknown> {
  const body = req.body;
  if (body && typeof body === 'object' && !Buffer.isBuffer(body) && !Array.isArray(body))
    return body as Record<string, unknown>;
  if (Buffer.isBuffer(body) && body.length) {
    try {
      const parsed: unknown = JSON.parse(body.toString('utf8'));
      if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
    } catch {
      // not JSON: the empty object below
    }
  }
  return {};
}
