import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { useLocation } from 'react-router';

/**
 * A section's side menu (health record, care plan, account). On a wide screen it is a column of
 * links beside the content; on a narrow one (phone.css, below 768 px) it is a disclosure above
 * the content: a button naming the section and the current page, which shows the same links.
 * The links stay one list in one nav landmark at every width, so keyboard and screen-reader users
 * meet the same menu everywhere.
 */
export function SideMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const [current, setCurrent] = useState('');
  const listId = useId();
  const listRef = useRef<HTMLDivElement>(null);
  const { pathname } = useLocation();

  // The current page's name is whichever link React Router marked aria-current, read after it did.
  useLayoutEffect(() => {
    setCurrent(listRef.current?.querySelector('[aria-current="page"]')?.textContent ?? '');
  }, [pathname]);
  // A choice closes the disclosure: the page chosen is what the phone should show.
  useEffect(() => setOpen(false), [pathname]);

  return (
    <nav aria-label={label} className="portal-side-menu" data-open={open}>
      <button
        type="button"
        className="portal-side-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        <span>
          {label}
          {current && <span className="portal-side-current">: {current}</span>}
        </span>
        <svg aria-hidden="true" width="16" height="16" viewBox="0 0 16 16" className="portal-side-chevron">
          <path d="M4 6l4 4 4-4" stroke="currentColor" strokeWidth="2" fill="none" strokeLinecap="round" />
        </svg>
      </button>
      <div id={listId} ref={listRef} className="portal-side-list">
        {children}
      </div>
    </nav>
  );
}
