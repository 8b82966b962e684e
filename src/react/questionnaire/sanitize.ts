import DOMPurify from 'dompurify';

/** Sanitizes a questionnaire's rendering-xhtml: formatting survives, scripts and handlers do not. */
export function sanitizeXhtml(html: string): string {
  if (typeof window === 'undefined') return '';
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true }, FORBID_TAGS: ['style', 'form', 'input', 'button'] });
}
