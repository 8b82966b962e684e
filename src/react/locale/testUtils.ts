// Test support: the runtime's default locale, switchable inside one process. Node reads its
// default (what `Intl.DateTimeFormat()` with no locale resolves to) from LANG/LC_ALL once, at
// start-up, so a test that renders "on a server" in en-US and hydrates "in a browser" in fr-FR
// cannot change it between the two; this stands in front of Intl's formatters instead.
const native = { DateTimeFormat: Intl.DateTimeFormat, NumberFormat: Intl.NumberFormat };

let runtimeLocale: string | undefined;

type Formatter = typeof Intl.DateTimeFormat | typeof Intl.NumberFormat;

// A formatter given no locale (undefined) formats in the stand-in default, as the native one does
// in the runtime's; given one, it behaves as the native one.
function withDefaultLocale<F extends Formatter>(Native: F): F {
  function Formatter(locales?: Intl.LocalesArgument, options?: object) {
    return new (Native as new (l?: Intl.LocalesArgument, o?: object) => object)(locales ?? runtimeLocale, options);
  }
  Object.setPrototypeOf(Formatter, Native);
  Formatter.prototype = Native.prototype;
  return Formatter as unknown as F;
}

/** Makes `locale` the runtime's default for Intl.DateTimeFormat and Intl.NumberFormat until {@link restoreRuntimeLocale}. */
export function setRuntimeLocale(locale: string): void {
  runtimeLocale = locale;
  Intl.DateTimeFormat = withDefaultLocale(native.DateTimeFormat);
  Intl.NumberFormat = withDefaultLocale(native.NumberFormat);
}

/** Puts Intl's own formatters back. */
export function restoreRuntimeLocale(): void {
  runtimeLocale = undefined;
  Intl.DateTimeFormat = native.DateTimeFormat;
  Intl.NumberFormat = native.NumberFormat;
}
