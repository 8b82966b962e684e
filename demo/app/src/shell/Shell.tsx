import { ErrorBoundary, ResourceAvatar, ResourceName, useProfile } from 'fhir-portal-kit/react';
import { Link, Outlet, useLocation } from 'react-router';
import { features } from '../features';
import { Footer } from './Footer';
import { Logo } from './Logo';
import { PrefetchNavLink } from './PrefetchLink';
import { HeaderMenu } from './HeaderMenu';
import { UserMenu, userMenuLinks } from './UserMenu';

const sections = [
  { to: '/health-record', label: 'Health Record', enabled: features.healthRecord },
  { to: '/messages', label: 'Messages', enabled: features.messages },
  { to: '/care-plan', label: 'Care Plan', enabled: features.carePlan },
  { to: '/get-care', label: 'Get Care', enabled: features.getCare },
];

const enabledSections = sections.filter((section) => section.enabled);

/** The main navigation's links: in the header on a desktop, in the Menu on a phone. */
function MainLinks() {
  return (
    <ul>
      {enabledSections.map((section) => (
        <li key={section.to}>
          <PrefetchNavLink to={section.to}>{section.label}</PrefetchNavLink>
        </li>
      ))}
    </ul>
  );
}

/** The signed-in shell: header navigation, user menu, page content and footer. */
export function Shell() {
  const profile = useProfile();
  const location = useLocation();
  return (
    <div className="portal-page">
      <a className="portal-skip-link" href="#main">
        Skip to content
      </a>
      <header className="portal-header">
        <div className="portal-container portal-header-inner">
          <Logo />
          <nav aria-label="Main" className="portal-nav" data-fold="phone">
            <MainLinks />
          </nav>
          <UserMenu profile={profile} />
          <HeaderMenu>
            <nav aria-label="Main" className="portal-menu-nav">
              <MainLinks />
            </nav>
            <section aria-label="Your account" className="portal-menu-account">
              <p className="portal-menu-user">
                <ResourceAvatar value={profile} alt="" size={32} className="portal-avatar" />
                {profile ? <ResourceName value={profile} /> : 'Your account'}
              </p>
              <ul>
                {userMenuLinks.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to}>{link.label}</Link>
                  </li>
                ))}
              </ul>
            </section>
          </HeaderMenu>
        </div>
      </header>
      <main id="main" className="portal-main" tabIndex={-1}>
        {/* 'Something went wrong' in place of a route that fails to render; navigating away resets it. */}
        <ErrorBoundary resetKey={location.pathname} headingLevel={1} className="portal-container">
          <Outlet />
        </ErrorBoundary>
      </main>
      <Footer />
    </div>
  );
}
