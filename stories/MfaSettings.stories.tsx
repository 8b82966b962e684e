import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import { MfaSettings } from '../src/react/auth';
import { FhirProvider } from '../src/react/FhirProvider';
import '../src/styles/auth.css';

// Every story's client answers from an in-story fetch; nothing touches the network.
type Reply = { status?: number; body?: unknown } | Error;
type Routes = Record<string, Reply | (() => Reply)>;

const BASE = 'https://fhir.example/';
const outcome = (text: string, expression?: string, code = 'invalid') => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code, details: { text }, ...(expression ? { expression: [expression] } : {}) }],
});
const QR_CODE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 5 5" shape-rendering="crispEdges"><rect width="5" height="5" fill="#fff"/><path d="M0 0h2v2H0zM3 0h2v2H3zM0 3h2v2H0zM3 3h1v1H3zM4 4h1v1H4z" fill="#000"/></svg>'
  );
const OFF: Reply = {
  body: {
    enrolled: false,
    enrollUri: 'otpauth://totp/Example:alice%40example.com?secret=JBSWY3DPEHPK3PXP',
    enrollQrCode: QR_CODE,
    enrollSecret: 'JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP',
  },
};
const ON: Reply = { body: { enrolled: true } };

function createClient(routes: Routes): FhirClient {
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = input.toString();
    const key = `${init.method ?? 'GET'} ${url.startsWith(BASE) ? url.slice(BASE.length).split('?')[0] : url}`;
    await new Promise((r) => setTimeout(r, 20));
    const route = routes[key];
    const reply = typeof route === 'function' ? route() : route;
    if (reply instanceof Error) throw reply;
    const { status = 200, body = outcome('Not found', undefined, 'not-found') } = reply ?? { status: 404 };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  const client = new FhirClient({
    baseUrl: BASE,
    fetch,
    storage: new ClientStorage(new MemoryStorage()),
    maxRetries: 0,
  });
  client.setAccessToken('opaque-session-token');
  return client;
}

function WithClient({ routes, children }: { routes: Routes; children: ReactNode }) {
  const client = useMemo(() => createClient(routes), [routes]);
  return <FhirProvider client={client}>{children}</FhirProvider>;
}

const meta = {
  title: 'Auth/MfaSettings',
  component: MfaSettings,
  args: { onStatusChange: fn() },
  decorators: [
    // Routes are set per story, not on meta: Storybook deep-merges parameters, which would mix reply bodies.
    (Story, context) => (
      <WithClient routes={(context.parameters.routes as Routes | undefined) ?? { 'GET auth/mfa/status': OFF }}>
        <Story />
      </WithClient>
    ),
  ],
} satisfies Meta<typeof MfaSettings>;

export default meta;
type Story = StoryObj<typeof meta>;

/** MFA off: the status and 'Turn on MFA'. */
export const Off: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^MFA is off/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn on MFA' })).toBeVisible();
  },
};

/** Turning it on: the QR code, the secret for typing by hand, and the code field. */
export const Enrolling: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn on MFA' }));
    await expect(canvas.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expect(canvas.getByText('JBSW Y3DP EHPK 3PXP JBSW Y3DP EHPK 3PXP')).toBeVisible();
    await waitFor(() => expect(canvas.getByLabelText(/^MFA code/)).toHaveFocus());
  },
};

/** A valid code and the current password turn MFA on: announced, and focus on 'Turn off MFA'. */
export const TurnedOn: Story = {
  parameters: { routes: { 'GET auth/mfa/status': OFF, 'POST auth/mfa/enroll': ON } },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn on MFA' }));
    await userEvent.type(canvas.getByLabelText(/^MFA code/), '123456');
    await userEvent.type(canvas.getByLabelText(/^Current password/), 'my-password-1{Enter}');
    await expect(await canvas.findByText('MFA is now on. The next sign-in will ask for a code.')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Turn off MFA' })).toHaveFocus());
    await expect(args.onStatusChange).toHaveBeenCalledWith({ enrolled: true });
  },
};

/** A wrong code: the server's message under the field. */
export const WrongCode: Story = {
  parameters: {
    routes: {
      'GET auth/mfa/status': OFF,
      'POST auth/mfa/enroll': { status: 400, body: outcome('Invalid MFA token', 'token') },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn on MFA' }));
    await userEvent.type(canvas.getByLabelText(/^MFA code/), '000000');
    await userEvent.type(canvas.getByLabelText(/^Current password/), 'my-password-1{Enter}');
    await waitFor(() => expect(canvas.getByLabelText(/^MFA code/)).toHaveAccessibleDescription('Invalid MFA token'));
  },
};

/** MFA on: the status and 'Turn off MFA'. */
export const On: Story = {
  parameters: { routes: { 'GET auth/mfa/status': ON } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByText(/^MFA is on/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Turn off MFA' })).toBeVisible();
  },
};

/** Turning it off asks for the current password; a wrong one shows at the field. */
export const TurningOff: Story = {
  parameters: {
    routes: {
      'GET auth/mfa/status': ON,
      'POST auth/mfa/disable': { status: 400, body: outcome('Incorrect password', 'password') },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn off MFA' }));
    await expect(canvas.getByText('Enter your password to turn MFA off.')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^Current password/), 'not-my-password{Enter}');
    await waitFor(() =>
      expect(canvas.getByLabelText(/^Current password/)).toHaveAccessibleDescription('Incorrect password')
    );
  },
};

/** The right password turns MFA off. */
export const TurnedOff: Story = {
  parameters: { routes: { 'GET auth/mfa/status': ON, 'POST auth/mfa/disable': { body: { enrolled: false } } } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.click(await canvas.findByRole('button', { name: 'Turn off MFA' }));
    await userEvent.type(canvas.getByLabelText(/^Current password/), 'my-password{Enter}');
    await expect(await canvas.findByText('MFA is now off.')).toBeVisible();
    await waitFor(() => expect(canvas.getByRole('button', { name: 'Turn on MFA' })).toHaveFocus());
  },
};

/** The status could not be loaded: why, and 'Try again'. */
export const LoadFailed: Story = {
  parameters: { routes: { 'GET auth/mfa/status': new TypeError('Failed to fetch') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Cannot reach the server');
    await expect(canvas.getByRole('button', { name: 'Try again' })).toBeVisible();
  },
};

/** Every text replaced through `messages`. */
export const CustomMessages: Story = {
  parameters: { routes: { 'GET auth/mfa/status': ON } },
  args: { messages: { title: 'Zwei-Faktor-Anmeldung', turnOff: 'Ausschalten', statusOn: 'Eingeschaltet.' } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Zwei-Faktor-Anmeldung' })).toBeVisible();
    await expect(await canvas.findByText('Eingeschaltet.')).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ausschalten' })).toBeVisible();
  },
};
