/** The navigation menu of spec 1 §2 with its visibility rules. */
import type { Session } from '../data/session';

export type NavItemId = 'jobList' | 'schedule' | 'plumbers' | 'profile' | 'helpSupport' | 'about';

export interface NavItem {
  id: NavItemId;
  path: string;
  labelKey: string;
}

export interface NavContext {
  session: Pick<Session, 'isAdmin' | 'hidePlumberOptions'>;
  /** The user's own registration id is among the plumbers. */
  ownPlumberFound: boolean;
}

/**
 * Planning / Dashboard (admin), Schedule calendar and Company settings (admin with an agreement)
 * are left out until the scheduling and settings issues build their screens: a menu item must not
 * lead to a screen that does not exist.
 */
export function navItems({ session, ownPlumberFound }: NavContext): NavItem[] {
  const items: NavItem[] = [{ id: 'jobList', path: '/joblist', labelKey: 'Menu.JobList' }];
  if (!session.hidePlumberOptions) items.push({ id: 'schedule', path: '/schedule', labelKey: 'Menu.MySchedule' });
  if (session.isAdmin) items.push({ id: 'plumbers', path: '/plumbers', labelKey: 'Menu.MyPlumbers' });
  if (ownPlumberFound) items.push({ id: 'profile', path: '/profile/view', labelKey: 'Menu.MyProfile' });
  items.push({ id: 'helpSupport', path: '/helpsupport', labelKey: 'Menu.HelpSupport' });
  items.push({ id: 'about', path: '/about', labelKey: 'Menu.About' });
  return items;
}

/** Where the home icon leads: My schedule, or the job list when the schedule is hidden. */
export function homePath(session: Pick<Session, 'hidePlumberOptions'>): string {
  return session.hidePlumberOptions ? '/joblist' : '/schedule';
}
