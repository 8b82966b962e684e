import { getDisplayString, getReferenceString, type Patient } from 'fhir-portal-kit';
import { ThreadChat, useProfile, useResource } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { usePublishPatientContext } from './fhircast';

/** /staff/messages/{patientId}: the practitioner's side of a patient conversation. */
export function StaffConversationPage() {
  const { patientId } = useParams();
  const profile = useProfile();
  const patient = useResource<Patient>(patientId ? `Patient/${patientId}` : undefined);
  const name = patient ? getDisplayString(patient) : 'Patient';
  usePublishPatientContext(patientId);
  return (
    <div className="portal-container portal-content">
      <p>
        <Link to="/staff">Back to inbox</Link>
      </p>
      <h1>{name}</h1>
      {!profile ? (
        <p role="alert">Error: Provider profile not found</p>
      ) : (
        patientId && (
          <ThreadChat
            title={`Conversation with ${name}`}
            participants={[
              { reference: `Patient/${patientId}`, ...(patient ? { display: name } : {}) },
              { reference: getReferenceString(profile), display: getDisplayString(profile) },
            ]}
          />
        )
      )}
    </div>
  );
}
