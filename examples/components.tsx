// README, "Quick start": sign-in, a questionnaire and booking as components.
import type { Appointment, Questionnaire } from 'fhir-portal-kit';
import { FhirProvider, QuestionnaireForm, Scheduler, SignInForm } from 'fhir-portal-kit/react';
import 'fhir-portal-kit/styles.css';
import { client } from './client';

declare function navigate(path: string): void;

const questions: Questionnaire = {
  resourceType: 'Questionnaire',
  status: 'active',
  item: [{ linkId: 'reason', text: 'Reason for the visit', type: 'string', required: true }],
};

export function SignInPage() {
  return (
    <FhirProvider client={client}>
      <SignInForm onSuccess={() => navigate('/')} />
    </FhirProvider>
  );
}

export function IntakePage() {
  return (
    <FhirProvider client={client}>
      <QuestionnaireForm
        questionnaire={{ reference: 'Questionnaire/123' }}
        // onSubmit may return a promise; a rejected one keeps every answer in place.
        onSubmit={async (response) => {
          await client.createResource(response);
        }}
      />
    </FhirProvider>
  );
}

export function BookingPage({ onBooked }: { onBooked: (appointment: Appointment) => void }) {
  return (
    <FhirProvider client={client}>
      <Scheduler schedule={{ reference: 'Schedule/abc' }} questionnaire={questions} onBooked={onBooked} />
    </FhirProvider>
  );
}
