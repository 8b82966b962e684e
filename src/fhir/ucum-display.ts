// Units as a portal shows them. Quantities carry UCUM codes ('mm[Hg]', '[lb_av]', '10*3/uL')
// that are exact for machines and odd for people; this table maps the codes a patient's record
// holds to the way people write them. Codes people already write as-is ('kg', 'cm', '%',
// 'mg/dL', 'mmol/L') need no row: anything not in the table and free of UCUM's brackets,
// braces and powers shows as written.

import type { Quantity } from './types';

const UCUM_SYSTEM = 'http://unitsofmeasure.org';

// A plain object, kept small: each row costs every bundle that formats a Quantity.
const UCUM_DISPLAY: Readonly<Record<string, string>> = {
  'mm[Hg]': 'mmHg',
  'cm[H2O]': 'cmH₂O',
  Cel: '°C',
  // Not UCUM's coulomb: the portal's own vitals catalogue writes a temperature unit as 'C'.
  C: '°C',
  '[degF]': '°F',
  degF: '°F',
  '[lb_av]': 'lb',
  '[oz_av]': 'oz',
  '[in_i]': 'in',
  '[ft_i]': 'ft',
  m2: 'm²',
  'kg/m2': 'kg/m²',
  'mL/min/{1.73_m2}': 'mL/min/1.73 m²',
  '{beats}/min': '/min',
  '{breaths}/min': '/min',
  '10*3/uL': '10³/µL',
  '10*6/uL': '10⁶/µL',
  '10*9/L': '10⁹/L',
  '10*12/L': '10¹²/L',
  uL: 'µL',
  ug: 'µg',
  um: 'µm',
  'ug/L': 'µg/L',
  'ug/dL': 'µg/dL',
  'ug/mL': 'µg/mL',
  'umol/L': 'µmol/L',
  'u[IU]/mL': 'µIU/mL',
  '[IU]': 'IU',
  '[IU]/L': 'IU/L',
  '[iU]/L': 'IU/L',
  'm[IU]/L': 'mIU/L',
  'meq/L': 'mEq/L',
  '[pH]': 'pH',
  '/[HPF]': '/HPF',
  '/[LPF]': '/LPF',
  a: 'yr',
  // UCUM's unity: a count or ratio without a unit shows its number alone.
  '1': '',
};

const SUPERSCRIPT = '⁰¹²³⁴⁵⁶⁷⁸⁹';
// Longer than any unit a record holds; past it the text is shown as it is, unparsed.
const MAX_UNIT_LENGTH = 64;

function hasUcumSyntax(text: string): boolean {
  for (const ch of text) if (ch === '[' || ch === ']' || ch === '{' || ch === '}' || ch === '*') return true;
  return false;
}

/** True when the text is a UCUM code to translate rather than a unit a person wrote. */
function isUcumCode(text: string): boolean {
  return Object.hasOwn(UCUM_DISPLAY, text) || hasUcumSyntax(text);
}

// A code the table lacks, read in one pass: annotations ('{score}') dropped unless they are the
// whole unit, brackets keep the name before '_' ('[gal_us]' → 'gal'), '10*3' raises its power.
function readUcum(code: string): string {
  if (code.length > MAX_UNIT_LENGTH) return code;
  if (code.startsWith('{') && code.endsWith('}') && code.indexOf('}') === code.length - 1) return code.slice(1, -1);
  let out = '';
  let i = 0;
  while (i < code.length) {
    const ch = code[i];
    if (ch === '{') {
      const end = code.indexOf('}', i);
      // An unclosed annotation is not one: its words stay rather than vanish.
      if (end < 0) out += code.slice(i + 1);
      i = end < 0 ? code.length : end + 1;
    } else if (ch === '[') {
      const end = code.indexOf(']', i);
      const inner = code.slice(i + 1, end < 0 ? code.length : end);
      const cut = inner.indexOf('_');
      out += cut < 0 ? inner : inner.slice(0, cut);
      i = end < 0 ? code.length : end + 1;
    } else if (ch === '*' && out.endsWith('10')) {
      i++;
      while (i < code.length && code[i] >= '0' && code[i] <= '9') out += SUPERSCRIPT[Number(code[i++])];
    } else {
      out += ch;
      i++;
    }
  }
  return out;
}

/** A UCUM code as people write it: `mm[Hg]` → `mmHg`, `Cel` → `°C`, `10*3/uL` → `10³/µL`. */
function displayUcum(code: string): string {
  return Object.hasOwn(UCUM_DISPLAY, code) ? UCUM_DISPLAY[code] : hasUcumSyntax(code) ? readUcum(code) : code;
}

/**
 * The unit of a Quantity (or a unit code) as people write it. A Quantity's `unit` text wins
 * when a person wrote it ('beats/minute', 'lbs'); a `unit` that is itself a UCUM code, or a
 * UCUM `code` alone, is translated (`mm[Hg]` → `mmHg`, `[lb_av]` → `lb`, `Cel` or `C` → `°C`,
 * `{beats}/min` → `/min`). A code of another system is shown as it is.
 */
export function formatUnit(
  quantity: Pick<Quantity, 'unit' | 'code' | 'system'> | string | undefined,
  system?: string
): string {
  if (quantity === undefined) return '';
  const q = typeof quantity === 'string' ? { code: quantity, system } : quantity;
  const text = q.unit?.trim();
  if (text && !isUcumCode(text)) return text;
  const code = q.code?.trim();
  const ucum = !q.system || q.system === UCUM_SYSTEM;
  if (code && ucum) return displayUcum(code);
  if (text) return displayUcum(text);
  return code ?? '';
}
