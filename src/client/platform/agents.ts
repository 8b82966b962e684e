import { badRequestOutcome, OperationOutcomeError } from '../../fhir/outcomes';
import { getReferenceString, resolveId } from '../../fhir/references';
import type { Device, Reference, Resource } from '../../fhir/types';
import { ContentType, type RequestOptions } from '../transport';
import type { PlatformClient } from './client';

/** Pushes a message to an Agent (POST Agent/{id}/$push with destination, body, contentType, waitForResponse, waitTimeout). */
export function pushToAgent(
  client: PlatformClient,
  agent: Resource | Reference,
  destination: Device | Reference | string,
  body: any,
  contentType?: string,
  waitForResponse?: boolean,
  waitTimeout?: number,
  options?: RequestOptions
): Promise<any> {
  const agentId = resolveId(agent);
  if (!agentId) return Promise.reject(new OperationOutcomeError(badRequestOutcome('Invalid reference')));
  return client.post(
    client.fhirUrl('Agent', agentId, '$push'),
    {
      destination: typeof destination === 'string' ? destination : getReferenceString(destination),
      body,
      contentType,
      waitForResponse,
      waitTimeout,
    },
    ContentType.FHIR_JSON,
    options
  );
}
