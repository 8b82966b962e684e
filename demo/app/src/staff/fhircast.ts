import { FhircastClient, type FhircastConnection, type FhircastSubscriptionRequest } from 'fhir-portal-kit';
import { useFhirClient, useProfile } from 'fhir-portal-kit/react';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';

/** The staff area's FHIRcast hub, on the reference server (same origin). */
function useHub(): { hub: FhircastClient; topic: string | undefined } {
  const client = useFhirClient();
  const profile = useProfile();
  const hub = useMemo(
    () =>
      new FhircastClient({
        hubUrl: `${window.location.origin}/fhircast/STU3`,
        getAccessToken: () => client.getAccessToken(),
      }),
    [client]
  );
  // One topic per practitioner: every tab they have open follows the same context.
  return { hub, topic: profile?.id ? `staff-${profile.id}` : undefined };
}

/** Follows the practitioner's FHIRcast topic: a Patient-open elsewhere opens that conversation here, a Patient-close leaves it. */
export function useFollowFhircast(): void {
  const { hub, topic } = useHub();
  const navigate = useNavigate();
  useEffect(() => {
    if (!topic) return undefined;
    let connection: FhircastConnection | undefined;
    let subscription: FhircastSubscriptionRequest | undefined;
    let stopped = false;
    hub.subscribe(topic, ['Patient-open', 'Patient-close']).then(
      (made) => {
        subscription = made;
        if (stopped) return void hub.unsubscribe(made).catch(() => undefined);
        connection = hub.connect(made);
        connection.on('message', ({ payload }) => {
          const patient = payload.event.context.find((entry) => entry.key === 'patient');
          const id = patient && 'resource' in patient ? patient.resource.id : undefined;
          if (!id) return;
          const target = `/staff/messages/${id}`;
          const here = window.location.pathname;
          if (payload.event['hub.event'] === 'Patient-open' && here !== target) navigate(target);
          if (payload.event['hub.event'] === 'Patient-close' && here === target) navigate('/staff');
        });
      },
      (error: unknown) => console.error('FHIRcast subscribe failed', error)
    );
    return () => {
      stopped = true;
      connection?.disconnect();
      if (subscription) hub.unsubscribe(subscription).catch(() => undefined);
    };
    // The subscription lives as long as the staff area, not one page.
  }, [hub, topic, navigate]);
}

/** Publishes Patient-open for the patient while the page shows them, and Patient-close when it leaves. */
export function usePublishPatientContext(patientId: string | undefined): void {
  const { hub, topic } = useHub();
  useEffect(() => {
    if (!topic || !patientId) return undefined;
    const context = { key: 'patient', resource: { resourceType: 'Patient', id: patientId } };
    hub
      .publish(topic, 'Patient-open', context)
      .catch((error: unknown) => console.error('FHIRcast publish failed', error));
    return () => {
      hub
        .publish(topic, 'Patient-close', context)
        .catch((error: unknown) => console.error('FHIRcast publish failed', error));
    };
  }, [hub, topic, patientId]);
}
