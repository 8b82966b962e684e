import { canReadResourceType, getDisplayString } from 'fhir-portal-kit';
import { useFhirClient, useProfile } from 'fhir-portal-kit/react';
import { Link, NavLink, Outlet } from 'react-router';
import { Footer } from '../shell/Footer';
import { useFollowFhircast } from './fhircast';

/** The staff area's frame: its own header (Inbox, the user, Sign out), content and footer. */
export function StaffLayout() {
  const profile = useProfile();
  const client = useFhirClient();
  const inbox = canReadResourceType(client.getAccessPolicy(), 'Communication');
  // Renewal requests are Tasks: staff whose policy leaves them out (the front desk) do not answer them.
  const renewals = canReadResourceType(client.getAccessPolicy(), 'Task');
  useFollowFhircast();
  return (
    <div className="portal-page">
      <a className="portal-skip-link" href="#main">
        Skip to content
      </a>
      <header className="portal-header">
        <div className="portal-container portal-header-inner">
          <Link to="/staff" className="portal-logo" aria-label="Foo Medical staff home">
            <span aria-hidden="true" className="portal-logo-mark">
              ✚
            </span>
            Foo Medical Staff
          </Link>
          <nav aria-label="Staff" className="portal-nav">
            <ul>
              {inbox && (
                <li>
                  <NavLink to="/staff" end>
                    Inbox
                  </NavLink>
                </li>
              )}
              <li>
                <NavLink to="/staff/patients">Patients</NavLink>
              </li>
              {renewals && (
                <li>
                  <NavLink to="/staff/renewals">Renewals</NavLink>
                </li>
              )}
            </ul>
          </nav>
          <div className="portal-header-actions">
            <span>{profile ? getDisplayString(profile) : ''}</span>
            <Link to="/signout">Sign out</Link>
          </div>
        </div>
      </header>
      <main id="main" className="portal-main" tabIndex={-1}>
        <Outlet />
      </main>
      <Footer />
    </div>
  );
}
