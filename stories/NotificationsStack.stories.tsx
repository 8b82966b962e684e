import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { Notifications, type NotificationData } from '../src/react';

const toasts: NotificationData[] = [
  { id: '1', title: 'Saved', message: 'Your answers were saved.', color: 'green', role: 'status', autoClose: false },
  { id: '2', title: 'Error', message: 'The server is not reachable.', color: 'red', role: 'alert', autoClose: false },
  { id: '3', message: 'Your visit is tomorrow at 9:00.', color: 'blue', role: 'status', autoClose: false },
];

/** The styled toast stack alone, driven by props (NotificationsProvider drives it in an app). */
const meta = {
  title: 'Feedback/Notifications stack',
  component: Notifications,
  args: { notifications: toasts, onClose: fn(), onPause: fn(), onResume: fn(), container: null },
} satisfies Meta<typeof Notifications>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Three toasts in place: a labelled region, errors as alerts, the rest as statuses. */
export const Stack: Story = {
  play: async ({ args, canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('region', { name: 'Notifications' })).toBeVisible();
    await expect(canvas.getByRole('alert')).toHaveTextContent('The server is not reachable.');
    await userEvent.click(canvas.getAllByRole('button', { name: 'Close notification' })[0]);
    await expect(args.onClose).toHaveBeenCalledWith('1');
  },
};

/** Replaced texts and another corner. */
export const TopLeftInFrench: Story = {
  args: { position: 'top-left', messages: { region: 'Avis', close: 'Fermer' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('region', { name: 'Avis' })).toBeVisible();
  },
};
