import type { Meta, StoryObj } from '@storybook/react-vite';
import { useMemo, type ReactNode } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ClientStorage, FhirClient, MemoryStorage } from '../src/client';
import { ChangePasswordForm } from '../src/react/auth';
import { FhirProvider } from '../src/react/FhirProvider';
import '../src/styles/auth.css';

// Every story's client answers from an in-story fetch; nothing touches the network.
type Reply = { status?: number; body?: unknown } | Error;

const BASE = 'https://fhir.example/';
const outcome = (text: string, expression?: string, code = 'invalid') => ({
  resourceType: 'OperationOutcome',
  issue: [{ severity: 'error', code, details: { text }, ...(expression ? { expression: [expression] } : {}) }],
});
const OK: Reply = { body: { resourceType: 'OperationOutcome', id: 'ok', issue: [] } };

function createClient(reply: Reply, delay: number): FhirClient {
  const fetch = async (): Promise<Response> => {
    await new Promise((r) => setTimeout(r, delay));
    if (reply instanceof Error) throw reply;
    return new Response(JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
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

function WithClient({ reply, delay, children }: { reply: Reply; delay: number; children: ReactNode }) {
  const client = useMemo(() => createClient(reply, delay), [reply, delay]);
  return <FhirProvider client={client}>{children}</FhirProvider>;
}

const meta = {
  title: 'Auth/ChangePasswordForm',
  component: ChangePasswordForm,
  args: { onSuccess: fn() },
  decorators: [
    (Story, context) => (
      <WithClient
        reply={(context.parameters.reply as Reply | undefined) ?? OK}
        delay={(context.parameters.delay as number | undefined) ?? 20}
      >
        <Story />
      </WithClient>
    ),
  ],
} satisfies Meta<typeof ChangePasswordForm>;

export default meta;
type Story = StoryObj<typeof meta>;
type Canvas = ReturnType<typeof within>;

async function fill(canvas: Canvas, current: string, next: string, confirm = next) {
  await userEvent.type(canvas.getByLabelText(/^Current password/), current);
  await userEvent.type(canvas.getByLabelText(/^New password/), next);
  await userEvent.type(canvas.getByLabelText(/^Confirm new password/), confirm);
}

/** The empty form: current password, new password, confirmation. */
export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Change password' })).toBeVisible();
    await expect(canvas.getByLabelText(/^Current password/)).toHaveAttribute('autocomplete', 'current-password');
    await expect(canvas.getByLabelText(/^New password/)).toHaveAttribute('autocomplete', 'new-password');
  },
};

/** Changed by keyboard alone: the fields clear and a status line says so. */
export const Changed: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByLabelText(/^Current password/));
    await userEvent.keyboard('old-secret');
    await userEvent.tab();
    await userEvent.keyboard('new-secret-1');
    await userEvent.tab();
    await userEvent.keyboard('new-secret-1{Enter}');
    await expect(await canvas.findByText(/Your password was changed/)).toBeVisible();
    await expect(canvas.getByLabelText(/^Current password/)).toHaveValue('');
    await waitFor(() => expect(args.onSuccess).toHaveBeenCalled());
  },
};

/** Checked before sending: required fields, length, confirmation. */
export const Invalid: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas, 'old-secret', 'short', 'shirt');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(canvas.getByLabelText(/^New password/)).toHaveAccessibleDescription(
      'Password must be at least 8 characters'
    );
    await expect(canvas.getByLabelText(/^Confirm new password/)).toHaveAccessibleDescription('Passwords do not match');
  },
};

/** The server says the current password is wrong: the message under that field, what was typed kept. */
export const WrongCurrentPassword: Story = {
  parameters: { reply: { status: 400, body: outcome('Incorrect password', 'oldPassword') } },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas, 'not-my-password', 'new-secret-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    const current = canvas.getByLabelText(/^Current password/);
    await waitFor(() => expect(current).toHaveAccessibleDescription('Incorrect password'));
    await expect(current).toHaveValue('not-my-password');
  },
};

/** Too many wrong guesses: the server's limit, listed above the button. */
export const TooManyAttempts: Story = {
  parameters: {
    reply: { status: 429, body: outcome('Too many attempts. Please try again later.', undefined, 'throttled') },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas, 'old-secret', 'new-secret-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Too many attempts');
  },
};

/** While the request runs: the card is busy. */
export const Saving: Story = {
  parameters: { delay: 60_000 },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas, 'old-secret', 'new-secret-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(canvas.getByRole('region')).toHaveAttribute('aria-busy', 'true');
  },
};

/** The server cannot be reached. */
export const ServerDown: Story = {
  parameters: { reply: new TypeError('Failed to fetch') },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await fill(canvas, 'old-secret', 'new-secret-1');
    await userEvent.click(canvas.getByRole('button', { name: 'Change password' }));
    await expect(await canvas.findByRole('alert')).toHaveTextContent('Cannot reach the server');
  },
};

/** Every text replaced through `messages`. */
export const CustomMessages: Story = {
  args: {
    messages: {
      title: 'Passwort ändern',
      oldPasswordLabel: 'Aktuelles Passwort',
      newPasswordLabel: 'Neues Passwort',
      confirmPasswordLabel: 'Neues Passwort bestätigen',
      submit: 'Ändern',
    },
  },
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { name: 'Passwort ändern' })).toBeVisible();
    await expect(canvas.getByLabelText(/^Aktuelles Passwort/)).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Ändern' })).toBeVisible();
  },
};
