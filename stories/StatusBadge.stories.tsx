import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import type { Immunization } from '../src/fhir';
import { StatusBadge } from '../src/react';

const meta = {
  title: 'Display/StatusBadge',
  component: StatusBadge,
  args: { status: 'completed' },
  argTypes: {
    color: { control: 'select', options: [undefined, 'green', 'red', 'yellow', 'blue', 'gray'] },
  },
} satisfies Meta<typeof StatusBadge>;

export default meta;
type Story = StoryObj<typeof meta>;

/** Green: completed, final, fulfilled, finished, connected. */
export const Green: Story = {
  args: { status: 'completed' },
  play: async ({ canvasElement }) => {
    const badge = within(canvasElement).getByText('Completed');
    await expect(badge).toHaveAttribute('data-color', 'green');
    await expect(badge).toHaveAttribute('data-status', 'completed');
  },
};

/** Red: revoked, cancelled, rejected, failed, noshow, not-done, urgent, asap, stat, disconnected, entered-in-error. */
export const Red: Story = {
  args: { status: 'entered-in-error' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Entered in error')).toHaveAttribute('data-color', 'red');
  },
};

/** Yellow: on-hold, amended, corrected. */
export const Yellow: Story = {
  args: { status: 'on-hold' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('On hold')).toHaveAttribute('data-color', 'yellow');
  },
};

/** Blue: draft, active, requested, pending, booked and similar. */
export const Blue: Story = {
  args: { status: 'active' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Active')).toHaveAttribute('data-color', 'blue');
  },
};

/** Gray: unknown, retired, waitlist, routine, planned, and any code not in the table. */
export const Gray: Story = {
  args: { status: 'unknown' },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Unknown')).toHaveAttribute('data-color', 'gray');
  },
};

/** A translated label keeps the colour of its code. */
export const TranslatedLabel: Story = {
  args: { status: 'cancelled', messages: { cancelled: 'Annulé' } },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByText('Annulé')).toHaveAttribute('data-color', 'red');
  },
};

const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();
const vaccine = (days: number): Immunization => ({
  resourceType: 'Immunization',
  status: 'not-done',
  vaccineCode: { text: 'Zoster vaccine recombinant' },
  patient: { reference: 'Patient/p1' },
  occurrenceDateTime: inDays(days),
});

/**
 * Given a resource, the badge shows its status; an Immunization recorded 'not-done' that is an
 * upcoming dose (a date to come, or the reason 'Scheduled') reads 'Scheduled' in blue, never a
 * red 'Not done'. The code stays on `data-status`.
 */
export const UpcomingVaccine: Story = {
  render: () => (
    <p style={{ display: 'flex', gap: 8 }}>
      <StatusBadge resource={vaccine(40)} /> <StatusBadge resource={vaccine(-40)} />
    </p>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    const scheduled = canvas.getByText('Scheduled');
    await expect(scheduled).toHaveAttribute('data-color', 'blue');
    await expect(scheduled).toHaveAttribute('data-status', 'not-done');
    await expect(canvas.getByText('Not done')).toHaveAttribute('data-color', 'red');
  },
};

const ALL = {
  green: ['completed', 'final', 'fulfilled', 'finished', 'connected'],
  red: [
    'revoked',
    'cancelled',
    'rejected',
    'failed',
    'noshow',
    'not-done',
    'urgent',
    'asap',
    'stat',
    'disconnected',
    'entered-in-error',
  ],
  yellow: ['on-hold', 'amended', 'corrected'],
  blue: ['draft', 'active', 'requested', 'pending', 'booked', 'in-progress', 'proposed', 'arrived'],
  gray: ['unknown', 'retired', 'waitlist', 'routine', 'planned'],
} as const;

/** Every status of the table, by colour, each in words. */
export const AllStatuses: Story = {
  render: () => (
    <div style={{ display: 'grid', gap: 8 }}>
      {Object.entries(ALL).map(([color, statuses]) => (
        <div key={color} style={{ display: 'flex', flexWrap: 'wrap', gap: 8 }}>
          {statuses.map((status) => (
            <StatusBadge key={status} status={status} />
          ))}
        </div>
      ))}
    </div>
  ),
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    for (const [color, statuses] of Object.entries(ALL)) {
      for (const status of statuses) {
        const badge = canvasElement.querySelector(`[data-status="${status}"]`);
        await expect(badge).toHaveAttribute('data-color', color);
        // Words, not codes: 'not-done' reads 'Not done'.
        await expect(canvas.queryByText(status, { exact: true })).toBeNull();
      }
    }
  },
};
