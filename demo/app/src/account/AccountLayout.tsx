import { NavLink } from 'react-router';
import { SectionOutlet } from '../shell/SectionOutlet';
import { SideMenu } from '../shell/SideMenu';

const sections = [
  { to: 'profile', label: 'Profile' },
  { to: 'provider', label: 'Provider' },
  { to: 'membership-and-billing', label: 'Membership & Billing' },
  // Not in portal.md's menu: password and MFA need a home, and the spec sends the user menu's
  // Settings to /account/profile, so they get their own section here instead.
  { to: 'security', label: 'Password and sign-in' },
];

/** account: a side menu and the section's content, 800 wide (portal.md section 9). */
export function AccountLayout() {
  return (
    <div className="portal-container portal-with-menu">
      <SideMenu label="Account">
        <ul>
          {sections.map((section) => (
            <li key={section.to}>
              <NavLink to={section.to}>{section.label}</NavLink>
            </li>
          ))}
        </ul>
      </SideMenu>
      <SectionOutlet />
    </div>
  );
}
