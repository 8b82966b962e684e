import type { OperationOutcome } from '../../fhir/types';
import { ContentType, type RequestOptions } from '../transport';
import type { PlatformClient } from './client';

/** The email that sendEmail posts. */
export interface EmailMessage {
  to: string | string[];
  cc?: string | string[];
  bcc?: string | string[];
  from?: string;
  subject?: string;
  text?: string;
  html?: string;
  attachments?: { filename?: string; content?: string; contentType?: string; path?: string }[];
}

/** Sends an email through the server (POST email/v1/send). */
export function sendEmail(
  client: PlatformClient,
  email: EmailMessage,
  options?: RequestOptions
): Promise<OperationOutcome> {
  return client.post('email/v1/send', email, ContentType.JSON, options);
}
