import { formatDate, type Patient } from 'fhir-portal-kit';
import { useLocale } from 'fhir-portal-kit/react';
import { useText } from '../i18n/useText';
import { PrefetchLink } from '../shell/PrefetchLink';
import { features } from '../features';
import type { TaskKey, TaskProgress } from './task-progress';
import { dashboardText } from './text';
import { useTaskProgress } from './useTaskProgress';
import './dashboard.css';

type Task = { key: TaskKey; to: string; enabled: boolean };

/** The four task cards of portal.md section 2, in its order. */
const tasks: Task[] = [
  {
    key: 'screening',
    to: '/screening-questionnaire',
    enabled: features.questionnaires,
  },
  {
    key: 'intake',
    to: '/patient-intake-questionnaire',
    enabled: features.questionnaires,
  },
  {
    key: 'provider',
    to: '/account/provider',
    enabled: features.account,
  },
  {
    key: 'contact',
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
  const t = useText(dashboardText);
  const locale = useLocale();
  return (
    <ul className="portal-card-grid" aria-busy={progress === undefined || undefined}>
      {tasks.map((task) => {
        const doneOn = progress?.[task.key];
        const texts = t.tasks[task.key];
        return (
          <li
            key={task.key}
            className="portal-card portal-task"
            data-state={progress === undefined ? undefined : doneOn ? 'done' : 'todo'}
          >
            <h3>{texts.title}</h3>
            <p>{texts.text}</p>
            {doneOn && (
              <p className="portal-task-done">
                {t.doneOn} <time dateTime={doneOn}>{formatDate(doneOn, locale)}</time>
              </p>
            )}
            {task.enabled && (
              <PrefetchLink className="portal-button" data-variant="outline" to={task.to}>
                {texts.action}
              </PrefetchLink>
            )}
          </li>
        );
      })}
    </ul>
  );
}
