import { forwardRef, useState, type HTMLAttributes } from 'react';
import type { OutboxEntry } from '../../client';
import type { Resource } from '../../fhir';
import { Dialog } from '../display/Dialog';
import { useMessages } from '../locale/MessagesContext';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { changedFields } from './conflictFields';
import { defaultOfflineMessages, type OfflineMessages } from './offlineMessages';
import { useOutbox } from './useOutbox';

/** The parts of the dialog, each given the class `fpk-${slot}`. */
export type OutboxConflictDialogSlot =
  'conflict-dialog' | 'conflict-table' | 'conflict-actions' | 'conflict-keep-mine' | 'conflict-keep-server';

/** Props of {@link OutboxConflictDialog}. */
export interface OutboxConflictDialogProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** Replaces the texts (family `offline`). */
  readonly messages?: Partial<OfflineMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<OutboxConflictDialogSlot>;
  /** Where the dialog is portalled to; document.body by default. */
  readonly container?: HTMLElement | null;
  /**
   * Shows this conflict instead of the outbox's first one (controlled), with `onResolve` called
   * for the choice instead of the outbox's resolveConflict.
   */
  readonly conflict?: OutboxEntry;
  /** Called with the choice when `conflict` is given. */
  readonly onResolve?: (entry: OutboxEntry, choice: 'mine' | 'theirs') => Promise<void> | void;
}

/**
 * Opens for the first write the server refused because its version changed while the user was
 * offline: the fields that differ, the user's value beside the server's, and the choice of which
 * to keep ('mine' sends the user's over the server's version; 'theirs' drops it). Closed without
 * a choice, it stays closed for that conflict; the write stays unsent. `data-state` on the dialog: open.
 */
export const OutboxConflictDialog = /* @__PURE__ */ forwardRef<HTMLDivElement, OutboxConflictDialogProps>(
  function OutboxConflictDialog({ messages, classNames, className, container, conflict, onResolve, ...rest }, ref) {
    const texts = useMessages('offline', defaultOfflineMessages, messages);
    const { conflicts, outbox } = useOutbox();
    const [dismissed, setDismissed] = useState<string | undefined>(undefined);
    const [busy, setBusy] = useState(false);
    const entry = conflict ?? conflicts.find((e) => e.id !== dismissed);
    const resolve = conflict
      ? onResolve
      : outbox && ((e: OutboxEntry, choice: 'mine' | 'theirs') => outbox.resolveConflict(e.id, choice));
    if (!entry || !resolve || entry.id === dismissed) return null;
    const fields = changedFields(entry.conflict?.local ?? (entry.body as Resource), entry.conflict?.server);
    const choose = (choice: 'mine' | 'theirs') => {
      setBusy(true);
      void Promise.resolve(resolve(entry, choice)).finally(() => setBusy(false));
    };
    return (
      <Dialog
        {...rest}
        ref={ref}
        open
        onOpenChange={(open) => {
          if (!open) setDismissed(entry.id);
        }}
        title={texts.conflictTitle}
        description={texts.conflictBody}
        container={container}
        className={slotClassName('conflict-dialog', classNames, className)}
      >
        <table className={slotClassName('conflict-table', classNames)}>
          <thead>
            <tr>
              <th scope="col">{texts.field}</th>
              <th scope="col">{texts.yourVersion}</th>
              <th scope="col">{texts.serverVersion}</th>
            </tr>
          </thead>
          <tbody>
            {fields.map((field) => (
              <tr key={field.name}>
                <th scope="row">{field.name}</th>
                <td>{field.mine ?? texts.empty}</td>
                <td>{field.theirs ?? texts.empty}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className={slotClassName('conflict-actions', classNames)}>
          <button
            type="button"
            className={slotClassName('conflict-keep-mine', classNames, 'fpk-button')}
            disabled={busy}
            onClick={() => choose('mine')}
          >
            {texts.keepMine}
          </button>
          <button
            type="button"
            className={slotClassName('conflict-keep-server', classNames, 'fpk-button')}
            data-variant="outline"
            disabled={busy}
            onClick={() => choose('theirs')}
          >
            {texts.keepServer}
          </button>
        </div>
      </Dialog>
    );
  }
);
