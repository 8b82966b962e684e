import * as Popover from '@radix-ui/react-popover';
import type { HTMLAttributes, ReactNode } from 'react';
import { useQuestionnaireCn } from '../questionnaireClassContext';

/**
 * The popup of a picker: the listbox itself is the Radix popover content (asChild), so it is
 * what scrolls and what screen readers and axe treat as the combobox's popup, rather than an
 * unnamed dialog around it. Focus stays in the input (the combobox's aria-activedescendant).
 */
export function ComboboxPopup({
  listboxProps,
  children,
}: {
  listboxProps: HTMLAttributes<HTMLUListElement>;
  children: ReactNode;
}) {
  const cn = useQuestionnaireCn();
  return (
    <Popover.Content
      asChild
      align="start"
      sideOffset={4}
      onOpenAutoFocus={(event) => event.preventDefault()}
      onCloseAutoFocus={(event) => event.preventDefault()}
    >
      <ul className={cn('combobox-menu')} {...listboxProps}>
        {children}
      </ul>
    </Popover.Content>
  );
}
