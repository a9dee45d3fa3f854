/** The navigation menu of spec 1 §2 with its visibility rules. */
import type { Session } from '../data/session';

export type NavItemId = 'jobList' | 'schedule' | 'planning' | 'calendar' | 'errorHandling' | 'plumbers' | 'dashboard' | 'settings' | 'profile' | 'helpSupport' | 'about';

export interface NavItem {
  id: NavItemId;
  path: string;
  labelKey: string;
}

export interface NavContext {
  session: Pick<Session, 'isAdmin' | 'hidePlumberOptions'> & Partial<Pick<Session, 'hasAgreement'>>;
  /** The user's own registration id is among the plumbers. */
  ownPlumberFound: boolean;
}

/**
 * Spec 1 §2 and spec 3 §1: Planning / Dashboard for admins; Company settings, Planning and the
 * Schedule calendar (spec 2 §2.2) and the error-handling page (spec 2 §2.4, §6) only for an admin whose company agreement is in force. A menu
 * item must not lead to a screen that does not exist.
 */
export function navItems({ session, ownPlumberFound }: NavContext): NavItem[] {
  const items: NavItem[] = [{ id: 'jobList', path: '/joblist', labelKey: 'Menu.JobList' }];
  if (!session.hidePlumberOptions) items.push({ id: 'schedule', path: '/schedule', labelKey: 'Menu.MySchedule' });
  if (session.isAdmin && session.hasAgreement) items.push({ id: 'planning', path: '/schedule/plan', labelKey: 'Menu.Planning' });
  // The error-handling page's menu label is its title (no second text in the shell).
  if (session.isAdmin && session.hasAgreement) {
    items.push({ id: 'calendar', path: '/schedule/calendar', labelKey: 'Menu.ScheduleCalendar' }, { id: 'errorHandling', path: '/errorhandling', labelKey: 'Title.ErrorHandling' });
  }
  if (session.isAdmin) items.push({ id: 'plumbers', path: '/plumbers', labelKey: 'Menu.MyPlumbers' });
  if (session.isAdmin) items.push({ id: 'dashboard', path: '/dashboard', labelKey: 'Menu.Dashboard' });
  if (session.isAdmin && session.hasAgreement) items.push({ id: 'settings', path: '/settings', labelKey: 'Menu.CompanySettings' });
  if (ownPlumberFound) items.push({ id: 'profile', path: '/profile/view', labelKey: 'Menu.MyProfile' });
  items.push({ id: 'helpSupport', path: '/helpsupport', labelKey: 'Menu.HelpSupport' });
  items.push({ id: 'about', path: '/about', labelKey: 'Menu.About' });
  return items;
}

/** Where the home icon leads: My schedule, or the job list when the schedule is hidden. */
export function homePath(session: Pick<Session, 'hidePlumberOptions'>): string {
  return session.hidePlumberOptions ? '/joblist' : '/schedule';
}
