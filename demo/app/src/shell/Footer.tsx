/** The project's home page: package.json's `homepage` without its `#readme` anchor (Footer.test.tsx checks they agree). */
export const PROJECT_URL = 'https://github.com/fhir-portal-kit/fhir-portal-kit';

/** Footer with documentation links and the current year. */
export function Footer() {
  return (
    <footer className="portal-footer">
      <div className="portal-container portal-footer-inner">
        <nav aria-label="Documentation">
          <ul className="portal-footer-links">
            <li>
              <a href="https://hl7.org/fhir/R4/">FHIR R4 specification</a>
            </li>
            <li>
              <a href="https://hl7.org/fhir/smart-app-launch/">SMART App Launch</a>
            </li>
            <li>
              <a href="https://hl7.org/fhir/uv/sdc/">Structured Data Capture</a>
            </li>
            <li>
              <a href={PROJECT_URL}>fhir-portal-kit on GitHub</a>
            </li>
          </ul>
        </nav>
        <p>© {new Date().getFullYear()} Foo Medical, Inc. A demo of fhir-portal-kit; not a real practice.</p>
      </div>
    </footer>
  );
}
