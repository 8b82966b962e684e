import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { useFhirClient } from 'fhir-portal-kit/react';
import { Loading } from '../shell/Loading';

/** Signs out, then goes to /. A failed sign-out request is only logged (the client clears anyway). */
export function SignOutPage() {
  const client = useFhirClient();
  const navigate = useNavigate();
  useEffect(() => {
    client
      .signOut()
      .catch((error: unknown) => console.error('Sign out failed', error))
      .finally(() => navigate('/', { replace: true }));
  }, [client, navigate]);
  return <Loading />;
}
