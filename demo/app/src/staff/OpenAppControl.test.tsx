import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FhirProvider } from 'fhir-portal-kit/react';
import { describe, expect, it } from 'vitest';
import { BASE_URL, createTestClient, fhirJson, type SentRequest } from '../../../../src/react/test-utils';
import { OpenAppControl, type AppTab } from './OpenAppControl';

const DEMO_APP = {
  client_id: 'smart-demo-app',
  name: 'Demo SMART app',
  launch_uri: 'http://127.0.0.1:3000/smart-app/launch.html',
};
const LAUNCH_URL =
  'http://127.0.0.1:3000/smart-app/launch.html?iss=http%3A%2F%2F127.0.0.1%3A3000%2Ffhir%2FR4&launch=l1';

/** A tab that records where it was sent, as the browser's would go there. */
function recordingTab() {
  const tab = { sentTo: [] as string[], closed: false };
  const openTab = (): AppTab => ({
    go: (url) => tab.sentTo.push(url),
    close: () => (tab.closed = true),
  });
  return { tab, openTab };
}

function renderControl(respond: (request: SentRequest) => Response) {
  const { client, requests } = createTestClient(respond);
  const { tab, openTab } = recordingTab();
  render(
    <FhirProvider client={client}>
      <OpenAppControl patientId="homer" openTab={openTab} />
    </FhirProvider>
  );
  return { requests, tab };
}

const apps = (request: SentRequest) =>
  request.method === 'GET' && request.url === `${BASE_URL}auth/launch/apps` ? fhirJson([DEMO_APP]) : undefined;

describe("the staff patient page's Open app control", () => {
  it('lists the registered apps, and opens the chosen one for the patient on screen through an EHR launch', async () => {
    const user = userEvent.setup();
    const { requests, tab } = renderControl(
      (request) => apps(request) ?? fhirJson({ launch: 'l1', launch_url: LAUNCH_URL }, 201)
    );
    const toggle = await screen.findByRole('button', { name: 'Open app' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    toggle.focus();
    await user.keyboard('{Enter}');
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('list', { name: 'Apps' });
    await user.click(within(list).getByRole('button', { name: 'Demo SMART app' }));

    const launch = requests.find((r) => r.method === 'POST');
    expect(launch).toEqual({
      method: 'POST',
      url: `${BASE_URL}auth/launch`,
      body: { client_id: 'smart-demo-app', patient: 'homer' },
    });
    expect(tab.sentTo).toEqual([LAUNCH_URL]);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });

  it('shows nothing to a user the server lets open no app', async () => {
    const { requests } = renderControl(() =>
      fhirJson(
        {
          resourceType: 'OperationOutcome',
          issue: [{ severity: 'error', code: 'forbidden', details: { text: 'Forbidden' } }],
        },
        403
      )
    );
    await expect.poll(() => requests.length).toBe(1);
    // Past the answer: the refusal has been read.
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(screen.queryByRole('button', { name: 'Open app' })).toBeNull();
  });

  it('says why when the server refuses the launch, and closes the tab it opened', async () => {
    const user = userEvent.setup();
    const { tab } = renderControl(
      (request) =>
        apps(request) ??
        fhirJson(
          {
            resourceType: 'OperationOutcome',
            issue: [{ severity: 'error', code: 'not-found', details: { text: 'Patient not found' } }],
          },
          404
        )
    );
    await user.click(await screen.findByRole('button', { name: 'Open app' }));
    await user.click(screen.getByRole('button', { name: 'Demo SMART app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      /^Demo SMART app could not be opened: Patient not found/
    );
    expect(tab).toEqual({ sentTo: [], closed: true });
  });

  it('never opens a launch address that is not a web page (a javascript: registration)', async () => {
    const user = userEvent.setup();
    const { tab } = renderControl(
      (request) => apps(request) ?? fhirJson({ launch: 'l1', launch_url: 'javascript:alert(document.cookie)' }, 201)
    );
    await user.click(await screen.findByRole('button', { name: 'Open app' }));
    await user.click(screen.getByRole('button', { name: 'Demo SMART app' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Demo SMART app could not be opened: The server did not answer with a web address for the app'
    );
    expect(tab).toEqual({ sentTo: [], closed: true });
  });
});
