import { getDisplayString, getReferenceString, type Practitioner } from 'fhir-portal-kit';
import { ResourceAvatar, ThreadChat, useProfile, useResource } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';

/** messages/{practitionerId}: the chat between the signed-in patient and one practitioner. */
export function ChatPage() {
  const { practitionerId } = useParams();
  const profile = useProfile();
  const practitioner = useResource<Practitioner>(practitionerId ? `Practitioner/${practitionerId}` : undefined);
  const name = practitioner ? getDisplayString(practitioner) : 'Your care team';
  return (
    <div className="portal-container portal-content">
      <p>
        <Link to="/messages">Back to messages</Link>
      </p>
      <h1>Messages</h1>
      {!profile ? (
        <p role="alert">Error: Provider profile not found</p>
      ) : (
        practitionerId && (
          <ThreadChat
            title={
              <span className="portal-person-link">
                <ResourceAvatar value={practitioner ?? `Practitioner/${practitionerId}`} alt="" size={32} />
                {name}
              </span>
            }
            participants={[
              { reference: getReferenceString(profile), display: getDisplayString(profile) },
              { reference: `Practitioner/${practitionerId}`, ...(practitioner ? { display: name } : {}) },
            ]}
          />
        )
      )}
    </div>
  );
}
