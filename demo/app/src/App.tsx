import { lazy, Suspense, useSyncExternalStore } from 'react';
import { ErrorBoundary, FhirProvider, NotificationsProvider } from 'fhir-portal-kit/react';
import { useLocation } from 'react-router';
import { client } from './client';
import { LanguageProvider } from './i18n/LanguageProvider';
import { usePortalLocale } from './i18n/LanguagePackContext';
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

/** The portal in the language LanguageProvider chooses: signed-out routes until a profile is known, then the signed-in portal. */
export function App() {
  const profile = useSyncExternalStore(subscribe, () => client.getProfile());
  return (
    <LanguageProvider client={client} profile={profile}>
      <Portal />
    </LanguageProvider>
  );
}

/** The routes, with the library's locale and texts in the portal's language. */
function Portal() {
  const profile = useSyncExternalStore(subscribe, () => client.getProfile());
  const loading = useSyncExternalStore(subscribe, () => client.isLoading());
  const location = useLocation();
  const { locale, messages } = usePortalLocale();
  return (
    <FhirProvider client={client} locale={locale} messages={messages}>
      <NotificationsProvider>
        {/* Around every route, signed in or out: a render error or a chunk that fails to load shows
            'Something went wrong' with the message; navigating elsewhere resets it. */}
        <ErrorBoundary resetKey={location.pathname} headingLevel={1} className="portal-container">
          {loading ? (
            <Loading />
          ) : profile ? (
            <Suspense fallback={<Loading />}>
              {profile.resourceType === 'Practitioner' ? <StaffRoutes /> : <SignedInRoutes />}
            </Suspense>
          ) : (
            <SignedOutRoutes />
          )}
        </ErrorBoundary>
      </NotificationsProvider>
    </FhirProvider>
  );
}
