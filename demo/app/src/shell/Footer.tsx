import { useLocale } from 'fhir-portal-kit/react';
import { useText } from '../i18n/useText';
import { shellText } from './text';

/** The project's home page: package.json's `homepage` without its `#readme` anchor (Footer.test.tsx checks they agree). */
export const PROJECT_URL = 'https://github.com/fhir-portal-kit/fhir-portal-kit';

/** Footer with documentation links and the current year. */
export function Footer() {
  const t = useText(shellText);
  const year = new Intl.DateTimeFormat(useLocale(), { year: 'numeric' }).format(new Date());
  return (
    <footer className="portal-footer">
      <div className="portal-container portal-footer-inner">
        <nav aria-label={t.documentation}>
          <ul className="portal-footer-links">
            <li>
              <a href="https://hl7.org/fhir/R4/">{t.fhirSpec}</a>
            </li>
            <li>
              <a href="https://hl7.org/fhir/smart-app-launch/">{t.smartAppLaunch}</a>
            </li>
            <li>
              <a href="https://hl7.org/fhir/uv/sdc/">{t.structuredDataCapture}</a>
            </li>
            <li>
              <a href={PROJECT_URL}>{t.onGitHub}</a>
            </li>
          </ul>
        </nav>
        <p>{t.copyright(year)}</p>
      </div>
    </footer>
  );
}
