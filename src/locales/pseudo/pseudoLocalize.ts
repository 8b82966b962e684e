// The pseudo-locale: English made visibly foreign and about 40% longer, for development and
// tests. A text that reaches the screen in plain English did not come from messages (it is
// hard-coded), and a text cut off by its box shows that a longer language will not fit.

/** Opens and closes every pseudo-localized text, so a test can tell message text from data. */
export const PSEUDO_OPEN = '⟦';
export const PSEUDO_CLOSE = '⟧';

const ACCENTED: Readonly<Record<string, string>> = {
  a: 'á',
  b: 'ƀ',
  c: 'ç',
  d: 'ð',
  e: 'é',
  f: 'ƒ',
  g: 'ĝ',
  h: 'ĥ',
  i: 'í',
  j: 'ĵ',
  k: 'ķ',
  l: 'ĺ',
  m: 'ɱ',
  n: 'ñ',
  o: 'ó',
  p: 'þ',
  q: 'ǫ',
  r: 'ŕ',
  s: 'š',
  t: 'ţ',
  u: 'ú',
  v: 'ṽ',
  w: 'ŵ',
  x: 'ẋ',
  y: 'ý',
  z: 'ž',
  A: 'Á',
  B: 'Ɓ',
  C: 'Ç',
  D: 'Ð',
  E: 'É',
  F: 'Ƒ',
  G: 'Ĝ',
  H: 'Ĥ',
  I: 'Í',
  J: 'Ĵ',
  K: 'Ķ',
  L: 'Ĺ',
  M: 'Ṁ',
  N: 'Ñ',
  O: 'Ó',
  P: 'Þ',
  Q: 'Ǫ',
  R: 'Ŕ',
  S: 'Š',
  T: 'Ţ',
  U: 'Ú',
  V: 'Ṽ',
  W: 'Ŵ',
  X: 'Ẋ',
  Y: 'Ý',
  Z: 'Ž',
};

// Placeholders ('{message}') and the arguments a message function was given stay as they are.
function accent(text: string): string {
  let out = '';
  let depth = 0;
  for (const char of text) {
    if (char === '{') depth++;
    out += depth > 0 ? char : (ACCENTED[char] ?? char);
    if (char === '}' && depth > 0) depth--;
  }
  return out;
}

// About 40% longer: the padding a translation into German or Spanish needs on average.
function padding(text: string): string {
  const letters = text.replace(/[^A-Za-z]/g, '').length;
  return letters === 0 ? '' : ' ' + '·'.repeat(Math.max(1, Math.round(letters * 0.4)));
}

/** One text in the pseudo-locale: '⟦Šéñð ··⟧' for 'Send'. Text without letters stays as it is. */
export function pseudoText(text: string): string {
  if (!/[A-Za-z]/.test(text)) return text;
  return `${PSEUDO_OPEN}${accent(text)}${padding(text)}${PSEUDO_CLOSE}`;
}

// A function's result, with the values it was given kept as they are (a name, a count, a time):
// they are data, not text of ours.
function pseudoResult(result: string, args: readonly unknown[]): string {
  const kept: string[] = [];
  let marked = result;
  for (const arg of args) {
    if (typeof arg !== 'string' && typeof arg !== 'number') continue;
    const value = String(arg);
    if (value === '' || !marked.includes(value)) continue;
    marked = marked.split(value).join(`{${kept.length}}`);
    kept.push(value);
  }
  // Only the placeholders this function put in are restored; braces of the message's own stay.
  return pseudoText(marked).replace(/\{(\d+)\}/g, (whole, index: string) => kept[Number(index)] ?? whole);
}

/**
 * A family's texts (or any object of texts) in the pseudo-locale: strings accented and padded,
 * functions wrapped so what they return is too. Nested objects are followed.
 */
export function pseudoLocalize<T extends object>(messages: T): T {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(messages)) {
    if (typeof value === 'string') out[key] = pseudoText(value);
    else if (typeof value === 'function')
      out[key] = (...args: unknown[]) => {
        const result: unknown = (value as (...a: unknown[]) => unknown)(...args);
        return typeof result === 'string' ? pseudoResult(result, args) : result;
      };
    else if (value && typeof value === 'object' && !Array.isArray(value)) out[key] = pseudoLocalize(value);
    else out[key] = value;
  }
  return out as T;
}
