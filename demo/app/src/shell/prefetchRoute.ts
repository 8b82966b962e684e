import { getVitalSign, VITALS, type FhirClient } from 'fhir-portal-kit';
import { preloadObservationChart } from 'fhir-portal-kit/react';
import {
  documentsQuery,
  labResultsQuery,
  latestVitalQuery,
  medicationsQuery,
  vaccinesQuery,
  vitalQuery,
} from '../health-record/queries';

/**
 * Loads what a route needs before it is opened: its code when it is a chunk of its own (the
 * sign-in and registration forms, the vitals chart), and its data into the client's cache with
 * the very searches and reads the page makes, so the page renders from the cache.
 */
export function prefetchRoute(client: FhirClient, pathname: string): Promise<unknown> {
  const parts = pathname.split(/[?#]/)[0].split('/').filter(Boolean).map(decodeURIComponent);
  const profile = client.getProfile();
  const patientRef = profile?.resourceType === 'Patient' ? `Patient/${profile.id}` : undefined;
  const [first, section, id] = parts;

  if (first === 'signin' && parts.length === 1) return import('../pages/SignInPage');
  if (first === 'register' && parts.length === 1) return import('../pages/RegisterPage');
  if (first === 'Observation' && section) return client.readResource('Observation', section);
  if (first === 'messages' && parts.length === 1) return client.searchResources('Practitioner', { _count: 100 });
  if (first !== 'health-record' || !patientRef) return Promise.resolve();

  switch (section ?? 'lab-results') {
    case 'lab-results':
      return id
        ? client.readResource('DiagnosticReport', id)
        : client.searchResources('DiagnosticReport', labResultsQuery(patientRef));
    case 'medications':
      return id
        ? client.readResource('MedicationRequest', id)
        : client.searchResources('MedicationRequest', medicationsQuery(patientRef));
    case 'vaccines':
      return id
        ? client.readResource('Immunization', id)
        : client.searchResources('Immunization', vaccinesQuery(patientRef));
    case 'documents':
      return id
        ? client.readResource('DocumentReference', id)
        : client.searchResources('DocumentReference', documentsQuery(patientRef));
    case 'vitals': {
      if (!id) return Promise.all(VITALS.map((v) => client.searchOne('Observation', latestVitalQuery(v, patientRef))));
      const vital = getVitalSign(id);
      return vital
        ? Promise.all([preloadObservationChart(), client.searchResources('Observation', vitalQuery(vital, patientRef))])
        : Promise.resolve();
    }
    default:
      return Promise.resolve();
  }
}
