import { useId, useState, type KeyboardEvent } from 'react';

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
  /** Called when the list opens or closes. */
  readonly onOpenChange?: (open: boolean) => void;
}

/**
 * A headless ARIA 1.2 combobox: an input that owns the focus and a listbox it controls, with the
 * highlighted option named by `aria-activedescendant`. Written here rather than taken from
 * Downshift because Downshift's ESM build does not tree-shake (its `useCombobox` alone is
 * 13.5 KB gzipped), which would put every picker over its 6 KB budget.
 */
export function useCombobox<T>({ items, itemToKey, onSelect, keepOpenOnSelect, onOpenChange }: UseComboboxOptions<T>) {
  const id = useId();
  const listboxId = `${id}-listbox`;
  const [isOpen, setOpenState] = useState(false);
  const [highlighted, setHighlighted] = useState(-1);
  const active = highlighted >= 0 && highlighted < items.length ? highlighted : -1;
  const optionId = (item: T) => `${id}-option-${itemToKey(item)}`;

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

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        if (!isOpen) setOpen(true);
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
    /** Props for the `<input>`; merge the caller's own handlers by calling this with them. */
    getInputProps: () => ({
      role: 'combobox' as const,
      'aria-autocomplete': 'list' as const,
      'aria-expanded': isOpen,
      'aria-controls': listboxId,
      'aria-activedescendant': isOpen && active >= 0 ? optionId(items[active]!) : undefined,
      autoComplete: 'off',
      onKeyDown,
      onBlur: () => setOpen(false),
    }),
    /** Props for the `<ul>`; it stays in the DOM (hidden) so `aria-controls` always names it. */
    getListboxProps: () => ({ id: listboxId, role: 'listbox' as const, hidden: !isOpen || !items.length }),
    /** Props for one `<li>`. */
    getOptionProps: (item: T, index: number, selected = false) => ({
      id: optionId(item),
      role: 'option' as const,
      'aria-selected': selected,
      'data-highlighted': index === active || undefined,
      // The input keeps the focus: a press on an option must not blur it first.
      onMouseDown: (event: { preventDefault(): void }) => event.preventDefault(),
      onMouseMove: () => setHighlighted(index),
      onClick: () => select(item),
    }),
  };
}
