// Medplum-style sign-in, questionnaire and booking, as @medplum/react's docs write them. Only the
// imports changed (was '@medplum/react' and '@medplum/fhirtypes').
import {
  QuestionnaireForm,
  Scheduler,
  SignInForm,
  useMedplum,
  type Questionnaire,
  type Reference,
  type Schedule,
} from 'fhir-portal-kit/medplum-compat';
import type { JSX } from 'react';
import { navigate } from './router';

export function SignInPage(): JSX.Element {
  return (
    <SignInForm projectId="my-project-id" onSuccess={() => navigate('/')}>
      <h2>Sign in to Foo Medical</h2>
    </SignInForm>
  );
}

export function IntakePage({ questionnaire }: { questionnaire: Questionnaire }): JSX.Element {
  const medplum = useMedplum();
  return (
    <QuestionnaireForm
      questionnaire={questionnaire}
      onSubmit={(formData) => medplum.createResource(formData).then(() => navigate('/thanks'))}
    />
  );
}

export function GetCarePage({ schedule }: { schedule: Reference<Schedule> }): JSX.Element {
  return (
    <Scheduler
      schedule={schedule}
      questionnaire={{
        resourceType: 'Questionnaire',
        status: 'active',
        name: 'Visit reason',
        item: [{ id: 'id-1', linkId: 'q1', type: 'string', text: 'Reason for the visit' }],
      }}
      onSelectSlot={(slot) => console.log('Selected', slot.start)}
    />
  );
}
