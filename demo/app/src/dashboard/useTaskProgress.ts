import { normalizeErrorString, type Patient } from 'fhir-portal-kit';
import { useFhirClient, useSearchResources } from 'fhir-portal-kit/react';
import { useEffect, useState } from 'react';
import { PortalQuestionnaires } from '../questionnaires';
import { hasEmergencyContact, latestCompleted, providerOf, unchangedSince, type TaskProgress } from './task-progress';

/** How many versions of the Patient are read to date its fields; an older change dates from the oldest read. */
const HISTORY_DEPTH = 100;

/**
 * Which dashboard tasks `patient` has done, and when, from the server: their completed responses
 * to the screening and intake questionnaires, and their Patient's history for the provider and
 * the emergency contact. Undefined until both have loaded; a failure is only logged, and the
 * cards then show no progress.
 */
export function useTaskProgress(patient: Patient | undefined): TaskProgress | undefined {
  const client = useFhirClient();
  const subject = patient?.id ? `Patient/${patient.id}` : undefined;
  // One search per questionnaire, newest first: each needs only its latest completed response.
  const latest = (url: string) => ({
    subject: subject ?? '',
    status: 'completed',
    questionnaire: url,
    _sort: '-authored',
    _count: '1',
  });
  const type = subject ? 'QuestionnaireResponse' : undefined;
  const screening = useSearchResources(type, latest(PortalQuestionnaires.screening));
  const intake = useSearchResources(type, latest(PortalQuestionnaires.intake));
  // The history is read again whenever the record changes (a new versionId).
  const version = patient?.id ? `${patient.id}/${patient.meta?.versionId ?? ''}` : undefined;
  const [history, setHistory] = useState<{ version: string; versions: Patient[] }>();
  useEffect(() => {
    if (!version || !patient?.id) return;
    const controller = new AbortController();
    client
      .readHistory('Patient', patient.id, { count: HISTORY_DEPTH, signal: controller.signal })
      .then((bundle) => {
        const versions = (bundle.entry ?? []).flatMap((e) => (e.resource ? [e.resource] : []));
        setHistory({ version, versions });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted)
          console.error('Could not read the record history:', normalizeErrorString(error));
      });
    return () => controller.abort();
  }, [client, patient?.id, version]);

  if (!screening.data || !intake.data || !history || history.version !== version) return undefined;
  const versions = history.versions;
  return {
    screening: latestCompleted(screening.data, PortalQuestionnaires.screening)?.authored,
    intake: latestCompleted(intake.data, PortalQuestionnaires.intake)?.authored,
    provider: unchangedSince(versions, providerOf),
    contact: unchangedSince(versions, hasEmergencyContact),
  };
}
