import * as RadixDialog from '@radix-ui/react-dialog';
import { forwardRef, useId, type HTMLAttributes, type ReactNode } from 'react';
import { slotClassName, type SlotClassNames } from '../primitives/classNames';
import { useMessages } from '../locale/MessagesContext';

/** Every text the dialog shows besides its own content. */
export interface DialogMessages {
  /** The label of the close button in the corner. Default 'Close'. */
  readonly close: string;
}

/** The default English texts. */
export const defaultDialogMessages: DialogMessages = { close: 'Close' };

/** The parts of the dialog, each given the class `fpk-${slot}`. */
export type DialogSlot = 'dialog-overlay' | 'dialog' | 'dialog-title' | 'dialog-description' | 'dialog-close';

/** Props of {@link Dialog}. */
export interface DialogProps extends Omit<HTMLAttributes<HTMLDivElement>, 'title'> {
  /** The dialog's title; it names the dialog for screen readers. */
  readonly title: ReactNode;
  /** A line under the title, read out when the dialog opens. */
  readonly description?: ReactNode;
  /** Open state, controlled. */
  readonly open?: boolean;
  /** Open state at first, uncontrolled. */
  readonly defaultOpen?: boolean;
  /** Called when the dialog asks to open or close (trigger, close button, Escape, outside click). */
  readonly onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (a button); Radix gives it aria-expanded and returns focus to it. */
  readonly trigger?: ReactNode;
  /** Replaces the dialog's texts. */
  readonly messages?: Partial<DialogMessages>;
  /** Extra classes per part. */
  readonly classNames?: SlotClassNames<DialogSlot>;
  /** Where the dialog is portalled to; document.body by default. */
  readonly container?: HTMLElement | null;
}

/**
 * A modal dialog over Radix Dialog: focus is trapped and returns to the trigger, Escape closes,
 * the title names it. Width through `--fpk-dialog-width`.
 */
export const Dialog = /* @__PURE__ */ forwardRef<HTMLDivElement, DialogProps>(function Dialog(
  {
    title,
    description,
    open,
    defaultOpen,
    onOpenChange,
    trigger,
    messages,
    classNames,
    className,
    container,
    children,
    'aria-describedby': describedBy,
    ...rest
  },
  ref
) {
  const descriptionId = useId();
  const texts = useMessages('dialog', defaultDialogMessages, messages);
  return (
    <RadixDialog.Root open={open} defaultOpen={defaultOpen} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal container={container}>
        <RadixDialog.Overlay className={slotClassName('dialog-overlay', classNames)} />
        <RadixDialog.Content
          {...rest}
          ref={ref}
          className={slotClassName('dialog', classNames, className)}
          // The description's id, then the caller's (an id list). Without either Radix warns unless
          // aria-describedby is explicitly undefined.
          aria-describedby={[description && descriptionId, describedBy].filter(Boolean).join(' ') || undefined}
        >
          <RadixDialog.Title className={slotClassName('dialog-title', classNames)}>{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description id={descriptionId} className={slotClassName('dialog-description', classNames)}>
              {description}
            </RadixDialog.Description>
          )}
          {children}
          <RadixDialog.Close className={slotClassName('dialog-close', classNames)} aria-label={texts.close}>
            <span aria-hidden="true">×</span>
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
});
