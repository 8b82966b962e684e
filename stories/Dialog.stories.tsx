import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, userEvent, within } from 'storybook/test';
import { Dialog } from '../src/react/display';

const meta = {
  title: 'Display/Dialog',
  component: Dialog,
  args: {
    title: 'Request a Renewal',
    description: 'Your care team will review the request.',
    trigger: <button className="fpk-button">Renew your prescription</button>,
    children: (
      <button className="fpk-button" type="button">
        Submit Renewal Request
      </button>
    ),
  },
} satisfies Meta<typeof Dialog>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Opens from its trigger, traps focus, closes with Escape and returns focus. */
export const Default: Story = {
  play: async ({ canvasElement }) => {
    const trigger = within(canvasElement).getByRole('button', { name: 'Renew your prescription' });
    await userEvent.click(trigger);
    const dialog = within(document.body).getByRole('dialog', { name: 'Request a Renewal' });
    await expect(dialog).toHaveAccessibleDescription('Your care team will review the request.');
    await userEvent.keyboard('{Escape}');
    await expect(trigger).toHaveFocus();
  },
};

/** Open from the start, with a replaced close label. On a phone it is a full-screen sheet. */
export const Open: Story = {
  args: { defaultOpen: true, messages: { close: 'Fermer' } },
  play: async () => {
    await expect(within(document.body).getByRole('button', { name: 'Fermer' })).toBeInTheDocument();
    const dialog = within(document.body).getByRole('dialog', { name: 'Request a Renewal' }).getBoundingClientRect();
    if (window.innerWidth <= 640) {
      // The whole screen, so nothing of the page behind shows in a sliver round it.
      await expect([dialog.left, dialog.top, dialog.width, dialog.height]).toEqual([
        0,
        0,
        document.documentElement.clientWidth,
        window.innerHeight,
      ]);
    } else {
      // A card in the middle, the page dimmed round it.
      await expect(dialog.width).toBeLessThan(window.innerWidth / 2);
    }
  },
};

/** Right to left: the close button sits in the top left corner, where the line ends. */
export const RightToLeft: Story = {
  args: { defaultOpen: true, dir: 'rtl' },
  play: async () => {
    const dialog = within(document.body).getByRole('dialog', { name: 'Request a Renewal' }).getBoundingClientRect();
    const close = within(document.body).getByRole('button', { name: 'Close' }).getBoundingClientRect();
    await expect(close.right).toBeLessThan(dialog.left + dialog.width / 2);
  },
};
