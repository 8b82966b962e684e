import { VITALS } from 'fhir-portal-kit';
import { SectionOutlet } from '../shell/SectionOutlet';
import { SideMenu } from '../shell/SideMenu';
import { PrefetchNavLink } from '../shell/PrefetchLink';

const sections = [
  { to: 'lab-results', label: 'Lab Results' },
  { to: 'medications', label: 'Medications' },
  { to: 'questionnaire-responses', label: 'Questionnaire Responses' },
  { to: 'vaccines', label: 'Vaccines' },
  { to: 'documents', label: 'Documents' },
  { to: 'vitals', label: 'Vitals' },
];

/** health-record: a side menu (vitals with its six sub-items) and the section's content, 800 wide. */
export function HealthRecordLayout() {
  return (
    <div className="portal-container portal-with-menu">
      <SideMenu label="Health record">
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <PrefetchNavLink to={section.to} end={section.to === 'vitals'}>
                {section.label}
              </PrefetchNavLink>
              {section.to === 'vitals' && (
                <ul className="portal-side-submenu">
                  {VITALS.map((vital) => (
                    <li key={vital.id}>
                      <PrefetchNavLink to={`vitals/${vital.id}`}>{vital.title}</PrefetchNavLink>
                    </li>
                  ))}
                </ul>
              )}
            </li>
          ))}
        </ul>
      </SideMenu>
      <SectionOutlet />
    </div>
  );
}

/** Where /health-record goes: lab-results (portal.md section 2). */
export const healthRecordIndex = 'lab-results';
