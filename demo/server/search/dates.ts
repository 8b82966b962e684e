// FHIR dates as ranges for SQL: '2024' covers the whole year, '2024-05-01T10:00' the whole
// minute. The reading of a date is the library's (src/fhir), so search, matching and the index
// agree; this file only turns its half-open range into the inclusive one the columns compare.
import { getDateRange } from '../../../src/fhir/match';
import { isValidSearchDate } from '../../../src/fhir/search';

/** An inclusive range of instants, in milliseconds. */
export interface DateRange {
  start: number;
  end: number;
}

/** The range a FHIR date, dateTime or instant stands for; undefined when the text is not one. */
export function parseDateRange(text: string): DateRange | undefined {
  const trimmed = text.trim();
  if (!isValidSearchDate(trimmed)) return undefined;
  const range = getDateRange(trimmed);
  if (!range || !Number.isFinite(range[0]) || !Number.isFinite(range[1])) return undefined;
  return { start: range[0], end: range[1] - 1 };
}
