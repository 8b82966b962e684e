// Display helpers for FHIR date, dateTime, instant and time values, through Intl.
// A FHIR date has no time zone, so it is shown in UTC: 2024-05-01 stays 1 May in every zone.
// Every helper returns '' for a missing or invalid value, so a view never shows 'Invalid Date'.

const FHIR_DATE_RE = /^(\d{4})(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01]))?)?$/;
const FHIR_DATETIME_RE =
  /^(\d{4})(-(0[1-9]|1[0-2])(-(0[1-9]|[12]\d|3[01])(T([01]\d|2[0-3]):[0-5]\d:([0-5]\d|60)(\.\d{1,9})?(Z|[+-]((0\d|1[0-3]):[0-5]\d|14:00)))?)?)?$/;
const FHIR_TIME_RE = /^([01]\d|2[0-3]):([0-5]\d)(:([0-5]\d|60)(\.\d{1,9})?)?$/;

const DEFAULT_DATE: Intl.DateTimeFormatOptions = { year: 'numeric', month: 'short', day: 'numeric' };
const DEFAULT_TIME: Intl.DateTimeFormatOptions = { hour: 'numeric', minute: '2-digit' };

function isRealDay(year: number, month: number, day: number): boolean {
  const date = new Date(Date.UTC(2000, month - 1, day));
  date.setUTCFullYear(year);
  return date.getUTCDate() === day;
}

/** True when the text is a valid FHIR date (`2024`, `2024-05`, `2024-05-01`). */
export function isValidDate(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = FHIR_DATE_RE.exec(value);
  return !!m && (!m[5] || isRealDay(Number(m[1]), Number(m[3]), Number(m[5])));
}

/** True when the text is a valid FHIR dateTime: a date, or a full date and time with seconds and zone. */
export function isValidDateTime(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  const m = FHIR_DATETIME_RE.exec(value);
  return !!m && (!m[5] || isRealDay(Number(m[1]), Number(m[3]), Number(m[5])));
}

/** True when the text is a valid FHIR time (`10:30`, `10:30:00`). */
export function isValidTime(value: unknown): value is string {
  return typeof value === 'string' && FHIR_TIME_RE.test(value);
}

/** A FHIR date or dateTime as a localized date (`May 1, 2024` in en-US); '' when invalid. */
export function formatDate(
  value: string | undefined,
  locales?: Intl.LocalesArgument,
  options?: Intl.DateTimeFormatOptions
): string {
  if (!value) return '';
  if (isValidDate(value)) {
    const [year, month, day] = value.split('-').map(Number);
    const partial: Intl.DateTimeFormatOptions = day
      ? DEFAULT_DATE
      : month
        ? { year: 'numeric', month: 'short' }
        : { year: 'numeric' };
    const date = new Date(Date.UTC(2000, (month ?? 1) - 1, day ?? 1));
    date.setUTCFullYear(year);
    return new Intl.DateTimeFormat(locales, { ...(options ?? partial), timeZone: 'UTC' }).format(date);
  }
  const date = new Date(value);
  if (!isValidDateTime(value) && !isInstantLike(value)) return '';
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales, options ?? DEFAULT_DATE).format(date);
}

/** A FHIR dateTime or instant as a localized date and time; a plain date is shown as a date; '' when invalid. */
export function formatDateTime(
  value: string | undefined,
  locales?: Intl.LocalesArgument,
  options?: Intl.DateTimeFormatOptions
): string {
  if (!value) return '';
  if (isValidDate(value)) return formatDate(value, locales);
  if (!isValidDateTime(value) && !isInstantLike(value)) return '';
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(locales, options ?? { ...DEFAULT_DATE, ...DEFAULT_TIME }).format(date);
}

/** A FHIR time (`14:30:00`) as a localized time of day (`2:30 PM` in en-US); '' when invalid. */
export function formatTime(
  value: string | undefined,
  locales?: Intl.LocalesArgument,
  options?: Intl.DateTimeFormatOptions
): string {
  if (!value || !isValidTime(value)) return '';
  const [hours, minutes, seconds] = value.split(':').map((part) => Number.parseFloat(part));
  const date = new Date(Date.UTC(1970, 0, 1, hours, minutes, Math.floor(seconds || 0)));
  return new Intl.DateTimeFormat(locales, { ...(options ?? DEFAULT_TIME), timeZone: 'UTC' }).format(date);
}

// Servers and JavaScript write instants without seconds or zone now and then (`2024-05-01T10:00`);
// show those too rather than nothing.
function isInstantLike(value: string): boolean {
  return /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value);
}
