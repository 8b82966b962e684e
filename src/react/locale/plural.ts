/**
 * The form of a counted text for `count` in `locale`, chosen by Intl.PluralRules: English needs
 * 'one' and 'other'; Arabic has six forms (zero, one, two, few, many, other). A form the caller
 * does not give falls back to 'other'.
 */
export function plural(
  locale: string,
  count: number,
  forms: Partial<Record<Intl.LDMLPluralRule, string>> & { readonly other: string }
): string {
  return forms[new Intl.PluralRules(locale).select(count)] ?? forms.other;
}

/** A count as the locale writes numbers, e.g. '1,234' in en, '1.234' in es, '١٬٢٣٤' in ar. */
export function formatCount(locale: string, count: number): string {
  return new Intl.NumberFormat(locale).format(count);
}
