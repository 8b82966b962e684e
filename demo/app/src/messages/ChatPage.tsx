import { canReadResourceType, getDisplayString, getReferenceString, type Practitioner } from 'fhir-portal-kit';
import { ResourceAvatar, ThreadChat, useFhirClient, useProfile } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { useRecord } from '../health-record/useRecord';
import { useText } from '../i18n/useText';
import { chatState } from './chatState';
import { messagesText } from './text';

/** messages/{practitionerId}: the chat between the signed-in patient and one practitioner. */
export function ChatPage() {
  const { practitionerId } = useParams();
  const t = useText(messagesText);
  const profile = useProfile();
  const client = useFhirClient();
  const { resource: practitioner, notFound, error } = useRecord<Practitioner>('Practitioner', practitionerId);
  const name = practitioner ? getDisplayString(practitioner) : t.careTeam;
  const state = chatState({
    hasProfile: !!profile,
    canMessage: canReadResourceType(client.getAccessPolicy(), 'Communication'),
    found: !!practitioner,
    notFound: notFound || !practitionerId,
    error,
  });
  return (
    <div className="portal-container portal-content">
      <p>
        <Link to="/messages">{t.backToMessages}</Link>
      </p>
      <h1>{t.title}</h1>
      {state.kind === 'no-profile' || state.kind === 'not-found' ? (
        // The spec's text: the provider's profile (an unknown id in the address) or the user's own is missing.
        <p role="alert">{t.profileNotFound}</p>
      ) : state.kind === 'not-allowed' ? (
        <p role="alert">{t.notAllowed}</p>
      ) : state.kind === 'error' ? (
        <p role="alert">{state.message}</p>
      ) : state.kind === 'loading' ? (
        <p role="status">{t.loading}</p>
      ) : (
        profile &&
        practitioner && (
          <ThreadChat
            title={
              <span className="portal-person-link">
                <ResourceAvatar value={practitioner} alt="" size={32} />
                {name}
              </span>
            }
            participants={[
              { reference: getReferenceString(profile), display: getDisplayString(profile) },
              { reference: `Practitioner/${practitioner.id}`, display: name },
            ]}
          />
        )
      )}
    </div>
  );
}
