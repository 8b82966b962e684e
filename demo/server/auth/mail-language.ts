// The language of a mail the server writes itself, from the request's Accept-Language. The header
// is anyone's input: only its first MAX_HEADER_LENGTH characters and MAX_RANGES ranges are read,
// in one linear pass, and anything unknown or malformed means English.

/** Languages the server writes its mails in. */
export const MAIL_LANGUAGES = ['en', 'es', 'ar'] as const;

/** One of the mail languages. */
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

const MAX_HEADER_LENGTH = 256;
const MAX_RANGES = 16;
const RANGE = /^([A-Za-z]{1,8})(?:-[A-Za-z0-9]{1,8})*$/;
const QUALITY = /^q=(0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/i;

/** The best mail language the header accepts (highest q, then first listed); English when none. */
export function mailLanguage(acceptLanguage: string | undefined): MailLanguage {
  if (typeof acceptLanguage !== 'string' || acceptLanguage === '') return 'en';
  let best: MailLanguage = 'en';
  let bestQ = 0;
  const ranges = acceptLanguage.slice(0, MAX_HEADER_LENGTH).split(',', MAX_RANGES);
  for (const range of ranges) {
    const [tag, ...params] = range.trim().split(';');
    const match = RANGE.exec(tag.trim());
    if (!match) continue;
    const quality = params.length ? QUALITY.exec(params[0].trim()) : null;
    if (params.length && !quality) continue;
    const q = quality ? Number(quality[1]) : 1;
    const language = match[1].toLowerCase() as MailLanguage;
    if (q > bestQ && (MAIL_LANGUAGES as readonly string[]).includes(language)) {
      best = language;
      bestQ = q;
    }
  }
  return best;
}
