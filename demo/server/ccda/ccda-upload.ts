// The document out of the validator's multipart request: the ccdaFile part, its name, its text.
// Runs in the validation worker (validate-worker.ts) with the parse, so a large body costs the
// request thread nothing but a copy.
import { badRequest, tooLarge } from '../core/errors';
import { MAX_CCDA_BYTES } from './validate-ccda';

/** What the validator reads: the XML text and the name the caller gave the file. */
export interface CcdaUpload {
  readonly xml: string;
  readonly fileName: string;
}

/** Reads the ccdaFile part; throws a 4xx OperationOutcomeError for anything else. */
export async function readCcdaUpload(contentType: string, body: Uint8Array<ArrayBuffer>): Promise<CcdaUpload> {
  let form: FormData;
  try {
    form = await new Response(body, { headers: { 'content-type': contentType } }).formData();
  } catch {
    throw badRequest('The multipart body could not be read');
  }
  const file = form.get('ccdaFile');
  if (file === null) throw badRequest('Missing the ccdaFile part', 'ccdaFile');
  const bytes = typeof file === 'string' ? Buffer.from(file, 'utf8') : Buffer.from(await file.arrayBuffer());
  if (bytes.length > MAX_CCDA_BYTES) throw tooLarge(`The document is larger than ${MAX_CCDA_BYTES / 1024 / 1024} MB`);
  const fileName = typeof file === 'string' ? 'ccdaFile' : file.name.slice(0, 200) || 'ccdaFile';
  try {
    return { xml: new TextDecoder('utf-8', { fatal: true }).decode(bytes), fileName };
  } catch {
    throw badRequest('The document is not UTF-8 text', 'ccdaFile');
  }
}
