import { canReadResourceType, getDisplayString } from 'fhir-portal-kit';
import { useFhirClient, useProfile } from 'fhir-portal-kit/react';
import { Link, NavLink, Outlet } from 'react-router';
import { Footer } from '../shell/Footer';
import { HeaderMenu } from '../shell/HeaderMenu';
import { useFollowFhircast } from './fhircast';
import { useText } from '../i18n/useText';
import { staffText } from './text';

/** The staff navigation: Inbox (for staff who may read messages), Patients, Renewals (for staff who answer them). */
function StaffLinks({ inbox, renewals }: { inbox: boolean; renewals: boolean }) {
  const t = useText(staffText);
  return (
    <ul>
      {inbox && (
        <li>
          <NavLink to="/staff" end>
            {t.inbox}
          </NavLink>
        </li>
      )}
      <li>
        <NavLink to="/staff/patients">{t.patients}</NavLink>
      </li>
      {renewals && (
        <li>
          <NavLink to="/staff/renewals">{t.renewals}</NavLink>
        </li>
      )}
    </ul>
  );
}

/** The staff area's frame: its own header (Inbox, the user, Sign out), content and footer. */
export function StaffLayout() {
  const profile = useProfile();
  const t = useText(staffText);
  const client = useFhirClient();
  const inbox = canReadResourceType(client.getAccessPolicy(), 'Communication');
  // Renewal requests are Tasks: staff whose policy leaves them out (the front desk) do not answer them.
  const renewals = canReadResourceType(client.getAccessPolicy(), 'Task');
  useFollowFhircast();
  const name = profile ? getDisplayString(profile) : '';
  return (
    <div className="portal-page">
      <a className="portal-skip-link" href="#main">
        {t.skip}
      </a>
      <header className="portal-header">
        <div className="portal-container portal-header-inner">
          <Link to="/staff" className="portal-logo" aria-label={t.homeLabel}>
            <span aria-hidden="true" className="portal-logo-mark">
              ✚
            </span>
            {t.logo}
          </Link>
          <nav aria-label={t.navLabel} className="portal-nav" data-fold="phone">
            <StaffLinks inbox={inbox} renewals={renewals} />
          </nav>
          <div className="portal-header-actions" data-fold="phone">
            <span className="portal-header-name">{name}</span>
            <Link to="/signout">{t.signOut}</Link>
          </div>
          <HeaderMenu>
            <nav aria-label={t.navLabel} className="portal-menu-nav">
              <StaffLinks inbox={inbox} renewals={renewals} />
            </nav>
            <section aria-label={t.account} className="portal-menu-account">
              <p className="portal-menu-user">{name}</p>
              <ul>
                <li>
                  <Link to="/signout">{t.signOut}</Link>
                </li>
              </ul>
            </section>
          </HeaderMenu>
        </div>
      </header>
      <main id="main" className="portal-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
