import { ErrorBoundary } from 'fhir-portal-kit/react';
import { Outlet, useLocation } from 'react-router';

/**
 * A section's page beside its side menu, with the error panel around the page only: when one
 * page fails, the menu stays, so the way to the section's other pages stays too. Navigating
 * resets the panel (the shell's own boundary still catches what fails outside a section).
 */
export function SectionOutlet() {
  const location = useLocation();
  return (
    <div className="portal-content">
      <ErrorBoundary resetKey={location.pathname} headingLevel={1}>
        <Outlet />
      </ErrorBoundary>
    </div>
  );
}
