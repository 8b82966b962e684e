// POST /ccda/validate: the C-CDA validator the portal's Validate button calls (client-layer.md
// section 7: multipart with a ccdaFile part). Reached without credentials, like the third-party
// validators it stands in for, so it is bounded before any work (media type, 5 MB of document)
// and the work itself runs in the validator's worker pool, never on the request thread.
import { tooLarge, unsupportedMediaType } from '../core/errors';
import type { Router, ServerRequest, ServerResponse } from '../http/router';
import { mediaType } from '../http/server';
import { MAX_CCDA_BYTES } from './validate-ccda';
import { ValidatorPool, type ValidatorPoolOptions } from './validator-pool';

/** Where the validator listens. */
export const CCDA_VALIDATE_PATH = '/ccda/validate';

// The multipart envelope around the document: boundaries, part headers, a file name.
const MULTIPART_OVERHEAD = 64 * 1024;

/** Adds the C-CDA validator's route; its workers start on the first document. */
export function registerCcdaValidator(router: Router, poolOptions: Partial<ValidatorPoolOptions> = {}): ValidatorPool {
  const pool = new ValidatorPool(poolOptions);
  router.add('POST', CCDA_VALIDATE_PATH, async (req: ServerRequest): Promise<ServerResponse> => {
    const contentType = req.headers['content-type'] ?? '';
    if (mediaType(contentType) !== 'multipart/form-data') {
      throw unsupportedMediaType('Send the document as multipart/form-data with a ccdaFile part');
    }
    if (req.rawBody.length > MAX_CCDA_BYTES + MULTIPART_OVERHEAD) {
      throw tooLarge(`The document is larger than ${MAX_CCDA_BYTES / 1024 / 1024} MB`);
    }
    return { status: 200, body: await pool.validate(contentType, req.rawBody) };
  });
  return pool;
}
