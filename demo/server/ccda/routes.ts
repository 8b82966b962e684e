// POST /ccda/validate: the C-CDA validator the portal's Validate button calls (client-layer.md
// section 7: multipart with a ccdaFile part). Reached without credentials, like the third-party
// validators it stands in for, so it is bounded: 5 MB of document, one linear parse.
import { badRequest, tooLarge, unsupportedMediaType } from '../core/errors';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import { mediaType } from '../http/server';
import { MAX_CCDA_BYTES, validateCcda } from './validate-ccda';

/** Where the validator listens. */
export const CCDA_VALIDATE_PATH = '/ccda/validate';

// The multipart envelope around the document: boundaries, part headers, a file name.
const MULTIPART_OVERHEAD = 64 * 1024;

async function validate(req: ServerRequest): Promise<ServerResponse> {
  const contentType = req.headers['content-type'] ?? '';
  if (mediaType(contentType) !== 'multipart/form-data') {
    throw unsupportedMediaType('Send the document as multipart/form-data with a ccdaFile part');
  }
  if (req.rawBody.length > MAX_CCDA_BYTES + MULTIPART_OVERHEAD) {
    throw tooLarge(`The document is larger than ${MAX_CCDA_BYTES / 1024 / 1024} MB`);
  }
  let form: FormData;
  try {
    form = await new Response(new Uint8Array(req.rawBody), { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The multipart body could not be read');
  }
  const file = form.get('ccdaFile');
  if (file === null) throw badRequest('Missing the ccdaFile part', 'ccdaFile');
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : Buffer.from(await file.arrayBuffer());
  if (bytes.length > MAX_CCDA_BYTES) throw tooLarge(`The document is larger than ${MAX_CCDA_BYTES / 1024 / 1024} MB`);
  const fileName = typeof file === 'string' ? 'ccdaFile' : file.name.slice(0, 200) || 'ccdaFile';
  let xml: string;
  try {
    xml = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest('The document is not UTF-8 text', 'ccdaFile');
  }
  return { status: 200, body: validateCcda(xml, fileName) };
}

/** Adds the C-CDA validator's route. */
export function registerCcdaValidator(router: Router): void {
  router.add('POST', CCDA_VALIDATE_PATH, validate);
}
