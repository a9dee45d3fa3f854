import { describe, expect, it } from 'vitest';
import { homePath, navItems } from '../../src/app/navItems';

const ids = (isAdmin: boolean, hidePlumberOptions: boolean | undefined, ownPlumberFound: boolean) =>
  navItems({ session: { isAdmin, hidePlumberOptions }, ownPlumberFound }).map((i) => i.id);

describe('navigation menu rules (spec 1 §2)', () => {
  it('shows a plumber the job list, schedule, help and about', () => {
    expect(ids(false, false, false)).toEqual(['jobList', 'schedule', 'helpSupport', 'about']);
  });
  it('shows My plumbers to admins only', () => {
    expect(ids(true, false, false)).toContain('plumbers');
    expect(ids(false, false, false)).not.toContain('plumbers');
  });
  it('hides My schedule when hidePlumberOptions is set', () => {
    expect(ids(true, true, false)).not.toContain('schedule');
    expect(ids(true, undefined, false)).toContain('schedule');
  });
  it('shows My profile only when the user is found among the plumbers', () => {
    expect(ids(false, false, true)).toEqual(['jobList', 'schedule', 'profile', 'helpSupport', 'about']);
  });
  it('shows Planning / Dashboard to admins, and Company settings, planning, the calendar and error handling only to an admin with an agreement in force (spec 3 §1, spec 2 §2.2, §2.4, §6)', () => {
    const admin = (hasAgreement: boolean) => navItems({ session: { isAdmin: true, hasAgreement }, ownPlumberFound: false }).map((i) => i.id);
    expect(admin(true)).toEqual(['jobList', 'schedule', 'planning', 'calendar', 'errorHandling', 'plumbers', 'dashboard', 'settings', 'helpSupport', 'about']);
    expect(admin(false)).toEqual(['jobList', 'schedule', 'plumbers', 'dashboard', 'helpSupport', 'about']);
    expect(navItems({ session: { isAdmin: false, hasAgreement: true }, ownPlumberFound: false }).map((i) => i.id)).not.toContain('settings');
    expect(navItems({ session: { isAdmin: false, hasAgreement: true }, ownPlumberFound: false }).map((i) => i.id)).not.toContain('dashboard');
    expect(navItems({ session: { isAdmin: false, hasAgreement: true }, ownPlumberFound: false }).map((i) => i.id)).not.toContain('errorHandling');
  });
  it('leads to screens that exist', () => {
    const paths = navItems({ session: { isAdmin: true, hasAgreement: true }, ownPlumberFound: true }).map((i) => i.path);
    expect(paths).toEqual(['/joblist', '/schedule', '/schedule/plan', '/schedule/calendar', '/errorhandling', '/plumbers', '/dashboard', '/settings', '/profile/view', '/helpsupport', '/about']);
  });
  it('home is My schedule, or the job list when the schedule is hidden', () => {
    expect(homePath({})).toBe('/schedule');
    expect(homePath({ hidePlumberOptions: true })).toBe('/joblist');
  });
});
