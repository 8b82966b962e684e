import * as Dialog from '@radix-ui/react-dialog';
import { useState, type ReactNode } from 'react';
import { useText } from '../i18n/useText';
import { shellText } from './text';

/**
 * The header's 'Menu' button on narrow screens (phone.css shows it below 768 px and hides the
 * header's own navigation there): a Radix dialog holding what the header holds on a wide screen,
 * so focus is trapped while it is open, Escape closes it and focus returns to the button.
 */
export function HeaderMenu({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const t = useText(shellText);
  return (
    <Dialog.Root open={open} onOpenChange={setOpen}>
      <Dialog.Trigger className="portal-menu-button">
        <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
          <path d="M3 5h14M3 10h14M3 15h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
        {t.menu}
      </Dialog.Trigger>
      <Dialog.Portal>
        <Dialog.Overlay className="portal-menu-overlay" />
        <Dialog.Content
          className="portal-menu-sheet"
          aria-describedby={undefined}
          // Following one of its links closes it (the current page's too): the page is what the
          // user asked to see.
          onClick={(event) => {
            if ((event.target as Element).closest('a')) setOpen(false);
          }}
        >
          <div className="portal-menu-title-row">
            <Dialog.Title className="portal-menu-title">{t.menu}</Dialog.Title>
            <Dialog.Close className="portal-menu-close" aria-label={t.closeMenu}>
              <svg aria-hidden="true" width="20" height="20" viewBox="0 0 20 20">
                <path d="M5 5l10 10M15 5L5 15" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
              </svg>
            </Dialog.Close>
          </div>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
