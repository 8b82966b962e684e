import { formatHumanName, type Patient } from 'fhir-portal-kit';
import { useProfile } from 'fhir-portal-kit/react';
import { useText } from '../i18n/useText';
import { PrefetchLink } from '../shell/PrefetchLink';
import { usePatient } from '../account/usePatient';
import { features } from '../features';
import { UpcomingVisits } from '../shell/UpcomingVisits';
import { TaskCards } from '../dashboard/TaskCards';
import { preferredPharmacyOf } from '../pharmacy/preferred-pharmacy';
import { homeText } from './home-text';

type Card = { title: string; text: string; action: string; to: string; enabled: boolean };

type HomeText = (typeof homeText)['en'];

/** The shortcut cards; the Preferred Pharmacy one names the patient's pharmacy once chosen. */
const shortcuts = (t: HomeText, pharmacy: string | undefined): Card[] => [
  { ...t.record, to: '/health-record', enabled: features.healthRecord },
  { ...t.renewal, to: '/health-record/medications', enabled: features.medications },
  {
    title: t.pharmacy.title,
    text: pharmacy ? t.pharmacy.chosen(pharmacy) : t.pharmacy.none,
    action: pharmacy ? t.pharmacy.change : t.pharmacy.set,
    // account/provider holds the choice, under the provider (pharmacy/PreferredPharmacyForm.tsx).
    to: '/account/provider#pharmacy',
    enabled: features.account,
  },
];

/** The signed-in home dashboard of portal.md section 2. */
export function HomePage() {
  const profile = useProfile();
  const given = profile && 'name' in profile ? profile.name?.[0]?.given?.[0] : undefined;
  const fullName = profile && 'name' in profile && profile.name?.[0] ? formatHumanName(profile.name[0]) : '';
  const { patient } = usePatient();
  const t = useText(homeText);
  return (
    <>
      <div className="portal-announcement" role="region" aria-label={t.announcementLabel}>
        <div className="portal-container">{t.announcement}</div>
      </div>
      <div className="portal-container portal-dashboard">
        <section className="portal-greeting" aria-labelledby="greeting">
          <h1 id="greeting">{t.hello(given ?? fullName)}</h1>
          <p>{t.welcome}</p>
          <div className="portal-greeting-actions">
            {features.getCare && (
              <PrefetchLink className="portal-button" to="/get-care">
                {t.getCare}
              </PrefetchLink>
            )}
            {features.messages && (
              <PrefetchLink className="portal-button" data-variant="outline" to="/messages">
                {t.sendMessage}
              </PrefetchLink>
            )}
          </div>
        </section>
        <UpcomingVisits />
        <section aria-labelledby="tasks-title">
          <h2 id="tasks-title">{t.tasksTitle}</h2>
          <TaskCards patient={patient} />
        </section>
        <section aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">{t.shortcutsTitle}</h2>
          <CardGrid cards={shortcuts(t, preferredPharmacyOf(patient)?.display)} />
        </section>
        <section className="portal-card" aria-labelledby="provider-title">
          <h2 id="provider-title">{t.providerTitle}</h2>
          <ProviderName patient={patient} />
          {features.account && (
            <PrefetchLink className="portal-button" to="/account/provider">
              {t.chooseProvider}
            </PrefetchLink>
          )}
        </section>
        <section aria-labelledby="recommendations-title">
          <h2 id="recommendations-title">{t.recommendationsTitle}</h2>
          <ul className="portal-recommendations">
            {Object.values(t.recommendations).map((text) => (
              <li key={text}>{text}</li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

/** The patient's generalPractitioner as set on account/provider, or the not-chosen text. */
function ProviderName({ patient }: { patient: Patient | undefined }) {
  const t = useText(homeText);
  const provider = patient?.generalPractitioner?.[0]?.display;
  return <p>{provider ?? t.noProvider}</p>;
}

function CardGrid({ cards }: { cards: Card[] }) {
  return (
    <ul className="portal-card-grid">
      {cards.map((card) => (
        <li key={card.title} className="portal-card">
          <h3>{card.title}</h3>
          <p>{card.text}</p>
          {card.enabled && (
            <PrefetchLink className="portal-button" data-variant="outline" to={card.to}>
              {card.action}
            </PrefetchLink>
          )}
        </li>
      ))}
    </ul>
  );
}
