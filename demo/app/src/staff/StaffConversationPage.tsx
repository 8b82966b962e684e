import { canReadResourceType, getDisplayString, getReferenceString, type Patient } from 'fhir-portal-kit';
import { ThreadChat, useFhirClient, useProfile } from 'fhir-portal-kit/react';
import { Link, useParams } from 'react-router';
import { useRecord } from '../health-record/useRecord';
import { chatState } from '../messages/chatState';
import { usePublishPatientContext } from './fhircast';
import { useText } from '../i18n/useText';
import { staffText } from './text';

/** /staff/messages/{patientId}: the practitioner's side of a patient conversation. */
export function StaffConversationPage() {
  const { patientId } = useParams();
  const t = useText(staffText);
  const profile = useProfile();
  const client = useFhirClient();
  // Decided from the membership's policy, as the layout hides the Inbox: the front desk's leaves out
  // Communication, so it gets no Send box (the server would refuse the message anyway).
  const canMessage = canReadResourceType(client.getAccessPolicy(), 'Communication');
  const { resource: patient, notFound, error } = useRecord<Patient>('Patient', patientId);
  const name = patient ? getDisplayString(patient) : t.patient;
  // No conversation opens for a user who may not message: nothing to publish.
  usePublishPatientContext(canMessage ? patientId : undefined);
  const state = chatState({
    hasProfile: !!profile,
    canMessage,
    found: !!patient,
    notFound: notFound || !patientId,
    error,
  });
  return (
    <div className="portal-container portal-content">
      <p>
        <Link to={canMessage ? '/staff' : '/staff/patients'}>{canMessage ? t.backToInbox : t.allPatients}</Link>
      </p>
      <h1>{name}</h1>
      {state.kind === 'no-profile' ? (
        <p role="alert">{t.profileNotFound}</p>
      ) : state.kind === 'not-allowed' ? (
        <p role="alert">{t.notAllowed}</p>
      ) : state.kind === 'not-found' ? (
        <p role="alert">{t.patientNotFound}</p>
      ) : state.kind === 'error' ? (
        <p role="alert">{state.message}</p>
      ) : state.kind === 'loading' ? (
        <p role="status">{t.loading}</p>
      ) : (
        profile &&
        patient && (
          <ThreadChat
            title={t.conversationWith(name)}
            participants={[
              { reference: `Patient/${patient.id}`, display: name },
              { reference: getReferenceString(profile), display: getDisplayString(profile) },
            ]}
          />
        )
      )}
    </div>
  );
}
