import { forwardRef, useEffect, useRef, useState, type ButtonHTMLAttributes, type MouseEvent } from 'react';
import { slotClass, type InputsClassNames } from './classNames';
import { useMessages } from '../locale/MessagesContext';

/** How long the button says it copied. */
export const COPY_FEEDBACK_MS = 2000;

/** Every text of {@link CopyButton}. */
export interface CopyButtonMessages {
  readonly copy: string;
  readonly copied: string;
  readonly failed: string;
}

/** The default English texts of {@link CopyButton}. */
export const defaultCopyButtonMessages: CopyButtonMessages = { copy: 'Copy', copied: 'Copied', failed: 'Copy failed' };

/** What the copy button shows: idle, just copied, or the clipboard refused. */
export type CopyState = 'idle' | 'copied' | 'failed';

/** Headless copy: `copy()` writes the text to the clipboard; `state` says how it went for 2,000 ms. */
export function useCopy(text: string, writeText?: (text: string) => Promise<void>) {
  const [state, setState] = useState<CopyState>('idle');
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    clearTimeout(timer.current);
    try {
      await (writeText ?? ((t: string) => navigator.clipboard.writeText(t)))(text);
      setState('copied');
    } catch (error) {
      console.error(error);
      setState('failed');
    }
    timer.current = setTimeout(() => setState('idle'), COPY_FEEDBACK_MS);
  };
  return { state, copy };
}

/** Props of {@link CopyButton}. */
export interface CopyButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'value' | 'children'> {
  /** The text to copy. */
  readonly value: string;
  readonly messages?: Partial<CopyButtonMessages>;
  readonly classNames?: InputsClassNames;
  /** Writes to the clipboard; `navigator.clipboard.writeText` by default. */
  readonly writeText?: (text: string) => Promise<void>;
}

/** A button that copies `value` and says 'Copied' for 2,000 ms (state on `data-state`). */
export const CopyButton = /* @__PURE__ */ forwardRef<HTMLButtonElement, CopyButtonProps>(function CopyButton(
  { value, messages, classNames, writeText, className, onClick, ...rest },
  ref
) {
  const m = useMessages('copyButton', defaultCopyButtonMessages, messages);
  const { state, copy } = useCopy(value, writeText);
  return (
    <button
      type="button"
      data-variant="outline"
      {...rest}
      ref={ref}
      className={slotClass('button', classNames, slotClass('inputs-copy', classNames, className))}
      data-state={state}
      onClick={(event: MouseEvent<HTMLButtonElement>) => {
        onClick?.(event);
        if (!event.defaultPrevented) void copy();
      }}
    >
      <span aria-live="polite">{state === 'copied' ? m.copied : state === 'failed' ? m.failed : m.copy}</span>
    </button>
  );
});
