import { useFhirClient, useErrorText } from 'fhir-portal-kit/react';
import { useEffect, useId, useMemo, useState } from 'react';
import { staffCalls, type LaunchableApp } from './staffClient';
import { useText } from '../i18n/useText';
import { staffText } from './text';
import './open-app.css';

/** Where a launched app goes: a tab opened inside the click, sent to the launch address once the server made one. */
export interface AppTab {
  go(url: string): void;
  close(): void;
}

/**
 * A new tab, opened while the click is still handled (a tab opened after the launch request
 * returns would be stopped as a popup). The app is someone else's page: the tab is cut from
 * this one (no `opener`) before it leaves about:blank. When the browser blocks tabs anyway,
 * this page goes to the app.
 */
export function openAppTab(): AppTab {
  const tab = window.open('about:blank', '_blank');
  if (tab) tab.opener = null;
  return {
    go: (url) => (tab ? tab.location.replace(url) : window.location.assign(url)),
    close: () => tab?.close(),
  };
}

/**
 * 'Open app' on the staff patient page: the SMART apps registered with a launch address (GET
 * auth/launch/apps), each opened for the patient on screen through an EHR launch (POST
 * auth/launch). Shows nothing to a user who may open no app.
 */
export function OpenAppControl({ patientId, openTab = openAppTab }: { patientId: string; openTab?: () => AppTab }) {
  const errorText = useErrorText();
  const client = useFhirClient();
  const t = useText(staffText);
  const calls = useMemo(() => staffCalls(client), [client]);
  const [apps, setApps] = useState<LaunchableApp[]>([]);
  const [expanded, setExpanded] = useState(false);
  const [opening, setOpening] = useState<string>();
  const [error, setError] = useState<string>();
  const listId = useId();

  useEffect(() => {
    const controller = new AbortController();
    // A patient, the front desk or a server without EHR launch answers with an error: no control then.
    calls.launchApps({ signal: controller.signal }).then(
      (list) => setApps(Array.isArray(list) ? list : []),
      () => setApps([])
    );
    return () => controller.abort();
  }, [calls]);

  if (!apps.length) return null;

  const open = async (app: LaunchableApp) => {
    if (opening) return;
    const tab = openTab();
    setOpening(app.client_id);
    setError(undefined);
    try {
      tab.go(await calls.launchApp(app.client_id, patientId));
      setExpanded(false);
    } catch (err) {
      tab.close();
      setError(t.appFailed(app.name, errorText(err)));
    } finally {
      setOpening(undefined);
    }
  };

  return (
    <div className="staff-open-app">
      <button
        type="button"
        className="fpk-button"
        data-variant="outline"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((e) => !e)}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setExpanded(false);
        }}
      >
        {t.openApp}
      </button>
      <ul
        id={listId}
        aria-label={t.apps}
        hidden={!expanded}
        onKeyDown={(event) => {
          if (event.key === 'Escape') setExpanded(false);
        }}
      >
        {apps.map((app) => (
          <li key={app.client_id}>
            <button
              type="button"
              className="fpk-button"
              data-variant="subtle"
              // aria-disabled, not disabled: the focused button keeps focus while its app opens.
              aria-disabled={opening !== undefined || undefined}
              aria-busy={opening === app.client_id || undefined}
              onClick={() => void open(app)}
            >
              {app.name}
            </button>
          </li>
        ))}
      </ul>
      {error && <p role="alert">{error}</p>}
    </div>
  );
}
