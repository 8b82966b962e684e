import { useEffect, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useFhirClient, useOutbox } from 'fhir-portal-kit/react';
import { Loading } from '../shell/Loading';
import { useOfflineText } from '../offline/useOfflineText';

/**
 * Signs out, then goes to /. A failed sign-out request is only logged (the client clears anyway).
 * Signing out deletes what this device keeps for the patient, the outbox of changes not yet sent
 * among it (issue 24), so with changes waiting the page asks first: 'Sign out anyway' or 'Stay
 * signed in' (back where they were).
 */
export function SignOutPage() {
  const client = useFhirClient();
  const navigate = useNavigate();
  const location = useLocation();
  const t = useOfflineText();
  const { waiting, conflicts } = useOutbox();
  // Not yet sent: waiting to be sent, or refused as a conflict the patient has not settled.
  const unsent = waiting + conflicts.length;
  // The outbox a page before this one stored is read from the device first: until then 0 proves nothing.
  const [loaded, setLoaded] = useState(false);
  const [confirmed, setConfirmed] = useState(false);

  useEffect(() => {
    let live = true;
    const done = () => {
      if (live) setLoaded(true);
    };
    client
      .whenOfflineReady()
      .then(() => client.outbox?.ready)
      .then(done, done);
    return () => {
      live = false;
    };
  }, [client]);

  const ask = loaded && unsent > 0 && !confirmed;
  useEffect(() => {
    if (!loaded || ask) return;
    client
      .signOut()
      .catch((error: unknown) => console.error('Sign out failed', error))
      .finally(() => navigate('/', { replace: true }));
  }, [client, navigate, loaded, ask]);

  // Back to the page the patient came from; opened directly (the first page of the tab: React
  // Router's 'default' key), the dashboard.
  const stay = () => (location.key === 'default' ? navigate('/') : navigate(-1));

  if (!ask) return <Loading />;
  return (
    <main className="portal-container portal-content portal-sign-out">
      <div role="alertdialog" aria-labelledby="sign-out-pending" aria-modal="false" className="portal-card">
        <p id="sign-out-pending">{t.signOutPending(unsent)}</p>
        <div className="portal-actions">
          <button type="button" className="portal-button" onClick={() => setConfirmed(true)}>
            {t.signOutAnyway}
          </button>
          <button type="button" className="portal-button" data-variant="outline" autoFocus onClick={() => stay()}>
            {t.staySignedIn}
          </button>
        </div>
      </div>
    </main>
  );
}
