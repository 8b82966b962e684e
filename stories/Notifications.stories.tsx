import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, waitFor, within } from 'storybook/test';
import { OperationOutcomeError, notFoundOutcome } from '../src/fhir';
import { NotificationsProvider, useNotifications, type NotificationsProviderProps } from '../src/react';

// Toasts are portalled to document.body, so play functions query the whole page.
const page = () => within(document.body);

function Launcher() {
  const { showError, showSuccess, clear } = useNotifications();
  let count = 0;
  return (
    <div style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
      <button type="button" onClick={() => showError(new OperationOutcomeError(notFoundOutcome()))}>
        Show error
      </button>
      <button type="button" onClick={() => showSuccess('Saved', 'Your answers were saved.')}>
        Show success
      </button>
      <button type="button" onClick={() => showSuccess(`Message ${++count}`, `Toast number ${count}`)}>
        Show numbered
      </button>
      <button type="button" onClick={clear}>
        Close all
      </button>
    </div>
  );
}

const meta = {
  title: 'Feedback/Notifications',
  component: NotificationsProvider,
  // Stories control their own clocks; the default auto-close (4000 ms) is shown in AutoClose.
  args: { autoClose: false },
  render: (args: NotificationsProviderProps) => (
    <NotificationsProvider {...args}>
      <Launcher />
    </NotificationsProvider>
  ),
} satisfies Meta<typeof NotificationsProvider>;

export default meta;
type Story = StoryObj<typeof meta>;

/** showError(error): a red alert titled 'Error' with the error's message. */
export const ErrorToast: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show error' }));
    const toast = await page().findByRole('alert');
    await expect(toast).toHaveAttribute('data-color', 'red');
    await expect(within(toast).getByText('Error')).toBeInTheDocument();
    await expect(within(toast).getByText('Not found')).toBeInTheDocument();
  },
};

/** showSuccess(title, message): a green status toast. */
export const SuccessToast: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show success' }));
    const toast = await page().findByRole('status');
    await expect(toast).toHaveAttribute('data-color', 'green');
    await expect(within(toast).getByText('Saved')).toBeInTheDocument();
    await expect(within(toast).getByText('Your answers were saved.')).toBeInTheDocument();
    const region = page().getByRole('region', { name: 'Notifications' });
    await expect(region).toHaveAttribute('data-position', 'bottom-right');
    await expect(region.getBoundingClientRect().width).toBeLessThanOrEqual(440);
  },
};

/** At most five toasts: the sixth drops the oldest. */
export const MaxFive: Story = {
  play: async ({ canvasElement }) => {
    const button = within(canvasElement).getByRole('button', { name: 'Show numbered' });
    for (let i = 0; i < 6; i++) await userEvent.click(button);
    const toasts = page().getAllByRole('status');
    await expect(toasts).toHaveLength(5);
    await expect(page().queryByText('Message 1')).not.toBeInTheDocument();
    await expect(within(toasts[4]).getByText('Message 6')).toBeInTheDocument();
  },
};

/** The close button has an accessible name, is reached by Tab and closes its toast. */
export const Close: Story = {
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show success' }));
    const toast = await page().findByRole('status');
    const close = within(toast).getByRole('button', { name: 'Close notification' });
    close.focus();
    await expect(close).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() => expect(page().queryByRole('status')).not.toBeInTheDocument());
  },
};

/** Auto-close: this story closes toasts after 600 ms (the library default is 4000 ms). */
export const AutoClose: Story = {
  args: { autoClose: 600 },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show success' }));
    await expect(await page().findByRole('status')).toBeInTheDocument();
    await waitFor(() => expect(page().queryByRole('status')).not.toBeInTheDocument(), { timeout: 3000 });
  },
};

/** Every text can be replaced: here in French. */
export const Translated: Story = {
  args: { messages: { errorTitle: 'Erreur', close: 'Fermer la notification', region: 'Avis' } },
  play: async ({ canvasElement }) => {
    await userEvent.click(within(canvasElement).getByRole('button', { name: 'Show error' }));
    const toast = await page().findByRole('alert');
    await expect(within(toast).getByText('Erreur')).toBeInTheDocument();
    await expect(within(toast).getByRole('button', { name: 'Fermer la notification' })).toBeInTheDocument();
    await expect(page().getByRole('region', { name: 'Avis' })).toBeInTheDocument();
  },
};
