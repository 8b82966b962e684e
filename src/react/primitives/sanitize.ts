/** A sanitizer for questionnaire rendering-xhtml: formatting survives, scripts and handlers do not. */
export type Sanitize = (html: string) => string;

let loading: Promise<Sanitize> | undefined;

/**
 * Loads DOMPurify on first use. Few questionnaires carry rendering-xhtml, so the sanitizer is
 * its own chunk and plain forms never pay for it; until it arrives the item shows its plain text.
 */
export function loadSanitizer(): Promise<Sanitize> {
  loading ??= import('dompurify').then(
    ({ default: DOMPurify }) =>
      (html: string) =>
        DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] })
  );
  return loading;
}
