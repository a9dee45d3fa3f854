/** The working-hours rules of spec 3 §5, as the editor and the server apply them. */
import { describe, expect, it } from 'vitest';
import {
  checkTimeChange, isDayOff, isTimeOfDay, OFF_DAY, sameHours, validateDay, workDayTypeOf, WorkDayType, workMinutes, type DayHours,
} from '../../src/domain/settings/dayHours';
import {
  companyDays, dayIssueOnSave, employeeDays, isDirty, savePlan, setOff, setTime, setUseCompany,
} from '../../src/features/settings/hours/editorState';

const day = (startTime: string | null, lunchStartTime: string | null, lunchEndTime: string | null, endTime: string | null): DayHours =>
  ({ startTime, lunchStartTime, lunchEndTime, endTime });
const full = day('07:00', '11:30', '12:00', '15:30');

describe('HH:mm', () => {
  it('takes 00:00 to 23:59 with two digits each', () => {
    for (const ok of ['00:00', '07:05', '23:59', '12:00']) expect(isTimeOfDay(ok)).toBe(true);
    for (const bad of ['24:00', '7:00', '07:60', '07:00:00', '0700', '', 'ab:cd']) expect(isTimeOfDay(bad)).toBe(false);
  });
});

describe('work day types', () => {
  it('maps Monday to Friday to Weekday, Saturday and Sunday to their own', () => {
    expect([1, 2, 3, 4, 5, 6, 7].map(workDayTypeOf)).toEqual([1, 1, 1, 1, 1, WorkDayType.Saturday, WorkDayType.Sunday]);
  });
});

describe('a time as it is entered', () => {
  it('accepts times in order', () => {
    expect(checkTimeChange(day('07:00', null, null, null), 'lunchStartTime', '11:00')).toBeNull();
    expect(checkTimeChange(day('07:00', '11:00', null, null), 'lunchEndTime', '11:30')).toBeNull();
    expect(checkTimeChange(day('07:00', '11:00', '11:30', null), 'endTime', '15:00')).toBeNull();
    expect(checkTimeChange(full, 'startTime', '06:00')).toBeNull();
  });

  it('refuses day start not before lunch from, lunch to or day end', () => {
    expect(checkTimeChange(full, 'startTime', '11:30')).toBe('order');
    expect(checkTimeChange(day(null, null, null, '15:00'), 'startTime', '16:00')).toBe('order');
    expect(checkTimeChange(day(null, null, null, '15:00'), 'startTime', '15:00')).toBe('order');
  });

  it('refuses lunch from outside day start … lunch to / day end', () => {
    expect(checkTimeChange(full, 'lunchStartTime', '06:59')).toBe('order');
    expect(checkTimeChange(full, 'lunchStartTime', '12:00')).toBe('order');
    expect(checkTimeChange(day('07:00', null, null, '15:00'), 'lunchStartTime', '15:30')).toBe('order');
  });

  it('refuses lunch to not after lunch from or not before day end', () => {
    expect(checkTimeChange(full, 'lunchEndTime', '11:30')).toBe('order');
    expect(checkTimeChange(full, 'lunchEndTime', '15:30')).toBe('order');
  });

  it('refuses day end not after lunch to and day start', () => {
    expect(checkTimeChange(full, 'endTime', '12:00')).toBe('order');
    expect(checkTimeChange(day('07:00', null, null, null), 'endTime', '06:00')).toBe('order');
  });

  it('needs day start before lunch from, and lunch from before lunch to', () => {
    expect(checkTimeChange(OFF_DAY, 'lunchStartTime', '11:00')).toBe('needsStart');
    expect(checkTimeChange(day('07:00', null, null, '15:00'), 'lunchEndTime', '12:00')).toBe('needsLunchStart');
  });

  it('always allows clearing, and refuses what is not HH:mm', () => {
    expect(checkTimeChange(full, 'startTime', null)).toBeNull();
    expect(checkTimeChange(full, 'endTime', '')).toBeNull();
    expect(checkTimeChange(full, 'endTime', '25:00')).toBe('format');
  });
});

describe('a day on save', () => {
  it('passes a full day, a day without lunch and a day off', () => {
    expect(validateDay(full)).toBeNull();
    expect(validateDay(day('07:00', null, null, '15:00'))).toBeNull();
    expect(validateDay(OFF_DAY)).toBeNull();
    expect(isDayOff(OFF_DAY)).toBe(true);
    expect(isDayOff(full)).toBe(false);
  });

  it('wants day start and day end on a day that is not off', () => {
    expect(validateDay(day(null, null, null, '15:00'))).toEqual({ field: 'startTime', problem: 'required' });
    expect(validateDay(day('07:00', null, null, null))).toEqual({ field: 'endTime', problem: 'required' });
  });

  it('wants lunch from and lunch to both or neither', () => {
    expect(validateDay(day('07:00', '11:00', null, '15:00'))).toEqual({ field: 'lunchEndTime', problem: 'required' });
    expect(validateDay(day('07:00', null, '11:00', '15:00'))).toEqual({ field: 'lunchStartTime', problem: 'required' });
  });

  it('refuses times out of order, naming the later field', () => {
    expect(validateDay(day('07:00', '12:00', '11:30', '15:00'))).toEqual({ field: 'lunchEndTime', problem: 'order' });
    expect(validateDay(day('15:00', null, null, '07:00'))).toEqual({ field: 'endTime', problem: 'order' });
    expect(validateDay(day('07:00', '11:00', '16:00', '15:00'))).toEqual({ field: 'endTime', problem: 'order' });
    expect(validateDay(day('7:00', null, null, '15:00'))).toEqual({ field: 'startTime', problem: 'format' });
  });

  it('counts work minutes without lunch, and compares days', () => {
    expect(workMinutes(full)).toBe(8 * 60);
    expect(workMinutes(OFF_DAY)).toBe(0);
    expect(sameHours(full, { ...full })).toBe(true);
    expect(sameHours(full, { ...full, endTime: '15:00' })).toBe(false);
  });
});

describe('the editor', () => {
  const companyRows = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
    id: 100 + dayOfWeek, userRegistrationId: null, workDayTypeId: workDayTypeOf(dayOfWeek), dayOfWeek, year: null, weekNo: null,
    ...(dayOfWeek <= 5 ? full : OFF_DAY),
  }));

  it('starts a company without hours as seven days off, and saves them as one create of all seven', () => {
    const saved = companyDays(null);
    expect(saved.every((d) => d.off && d.id === null)).toBe(true);
    const edited = saved.map((d) => (d.dayOfWeek === 1 ? setOff(d, false) : d));
    const monday = setTime(setTime(edited[0], 'startTime', '07:00').day, 'endTime', '15:00').day;
    const plan = savePlan(saved, [monday, ...edited.slice(1)]);
    expect(plan.method).toBe('POST');
    expect(plan.days).toHaveLength(7);
    expect(plan.days[0]).toEqual({ dayOfWeek: 1, startTime: '07:00', lunchStartTime: null, lunchEndTime: null, endTime: '15:00' });
  });

  it('refuses a violating time and keeps the day as it was', () => {
    const [monday] = companyDays(companyRows);
    const { day, problem } = setTime(monday, 'lunchStartTime', '06:00');
    expect(problem).toBe('order');
    expect(day).toBe(monday);
  });

  it('Off clears the four times; a day not off without times is "time must be specified" on save', () => {
    const [monday] = companyDays(companyRows);
    const off = setOff(monday, true);
    expect(off.hours).toEqual(OFF_DAY);
    expect(dayIssueOnSave(off)).toBeNull();
    expect(dayIssueOnSave(setOff(off, false))).toEqual({ field: 'startTime', problem: 'required' });
  });

  it('is dirty only when something changed, and updates only the changed days by id', () => {
    const saved = companyDays(companyRows);
    expect(isDirty(saved, saved.map((d) => ({ ...d })))).toBe(false);
    const edited = saved.map((d) => (d.dayOfWeek === 3 ? setTime(d, 'endTime', '16:00').day : d));
    expect(isDirty(saved, edited)).toBe(true);
    expect(savePlan(saved, edited)).toEqual({ method: 'PUT', days: [{ id: 103, dayOfWeek: 3, ...full, endTime: '16:00' }] });
  });

  it('employee, from now on: one PUT of the changed days by weekday; days back to company hours say useCompany', () => {
    const week = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
      ...companyRows[dayOfWeek - 1], userRegistrationId: 9, date: `2026-11-${22 + dayOfWeek}`, year: 2026, weekNo: 48,
      isEmployeeSpecific: dayOfWeek === 5 || dayOfWeek === 4, isWeekSpecific: false,
      id: dayOfWeek === 5 ? 501 : dayOfWeek === 4 ? 401 : 100 + dayOfWeek,
      ...(dayOfWeek === 5 ? { endTime: '13:00' } : {}),
    }));
    const saved = employeeDays(week, companyRows);
    expect(saved[0]).toMatchObject({ useCompany: true, id: null, hours: full });
    expect(saved[4]).toMatchObject({ useCompany: false, id: 501, hours: { ...full, endTime: '13:00' } });
    const edited = saved.map((d) => {
      if (d.dayOfWeek === 1) return setTime(setUseCompany(d, false), 'endTime', '14:00').day;
      if (d.dayOfWeek === 4) return setUseCompany(d, true);
      if (d.dayOfWeek === 5) return setTime(d, 'endTime', '14:30').day;
      return d;
    });
    expect(savePlan(saved, edited, { week: { year: 2026, weekNo: 48 }, only: false })).toEqual({
      method: 'PUT',
      days: [
        { dayOfWeek: 1, ...full, endTime: '14:00' },
        { dayOfWeek: 4, useCompany: true, ...OFF_DAY },
        { dayOfWeek: 5, ...full, endTime: '14:30' },
      ],
    });
    expect(setUseCompany(edited[0], true).hours).toEqual(full);
  });

  describe('employee: from now on or only the week shown', () => {
    const wk = { year: 2026, weekNo: 48 };
    // Monday the company's, Tuesday standing (501), Wednesday week-only (602), Thursday week-only (603).
    const own: Record<number, { id: number; weekOnly: boolean; endTime: string }> = {
      2: { id: 501, weekOnly: false, endTime: '14:00' },
      3: { id: 602, weekOnly: true, endTime: '13:00' },
      4: { id: 603, weekOnly: true, endTime: '12:30' },
    };
    const week = [1, 2, 3, 4, 5, 6, 7].map((dayOfWeek) => ({
      ...companyRows[dayOfWeek - 1], userRegistrationId: 9, date: `2026-11-${22 + dayOfWeek}`, ...wk,
      isEmployeeSpecific: !!own[dayOfWeek], isWeekSpecific: !!own[dayOfWeek]?.weekOnly,
      id: own[dayOfWeek]?.id ?? 100 + dayOfWeek,
      ...(own[dayOfWeek] ? { endTime: own[dayOfWeek].endTime } : {}),
    }));
    const saved = employeeDays(week, companyRows);

    it('marks the days whose own hours are for this week only', () => {
      expect(saved.map((d) => d.weekOnly)).toEqual([false, false, true, true, false, false, false]);
      expect(saved[2]).toMatchObject({ id: 602, useCompany: false, hours: { ...full, endTime: '13:00' } });
    });

    it('only this week: changed days get rows of that week; a week row back to company hours says useCompany', () => {
      const edited = saved.map((d) => {
        if (d.dayOfWeek === 1) return setTime(setUseCompany(d, false), 'endTime', '14:15').day; // company → own
        if (d.dayOfWeek === 2) return setOff(d, true); // standing → off this week
        if (d.dayOfWeek === 3) return setTime(d, 'endTime', '13:30').day; // week-only changed
        if (d.dayOfWeek === 4) return setUseCompany(d, true); // week-only → company
        return d;
      });
      expect(savePlan(saved, edited, { week: wk, only: true })).toEqual({
        method: 'PUT',
        days: [
          { dayOfWeek: 1, ...wk, ...full, endTime: '14:15' },
          { dayOfWeek: 2, ...wk, ...OFF_DAY },
          { dayOfWeek: 3, ...wk, ...full, endTime: '13:30' },
          { dayOfWeek: 4, ...wk, useCompany: true, ...OFF_DAY },
        ],
      });
    });

    it('only this week: a standing day switched to company hours keeps its standing row and gets a week row of the company\'s hours', () => {
      const edited = saved.map((d) => (d.dayOfWeek === 2 ? setUseCompany(d, true) : d));
      expect(savePlan(saved, edited, { week: wk, only: true })).toEqual({ method: 'PUT', days: [{ dayOfWeek: 2, ...wk, ...full }] });
    });

    it('nothing changed saves nothing, whichever the choice', () => {
      const empty = { method: 'PUT', days: [] };
      expect(savePlan(saved, saved, { week: wk, only: true })).toEqual(empty);
      expect(savePlan(saved, saved, { week: wk, only: false })).toEqual(empty);
    });

    it('from now on: standing hours by weekday; a day shown with a week row also drops that row, in the same request', () => {
      const edited = saved.map((d) => {
        if (d.dayOfWeek === 2) return setTime(d, 'endTime', '14:45').day;
        if (d.dayOfWeek === 3) return setTime(d, 'endTime', '13:30').day;
        if (d.dayOfWeek === 4) return setUseCompany(d, true);
        return d;
      });
      expect(savePlan(saved, edited, { week: wk, only: false })).toEqual({
        method: 'PUT',
        days: [
          { dayOfWeek: 2, ...full, endTime: '14:45' },
          { dayOfWeek: 3, ...wk, useCompany: true, ...OFF_DAY },
          { dayOfWeek: 3, ...full, endTime: '13:30' },
          { dayOfWeek: 4, ...wk, useCompany: true, ...OFF_DAY },
          { dayOfWeek: 4, useCompany: true, ...OFF_DAY },
        ],
      });
    });
  });
});
