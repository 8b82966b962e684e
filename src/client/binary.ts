import { OperationOutcomeError, errorOutcome } from '../fhir/outcomes';
import type { Binary, Reference } from '../fhir/types';
import { abortedError } from './retry';
import { ContentType, malformedResponse, statusOutcome } from './transport';

/** Data a Binary can be made from. */
export type BinarySource = string | File | Blob | Uint8Array | ArrayBuffer;

/** What createBinary answers: a File without a name is ignored, so its upload may answer undefined. */
export type BinaryResult<T, R> = T extends File ? R | undefined : R;

/** The upload of a Binary: data, its type and name, the resource that governs access to it, and a progress callback. */
export interface CreateBinaryOptions<T extends BinarySource = BinarySource> {
  data: T;
  /** Default application/octet-stream; XML holding a ClinicalDocument in the urn:hl7-org:v3 namespace becomes application/cda+xml. */
  contentType?: string;
  filename?: string;
  /** Sent as the X-Security-Context header. */
  securityContext?: Reference;
  /** When given, the upload goes through XMLHttpRequest so progress can be reported. */
  onProgress?: (event: ProgressEvent) => void;
}

/** The Binary content type: CDA for C-CDA XML, the given type, else application/octet-stream. */
export function binaryContentType(data: BinarySource, contentType?: string): string {
  if (
    typeof data === 'string' &&
    (!contentType || /xml/.test(contentType)) &&
    data.includes('ClinicalDocument') &&
    data.includes('urn:hl7-org:v3')
  ) {
    return ContentType.CDA_XML;
  }
  return contentType || ContentType.OCTET_STREAM;
}

/** True for a File with no name and no filename given: such uploads are ignored. */
export function isUnnamedFile(data: BinarySource, filename?: string): boolean {
  return !filename && typeof File !== 'undefined' && data instanceof File && !data.name;
}

/** Posts a body with XMLHttpRequest so upload progress can be reported; answers the parsed JSON. */
export function uploadWithProgress(
  url: string,
  body: BinarySource,
  headers: Record<string, string>,
  onProgress: (event: ProgressEvent) => void,
  signal?: AbortSignal
): Promise<Binary> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(abortedError());
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = onProgress;
    xhr.onerror = () => reject(new OperationOutcomeError(errorOutcome('Request error', 'transient')));
    xhr.onabort = () => reject(abortedError());
    xhr.onload = () => {
      let parsed: unknown;
      try {
        parsed = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        parsed = undefined;
        if (xhr.status < 400) return reject(malformedResponse('The server response is not valid JSON'));
      }
      if (xhr.status >= 400) reject(new OperationOutcomeError(statusOutcome(xhr.status, xhr.statusText, parsed)));
      else resolve(parsed as Binary);
    };
    signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body as XMLHttpRequestBodyInit);
  });
}
