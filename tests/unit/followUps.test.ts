/** When a notice is followed up (src/domain/sms/followUps.ts): reminders, the reply deadline, the confirmation. */
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { confirmationAt, followUpSettings, noticeFollowUps, withReplyCode, type FollowUpSettings } from '../../src/domain/sms/followUps';
import { reminderMinutesToValue, SettingType } from '../../src/domain/settings/company';
import { readReply } from '../../src/domain/sms/reply';

const H = 3_600_000;
const M = 60_000;
const notice = new Date('2027-03-01T08:00:00Z');
const on = (reminders: number, minutes: number): FollowUpSettings => ({ sendReminder: true, reminders, reminderMinutes: minutes, sendConfirmation: true });

describe('noticeFollowUps', () => {
  it('sends the company\'s reminders an interval apart, and the deadline one interval after the last', () => {
    const plan = noticeFollowUps(notice, new Date(notice.getTime() + 72 * H), on(2, 60));
    expect(plan.reminders.map((d) => d.getTime() - notice.getTime())).toEqual([H, 2 * H]);
    expect(plan.replyDeadline.getTime() - notice.getTime()).toBe(3 * H);
  });

  it('without reminders the owner has a day; reminders switched off or counted 0 send none', () => {
    for (const s of [{ ...on(3, 30), sendReminder: false }, on(0, 30), on(3, 0)]) {
      const plan = noticeFollowUps(notice, new Date(notice.getTime() + 72 * H), s);
      expect(plan.reminders).toEqual([]);
      expect(plan.replyDeadline.getTime() - notice.getTime()).toBe(24 * H);
    }
  });

  it('never reminds or waits past an hour before the appointment, and always leaves 15 minutes to answer', () => {
    const start = new Date(notice.getTime() + 3 * H);
    const plan = noticeFollowUps(notice, start, on(9, 30));
    expect(plan.reminders).toHaveLength(3);
    expect(Math.max(...plan.reminders.map((d) => d.getTime()))).toBeLessThan(start.getTime() - H);
    expect(plan.replyDeadline.getTime()).toBe(start.getTime() - H);
    const late = noticeFollowUps(notice, new Date(notice.getTime() + 30 * M), on(2, 15));
    expect(late.reminders).toEqual([]);
    expect(late.replyDeadline.getTime() - notice.getTime()).toBe(15 * M);
  });

  it('holds for any settings: reminders in order before the deadline, the deadline after the notice', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 9 }), fc.constantFrom(0, 15, 30, 45, 60, 75, 90), fc.boolean(), fc.integer({ min: 0, max: 30 * 24 * 60 }),
      (n, minutes, send, startIn) => {
        const plan = noticeFollowUps(notice, new Date(notice.getTime() + startIn * M), { sendReminder: send, reminders: n, reminderMinutes: minutes, sendConfirmation: false });
        const times = plan.reminders.map((d) => d.getTime());
        expect(times.length).toBeLessThanOrEqual(send ? n : 0);
        expect([...times].sort((a, b) => a - b)).toEqual(times);
        for (const t of times) expect(t).toBeLessThan(plan.replyDeadline.getTime());
        expect(plan.replyDeadline.getTime()).toBeGreaterThanOrEqual(notice.getTime() + 15 * M);
      }));
  });
});

describe('the settings and the confirmation', () => {
  it('reads the company\'s setting values; a malformed value is off', () => {
    const s = followUpSettings(new Map([[SettingType.SendReminder, 'true'], [SettingType.NumberOfReminders, '2'],
      [SettingType.ReminderFrequency, reminderMinutesToValue(45)], [SettingType.SendConfirmationBefore, 'true']]));
    expect(s).toEqual({ sendReminder: true, reminders: 2, reminderMinutes: 45, sendConfirmation: true });
    expect(followUpSettings(new Map([[SettingType.NumberOfReminders, 'x'], [SettingType.ReminderFrequency, '7']]))).toEqual({
      sendReminder: false, reminders: 0, reminderMinutes: 0, sendConfirmation: false,
    });
  });

  it('confirms 24 hours before the start, not when that has passed or is not asked for', () => {
    const start = new Date('2027-03-10T07:00:00Z');
    expect(confirmationAt(start, notice, on(0, 0))?.toISOString()).toBe('2027-03-09T07:00:00.000Z');
    expect(confirmationAt(start, new Date('2027-03-09T08:00:00Z'), on(0, 0))).toBeNull();
    expect(confirmationAt(start, notice, { ...on(0, 0), sendConfirmation: false })).toBeNull();
    expect(confirmationAt(null, notice, on(0, 0))).toBeNull();
  });

  it('a text with a reply code asks for it, and the reply reader finds it', () => {
    const text = withReplyCode('Hei! Vi kommer 10.03.2027 kl. 08:00-08:30.', '4821');
    expect(text).toContain('JA 4821');
    expect(readReply('ja 4821')).toEqual({ answer: 'yes', code: '4821' });
  });
});
