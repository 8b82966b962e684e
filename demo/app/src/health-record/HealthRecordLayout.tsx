import { VITALS } from 'fhir-portal-kit';
import { SectionOutlet } from '../shell/SectionOutlet';
import { SideMenu } from '../shell/SideMenu';
import { PrefetchNavLink } from '../shell/PrefetchLink';
import { useText } from '../i18n/useText';
import { healthRecordText } from './text';
import { vitalsText } from './vitals-text';

const sections = [
  { to: 'lab-results', key: 'labResults' },
  { to: 'medications', key: 'medications' },
  { to: 'questionnaire-responses', key: 'responses' },
  { to: 'vaccines', key: 'vaccines' },
  { to: 'documents', key: 'documents' },
  { to: 'vitals', key: 'vitals' },
] as const;

/** health-record: a side menu (vitals with its six sub-items) and the section's content, 800 wide. */
export function HealthRecordLayout() {
  const t = useText(healthRecordText);
  const vitalNames = useText(vitalsText).vitals;
  return (
    <div className="portal-container portal-with-menu">
      <SideMenu label={t.menuLabel}>
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <PrefetchNavLink to={section.to} end={section.to === 'vitals'}>
                {t.sections[section.key]}
              </PrefetchNavLink>
              {section.to === 'vitals' && (
                <ul className="portal-side-submenu">
                  {VITALS.map((vital) => (
                    <li key={vital.id}>
                      <PrefetchNavLink to={`vitals/${vital.id}`}>{vitalNames[vital.id].title}</PrefetchNavLink>
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
