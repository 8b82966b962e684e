import { formatCount, plural } from '../locale/plural';

/** Every text the offline parts show (OfflineBanner, PendingWriteStatus, OutboxConflictDialog, and apps' own offline notes). */
export interface OfflineMessages {
  /** Banner while offline with nothing waiting. */
  readonly offline: string;
  /** Banner while offline with writes waiting. */
  readonly offlineWaiting: (count: number) => string;
  /** Banner once back online, after the waiting writes went out. */
  readonly sentBack: (count: number) => string;
  /** A queued write being sent. */
  readonly sending: string;
  /** A queued write waiting for the network. */
  readonly savedOnDevice: string;
  /** Beside data read from the device; `date` is already formatted for the locale. */
  readonly staleCopy: (date: string) => string;
  /** Where an action needs the server (booking, say) and the portal is offline. */
  readonly needsServer: string;
  /** Title of the conflict dialog. */
  readonly conflictTitle: string;
  /** Why the dialog opened. */
  readonly conflictBody: string;
  /** Heading of the local version's column. */
  readonly yourVersion: string;
  /** Heading of the server's version's column. */
  readonly serverVersion: string;
  /** Heading of the changed field's column. */
  readonly field: string;
  /** A field one version does not have. */
  readonly empty: string;
  /** Keeps the local version (sent again over the server's). */
  readonly keepMine: string;
  /** Drops the local version. */
  readonly keepServer: string;
  /** Asked before signing out with unsent writes. */
  readonly signOutPending: (count: number) => string;
  readonly signOutAnyway: string;
  readonly staySignedIn: string;
}

const changes = (count: number): string =>
  plural('en', count, { one: '1 change', other: `${formatCount('en', count)} changes` });

/** The default English texts. */
export const defaultOfflineMessages: OfflineMessages = {
  offline: 'You are offline. The portal shows what this device has saved.',
  offlineWaiting: (count) => `You are offline. ${changes(count)} will be sent when you are back online.`,
  sentBack: (count) => `Back online. ${changes(count)} sent.`,
  sending: 'Sending…',
  savedOnDevice: 'Saved on this device; will send when you are back online',
  staleCopy: (date) => `Offline copy from ${date}`,
  needsServer: 'This needs a connection to the server. Try again when you are back online.',
  conflictTitle: 'Your change was not saved',
  conflictBody: 'This was changed on the server while you were offline. Choose which version to keep.',
  yourVersion: 'Your version',
  serverVersion: 'On the server',
  field: 'Field',
  empty: '(none)',
  keepMine: 'Keep my version',
  keepServer: "Use the server's version",
  signOutPending: (count) => `You have ${changes(count)} not yet sent. Signing out deletes them from this device.`,
  signOutAnyway: 'Sign out anyway',
  staySignedIn: 'Stay signed in',
};
