import { useContext, useMemo } from 'react';
import type { Reference } from '../../fhir/types';
import { SubjectFromLaunchContext } from '../subjectContext';
import { useLaunchContext } from './useLaunchContext';
import { useProfile } from './useProfile';

/**
 * Who a page is about when it names no one: the patient in context of a SMART launch when the
 * provider has `subjectFromLaunch` (an app a practitioner opened for a patient books for that
 * patient, not for the practitioner), else the signed-in profile.
 */
export function useSubject(): Reference | undefined {
  const fromLaunch = useContext(SubjectFromLaunchContext);
  const launchPatient = useLaunchContext()?.patient;
  const profile = useProfile();
  const reference =
    fromLaunch && launchPatient
      ? `Patient/${launchPatient}`
      : profile?.id
        ? `${profile.resourceType}/${profile.id}`
        : undefined;
  // One object per subject, so effects that depend on it run when the subject changes, not on every render.
  return useMemo(() => (reference ? { reference } : undefined), [reference]);
}
