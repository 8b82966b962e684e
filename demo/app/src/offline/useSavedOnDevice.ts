// After a write: when the client kept it in its outbox (no network), the patient reads that it
// is saved on this device and will be sent, instead of an error or a 'sent' they would trust.
import { useFhirClient, useNotifications } from 'fhir-portal-kit/react';
import { useCallback } from 'react';
import { useOfflineText } from './useOfflineText';

/**
 * A function to call with what a write answered: true (and a 'Saved on this device' toast) when
 * the write waits in the outbox, false when the server has it.
 */
export function useSavedOnDevice(): (written: unknown) => boolean {
  const client = useFhirClient();
  const notifications = useNotifications();
  const t = useOfflineText();
  return useCallback(
    (written: unknown) => {
      if (!client.isQueued(written)) return false;
      notifications.show({ message: t.savedOnDevice, color: 'blue', role: 'status' });
      return true;
    },
    [client, notifications, t]
  );
}
