import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within, type Mock } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import { EXTERNAL_STATE_KEY, SignInForm } from '../src/react/auth';
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
const TOKENS: Reply = { body: { access_token: 'opaque-access-token', refresh_token: 'opaque-refresh-token' } };
const QR_CODE =
  'data:image/svg+xml;utf8,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 5 5" shape-rendering="crispEdges"><rect width="5" height="5" fill="#fff"/><path d="M0 0h2v2H0zM3 0h2v2H3zM0 3h2v2H0zM3 3h1v1H3zM4 4h1v1H4z" fill="#000"/></svg>'
  );

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
  return new FhirClient({ baseUrl: BASE, fetch, storage: new ClientStorage(new MemoryStorage()), maxRetries: 0 });
}

function WithClient({ routes, children }: { routes: Routes; children: ReactNode }) {
  const client = useMemo(() => createClient(routes), [routes]);
  return <FhirProvider client={client}>{children}</FhirProvider>;
}

const SIGN_IN: Routes = {
  'POST auth/method': { body: {} },
  'POST auth/login': { body: { login: 'L1', code: 'C1' } },
  'POST oauth2/token': TOKENS,
};

const meta = {
  title: 'Auth/SignInForm',
  component: SignInForm,
  args: { onSuccess: fn(), registerHref: '#register', forgotPasswordHref: '#forgot-password' },
  decorators: [
    // Routes are set per story, not on meta: Storybook deep-merges parameters, which would mix reply bodies.
    (Story, context) => (
      <WithClient routes={(context.parameters.routes as Routes | undefined) ?? SIGN_IN}>
        <Story />
      </WithClient>
    ),
  ],
} satisfies Meta<typeof SignInForm>;

export default meta;
type Story = StoryObj<typeof meta>;

type Canvas = ReturnType<typeof within>;

async function toPassword(canvas: Canvas, email = 'alice@example.com') {
  await userEvent.type(canvas.getByLabelText(/^Email/), email);
  await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
  return canvas.findByLabelText(/^Password/);
}

async function signIn(canvas: Canvas) {
  await userEvent.type(await toPassword(canvas), 'correct horse battery');
  await userEvent.click(canvas.getByRole('button', { name: 'Sign in' }));
}

/** Step 1: email, Next and the Register link. */
export const EmailStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sign in' })).toBeVisible();
    await expect(canvas.getByLabelText(/^Email/)).toHaveAttribute('type', 'email');
    await expect(canvas.getByRole('link', { name: 'Register' })).toHaveAttribute('href', '#register');
    const register = canvas.getByRole('link', { name: 'Register' }).getBoundingClientRect();
    const next = canvas.getByRole('button', { name: 'Next' }).getBoundingClientRect();
    const email = canvas.getByLabelText(/^Email/).getBoundingClientRect();
    if (window.innerWidth <= 640) {
      // A narrow card (a phone): the button takes the card's whole width, under the link.
      await expect(next.width).toBeCloseTo(email.width, 0);
      await expect(next.top).toBeGreaterThanOrEqual(register.bottom);
    } else {
      // A wide one: link and button share a line.
      await expect(next.top).toBeLessThan(register.bottom);
    }
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(canvas.getByLabelText(/^Email/)).toHaveAccessibleDescription('Email is required');
  },
};

/** Stands in for Google Identity Services so the story needs no network: its button hands back a fake credential. */
function installFakeGoogle(): () => void {
  let callback: ((response: { credential: string }) => void) | undefined;
  (window as any).google = {
    accounts: {
      id: {
        initialize: (config: { callback: (response: { credential: string }) => void }) => (callback = config.callback),
        renderButton: (parent: HTMLElement) => {
          const button = document.createElement('button');
          button.type = 'button';
          button.textContent = 'Sign in with Google';
          button.className = 'fpk-auth-button';
          button.onclick = () => callback?.({ credential: 'fake-google-credential' });
          parent.replaceChildren(button);
        },
      },
    },
  };
  return () => delete (window as any).google;
}

/** The email step with the Google option and its 'or' divider (Google's script loads only with a client id). */
export const WithGoogle: Story = {
  args: { googleClientId: 'example.apps.googleusercontent.com' },
  parameters: {
    routes: { 'POST auth/google': { body: { login: 'L1', code: 'C1' } }, 'POST oauth2/token': TOKENS },
  },
  beforeEach: installFakeGoogle,
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('separator', { name: 'or' })).toBeInTheDocument();
    await userEvent.click(await canvas.findByRole('button', { name: 'Sign in with Google' }));
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
  },
};

/** An email whose domain signs in elsewhere: the browser goes to the external authorize address. */
export const ExternalRedirect: Story = {
  args: { navigate: fn() },
  parameters: {
    routes: {
      'POST auth/method': { body: { authorizeUrl: 'https://idp.example.org/authorize', domain: 'example.org' } },
    },
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Email/), 'bob@example.org');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await waitFor(() =>
      expect(args.navigate).toHaveBeenCalledWith(
        expect.stringMatching(/^https:\/\/idp\.example\.org\/authorize\?state=/)
      )
    );
    // The login request travels as the state, with a PKCE challenge (client-layer.md section 5).
    const state = JSON.parse(new URL((args.navigate as Mock).mock.calls[0][0]).searchParams.get('state')!);
    await expect(state).toMatchObject({ domain: 'example.org', codeChallengeMethod: 'S256' });
    await expect(state.codeChallenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await expect(canvas.getByRole('status')).toHaveTextContent('Redirecting');
  },
};

/** The heading names the product: 'Sign in to {productName}'. */
export const WithProductName: Story = {
  args: { productName: 'Foo Medical' },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Sign in to Foo Medical' })).toBeVisible();
  },
};

// The state an external sign-in sent out, as this browser kept it before leaving for the provider.
const SENT_STATE = JSON.stringify({
  clientId: 'app-1',
  redirectUri: 'https://portal.example/signin',
  domain: 'northwind.example',
  codeChallenge: 'c'.repeat(43),
  codeChallengeMethod: 'S256',
});

/** The story opens as the provider's answer lands: `?login=…&state=…` and the kept state. */
function arriveFromProvider(): () => void {
  const before = window.location.href;
  sessionStorage.setItem(EXTERNAL_STATE_KEY, SENT_STATE);
  const url = new URL(before);
  url.searchParams.set('login', 'L9');
  url.searchParams.set('state', SENT_STATE);
  window.history.replaceState(window.history.state, '', url);
  return () => {
    sessionStorage.removeItem(EXTERNAL_STATE_KEY);
    window.history.replaceState(window.history.state, '', before);
  };
}

let linkAttempts = 0;

/**
 * Back from the external provider, which matched an account that has a password: that password
 * links the provider to it. A wrong one shows under the field and stays to correct.
 */
export const LinkAccount: Story = {
  args: { productName: 'Foo Medical' },
  parameters: {
    routes: {
      'GET auth/login/L9': { body: { login: 'L9', linkRequired: true } },
      'POST auth/external/link': () =>
        ++linkAttempts === 1
          ? { status: 400, body: outcome('Email or password is invalid', 'password') }
          : { body: { login: 'L9', code: 'C9' } },
      'POST oauth2/token': TOKENS,
    },
  },
  beforeEach: () => {
    linkAttempts = 0;
    return arriveFromProvider();
  },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const heading = await canvas.findByRole('heading', { name: 'Link your account' });
    await waitFor(() => expect(heading).toHaveFocus());
    await expect(canvas.getByText(/An account with this email already exists/)).toBeVisible();
    const password = canvas.getByLabelText(/^Password/);
    await userEvent.type(password, 'a guess');
    await userEvent.click(canvas.getByRole('button', { name: 'Link and continue' }));
    await waitFor(() => expect(password).toHaveAccessibleDescription('Email or password is invalid'));
    await expect(password).toHaveValue('a guess');
    await userEvent.clear(password);
    await userEvent.type(password, 'correct horse battery');
    await userEvent.click(canvas.getByRole('button', { name: 'Link and continue' }));
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalled());
  },
};

/** Step 2: password, Forgot password, Remember me, Sign in. */
export const PasswordStep: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const password = await toPassword(canvas);
    await waitFor(() => expect(password).toHaveFocus());
    await expect(canvas.getByRole('link', { name: 'Forgot password' })).toHaveAttribute('href', '#forgot-password');
    await expect(canvas.getByRole('checkbox', { name: 'Remember me' })).not.toBeChecked();
  },
};

/** Signing in to the end: 'Success'. */
export const Success: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalled());
  },
};

/** A wrong password: the message under the field, what was typed kept. */
export const WrongPassword: Story = {
  parameters: {
    routes: {
      ...SIGN_IN,
      'POST auth/login': { status: 400, body: outcome('Email or password is invalid', 'password') },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    const password = canvas.getByLabelText(/^Password/);
    await waitFor(() => expect(password).toHaveAccessibleDescription('Email or password is invalid'));
    await expect(password).toHaveValue('correct horse battery');
  },
};

/** The server cannot be reached: a clear message, the email kept. */
export const ServerDown: Story = {
  parameters: { routes: { 'POST auth/method': new TypeError('Failed to fetch') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await userEvent.type(canvas.getByLabelText(/^Email/), 'alice@example.com');
    await userEvent.click(canvas.getByRole('button', { name: 'Next' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Cannot reach the server');
    await expect(canvas.getByLabelText(/^Email/)).toHaveValue('alice@example.com');
  },
};

/** The server fails (500): a clear message. */
export const ServerError: Story = {
  parameters: {
    routes: {
      ...SIGN_IN,
      'POST auth/login': { status: 500, body: outcome('Internal server error', undefined, 'exception') },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('alert')).toHaveTextContent('The server ran into a problem');
  },
};

/** Step 3: Enroll in MFA, with the QR code; a wrong code shows the red Error alert. */
export const MfaEnroll: Story = {
  parameters: {
    routes: {
      ...SIGN_IN,
      'POST auth/login': { body: { login: 'L1', mfaEnrollRequired: true, enrollQrCode: QR_CODE } },
      'POST auth/mfa/login-enroll': { status: 400, body: outcome('Invalid MFA token', 'token') },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('heading', { name: 'Enroll in MFA' })).toBeVisible();
    await expect(canvas.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
    await expect(canvas.getByText('Scan this QR code with your authenticator app.')).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^MFA code/), '123456');
    await userEvent.click(canvas.getByRole('button', { name: 'Enroll' }));
    const alert = await canvas.findByRole('alert');
    await expect(alert).toHaveTextContent('Error');
    await expect(alert).toHaveTextContent('Invalid MFA token');
  },
};

/** Step 4: Enter MFA code, Submit code. */
export const MfaVerify: Story = {
  parameters: {
    routes: {
      ...SIGN_IN,
      'POST auth/login': { body: { login: 'L1', mfaRequired: true } },
      'POST auth/mfa/verify': { body: { login: 'L1', code: 'C1' } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('heading', { name: 'Enter MFA code' })).toBeVisible();
    await userEvent.type(canvas.getByLabelText(/^MFA code/), '654321');
    await userEvent.click(canvas.getByRole('button', { name: 'Submit code' }));
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
  },
};

const MEMBERSHIPS = Array.from({ length: 12 }, (_, i) => ({
  id: `M${i + 1}`,
  profile: { reference: `Practitioner/${i + 1}`, display: `Dr. Example ${i + 1}` },
  project: {
    reference: `Project/${(i % 3) + 1}`,
    display: ['Northside Clinic', 'Harbor Hospital', 'Valley Health'][i % 3],
  },
}));

/** Step 5: choose a profile; at most 10 shown, a search box, 'Nothing found...'. */
export const ChooseProfile: Story = {
  parameters: {
    routes: {
      ...SIGN_IN,
      'POST auth/login': { body: { login: 'L1', memberships: MEMBERSHIPS } },
      'POST auth/profile': { body: { login: 'L1', code: 'C1' } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('heading', { name: 'Choose profile' })).toBeVisible();
    await expect(canvas.getAllByRole('listitem')).toHaveLength(10);
    const search = canvas.getByRole('searchbox', { name: 'Search profiles' });
    await userEvent.type(search, 'nobody');
    await expect(canvas.getByText('Nothing found...')).toBeVisible();
    await userEvent.clear(search);
    await userEvent.type(search, 'harbor');
    await userEvent.click(canvas.getByRole('button', { name: /Dr\. Example 2\b/ }));
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
  },
};

/** Step 6: create a project. */
export const CreateProject: Story = {
  args: { projectId: 'new', privacyPolicyHref: '#privacy', termsHref: '#terms' },
  parameters: {
    routes: {
      ...SIGN_IN,
      'POST auth/login': { body: { login: 'L1' } },
      'POST auth/newproject': { body: { login: 'L1', code: 'C1' } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    const name = await canvas.findByLabelText(/^Project Name/);
    await expect(name).toHaveAttribute('placeholder', 'My Project');
    await expect(canvas.getByRole('link', { name: 'Privacy Policy' })).toBeVisible();
    await userEvent.type(name, 'Acme Health');
    await userEvent.click(canvas.getByRole('button', { name: 'Create project' }));
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
  },
};

/** Step 7: choose scopes, with category sub-filters for Condition and Observation. */
export const ChooseScope: Story = {
  args: { chooseScopes: true, scope: 'openid profile patient/Condition.rs patient/Observation.rs' },
  parameters: {
    routes: {
      ...SIGN_IN,
      'POST auth/login': { body: { login: 'L1', code: 'C0' } },
      'POST auth/scope': { body: { login: 'L1', code: 'C1' } },
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await signIn(canvas);
    await expect(await canvas.findByRole('heading', { name: 'Choose scope' })).toBeVisible();
    await expect(canvas.getByRole('checkbox', { name: 'patient/Condition.rs' })).toBeChecked();
    const vitals = canvas.getByRole('checkbox', {
      name: 'patient/Observation.rs?category=http://terminology.hl7.org/CodeSystem/observation-category|vital-signs',
    });
    await expect(vitals).not.toBeChecked();
    await userEvent.click(vitals);
    await userEvent.click(canvas.getByRole('button', { name: 'Set scope' }));
    await expect(await canvas.findByRole('heading', { name: 'Success' })).toBeVisible();
  },
};

/** Every text replaced through `messages`. */
export const CustomMessages: Story = {
  args: {
    headingLevel: 2,
    messages: { signInTitle: 'Anmelden', emailLabel: 'E-Mail', next: 'Weiter', register: 'Registrieren' },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 2, name: 'Anmelden' })).toBeVisible();
    await expect(canvas.getByLabelText(/^E-Mail/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Weiter' })).toBeVisible();
    await expect(canvas.getByRole('link', { name: 'Registrieren' })).toBeVisible();
  },
};
