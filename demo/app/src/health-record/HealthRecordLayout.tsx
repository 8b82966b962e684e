import { NavLink, Outlet } from 'react-router';

// The side menu lists only sections that exist in this build (lab results, medications,
// vaccines and vitals arrive with later work).
const sections = [{ to: 'questionnaire-responses', label: 'Questionnaire Responses' }];

/** health-record: a side menu and the section's content, 800 wide. */
export function HealthRecordLayout() {
  return (
    <div className="portal-container portal-with-menu">
      <nav aria-label="Health record" className="portal-side-menu">
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to}>{section.label}</NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <div className="portal-content">
        <Outlet />
      </div>
    </div>
  );
}

/** The first section that exists; portal.md's lab-results index arrives with that section. */
export const healthRecordIndex = sections[0].to;
