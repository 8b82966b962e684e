import {
  useId,
  useRef,
  useState,
  type ChangeEvent,
  type FocusEvent,
  type HTMLAttributes,
  type InputHTMLAttributes,
  type KeyboardEvent,
  type LiHTMLAttributes,
  type MouseEvent,
  type ButtonHTMLAttributes,
  type Ref,
  type RefCallback,
} from 'react';
import { mergeHandlers } from './mergeHandlers';

/** Options of {@link useCombobox}. */
export interface UseComboboxOptions<T> {
  /** The options shown in the list, in order. */
  readonly items: readonly T[];
  /** A stable key for an option (its DOM id derives from it). */
  readonly itemToKey: (item: T) => string;
  /** Called when the user picks an option by click or Enter. */
  readonly onSelect: (item: T) => void;
  /** Keep the list open after a pick (multi-select). */
  readonly keepOpenOnSelect?: boolean;
  /** Called when the list opens or closes (not for `defaultOpen`). */
  readonly onOpenChange?: (open: boolean) => void;
  /** Open from the first render: a field that takes over from one where the user asked for the list. */
  readonly defaultOpen?: boolean;
}

/** What a caller may give {@link useCombobox}'s `getInputProps`: any input attribute and a ref. */
export type ComboboxInputProps = InputHTMLAttributes<HTMLInputElement> & { readonly ref?: Ref<HTMLInputElement> };

function assignRef<T>(ref: Ref<T> | undefined, node: T | null): void {
  if (typeof ref === 'function') ref(node);
  else if (ref) ref.current = node;
}

const keepFocus = (event: { preventDefault(): void }) => event.preventDefault();

/**
 * A headless ARIA 1.2 combobox: an input that owns the focus and a listbox it controls, with the
 * highlighted option named by `aria-activedescendant`. Written here rather than taken from
 * Downshift because Downshift's ESM build does not tree-shake (its `useCombobox` alone is
 * 13.5 KB gzipped), which would put every picker over its 6 KB budget.
 *
 * Each prop getter takes the caller's props for its element: our attributes come first and the
 * caller's win, and each handler the caller gives runs before ours, which it can skip with
 * `event.preventDefault()` ({@link mergeHandlers}).
 */
export function useCombobox<T>({
  items,
  itemToKey,
  onSelect,
  keepOpenOnSelect,
  onOpenChange,
  defaultOpen = false,
}: UseComboboxOptions<T>) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [isOpen, setOpenState] = useState(defaultOpen);
  const [highlighted, setHighlighted] = useState(-1);
  const active = highlighted >= 0 && highlighted < items.length ? highlighted : -1;
  const optionId = (item: T) => `${id}-option-${itemToKey(item)}`;
  // The input, for the toggle button to give it the focus; the caller's ref is set too.
  const input = useRef<HTMLInputElement | null>(null);
  const inputRef = useRef<{ theirs?: Ref<HTMLInputElement>; merged?: RefCallback<HTMLInputElement> }>({});

  const setOpen = (open: boolean) => {
    if (open === isOpen) return;
    setOpenState(open);
    if (!open) setHighlighted(-1);
    onOpenChange?.(open);
  };
  const select = (item: T) => {
    onSelect(item);
    if (!keepOpenOnSelect) setOpen(false);
  };
  /** One ref callback per caller ref, so React does not detach and re-attach it on every render. */
  const mergedInputRef = (theirs: Ref<HTMLInputElement> | undefined): RefCallback<HTMLInputElement> => {
    const cache = inputRef.current;
    if (!cache.merged || cache.theirs !== theirs) {
      cache.theirs = theirs;
      cache.merged = (node) => {
        input.current = node;
        assignRef(theirs, node);
      };
    }
    return cache.merged;
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) setOpen(true);
        // Alt+ArrowDown opens the list without moving into it.
        if (!isOpen && event.altKey) break;
        setHighlighted(items.length ? (active + 1) % items.length : -1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        if (!isOpen) setOpen(true);
        setHighlighted(items.length ? (active <= 0 ? items.length - 1 : active - 1) : -1);
        break;
      case 'Enter':
        // Only a pick is ours; otherwise Enter submits the form as usual.
        if (isOpen && active >= 0) {
          event.preventDefault();
          select(items[active]!);
        }
        break;
      case 'Escape':
        if (isOpen) {
          event.preventDefault();
          setOpen(false);
        }
        break;
      case 'Tab':
        setOpen(false);
        break;
    }
  };

  return {
    isOpen,
    setOpen,
    highlightedIndex: active,
    setHighlightedIndex: setHighlighted,
    listboxId,
    /** Props for the `<input>`, merged with the caller's (which may include `ref`). */
    getInputProps: ({
      ref,
      onKeyDown: theirKeyDown,
      onBlur,
      onChange,
      onClick,
      ...theirs
    }: ComboboxInputProps = {}) => ({
      role: 'combobox' as const,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': isOpen,
      'aria-controls': listboxId,
      'aria-activedescendant': isOpen && active >= 0 ? optionId(items[active]!) : undefined,
      autoComplete: 'off',
      ...theirs,
      ref: mergedInputRef(ref),
      onKeyDown: mergeHandlers(theirKeyDown, onKeyDown),
      onBlur: mergeHandlers(onBlur, (_: FocusEvent<HTMLInputElement>) => setOpen(false)),
      // Typing shows the list again, with nothing highlighted: the options are about to change.
      onChange: mergeHandlers(onChange, (_: ChangeEvent<HTMLInputElement>) => {
        setOpen(true);
        setHighlighted(-1);
      }),
      onClick: mergeHandlers(onClick, (_: MouseEvent<HTMLInputElement>) => setOpen(!isOpen)),
    }),
    /** Props for the `<ul>`; unless the caller says otherwise it is hidden while closed or empty. */
    getListboxProps: ({ onMouseDown, ...theirs }: HTMLAttributes<HTMLUListElement> = {}) => ({
      id: listboxId,
      role: 'listbox' as const,
      hidden: !isOpen || !items.length,
      ...theirs,
      // A press on the list (its scrollbar, its padding) must not take the focus from the input.
      onMouseDown: mergeHandlers(onMouseDown, keepFocus),
    }),
    /** Props for one `<li>`. */
    getOptionProps: (
      item: T,
      index: number,
      selected = false,
      { onMouseDown, onMouseMove, onClick, ...theirs }: LiHTMLAttributes<HTMLLIElement> = {}
    ) => ({
      id: optionId(item),
      role: 'option' as const,
      'aria-selected': selected,
      'data-highlighted': index === active || undefined,
      ...theirs,
      // The input keeps the focus: a press on an option must not blur it first.
      onMouseDown: mergeHandlers(onMouseDown, keepFocus),
      onMouseMove: mergeHandlers(onMouseMove, () => setHighlighted(index)),
      onClick: mergeHandlers(onClick, () => select(item)),
    }),
    /** Props for a button that opens and closes the list; it leaves the focus in the input. */
    getToggleButtonProps: ({ onMouseDown, onClick, ...theirs }: ButtonHTMLAttributes<HTMLButtonElement> = {}) => ({
      type: 'button' as const,
      tabIndex: -1,
      'aria-controls': listboxId,
      'aria-expanded': isOpen,
      ...theirs,
      onMouseDown: mergeHandlers(onMouseDown, keepFocus),
      onClick: mergeHandlers(onClick, () => {
        setOpen(!isOpen);
        input.current?.focus();
      }),
    }),
  };
}
