import { ResourceAvatar, ResourceName, type Profile } from 'fhir-portal-kit/react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { features } from '../features';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useText } from '../i18n/useText';
import { shellText } from './text';

/**
 * The user menu's links, also in the header's Menu on a phone, by their key in shellText.
 * portal.md: Settings goes to /account/profile too; password and MFA live one item down the
 * account side menu ('Password and sign-in', /account/security).
 */
export const userMenuLinks = [
  ...(features.account
    ? ([
        { to: '/account/profile', label: 'yourProfile' },
        { to: '/account/profile', label: 'settings' },
      ] as const)
    : []),
  { to: '/signout', label: 'signOut' },
] as const;

/** The signed-in user's menu: Your profile, Settings, Sign out. A disclosure: Escape closes it. */
export function UserMenu({ profile }: { profile: Profile | undefined }) {
  const [open, setOpen] = useState(false);
  const menuId = useId();
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const t = useText(shellText);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  return (
    <div
      className="portal-user-menu"
      // On a phone the header's Menu holds these links instead (phone.css).
      data-fold="phone"
      ref={rootRef}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && open) {
          setOpen(false);
          buttonRef.current?.focus();
        }
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className="portal-user-button"
        aria-expanded={open}
        aria-controls={menuId}
        onClick={() => setOpen((value) => !value)}
      >
        <ResourceAvatar value={profile} alt="" size={32} className="portal-avatar" />
        {profile ? <ResourceName value={profile} /> : t.yourAccount}
      </button>
      <div id={menuId} className="portal-user-list" hidden={!open}>
        <ul>
          {userMenuLinks.map((link) => (
            <li key={link.label}>
              <Link to={link.to} onClick={() => setOpen(false)}>
                {t[link.label]}
              </Link>
            </li>
          ))}
        </ul>
        <LanguageSwitcher className="portal-user-language" />
      </div>
    </div>
  );
}
