// Binary: raw bytes in (POST/PUT with any content type, X-Security-Context, ?_filename) and out
// (GET without a FHIR JSON Accept), or a Binary resource as FHIR JSON either way. Content that a
// browser would run (HTML, SVG, XML, scripts) is only ever served as a download.
import type { StoredResource, StoredRow } from '../core/stored-resource';
import { badRequest } from '../core/errors';
import type { ServerRequest, ServerResponse } from '../http/router';
import { mediaType } from '../http/server';
import type { Repository } from '../store/repository';
import { FHIR_JSON, wantsFhirJson } from './negotiate';
import {
  FHIR_BASE,
  bundleEntryState,
  idParam,
  resourceBody,
  resourceResponse,
  type FhirArea,
  type FhirRoutes,
} from './route-kit';

/** Filename extension on a Binary uploaded with ?_filename. */
export const FILENAME_EXTENSION = 'https://fhir-portal-kit.dev/StructureDefinition/binary-filename';

/**
 * Types a browser shows without running anything: these may display inline. Any other type
 * (text/html, image/svg+xml, application/xml, text/javascript, unknown ones) is sent as an
 * attachment, so a patient's upload can never run as a page on the server's origin.
 */
const PASSIVE_TYPES = new Set([
  'application/pdf',
  'text/plain',
  'text/csv',
  'image/png',
  'image/jpeg',
  'image/gif',
  'image/webp',
  'image/avif',
  'image/bmp',
  'audio/mpeg',
  'audio/ogg',
  'audio/wav',
  'video/mp4',
  'video/webm',
]);

/** True when the content type may be shown inline. */
export function isPassiveContentType(contentType: string | undefined): boolean {
  return PASSIVE_TYPES.has(mediaType(contentType));
}

/** True when the body is a Binary resource in FHIR JSON rather than raw bytes. */
function isBinaryResource(req: ServerRequest): boolean {
  const body = req.body;
  return (
    FHIR_JSON.has(mediaType(req.headers['content-type'])) &&
    typeof body === 'object' &&
    body !== null &&
    !Buffer.isBuffer(body) &&
    (body as { resourceType?: unknown }).resourceType === 'Binary'
  );
}

/** The Binary a raw upload stands for: its bytes, content type, security context and filename. */
function binaryFromRaw(req: ServerRequest, id?: string): StoredResource {
  const filename = req.query.get('_filename');
  const securityContext = req.headers['x-security-context'];
  return {
    resourceType: 'Binary',
    ...(id ? { id } : {}),
    contentType: req.headers['content-type'] || 'application/octet-stream',
    ...(securityContext ? { securityContext: { reference: securityContext } } : {}),
    ...(filename ? { extension: [{ url: FILENAME_EXTENSION, valueString: filename }] } : {}),
    data: req.rawBody,
  };
}

/** A stored Binary as FHIR JSON, with its own URL (and its bytes as base64 when asked for). */
function binaryResponse(fhir: FhirRoutes, binary: StoredResource, status: number): ServerResponse {
  return resourceResponse(fhir, { ...binary, url: `${fhir.base}Binary/${binary.id}` }, status);
}

function filenameOf(binary: StoredResource): string | undefined {
  const extensions = Array.isArray(binary.extension)
    ? (binary.extension as { url?: unknown; valueString?: unknown }[])
    : [];
  const name = extensions.find((e) => e?.url === FILENAME_EXTENSION)?.valueString;
  return typeof name === 'string' ? name : undefined;
}

/** Characters RFC 8187 lets stand unescaped in an ext-value (attr-char); encodeURIComponent leaves '()* too. */
const NOT_ATTR_CHAR = /['()*]/g;
/** The longest file name the fallback repeats (the extended form is bounded by the URL it came in). */
const MAX_FALLBACK_NAME = 200;

/**
 * A Content-Disposition value that any name survives: `filename` holds printable ASCII only
 * (quotes, backslashes and everything else replaced by '_'), and a name with other characters is
 * also sent whole as RFC 6266's `filename*` in UTF-8, percent-encoded. Header values are Latin-1
 * on the wire, so a name like '履歴書.pdf' in `filename` alone made Node refuse the header (500).
 */
export function contentDisposition(disposition: 'inline' | 'attachment', filename: string | undefined): string {
  if (!filename) return disposition;
  let fallback = '';
  let ascii = true;
  for (const char of filename.slice(0, MAX_FALLBACK_NAME)) {
    const code = char.codePointAt(0)!;
    if (code > 0x7e) ascii = false;
    fallback += code >= 0x20 && code <= 0x7e && char !== '"' && char !== '\\' ? char : '_';
  }
  if (ascii && filename.length <= MAX_FALLBACK_NAME) return `${disposition}; filename="${fallback}"`;
  let extended: string;
  try {
    extended = encodeURIComponent(filename).replace(
      NOT_ATTR_CHAR,
      (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`
    );
  } catch {
    // A lone surrogate has no UTF-8 form: the fallback alone names the file.
    return `${disposition}; filename="${fallback}"`;
  }
  return `${disposition}; filename="${fallback}"; filename*=UTF-8''${extended}`;
}

/** The raw bytes of a Binary version, typed, with the headers that keep active content inert. */
async function rawBinary(repo: Repository, binary: StoredRow, versionId?: string): Promise<ServerResponse> {
  const data = (await repo.readBinaryData(binary.id, versionId ?? binary.meta?.versionId)) ?? Buffer.alloc(0);
  const contentType =
    typeof binary.contentType === 'string' && binary.contentType ? binary.contentType : 'application/octet-stream';
  const filename = filenameOf(binary);
  const disposition = isPassiveContentType(contentType) ? 'inline' : 'attachment';
  const headers: Record<string, string> = {
    'Content-Type': contentType,
    'Content-Disposition': contentDisposition(disposition, filename),
    // The browser takes the type as given (no sniffing HTML out of a "text/plain"), and even
    // opened directly the content runs in a sandbox without scripts or the origin.
    'X-Content-Type-Options': 'nosniff',
    'Content-Security-Policy': 'sandbox',
  };
  if (binary.meta?.versionId) headers.ETag = `W/"${binary.meta.versionId}"`;
  return { status: 200, body: data, headers };
}

async function withData(repo: Repository, binary: StoredRow): Promise<StoredRow> {
  const data = await repo.readBinaryData(binary.id, binary.meta?.versionId);
  return data ? { ...binary, data: data.toString('base64') } : binary;
}

/** POST /Binary, PUT /Binary/{id}, GET /Binary/{id} and GET /Binary/{id}/_history/{vid}. */
export const binaryRoutes: FhirArea = (fhir) => {
  const { router, repoOf } = fhir;

  router.add('POST', `${FHIR_BASE}/Binary`, async (req) => {
    const repo = repoOf(req);
    if (!isBinaryResource(req)) {
      if (bundleEntryState(req)) throw badRequest('Binary in a Bundle must be a Binary resource');
      return binaryResponse(fhir, await repo.createResource(binaryFromRaw(req)), 201);
    }
    const { id: _ignored, ...body } = resourceBody(req.body, 'Binary');
    const result = await repo.conditionalCreate(body, {
      ifNoneExist: req.headers['if-none-exist'],
      assignedId: bundleEntryState(req)?.assignedId,
    });
    return binaryResponse(fhir, result.resource, result.created ? 201 : 200);
  });

  router.add('PUT', `${FHIR_BASE}/Binary/:id`, async (req) => {
    const id = idParam(req);
    const ifMatch = req.headers['if-match'];
    if (!isBinaryResource(req)) {
      const result = await repoOf(req).updateWithOutcome(binaryFromRaw(req, id), { ifMatch });
      return binaryResponse(fhir, result.resource, result.created ? 201 : 200);
    }
    const body = resourceBody(req.body, 'Binary');
    if (!body.id) throw badRequest('Missing id', 'id');
    if (body.id !== id) throw badRequest(`Resource id ${body.id} does not match the URL id ${id}`, 'id');
    const result = await repoOf(req).updateWithOutcome(body, { ifMatch });
    return resourceResponse(fhir, result.resource, result.created ? 201 : 200);
  });

  router.add('GET', `${FHIR_BASE}/Binary/:id`, async (req) => {
    const repo = repoOf(req);
    const binary = await repo.readResource<StoredRow>('Binary', idParam(req));
    if (!wantsFhirJson(req.headers.accept) && !bundleEntryState(req)) return rawBinary(repo, binary);
    return resourceResponse(fhir, await withData(repo, binary));
  });

  router.add('GET', `${FHIR_BASE}/Binary/:id/_history/:vid`, async (req) => {
    const repo = repoOf(req);
    const binary = await repo.readVersion<StoredRow>('Binary', idParam(req), req.params.vid);
    if (!wantsFhirJson(req.headers.accept)) return rawBinary(repo, binary, req.params.vid);
    return resourceResponse(fhir, await withData(repo, binary));
  });
};
