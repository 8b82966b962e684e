import { useCallback, useSyncExternalStore } from 'react';
import type { FhirClient } from '../../client';
import { useFhirClient } from '../FhirProvider';
import { useRequest } from '../primitives/request';

/** The signed-in user's profile resource (Patient, Practitioner, ...), or undefined when signed out. */
export type Profile = NonNullable<ReturnType<FhirClient['getProfile']>>;

// Sign-in, sign-out and a profile refresh all change what getProfile() returns.
const PROFILE_EVENTS = ['change', 'profileRefreshed'] as const;

/** The signed-in user's profile; re-renders on sign-in, sign-out and profile refresh. */
export function useProfile(): Profile | undefined {
  const client = useFhirClient();

  const subscribe = useCallback(
    (onChange: () => void) => {
      for (const type of PROFILE_EVENTS) client.addEventListener(type, onChange);
      return () => {
        for (const type of PROFILE_EVENTS) client.removeEventListener(type, onChange);
      };
    },
    [client]
  );
  const getSnapshot = () => client.getProfile();
  const profile = useSyncExternalStore(subscribe, getSnapshot, getSnapshot);

  // Asks for the profile while the client has none; its answer re-renders this hook, in case the
  // client finished loading without an event.
  useRequest(profile ? undefined : 'profile', () =>
    client.getProfileAsync().catch((error: unknown) => {
      console.error('useProfile: could not load the profile', error);
      throw error;
    })
  );

  return profile;
}
