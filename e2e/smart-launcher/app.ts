// The small SMART app of e2e/smart-launcher.e2e.ts, bundled with OUR client (the library's
// source, not a build) and served by the test. One script for both pages, as a real app's would be:
// launch.html starts the launch from the query's `iss` alone (no endpoint given by hand);
// index.html is the redirect page: it completes the launch, reads the patient in context and shows
// what a person (and the test) can check: the patient's name and the launch context.
import { completeSmartLaunch, formatHumanName, smartLaunch } from '../../src/index';
import { APP_CLIENT_ID, APP_EHR_SCOPE, APP_SCOPE } from './app-identity';

function show(id: string, text: string): void {
  const element = document.getElementById(id);
  if (element) element.textContent = text;
}

async function launch(): Promise<void> {
  show('status', 'Launching…');
  const fromEhr = new URL(window.location.href).searchParams.has('launch');
  await smartLaunch({
    clientId: APP_CLIENT_ID,
    scope: fromEhr ? APP_EHR_SCOPE : APP_SCOPE,
    redirectUri: new URL('index.html', window.location.href).toString(),
  });
}

async function complete(): Promise<void> {
  show('status', 'Completing the launch…');
  const client = await completeSmartLaunch();
  const context = client.getLaunchContext();
  show('context-patient', context?.patient ?? '(none)');
  show('context-user', context?.fhirUser ?? '(none)');
  show('context-encounter', context?.encounter ?? '(none)');
  if (!context?.patient) throw new Error('The launch brought no patient in context');
  const patient = await client.readResource('Patient', context.patient);
  show('patient-name', formatHumanName(patient.name?.[0], { prefix: false, suffix: false }));
  show('patient-id', patient.id ?? '');
  show('status', 'Ready');
}

const page = document.body.dataset.page;
(page === 'launch' ? launch() : complete()).catch((error: unknown) => {
  show('status', 'Failed');
  show('error', error instanceof Error ? error.message : String(error));
});
