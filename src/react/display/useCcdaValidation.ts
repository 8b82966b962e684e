import { useCallback, useEffect, useRef, useState } from 'react';
import { normalizeErrorString } from '../../fhir';

/** One finding of a C-CDA validator. */
export interface CcdaValidationIssue {
  readonly type: string;
  readonly description: string;
  readonly xPath?: string;
  readonly documentLineNumber?: string;
}

/** What a validator answered, read from the ONC reference validator's shape. */
export interface CcdaValidationReport {
  readonly documentType: string | undefined;
  readonly errors: readonly CcdaValidationIssue[];
  readonly warnings: readonly CcdaValidationIssue[];
}

/** Why validating failed: the validator's HTTP status, or a message when it could not be reached. */
export type CcdaValidationFailure =
  { readonly status: number; readonly statusText: string } | { readonly message: string };

/** What {@link useCcdaValidation} answers. */
export interface CcdaValidationState {
  readonly status: 'idle' | 'validating' | 'done' | 'failed';
  readonly report: CcdaValidationReport | undefined;
  readonly failure: CcdaValidationFailure | undefined;
  /** Posts the document to the validator as multipart `ccdaFile`. */
  readonly validate: (xml: string, fileName?: string) => Promise<void>;
}

/** Options of {@link useCcdaValidation}. */
export interface UseCcdaValidationOptions {
  /** The validator's address (the app's; the reference server's is `/ccda/validate`). */
  readonly validatorUrl: string | undefined;
  /** Sends the request; globalThis.fetch by default. */
  readonly fetch?: typeof globalThis.fetch;
}

function readReport(body: unknown): CcdaValidationReport {
  const results = (body as { ccdaValidationResults?: unknown })?.ccdaValidationResults;
  const issues = (Array.isArray(results) ? results : []).filter(
    (i): i is CcdaValidationIssue => !!i && typeof i === 'object' && typeof i.description === 'string'
  );
  const typeOf = (i: CcdaValidationIssue) => (typeof i.type === 'string' ? i.type.toLowerCase() : '');
  const meta = (body as { resultsMetaData?: { ccdaDocumentType?: unknown } })?.resultsMetaData;
  return {
    documentType: typeof meta?.ccdaDocumentType === 'string' ? meta.ccdaDocumentType : undefined,
    errors: issues.filter((i) => typeOf(i).includes('error')),
    warnings: issues.filter((i) => typeOf(i).includes('warning')),
  };
}

/**
 * Validates a C-CDA document with a validator service: POST multipart/form-data with the
 * document as `ccdaFile`. The validator is its own service, not the FHIR server, so the request
 * goes through `fetch` without the session's token or cookies.
 */
export function useCcdaValidation({ validatorUrl, fetch: fetchImpl }: UseCcdaValidationOptions): CcdaValidationState {
  const [state, setState] = useState<Omit<CcdaValidationState, 'validate'>>({
    status: 'idle',
    report: undefined,
    failure: undefined,
  });
  const live = useRef(true);
  useEffect(() => {
    live.current = true;
    return () => {
      live.current = false;
    };
  }, []);

  const validate = useCallback(
    async (xml: string, fileName = 'document.xml') => {
      if (!validatorUrl) return;
      setState({ status: 'validating', report: undefined, failure: undefined });
      let next: Omit<CcdaValidationState, 'validate'>;
      try {
        const form = new FormData();
        form.append('ccdaFile', new Blob([xml], { type: 'text/xml' }), fileName);
        const response = await (fetchImpl ?? globalThis.fetch)(validatorUrl, {
          method: 'POST',
          body: form,
          credentials: 'omit',
        });
        if (!response.ok) {
          next = {
            status: 'failed',
            report: undefined,
            failure: { status: response.status, statusText: response.statusText },
          };
        } else {
          const body = await response.json();
          const meta = body?.resultsMetaData;
          next = meta?.serviceError
            ? {
                status: 'failed',
                report: undefined,
                failure: { message: String(meta.serviceErrorMessage || 'The validator could not check the document') },
              }
            : { status: 'done', report: readReport(body), failure: undefined };
        }
      } catch (error) {
        next = { status: 'failed', report: undefined, failure: { message: normalizeErrorString(error) } };
      }
      if (live.current) setState(next);
    },
    [validatorUrl, fetchImpl]
  );

  return { ...state, validate };
}
