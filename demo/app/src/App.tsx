import { lazy, Suspense, useSyncExternalStore } from 'react';
import { FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import { client } from './client';
import { SignedOutRoutes } from './SignedOutRoutes';
import { Loading } from './shell/Loading';

// Signed-in code is a separate chunk: the landing page never loads it.
const SignedInRoutes = lazy(() => import('./SignedInRoutes').then((m) => ({ default: m.SignedInRoutes })));
// A practitioner signs in to the staff area (/staff), another chunk.
const StaffRoutes = lazy(() => import('./staff/StaffRoutes').then((m) => ({ default: m.StaffRoutes })));

function subscribe(onChange: () => void): () => void {
  client.addEventListener('change', onChange);
  client.addEventListener('profileRefreshed', onChange);
  return () => {
    client.removeEventListener('change', onChange);
    client.removeEventListener('profileRefreshed', onChange);
  };
}

/** The portal: signed-out routes until a profile is known, then the signed-in portal. */
export function App() {
  const profile = useSyncExternalStore(subscribe, () => client.getProfile());
  const loading = useSyncExternalStore(subscribe, () => client.isLoading());
  return (
    <FhirProvider client={client}>
      <NotificationsProvider>
        {loading ? (
          <Loading />
        ) : profile ? (
          <Suspense fallback={<Loading />}>
            {profile.resourceType === 'Practitioner' ? <StaffRoutes /> : <SignedInRoutes />}
          </Suspense>
        ) : (
          <SignedOutRoutes />
        )}
      </NotificationsProvider>
    </FhirProvider>
  );
}
