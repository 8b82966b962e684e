/**
 * A wait as the locale says it, relative to now: 'in 5 minutes', 'dentro de 5 minutos'. From a
 * minute on it is rounded up to whole minutes (from an hour, hours), so a wait is never said
 * shorter than it is.
 */
export function retryIn(locale: string, waitSeconds: number): string {
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'always' });
  if (waitSeconds < 60) return format.format(Math.max(1, Math.ceil(waitSeconds)), 'second');
  if (waitSeconds < 3600) return format.format(Math.ceil(waitSeconds / 60), 'minute');
  return format.format(Math.ceil(waitSeconds / 3600), 'hour');
}
