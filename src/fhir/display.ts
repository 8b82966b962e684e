// Human text for FHIR data types and resources. Helpers never throw on odd data: a view shows ''
// rather than crash on a half-filled resource.

import { formatDateTime } from './dates';
import { getReferenceString } from './references';
import type {
  Address,
  CodeableConcept,
  Coding,
  HumanName,
  Identifier,
  Observation,
  ObservationComponent,
  Period,
  Quantity,
  Range,
  Ratio,
  Resource,
} from './types';
import { formatUnit } from './ucum-display';
import { formatBloodPressureObservation } from './blood-pressure';

/** How many values of an array are shown before the rest is summarised. */
export const MAX_DISPLAY_VALUES = 50;

/** Options for formatHumanName. */
export interface HumanNameFormatOptions {
  /** Include prefixes (Dr., Ms.). Default true. */
  prefix?: boolean;
  /** Include suffixes (Jr., MD). Default true. */
  suffix?: boolean;
  /** Append the name's use in brackets: `Alice Smith [official]`. */
  use?: boolean;
}

/** Options for formatAddress. */
export interface AddressFormatOptions {
  /** Append the address's use in brackets. */
  use?: boolean;
  /** Separator between parts. Default ', '. */
  separator?: string;
}

const join = (parts: (string | undefined)[], separator = ' '): string =>
  parts
    .map((p) => p?.trim())
    .filter(Boolean)
    .join(separator);

/** The values to show for an array: the first 50, then '... N total values' when there are more. */
export function limitDisplayValues(values: readonly string[]): string[] {
  if (values.length <= MAX_DISPLAY_VALUES) return [...values];
  return [...values.slice(0, MAX_DISPLAY_VALUES), `... ${values.length} total values`];
}

/** The given names of a HumanName, space-separated. */
export function formatGivenName(name: HumanName | undefined): string {
  return join(name?.given ?? []);
}

/** The family name of a HumanName. */
export function formatFamilyName(name: HumanName | undefined): string {
  return name?.family?.trim() ?? '';
}

/** A HumanName as text: `Dr. Alice Smith Jr.`; falls back to name.text. */
export function formatHumanName(name: HumanName | undefined, options: HumanNameFormatOptions = {}): string {
  if (!name) return '';
  const { prefix = true, suffix = true } = options;
  let text = join([
    ...(prefix ? (name.prefix ?? []) : []),
    ...(name.given ?? []),
    name.family,
    ...(suffix ? (name.suffix ?? []) : []),
  ]);
  if (!text) text = name.text?.trim() ?? '';
  if (text && options.use && name.use) text += ` [${name.use}]`;
  return text;
}

/** An Address as text: `1 Main St, Springfield, IL 62701`; falls back to address.text. */
export function formatAddress(address: Address | undefined, options: AddressFormatOptions = {}): string {
  if (!address) return '';
  let text = join(
    [...(address.line ?? []), address.city, join([address.state, address.postalCode]), address.country],
    options.separator ?? ', '
  );
  if (!text) text = address.text?.trim() ?? '';
  if (text && options.use && address.use) text += ` [${address.use}]`;
  return text;
}

/** A Coding as text: its display, else its code; with includeCode `Display (code)`. */
export function formatCoding(coding: Coding | undefined, includeCode = false): string {
  if (!coding) return '';
  const display = coding.display?.trim();
  if (display && includeCode && coding.code) return `${display} (${coding.code})`;
  return display || coding.code || '';
}

/** A CodeableConcept as text: its text, else its codings joined by ', '. */
export function formatCodeableConcept(concept: CodeableConcept | undefined): string {
  if (!concept) return '';
  if (concept.text?.trim()) return concept.text.trim();
  return join(
    (concept.coding ?? []).map((c) => formatCoding(c)),
    ', '
  );
}

/** A Quantity as text: `<5.4 mg`, `120 mmHg` (units through formatUnit); a percent sign sticks to the number. */
export function formatQuantity(quantity: Quantity | undefined, precision?: number): string {
  if (!quantity) return '';
  const value =
    typeof quantity.value === 'number'
      ? precision !== undefined
        ? quantity.value.toFixed(precision)
        : String(quantity.value)
      : '';
  const unit = formatUnit(quantity);
  const number = (quantity.comparator ?? '') + value;
  if (!unit) return number;
  if (!number) return unit;
  return unit === '%' ? number + unit : `${number} ${unit}`;
}

/** A Range as text: `5 - 10 mg`, `>= 5 mg` or `<= 10 mg`. */
export function formatRange(range: Range | undefined, precision?: number): string {
  const low = range?.low?.value !== undefined ? range.low : undefined;
  const high = range?.high?.value !== undefined ? range.high : undefined;
  if (low && high) {
    const sameUnit = (low.unit ?? low.code) === (high.unit ?? high.code);
    if (sameUnit) return `${formatQuantity({ value: low.value }, precision)} - ${formatQuantity(high, precision)}`;
    return `${formatQuantity(low, precision)} - ${formatQuantity(high, precision)}`;
  }
  if (low) return `>= ${formatQuantity(low, precision)}`;
  if (high) return `<= ${formatQuantity(high, precision)}`;
  return '';
}

/** A Ratio as text: `1 mg / 5 mL`. */
export function formatRatio(ratio: Ratio | undefined): string {
  if (!ratio?.numerator && !ratio?.denominator) return '';
  return `${formatQuantity(ratio.numerator)} / ${formatQuantity(ratio.denominator)}`;
}

/** A Period as text: `start - end`, each side a localized date and time; an open side is left empty. */
export function formatPeriod(
  period: Period | undefined,
  locales?: Intl.LocalesArgument,
  options?: Intl.DateTimeFormatOptions
): string {
  if (!period || (!period.start && !period.end)) return '';
  return `${formatDateTime(period.start, locales, options)} - ${formatDateTime(period.end, locales, options)}`.trim();
}

/** An Identifier as text: `system|value`, or the value alone when it has no system. */
export function formatIdentifier(identifier: Identifier | undefined): string {
  if (!identifier) return '';
  return identifier.system ? `${identifier.system}|${identifier.value ?? ''}` : (identifier.value ?? '');
}

/** The words a yes/no value is shown with (a component's `messages` pass their own). */
export interface BooleanWords {
  readonly yes: string;
  readonly no: string;
}

/** 'Yes' and 'No'. */
export const defaultBooleanWords: BooleanWords = { yes: 'Yes', no: 'No' };

type ValueHolder = Partial<Omit<Observation, 'resourceType' | 'status' | 'code'>> | ObservationComponent;

function formatValueX(holder: ValueHolder, locales?: Intl.LocalesArgument, words = defaultBooleanWords): string {
  if (holder.valueQuantity) return formatQuantity(holder.valueQuantity);
  if (holder.valueCodeableConcept) return formatCodeableConcept(holder.valueCodeableConcept);
  if (holder.valueString !== undefined) return holder.valueString;
  if (holder.valueBoolean !== undefined) return holder.valueBoolean ? words.yes : words.no;
  if (holder.valueInteger !== undefined) return String(holder.valueInteger);
  if (holder.valueRange) return formatRange(holder.valueRange);
  if (holder.valueRatio) return formatRatio(holder.valueRatio);
  if (holder.valuePeriod) return formatPeriod(holder.valuePeriod, locales);
  if (holder.valueDateTime) return formatDateTime(holder.valueDateTime, locales);
  if (holder.valueTime) return holder.valueTime;
  return '';
}

/**
 * An Observation's value as text. Blood pressure reads systolic over diastolic (`132/82 mmHg`,
 * formatBloodPressure); other components' values are joined by ' / '. A boolean reads 'Yes' or
 * 'No', or the `words` given.
 */
export function formatObservationValue(
  observation: Observation | ObservationComponent | undefined,
  locales?: Intl.LocalesArgument,
  words?: BooleanWords
): string {
  if (!observation) return '';
  const own = formatValueX(observation, locales, words);
  if (own) return own;
  const bloodPressure = 'resourceType' in observation ? formatBloodPressureObservation(observation) : '';
  if (bloodPressure) return bloodPressure;
  const components = 'component' in observation ? (observation.component ?? []) : [];
  return components
    .map((c) => formatValueX(c, locales, words))
    .filter(Boolean)
    .join(' / ');
}

/** The resource's official HumanName, else its first one; undefined for resources without human names. */
export function getPreferredHumanName(resource: Resource | undefined): HumanName | undefined {
  const names = (resource as { name?: unknown } | undefined)?.name;
  if (!Array.isArray(names) || names.length === 0) return undefined;
  return ((names as HumanName[]).find((n) => n?.use === 'official') ?? names[0]) as HumanName;
}

/** The text that names a resource in a list or link: a person's name, a code, a title, else `Type/id`. */
export function getDisplayString(resource: Resource | undefined): string {
  if (!resource) return '';
  const r = resource as Record<string, any>;
  const human = getPreferredHumanName(resource);
  if (human) {
    const name = formatHumanName(human);
    if (name) return name;
  }
  if (typeof r.name === 'string' && r.name.trim()) return r.name.trim();
  if (typeof r.title === 'string' && r.title.trim()) return r.title.trim();
  if (r.code && typeof r.code === 'object') {
    const code = formatCodeableConcept(r.code as CodeableConcept);
    if (code) return code;
  }
  for (const key of ['medicationCodeableConcept', 'vaccineCode', 'type'] as const) {
    if (r[key] && typeof r[key] === 'object' && !Array.isArray(r[key])) {
      const text = formatCodeableConcept(r[key] as CodeableConcept);
      if (text) return text;
    }
  }
  return getReferenceString(resource);
}
