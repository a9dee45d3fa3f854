/** Which hub notifications make the calendar's open week read again. */
import { describe, expect, it } from 'vitest';
import { NotificationType } from '../../src/domain/enums';
import { reloadsWeek } from '../../src/features/schedule/calendar/useWeekLive';

describe('the calendar week hears', () => {
  it('a batch, a changed week, changed working hours or holidays, and changed settings', () => {
    for (const type of [NotificationType.ScheduleBatch, NotificationType.SchedulesChanged, NotificationType.WorkingHoursChanged, NotificationType.SettingsChanged]) {
      expect(reloadsWeek(type)).toBe(true);
    }
  });
  it('not jobs, media, presence, users or registrations', () => {
    for (const type of [NotificationType.JobsChanged, NotificationType.MediaChanged, NotificationType.PresenceChanged, NotificationType.UsersChanged, NotificationType.Registration]) {
      expect(reloadsWeek(type)).toBe(false);
    }
  });
});
