// A dosage in the portal's language. The library's formatDosage speaks English (src/fhir/timing.ts
// says so: another language formats the structured fields itself), so outside English the page
// says it from the parts: the dose and the route as the record writes them (data), how often
// and for how long from the catalog, numbers and units through Intl.
import { formatDosage, formatQuantity, type Dosage } from 'fhir-portal-kit';

/** UCUM period units as Intl's unit names. */
const INTL_UNITS: Readonly<Record<string, string>> = {
  s: 'second',
  min: 'minute',
  h: 'hour',
  d: 'day',
  wk: 'week',
  mo: 'month',
  a: 'year',
};

/** The catalog's dosage texts (health-record/text.ts). */
export interface DosageTexts {
  /** How often: `times` every `period` (e.g. 'una vez al día'); `span` is the period as Intl writes it ('2 días'). */
  readonly dosageFrequency: (times: number, period: number, unit: string, span: string) => string;
  /** For how long, e.g. 'durante 10 días'; `span` as Intl writes it. */
  readonly dosageFor: (span: string) => string;
}

/** A length of time as the locale writes it ('10 días', '١٠ أيام'); the UCUM code when Intl has no unit for it. */
function span(locale: string, value: number, code: string | undefined): string {
  const unit = code ? INTL_UNITS[code] : undefined;
  if (!unit) return `${value} ${code ?? ''}`.trim();
  return new Intl.NumberFormat(locale, { style: 'unit', unit, unitDisplay: 'long' }).format(value);
}

/** The dosage as the page shows it: formatDosage in English, else from its parts in `locale`. */
export function dosageText(dosage: Dosage, texts: DosageTexts, locale: string, english: boolean): string {
  if (english) return formatDosage(dosage, locale);
  const repeat = dosage.timing?.repeat;
  const dose = dosage.doseAndRate?.[0]?.doseQuantity;
  const parts = [
    dose ? formatQuantity(dose) : '',
    dosage.route?.text ?? dosage.route?.coding?.[0]?.display ?? '',
    repeat?.frequency && repeat.period
      ? texts.dosageFrequency(
          repeat.frequency,
          repeat.period,
          repeat.periodUnit ?? '',
          span(locale, repeat.period, repeat.periodUnit)
        )
      : '',
    repeat?.boundsDuration?.value !== undefined
      ? texts.dosageFor(span(locale, repeat.boundsDuration.value, repeat.boundsDuration.code))
      : '',
  ].filter(Boolean);
  return parts.length ? parts.join(' ') : (dosage.text?.trim() ?? '');
}
