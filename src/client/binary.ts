import { OperationOutcomeError, errorOutcome } from '../fhir/outcomes';
import type { Attachment, Binary, DocumentReference, Media, Reference, Resource } from '../fhir/types';
import { abortedError } from './retry';
import { ContentType, type RequestOptions, malformedResponse, statusOutcome } from './transport';

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

/** The part of FhirClient the uploads use. */
export interface UploadClient {
  fhirUrl(...path: string[]): URL;
  post<T = any>(url: URL | string, body?: any, contentType?: string, options?: RequestOptions): Promise<T>;
  createResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<T>;
  updateResource<T extends Resource>(resource: T, options?: RequestOptions): Promise<T>;
}

/** The headers of a direct (XMLHttpRequest) upload: the session's, fresh, plus the given ones. */
export type UploadHeaders = (headers: Record<string, string>) => Promise<Record<string, string>>;

/** createBinary's two forms (an options object, or MedplumClient's positional arguments) as one. */
export function binaryArgs(
  arg1: BinarySource | CreateBinaryOptions,
  arg2?: string | RequestOptions,
  arg3?: string,
  arg4?: (event: ProgressEvent) => void,
  arg5?: RequestOptions
): [CreateBinaryOptions, RequestOptions | undefined] {
  if (arg1 && typeof arg1 === 'object' && 'data' in arg1) return [arg1, arg2 as RequestOptions | undefined];
  return [
    { data: arg1 as BinarySource, filename: arg2 as string | undefined, contentType: arg3, onProgress: arg4 },
    arg5,
  ];
}

/** Uploads data as a Binary (POST Binary?_filename=...); with onProgress through XMLHttpRequest. A File with no name is ignored. */
export async function createBinary(
  client: UploadClient,
  uploadHeaders: UploadHeaders,
  binary: CreateBinaryOptions,
  options: RequestOptions = {}
): Promise<Binary | undefined> {
  const { data, filename, securityContext, onProgress } = binary;
  if (isUnnamedFile(data, filename)) return undefined;
  const contentType = binaryContentType(data, binary.contentType);
  const url = client.fhirUrl('Binary');
  if (filename) url.searchParams.set('_filename', filename);
  const headers = { ...options.headers };
  if (securityContext?.reference) headers['X-Security-Context'] = securityContext.reference;
  if (!onProgress) return client.post(url, data, contentType, { ...options, headers });
  return uploadWithProgress(
    url.toString(),
    data,
    { ...(await uploadHeaders(headers)), 'Content-Type': contentType },
    onProgress,
    options.signal
  );
}

/** Uploads data as a Binary and answers an Attachment {contentType, url, title} pointing to it. */
export async function createAttachment(
  client: UploadClient,
  uploadHeaders: UploadHeaders,
  binary: CreateBinaryOptions,
  options?: RequestOptions
): Promise<Attachment | undefined> {
  const result = await createBinary(client, uploadHeaders, binary, options);
  if (!result) return undefined;
  return {
    contentType: result.contentType ?? binaryContentType(binary.data, binary.contentType),
    url: (result as Binary & { url?: string }).url,
    title: binary.filename,
  };
}

/** Creates a Media: status preparation, then the upload, then status completed with the attachment as content. */
export async function uploadMedia(
  client: UploadClient,
  uploadHeaders: UploadHeaders,
  contents: BinarySource,
  contentType: string,
  filename: string | undefined,
  additionalFields?: Partial<Media>,
  options?: RequestOptions
): Promise<Media> {
  const media = await client.createResource<Media>(
    { resourceType: 'Media', status: 'preparation', content: { contentType }, ...additionalFields },
    options
  );
  const content = await createAttachment(
    client,
    uploadHeaders,
    { data: contents, contentType, filename, securityContext: { reference: `Media/${media.id}` } },
    options
  );
  if (!content) return media;
  return client.updateResource({ ...media, status: 'completed', content }, options);
}

/** Uploads a file as a Binary, then creates a DocumentReference (status current) with it as content[0].attachment. */
export async function createDocumentReference(
  client: UploadClient,
  uploadHeaders: UploadHeaders,
  contents: BinarySource,
  contentType: string,
  filename: string | undefined,
  additionalFields?: Partial<DocumentReference>,
  options?: RequestOptions
): Promise<DocumentReference> {
  const attachment = await createAttachment(client, uploadHeaders, { data: contents, contentType, filename }, options);
  return client.createResource<DocumentReference>(
    {
      resourceType: 'DocumentReference',
      status: 'current',
      ...additionalFields,
      content: [{ attachment: attachment ?? { contentType } }],
    },
    options
  );
}
