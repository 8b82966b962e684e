import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import { RegisterForm } from '../src/react/auth';
import { FhirProvider } from '../src/react/FhirProvider';
import '../src/styles/auth.css';

// Every story's client answers from an in-story fetch; nothing touches the network.
type Reply = { status?: number; body?: unknown } | Error;
type Routes = Record<string, Reply | ((body: any) => Reply)>;

const BASE = 'https://fhir.example/';
const TOKENS: Reply = { body: { access_token: 'opaque-access-token', refresh_token: 'opaque-refresh-token' } };
const PATIENT_ROUTES: Routes = {
  'POST auth/newuser': { body: { login: 'L1' } },
  'POST auth/newpatient': { body: { login: 'L1', code: 'C1' } },
  'POST oauth2/token': TOKENS,
};

function createClient(routes: Routes): FhirClient {
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = input.toString();
    const route =
      routes[`${init.method ?? 'GET'} ${url.startsWith(BASE) ? url.slice(BASE.length).split('?')[0] : url}`];
    const reply =
      typeof route === 'function' ? route(typeof init.body === 'string' ? JSON.parse(init.body) : init.body) : route;
    await new Promise((r) => setTimeout(r, 20));
    if (reply instanceof Error) throw reply;
    const { status = 200, body = {} } = reply ?? { status: 404 };
    return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
  };
  return new FhirClient({ baseUrl: BASE, fetch, storage: new ClientStorage(new MemoryStorage()), maxRetries: 0 });
}

function WithClient({ routes, children }: { routes: Routes; children: ReactNode }) {
  const client = useMemo(() => createClient(routes), [routes]);
  return <FhirProvider client={client}>{children}</FhirProvider>;
}

const meta = {
  title: 'Auth/RegisterForm',
  component: RegisterForm,
  args: { projectId: 'P1', onSuccess: fn(), privacyPolicyHref: '#privacy', termsHref: '#terms' },
  decorators: [
    // Routes are set per story, not on meta: Storybook deep-merges parameters, which would mix reply bodies.
    (Story, context) => (
      <WithClient routes={(context.parameters.routes as Routes | undefined) ?? PATIENT_ROUTES}>
        <Story />
      </WithClient>
    ),
  ],
} satisfies Meta<typeof RegisterForm>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

async function fill(canvas: Canvas) {
  await userEvent.type(canvas.getByLabelText(/^First name/), 'Alice');
  await userEvent.type(canvas.getByLabelText(/^Last name/), 'Smith');
  await userEvent.type(canvas.getByLabelText(/^Email/), 'alice@example.com');
  await userEvent.type(canvas.getByLabelText(/^Password/), 'a long passphrase');
}

/** The empty form: every required field says so on submit. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Create an account' })).toBeVisible();
    await expect(canvas.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(canvas.getByLabelText(/^First name/)).toHaveAccessibleDescription('First name is required');
    await expect(canvas.getByLabelText(/^Password/)).toHaveAccessibleDescription('Password is required');
    await expect(canvas.getByLabelText(/^First name/)).toHaveFocus();
  },
};

/** The heading names the product: 'Register with {productName}'. */
export const WithProductName: Story = {
  args: { productName: 'Foo Medical' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Register with Foo Medical' })).toBeVisible();
  },
};

/** A patient registers with the bot check on (site key set) and reaches 'Success'. */
export const PatientWithBotCheck: Story = {
  args: { recaptchaSiteKey: 'example-site-key', getRecaptchaToken: fn(async () => 'example-token') },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText(/protected by reCAPTCHA/)).toBeVisible();
    await fill(canvas);
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
    await expect(args.getRecaptchaToken).toHaveBeenCalledWith('example-site-key');
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalled());
  },
};

const hex = (bytes: number) =>
  Array.from(crypto.getRandomValues(new Uint8Array(bytes)), (b) => b.toString(16).padStart(2, '0')).join('');

/**
 * An ALTCHA challenge as a server issues one, easy enough for a story (about 16 tries): the
 * widget in the story solves it for real. A server signs it; the widget does not check that.
 */
const altchaChallenge = () => ({
  body: {
    parameters: {
      algorithm: 'PBKDF2/SHA-256',
      cost: 1,
      keyLength: 32,
      keyPrefix: '0',
      nonce: hex(16),
      salt: hex(16),
      expiresAt: Math.floor(Date.now() / 1000) + 600,
    },
    signature: hex(32),
  },
});

/** What the story's server saw in auth/newuser. */
const altchaSeen: { payload?: { challenge: any; solution: any } } = {};

/**
 * The self-hosted proof-of-work bot check (ALTCHA): the widget solves its challenge while the
 * patient types, says so to screen readers, and its payload goes with the registration.
 */
export const PatientWithAltchaBotCheck: Story = {
  args: { altchaChallengeUrl: 'auth/altcha/challenge' },
  parameters: {
    routes: {
      'POST auth/altcha/challenge': altchaChallenge,
      'POST auth/newuser': (body: any) => {
        altchaSeen.payload = body.altcha ? JSON.parse(atob(body.altcha)) : undefined;
        return altchaSeen.payload
          ? { body: { login: 'L1' } }
          : {
              status: 400,
              body: {
                resourceType: 'OperationOutcome',
                issue: [
                  {
                    severity: 'error',
                    code: 'invalid',
                    details: { text: 'Bot check required' },
                    expression: ['altcha'],
                  },
                ],
              },
            };
      },
      'POST auth/newpatient': { body: { login: 'L1', code: 'C1' } },
      'POST oauth2/token': TOKENS,
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const robot = await canvas.findByRole('checkbox', { name: "I'm not a robot" }, { timeout: 10_000 });
    await fill(canvas);
    // Focus in the form started the check; a screen reader hears when it is done.
    await waitFor(() => expect(canvas.getByRole('status')).toHaveTextContent('Verified: you are not a robot'), {
      timeout: 20_000,
    });
    await expect(robot).toBeChecked();
    // The checkbox is a real one, reached by Tab right after Remember me.
    await userEvent.click(canvas.getByRole('checkbox', { name: 'Remember me' }));
    await userEvent.tab();
    await expect(robot).toHaveFocus();
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalled());
    const { challenge, solution } = altchaSeen.payload!;
    await expect(challenge.parameters.algorithm).toBe('PBKDF2/SHA-256');
    await expect(solution.derivedKey.startsWith(challenge.parameters.keyPrefix)).toBe(true);
  },
};

/** A new project owner: after the account, the project name. */
export const NewProject: Story = {
  args: { type: 'project', projectId: undefined },
  parameters: {
    routes: {
      'POST auth/newuser': { body: { login: 'L1' } },
      'POST auth/newproject': { body: { login: 'L1', code: 'C1' } },
      'POST oauth2/token': TOKENS,
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    const name = await canvas.findByLabelText(/^Project Name/);
    await expect(name).toHaveAttribute('placeholder', 'My Project');
    await userEvent.type(name, 'Acme Health');
    await userEvent.click(canvas.getByRole('button', { name: 'Create project' }));
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
  },
};

/** The server refuses: issues under their fields, the rest listed, what was typed kept. */
export const ServerIssues: Story = {
  parameters: {
    routes: {
      'POST auth/newuser': {
        status: 400,
        body: {
          resourceType: 'OperationOutcome',
          issue: [
            {
              severity: 'error',
              code: 'invalid',
              details: { text: 'Email already registered' },
              expression: ['email'],
            },
            { severity: 'error', code: 'invalid', details: { text: 'Registration is closed today' } },
          ],
        },
      },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(canvas.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email already registered')
    );
    await expect(canvas.getByRole('alert')).toHaveTextContent('Registration is closed today');
    await expect(canvas.getByLabelText(/^First name/)).toHaveValue('Alice');
  },
};

/** The server cannot be reached. */
export const ServerDown: Story = {
  parameters: { routes: { 'POST auth/newuser': new TypeError('Failed to fetch') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas);
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Cannot reach the server');
  },
};

/** Every text replaced through `messages`. */
export const CustomMessages: Story = {
  args: {
    headingLevel: 2,
    messages: {
      registerTitle: 'Konto anlegen',
      firstNameLabel: 'Vorname',
      lastNameLabel: 'Nachname',
      createAccount: 'Konto erstellen',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Konto anlegen' })).toBeVisible();
    await expect(canvas.getByLabelText(/^Vorname/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Konto erstellen' })).toBeVisible();
  },
};

/** An email whose domain has an external identity provider registers there: no password asked. */
export const ExternalProvider: Story = {
  args: { navigate: fn() },
  parameters: {
    routes: {
      'POST auth/method': {
        body: { domain: 'northwind.example', authorizeUrl: 'https://fhir.example/auth/external/authorize' },
      },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^First name/), 'Alex');
    await userEvent.type(canvas.getByLabelText(/^Last name/), 'Kim');
    await userEvent.type(canvas.getByLabelText(/^Email/), 'alex@northwind.example');
    await userEvent.click(canvas.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(args.navigate).toHaveBeenCalledTimes(1));
    await expect(canvas.getByRole('status')).toHaveTextContent('Redirecting to your sign-in provider…');
  },
};
