import { formatHumanName } from 'fhir-portal-kit';
import { useProfile } from 'fhir-portal-kit/react';
import { PrefetchLink } from '../shell/PrefetchLink';
import { usePatient } from '../account/usePatient';
import { features } from '../features';
import { UpcomingVisits } from '../shell/UpcomingVisits';

type Card = { title: string; text: string; action: string; to: string; enabled: boolean };

const tasks: Card[] = [
  {
    title: 'AHC HRSN Screening',
    text: 'Tell us about your living situation, food and transport so we can connect you with support.',
    action: 'Start screening',
    to: '/screening-questionnaire',
    enabled: features.questionnaires,
  },
  {
    title: 'Patient Intake Questionnaire',
    text: 'Share your history, medications and insurance before your first visit.',
    action: 'Fill in the form',
    to: '/patient-intake-questionnaire',
    enabled: features.questionnaires,
  },
  {
    title: 'Choose a primary care provider',
    text: 'Pick the clinician who will know you best.',
    action: 'Choose a provider',
    to: '/account/provider',
    enabled: features.account,
  },
  {
    title: 'Add an emergency contact',
    text: 'Let us know who to call if something happens.',
    action: 'Add a contact',
    to: '/account',
    enabled: features.account,
  },
];

const shortcuts: Card[] = [
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
    text: 'Where should we send your prescriptions?',
    action: 'Set your pharmacy',
    to: '/account',
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
          <CardGrid cards={tasks} />
        </section>
        <section aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">Shortcuts</h2>
          <CardGrid cards={shortcuts} />
        </section>
        <section className="portal-card" aria-labelledby="provider-title">
          <h2 id="provider-title">Primary care provider</h2>
          <ProviderName />
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
function ProviderName() {
  const { patient } = usePatient();
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
