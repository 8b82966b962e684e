import { NavLink } from 'react-router';
import { SectionOutlet } from '../shell/SectionOutlet';
import { SideMenu } from '../shell/SideMenu';

/** care-plan: a side menu (Action Items) and the section's content, 800 wide. */
export function CarePlanLayout() {
  return (
    <div className="portal-container portal-with-menu">
      <SideMenu label="Care plan">
        <ul>
          <li>
            <NavLink to="action-items">Action Items</NavLink>
          </li>
        </ul>
      </SideMenu>
      <SectionOutlet />
    </div>
  );
}
