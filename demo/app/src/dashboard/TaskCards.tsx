import { formatDate, type Patient } from 'fhir-portal-kit';
import { PrefetchLink } from '../shell/PrefetchLink';
import { features } from '../features';
import type { TaskKey, TaskProgress } from './task-progress';
import { useTaskProgress } from './useTaskProgress';
import './dashboard.css';

type Task = { key: TaskKey; title: string; text: string; action: string; to: string; enabled: boolean };

/** The four task cards of portal.md section 2, in its order. */
const tasks: Task[] = [
  {
    key: 'screening',
    title: 'AHC HRSN Screening',
    text: 'Tell us about your living situation, food and transport so we can connect you with support.',
    action: 'Start screening',
    to: '/screening-questionnaire',
    enabled: features.questionnaires,
  },
  {
    key: 'intake',
    title: 'Patient Intake Questionnaire',
    text: 'Share your history, medications and insurance before your first visit.',
    action: 'Fill in the form',
    to: '/patient-intake-questionnaire',
    enabled: features.questionnaires,
  },
  {
    key: 'provider',
    title: 'Choose a primary care provider',
    text: 'Pick the clinician who will know you best.',
    action: 'Choose a provider',
    to: '/account/provider',
    enabled: features.account,
  },
  {
    key: 'contact',
    title: 'Add an emergency contact',
    text: 'Let us know who to call if something happens.',
    action: 'Add a contact',
    to: '/account',
    enabled: features.account,
  },
];

/**
 * The dashboard's task cards, each marked done with its date once the server's data says so
 * (task-progress.ts). A done card keeps its link: a screening can be taken again, a provider or
 * a contact changed.
 */
export function TaskCards({ patient }: { patient: Patient | undefined }) {
  return <TaskCardList progress={useTaskProgress(patient)} />;
}

/** The cards for a known progress (undefined while it loads: no card is marked either way). */
export function TaskCardList({ progress }: { progress: TaskProgress | undefined }) {
  return (
    <ul className="portal-card-grid" aria-busy={progress === undefined || undefined}>
      {tasks.map((task) => {
        const doneOn = progress?.[task.key];
        return (
          <li
            key={task.key}
            className="portal-card portal-task"
            data-state={progress === undefined ? undefined : doneOn ? 'done' : 'todo'}
          >
            <h3>{task.title}</h3>
            <p>{task.text}</p>
            {doneOn && (
              <p className="portal-task-done">
                Done on <time dateTime={doneOn}>{formatDate(doneOn)}</time>
              </p>
            )}
            {task.enabled && (
              <PrefetchLink className="portal-button" data-variant="outline" to={task.to}>
                {task.action}
              </PrefetchLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
