// What the hub's routes check first: a caller, a topic (bounded before it is read), access to
// the topic; and how an event names the context it anchors. Apart from hub.ts so the hub reads
// as its routes and sockets.
import type { Duplex } from 'node:stream';
import type { FhircastEventName } from '../../../src/fhir/fhircast-events';
import { badRequestOutcome, OperationOutcomeError, unauthorizedOutcome } from '../../../src/fhir/outcomes';
import { forbidden } from '../core/errors';
import type { RequestAuth } from '../core/request-auth';
import type { ServerRequest } from '../http/router';
import { MAX_TOPIC_LENGTH } from './hub-limits';
import { decideTopicAccess, type TopicAccessRequest } from './topic-access';

/** A 400 OperationOutcome with the text (and the field it is about). */
export function invalid(text: string, expression?: string): OperationOutcomeError {
  return new OperationOutcomeError(badRequestOutcome(text, expression));
}

/** The request's caller; 401 when it has none. */
export function requireAuth(req: ServerRequest): RequestAuth {
  if (!req.auth) throw new OperationOutcomeError(unauthorizedOutcome());
  return req.auth;
}

/** Throws 403 unless the caller may do this with the topic (topic-access.ts). */
export function assertTopicAccess(request: TopicAccessRequest): void {
  const decision = decideTopicAccess(request);
  if (!decision.allowed) throw forbidden(decision.reason);
}

/** Answers a websocket upgrade with an HTTP status and closes the socket. */
export function refuseUpgrade(socket: Duplex, status: string): void {
  socket.write(`HTTP/1.1 ${status}\r\nConnection: close\r\n\r\n`);
  socket.destroy();
}

/** The topic of a request, checked for type and length before anything else reads it. */
export function checkTopic(topic: unknown): string {
  if (typeof topic !== 'string' || topic === '')
    throw invalid('Invalid topic provided. Topic must be a non-empty string.', 'hub.topic');
  if (topic.length > MAX_TOPIC_LENGTH)
    throw invalid(`Topic must be at most ${MAX_TOPIC_LENGTH} characters.`, 'hub.topic');
  return topic;
}

/** Events whose context the topic keeps: 'Patient-open' → 'Patient'. */
export function anchorType(event: FhircastEventName): string | undefined {
  const match = /^([A-Za-z]+)-(open|close)$/.exec(event);
  return match?.[1];
}
