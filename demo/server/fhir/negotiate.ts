// Content negotiation of the FHIR API: JSON only (Binary excepted), a form body only for _search.
import { notAcceptable, unsupportedMediaType } from '../core/errors';
import type { ServerRequest } from '../http/router';
import { mediaType } from '../http/server';

/** The FHIR JSON media types. */
export const FHIR_JSON = new Set(['application/fhir+json', 'application/json']);

/** True for a path under /fhir/R4/Binary, whose bodies and answers may be raw bytes. */
export function isBinaryPath(path: string): boolean {
  return /^\/fhir\/R4\/Binary(\/|$)/.test(path);
}

/** True when an Accept header asks for FHIR JSON (explicitly, not just '*\/*'). */
export function wantsFhirJson(accept: string | undefined): boolean {
  return (accept ?? '').split(',').some((part) => FHIR_JSON.has(mediaType(part)));
}

/** Checks Accept and Content-Type of a FHIR request: JSON only (Binary excepted). */
export function negotiateFhir(req: ServerRequest): void {
  const isBinary = isBinaryPath(req.path);
  const format = req.query.get('_format');
  if (format && !/json/i.test(format))
    throw notAcceptable(`Not acceptable: _format ${format}; this server speaks JSON only`);
  const accept = req.headers.accept;
  if (accept && !isBinary) {
    const ok = accept.split(',').some((part) => {
      const type = mediaType(part);
      return type === '' || type === '*/*' || type === 'application/*' || type.includes('json');
    });
    if (!ok) throw notAcceptable(`Not acceptable: ${accept}; this server answers application/fhir+json only`);
  }
  if (req.rawBody.length && ['POST', 'PUT', 'PATCH'].includes(req.method) && !isBinary) {
    const type = mediaType(req.headers['content-type']);
    if (!type) req.headers['content-type'] = 'application/fhir+json';
    else if (type === 'application/x-www-form-urlencoded') {
      if (!req.path.endsWith('/_search'))
        throw unsupportedMediaType('Unsupported content type: a form body is accepted only by _search');
    } else if (!type.includes('json')) {
      throw unsupportedMediaType(`Unsupported content type: ${type}; send application/fhir+json`);
    }
  }
}
