import { NavLink } from 'react-router';
import { SectionOutlet } from '../shell/SectionOutlet';
import { useText } from '../i18n/useText';
import { SideMenu } from '../shell/SideMenu';
import { carePlanText } from './text';

/** care-plan: a side menu (Action Items) and the section's content, 800 wide. */
export function CarePlanLayout() {
  const t = useText(carePlanText);
  return (
    <div className="portal-container portal-with-menu">
      <SideMenu label={t.menuLabel}>
        <ul>
          <li>
            <NavLink to="action-items">{t.actionItems}</NavLink>
          </li>
        </ul>
      </SideMenu>
      <SectionOutlet />
    </div>
  );
}
