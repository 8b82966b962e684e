import { formatHumanName, type Patient } from 'fhir-portal-kit';
import { useProfile } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { usePatient } from '../account/usePatient';
import { features } from '../features';
import { UpcomingVisits } from '../shell/UpcomingVisits';
import { TaskCards } from '../dashboard/TaskCards';
import { preferredPharmacyOf } from '../pharmacy/preferred-pharmacy';

type Card = { title: string; text: string; action: string; to: string; enabled: boolean };

/** The shortcut cards; the Preferred Pharmacy one names the patient's pharmacy once chosen. */
const shortcuts = (pharmacy: string | undefined): Card[] => [
  {
    title: 'Health Record',
    text: 'Results, medications, vaccines and vitals.',
    action: 'Open your record',
    to: '/health-record',
    enabled: features.healthRecord,
  },
  {
    title: 'Request Prescription Renewal',
    text: 'Running low? Ask for a renewal.',
    action: 'Renew a prescription',
    to: '/health-record/medications',
    enabled: features.medications,
  },
  {
    title: 'Preferred Pharmacy',
    text: pharmacy ? `We send your prescriptions to ${pharmacy}.` : 'Where should we send your prescriptions?',
    action: pharmacy ? 'Change your pharmacy' : 'Set your pharmacy',
    // account/provider holds the choice, under the provider (pharmacy/PreferredPharmacyForm.tsx).
    to: '/account/provider#pharmacy',
    enabled: features.account,
  },
];

const recommendations = [
  'Get your annual flu shot before the winter season.',
  'Walk for at least 30 minutes, five days a week.',
  'Check your blood pressure at home once a week and record it in your vitals.',
  'Book a dental check-up every six months.',
];

/** The signed-in home dashboard of portal.md section 2. */
export function HomePage() {
  const profile = useProfile();
  const given = profile && 'name' in profile ? profile.name?.[0]?.given?.[0] : undefined;
  const fullName = profile && 'name' in profile && profile.name?.[0] ? formatHumanName(profile.name[0]) : '';
  const { patient } = usePatient();
  return (
    <>
      <div className="portal-announcement" role="region" aria-label="Announcement">
        <div className="portal-container">
          Flu shots are available at every clinic this month, no appointment needed.
        </div>
      </div>
      <div className="portal-container portal-dashboard">
        <section className="portal-greeting" aria-labelledby="greeting">
          <h1 id="greeting">Hello {given ?? fullName}</h1>
          <p>Welcome back. Here is what needs your attention.</p>
          <div className="portal-greeting-actions">
            {features.getCare && (
              <PrefetchLink className="portal-button" to="/get-care">
                Get Care
              </PrefetchLink>
            )}
            {features.messages && (
              <PrefetchLink className="portal-button" data-variant="outline" to="/messages">
                Send Message
              </PrefetchLink>
            )}
          </div>
        </section>
        <UpcomingVisits />
        <section aria-labelledby="tasks-title">
          <h2 id="tasks-title">Your tasks</h2>
          <TaskCards patient={patient} />
        </section>
        <section aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">Shortcuts</h2>
          <CardGrid cards={shortcuts(preferredPharmacyOf(patient)?.display)} />
        </section>
        <section className="portal-card" aria-labelledby="provider-title">
          <h2 id="provider-title">Primary care provider</h2>
          <ProviderName patient={patient} />
          {features.account && (
            <PrefetchLink className="portal-button" to="/account/provider">
              Choose Provider
            </PrefetchLink>
          )}
        </section>
        <section aria-labelledby="recommendations-title">
          <h2 id="recommendations-title">Recommendations</h2>
          <ul className="portal-recommendations">
            {recommendations.map((text) => (
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
  const provider = patient?.generalPractitioner?.[0]?.display;
  return <p>{provider ?? 'You have not chosen a primary care provider yet.'}</p>;
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
