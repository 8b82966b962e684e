type LocaleWithTextInfo = Intl.Locale & {
  getTextInfo?: () => { direction?: string };
  textInfo?: { direction?: string };
};

// Scripts written right to left, for engines without Intl.Locale text info.
const RTL_LANGUAGES = new Set(['ar', 'fa', 'he', 'ur', 'ps', 'yi', 'dv', 'ckb', 'sd', 'ug']);

/** The writing direction of a locale, for `dir` on `<html>` or a component root: 'rtl' for ar-EG, 'ltr' for es-US. */
export function localeDirection(locale: string): 'ltr' | 'rtl' {
  try {
    const tag = new Intl.Locale(locale) as LocaleWithTextInfo;
    const direction = (tag.getTextInfo?.() ?? tag.textInfo)?.direction;
    if (direction === 'rtl' || direction === 'ltr') return direction;
    return RTL_LANGUAGES.has(tag.language) ? 'rtl' : 'ltr';
  } catch {
    return 'ltr';
  }
}
