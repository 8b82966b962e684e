// Headless hooks with your own markup: toasts (useNotifications) from anywhere under a
// NotificationsProvider, which renders the stack (or render `Notifications` yourself from your own state).
import type { FhirClient, Patient } from 'fhir-portal-kit';
import { NotificationsProvider, useNotifications } from 'fhir-portal-kit/react';

function SaveButton({ client, patient }: { client: FhirClient; patient: Patient }) {
  const notifications = useNotifications();
  const save = async () => {
    try {
      await client.updateResource(patient);
      notifications.showSuccess('Saved', 'Your profile is up to date.');
    } catch (error) {
      // A red toast titled 'Error' with the server's message (an OperationOutcome's text).
      notifications.showError(error);
    }
  };
  return <button onClick={() => void save()}>Save</button>;
}

export function ProfilePage({ client, patient }: { client: FhirClient; patient: Patient }) {
  return (
    <NotificationsProvider position="top-right">
      <SaveButton client={client} patient={patient} />
    </NotificationsProvider>
  );
}
