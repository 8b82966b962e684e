import type { QuestionnaireResponse } from 'fhir-portal-kit';
import { QuestionnaireForm, useFhirClient, useNotifications, useProfile, useSearchOne } from 'fhir-portal-kit/react';
import { useRef, useState } from 'react';

/**
 * A fixed questionnaire route (screening, intake): the stored questionnaire with this url,
 * replaced by a thank-you text once submitted. The response is stored like any other.
 */
export function FixedQuestionnairePage({ url, thankYou }: { url: string; thankYou: string }) {
  const client = useFhirClient();
  const profile = useProfile();
  const notifications = useNotifications();
  const [done, setDone] = useState(false);
  const thanksRef = useRef<HTMLHeadingElement>(null);
  const { data: questionnaire, loading, error } = useSearchOne('Questionnaire', { url });
  const me = profile ? { reference: `${profile.resourceType}/${profile.id}` } : undefined;

  const submit = async (response: QuestionnaireResponse) => {
    try {
      await client.createResource(response);
    } catch (err) {
      notifications.showError(err);
      throw err;
    }
    setDone(true);
    requestAnimationFrame(() => thanksRef.current?.focus());
  };

  if (done) {
    return (
      <div className="portal-container portal-content portal-thanks">
        <h1 ref={thanksRef} tabIndex={-1}>
          Thank you
        </h1>
        <p>{thankYou}</p>
      </div>
    );
  }
  return (
    <div className="portal-container portal-content">
      {loading && <p role="status">Loading…</p>}
      {error && <p role="alert">{error.message}</p>}
      {!loading && !error && !questionnaire && <p role="alert">This questionnaire is not available.</p>}
      {questionnaire && (
        <QuestionnaireForm questionnaire={questionnaire} subject={me} source={me} headingLevel={1} onSubmit={submit} />
      )}
    </div>
  );
}
