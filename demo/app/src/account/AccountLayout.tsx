import { NavLink } from 'react-router';
import { SectionOutlet } from '../shell/SectionOutlet';
import { useText } from '../i18n/useText';
import { SideMenu } from '../shell/SideMenu';
import { accountText } from './text';

const sections = [
  { to: 'profile', label: 'profile' },
  { to: 'provider', label: 'provider' },
  { to: 'membership-and-billing', label: 'membershipBilling' },
  // Not in portal.md's menu: password and MFA need a home, and the spec sends the user menu's
  // Settings to /account/profile, so they get their own section here instead.
  { to: 'security', label: 'passwordSignIn' },
] as const;

/** account: a side menu and the section's content, 800 wide (portal.md section 9). */
export function AccountLayout() {
  const t = useText(accountText);
  return (
    <div className="portal-container portal-with-menu">
      <SideMenu label={t.account}>
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to}>{t[section.label]}</NavLink>
            </li>
          ))}
        </ul>
      </SideMenu>
      <SectionOutlet />
    </div>
  );
}
