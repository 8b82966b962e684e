import { NavLink } from 'react-router';
import { SectionOutlet } from '../shell/SectionOutlet';

/** care-plan: a side menu (Action Items) and the section's content, 800 wide. */
export function CarePlanLayout() {
  return (
    <div className="portal-container portal-with-menu">
      <nav aria-label="Care plan" className="portal-side-menu">
        <ul>
          <li>
            <NavLink to="action-items">Action Items</NavLink>
          </li>
        </ul>
      </nav>
      <SectionOutlet />
    </div>
  );
}
