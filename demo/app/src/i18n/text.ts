import { defineText } from './useText';

/** The language switcher's texts. */
export const languageText = defineText({
  en: { language: 'Language' },
  es: { language: 'Idioma' },
  ar: { language: 'اللغة' },
});
