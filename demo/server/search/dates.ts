// FHIR dates as ranges: '2024' covers the whole year, '2024-05-01T10:00' the whole minute.

/** An inclusive range of instants, in milliseconds. */
export interface DateRange {
  start: number;
  end: number;
}

const RE = /^(\d{4})(?:-(\d{2})(?:-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(\.\d+)?)?(Z|[+-]\d{2}:\d{2})?)?)?)?$/;

/** The range a FHIR date, dateTime or instant stands for; undefined when the text is not one. */
export function parseDateRange(text: string): DateRange | undefined {
  const m = RE.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h, mi, s, frac, tz] = m;
  const year = Number(y);
  if (!mo) return range(Date.UTC(year, 0, 1), Date.UTC(year + 1, 0, 1) - 1);
  const month = Number(mo) - 1;
  if (month > 11) return undefined;
  if (!d) return range(Date.UTC(year, month, 1), Date.UTC(year, month + 1, 1) - 1);
  const day = Number(d);
  const dayStart = Date.UTC(year, month, day);
  if (new Date(dayStart).getUTCDate() !== day) return undefined;
  if (!h) return range(dayStart, dayStart + 86_400_000 - 1);
  if (Number(h) > 23 || Number(mi) > 59 || (s && Number(s) > 60)) return undefined;
  const offset =
    tz && tz !== 'Z' ? (tz[0] === '-' ? -1 : 1) * (Number(tz.slice(1, 3)) * 60 + Number(tz.slice(4, 6))) * 60_000 : 0;
  const base = Date.UTC(year, month, day, Number(h), Number(mi), s ? Number(s) : 0) - offset;
  if (!s) return range(base, base + 59_999);
  if (!frac) return range(base, base + 999);
  const ms = Math.floor(Number(frac) * 1000);
  return range(base + ms, base + ms);
}

function range(start: number, end: number): DateRange | undefined {
  return Number.isFinite(start) && Number.isFinite(end) ? { start, end } : undefined;
}
