import { useCallback, useSyncExternalStore } from 'react';
import type { SmartLaunchContext } from '../../client';
import { useFhirClient } from '../FhirProvider';

/**
 * The SMART launch context of the signed-in session (patient, encounter, fhirUser, ...), or
 * undefined when the session did not come from a SMART launch; re-renders on sign-in and sign-out.
 */
export function useLaunchContext(): SmartLaunchContext | undefined {
  const client = useFhirClient();
  const subscribe = useCallback(
    (onChange: () => void) => {
      client.addEventListener('change', onChange);
      return () => client.removeEventListener('change', onChange);
    },
    [client]
  );
  // The context object is the login's own, so the snapshot stays the same between changes.
  const getSnapshot = () => client.getLaunchContext();
  return useSyncExternalStore(subscribe, getSnapshot, getSnapshot);
}
