import { useId } from 'react';
import { useLanguage } from './LanguageContext';
import { PORTAL_LANGUAGES, type PortalLanguage } from './languages';
import { languageText } from './text';
import { useText } from './useText';

/**
 * The language switcher: a labelled select of the portal's languages, each named in itself and
 * marked with its own `lang` (a reader who cannot read the current language still finds theirs,
 * and a screen reader speaks each name in its language). A globe stands for the label, which
 * screen readers read; the pseudo-locale is never offered.
 */
export function LanguageSwitcher({ className }: { className?: string }) {
  const { language, setLanguage } = useLanguage();
  const t = useText(languageText);
  const id = useId();
  return (
    <div className={className ? `portal-language ${className}` : 'portal-language'}>
      <label htmlFor={id} className="portal-language-label">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20" fill="none" stroke="currentColor">
          <circle cx="10" cy="10" r="8" strokeWidth="1.6" />
          <path
            d="M2 10h16M10 2c2.4 2.3 3.5 5 3.5 8s-1.1 5.7-3.5 8c-2.4-2.3-3.5-5-3.5-8s1.1-5.7 3.5-8z"
            strokeWidth="1.6"
          />
        </svg>
        <span className="fpk-visually-hidden">{t.language}</span>
      </label>
      <select
        id={id}
        className="portal-language-select"
        value={language === 'en-XA' ? 'en' : language}
        onChange={(event) => setLanguage(event.target.value as PortalLanguage)}
      >
        {PORTAL_LANGUAGES.map((option) => (
          <option key={option.code} value={option.code} lang={option.code}>
            {option.name}
          </option>
        ))}
      </select>
    </div>
  );
}
