import {
  ErrorBoundary,
  OfflineBanner,
  OutboxConflictDialog,
  ResourceAvatar,
  ResourceName,
  useProfile,
} from 'fhir-portal-kit/react';
import { Link, Outlet, useLocation } from 'react-router';
import { features } from '../features';
import { Footer } from './Footer';
import { Logo } from './Logo';
import { PrefetchNavLink } from './PrefetchLink';
import { HeaderMenu } from './HeaderMenu';
import { LanguageSwitcher } from '../i18n/LanguageSwitcher';
import { useText } from '../i18n/useText';
import { shellText } from './text';
import { UserMenu, userMenuLinks } from './UserMenu';

const sections = [
  { to: '/health-record', label: 'healthRecord', enabled: features.healthRecord },
  { to: '/messages', label: 'messages', enabled: features.messages },
  { to: '/care-plan', label: 'carePlan', enabled: features.carePlan },
  { to: '/get-care', label: 'getCare', enabled: features.getCare },
] as const;

const enabledSections = sections.filter((section) => section.enabled);

/** The main navigation's links: in the header on a desktop, in the Menu on a phone. */
function MainLinks() {
  const t = useText(shellText);
  return (
    <ul>
      {enabledSections.map((section) => (
        <li key={section.to}>
          <PrefetchNavLink to={section.to}>{t[section.label]}</PrefetchNavLink>
        </li>
      ))}
    </ul>
  );
}

/** The signed-in shell: header navigation, user menu, page content and footer. */
export function Shell() {
  const profile = useProfile();
  const location = useLocation();
  const t = useText(shellText);
  return (
    <div className="portal-page">
      <a className="portal-skip-link" href="#main">
        {t.skipToContent}
      </a>
      <header className="portal-header">
        <div className="portal-container portal-header-inner">
          <Logo />
          <nav aria-label={t.mainNav} className="portal-nav" data-fold="phone">
            <MainLinks />
          </nav>
          <UserMenu profile={profile} />
          <HeaderMenu>
            <nav aria-label={t.mainNav} className="portal-menu-nav">
              <MainLinks />
            </nav>
            <section aria-label={t.yourAccount} className="portal-menu-account">
              <p className="portal-menu-user">
                <ResourceAvatar value={profile} alt="" size={32} className="portal-avatar" />
                {profile ? <ResourceName value={profile} /> : t.yourAccount}
              </p>
              <ul>
                {userMenuLinks.map((link) => (
                  <li key={link.label}>
                    <Link to={link.to}>{t[link.label]}</Link>
                  </li>
                ))}
              </ul>
              <LanguageSwitcher className="portal-menu-language" />
            </section>
          </HeaderMenu>
        </div>
      </header>
      {/* Offline, how many changes wait, then 'Back online. n sent' (issue 24); nothing while all is well. */}
      <OfflineBanner className="portal-offline-banner" />
      {/* A change made offline that the server refused because it changed meanwhile: the patient chooses. */}
      <OutboxConflictDialog />
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
