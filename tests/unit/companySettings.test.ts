/** Company settings rules (spec 3 §4, §5) and SMS template helpers. */
import { describe, expect, it } from 'vitest';
import {
  exampleMergeValues, firstFormError, formDiffers, insertAtSelection, isUnsetValue, isValidSmsSender, meterAddressRange, MergeField, missingReminderSettings, planSettingsSave,
  reminderMinutesToValue, reminderValueToMinutes, renderTemplate, sanitizeDigitInput, settingValueError, SettingType as S, templateCost,
  travelOf, withSendReminder, baseOf, missingBaseSettings, formFieldError, plumberBase, plumberBaseError, plumberBaseOfForm,
} from '../../src/domain/settings/company';
import { DEFAULT_TRAVEL } from '../../src/domain/scheduling/routeOrder';

const saved = [
  { id: 11, settingTypeId: S.Install, value: '45' },
  { id: 12, settingTypeId: S.Replace, value: '60' },
  { id: 14, settingTypeId: S.ErrorThreshold, value: '3' },
  { id: 15, settingTypeId: S.NoReplyAutoJobCreation, value: 'true' },
  { id: 19, settingTypeId: S.SendReminder, value: 'true' },
];

describe('planSettingsSave', () => {
  it('updates changed values, creates new ones, deletes values set to 0, empty or false, and skips the unchanged', () => {
    const plan = planSettingsSave(saved, {
      [S.Install]: '50', [S.Replace]: '60', [S.Dismantle]: '30', [S.ErrorThreshold]: '0', [S.NoReplyAutoJobCreation]: 'false', [S.JobInterval]: '',
    });
    expect(plan).toEqual({ create: [{ settingTypeId: S.Dismantle, value: '30' }], update: [{ id: 11, value: '50' }], delete: [14, 15] });
  });

  it('creates nothing for a new 0, empty or false value and leaves types the form does not hold alone', () => {
    const plan = planSettingsSave(saved, { [S.Dismantle]: '0', [S.JobInterval]: '', [S.SendConfirmationBefore]: 'false' });
    expect(plan).toEqual({ create: [], update: [], delete: [] });
    expect(formDiffers(saved, { [S.Install]: '45' })).toBe(false);
    expect(formDiffers(saved, { [S.Install]: ' 46 ' })).toBe(true);
  });

  it('never takes junk for a clear: "abc" or a space writes nothing, and the form is refused, not saved', () => {
    const withCount = [...saved, { id: 20, settingTypeId: S.NumberOfReminders, value: '3' }];
    for (const form of [{ [S.Install]: 'abc' }, { [S.Install]: ' ' }, { [S.NumberOfReminders]: ' ' }, { [S.ErrorThreshold]: '3 ' }]) {
      expect(planSettingsSave(withCount, form), JSON.stringify(form)).toEqual({ create: [], update: [], delete: [] });
      expect(formDiffers(withCount, form)).toBe(true);
      expect(firstFormError(form)?.error).toBe('InvalidInput');
    }
    // A deliberate clear or 0 still deletes (spec 3 §4).
    expect(planSettingsSave(withCount, { [S.Install]: '', [S.NumberOfReminders]: '0' }).delete).toEqual([11, 20]);
  });
});

describe('settingValueError', () => {
  it('takes one digit for the error threshold and the reminder count', () => {
    expect(settingValueError(S.ErrorThreshold, '9')).toBeNull();
    expect(settingValueError(S.ErrorThreshold, '10')).toBe('InvalidInput');
    expect(settingValueError(S.NumberOfReminders, '0')).toBeNull();
    expect(settingValueError(S.NumberOfReminders, '-1')).toBe('InvalidInput');
    expect(settingValueError(S.NumberOfReminders, ' ')).toBe('InvalidInput');
    expect(settingValueError(S.NumberOfReminders, ' 3')).toBe('InvalidInput');
  });

  it('takes a reminder frequency of one leading digit and up to 2 decimals among the offered intervals', () => {
    for (const m of [15, 30, 45, 60, 75, 90]) expect(settingValueError(S.ReminderFrequency, reminderMinutesToValue(m))).toBeNull();
    expect(settingValueError(S.ReminderFrequency, '1.255')).toBe('InvalidInput');
    expect(settingValueError(S.ReminderFrequency, '12')).toBe('InvalidInput');
    expect(settingValueError(S.ReminderFrequency, '0.3')).toBe('InvalidChoice');
  });

  it('wants a duration above zero and a job interval from the choices', () => {
    expect(settingValueError(S.Install, '0')).toBe('DurationMustBePositive');
    expect(settingValueError(S.Install, '-3')).toBe('DurationMustBePositive');
    expect(settingValueError(S.Install, 'abc')).toBe('InvalidInput');
    expect(settingValueError(S.Install, '1')).toBeNull();
    expect(settingValueError(S.JobInterval, '45')).toBeNull();
    expect(settingValueError(S.JobInterval, '20')).toBe('InvalidChoice');
  });

  it('wants a road factor of 1–3 with at most two decimals and a speed of 5–130 km/h; 0 or empty is the default', () => {
    for (const v of ['1', '1.3', '2.25', '3', '0', '']) expect(settingValueError(S.RoadFactor, v)).toBeNull();
    for (const v of ['0.9', '3.01', '4']) expect(settingValueError(S.RoadFactor, v)).toBe('OutOfRange');
    for (const v of ['1,3', '1.255', 'abc', ' 1', '-1', '10']) expect(settingValueError(S.RoadFactor, v)).not.toBeNull();
    for (const v of ['5', '40', '130', '0', '']) expect(settingValueError(S.TravelSpeed, v)).toBeNull();
    for (const v of ['4', '131', '999']) expect(settingValueError(S.TravelSpeed, v)).toBe('OutOfRange');
    for (const v of ['40.5', '1000', 'x', '-5']) expect(settingValueError(S.TravelSpeed, v)).toBe('InvalidInput');
  });

  it('reads the travel model from the settings, a missing or invalid value taking the default', () => {
    expect(travelOf(() => undefined)).toEqual(DEFAULT_TRAVEL);
    const values: Record<number, string> = { [S.RoadFactor]: '1.8', [S.TravelSpeed]: '25' };
    expect(travelOf((typeId) => values[typeId])).toEqual({ roadFactor: 1.8, speedKmh: 25 });
    const bad: Record<number, string> = { [S.RoadFactor]: '9', [S.TravelSpeed]: '0' };
    expect(travelOf((typeId) => bad[typeId])).toEqual(DEFAULT_TRAVEL);
  });
});

describe('the base', () => {
  it('wants degrees in Norway with at most six decimals; 0 or empty is no base', () => {
    for (const v of ['59.8912', '57', '72', '71.123456', '0', '']) expect(settingValueError(S.BaseLatitude, v)).toBeNull();
    for (const v of ['56.9', '72.1', '10']) expect(settingValueError(S.BaseLatitude, v)).toBe('OutOfRange');
    for (const v of ['10.5213', '4', '32']) expect(settingValueError(S.BaseLongitude, v)).toBeNull();
    for (const v of ['3.99', '33', '59.9']) expect(settingValueError(S.BaseLongitude, v)).toBe('OutOfRange');
    for (const v of ['59,89', '-10.5', '59.1234567', '159.1', ' 59', 'N59']) expect(settingValueError(S.BaseLatitude, v)).toBe('InvalidInput');
  });

  it('is both coordinates or neither, on the form and when read', () => {
    expect(missingBaseSettings({ [S.BaseLatitude]: '59.9', [S.BaseLongitude]: '' })).toEqual([S.BaseLongitude]);
    expect(missingBaseSettings({ [S.BaseLongitude]: '10.5' })).toEqual([S.BaseLatitude]);
    expect(missingBaseSettings({ [S.BaseLatitude]: '59.9', [S.BaseLongitude]: '10.5' })).toEqual([]);
    expect(missingBaseSettings({ [S.BaseLatitude]: '', [S.BaseLongitude]: '0' })).toEqual([]);
    expect(formFieldError({ [S.BaseLatitude]: '59.9', [S.BaseLongitude]: '' }, S.BaseLongitude)).toBe('BaseNeedsBoth');
    expect(firstFormError({ [S.BaseLatitude]: '59.9', [S.BaseLongitude]: '' })).toEqual({ settingTypeId: S.BaseLongitude, error: 'BaseNeedsBoth' });
    const both: Record<number, string> = { [S.BaseLatitude]: '59.8912', [S.BaseLongitude]: '10.5213' };
    expect(baseOf((typeId) => both[typeId])).toEqual({ lat: 59.8912, lng: 10.5213 });
    const half: Record<number, string> = { [S.BaseLatitude]: '59.8912' };
    expect(baseOf((typeId) => half[typeId])).toBeNull();
    const bad: Record<number, string> = { [S.BaseLatitude]: '59.8912', [S.BaseLongitude]: '99' };
    expect(baseOf((typeId) => bad[typeId])).toBeNull();
  });
});

describe('a plumber\'s own base', () => {
  it('is both coordinates or neither, in the company base\'s ranges', () => {
    expect(plumberBaseError(null, null)).toBeNull();
    expect(plumberBaseError(59.9, 10.5)).toBeNull();
    expect(plumberBaseError(57, 4)).toBeNull();
    expect(plumberBaseError(72, 32)).toBeNull();
    expect(plumberBaseError(59.9, null)).toBe('BaseNeedsBoth');
    expect(plumberBaseError(null, 10.5)).toBe('BaseNeedsBoth');
    for (const [lat, lng] of [[56.99, 10], [72.01, 10], [59.9, 3.99], [59.9, 32.01], [Number.NaN, 10], [59.9, Number.POSITIVE_INFINITY]]) {
      expect(plumberBaseError(lat, lng)).toBe('OutOfRange');
    }
  });

  it('is used over the company\'s when set, else the company\'s', () => {
    const company = { lat: 59.8912, lng: 10.5213 };
    expect(plumberBase({ baseLatitude: 60.1, baseLongitude: 10.5 }, company)).toEqual({ lat: 60.1, lng: 10.5 });
    expect(plumberBase({ baseLatitude: null, baseLongitude: null }, company)).toBe(company);
    expect(plumberBase(null, company)).toBe(company);
    expect(plumberBase({ baseLatitude: 60.1, baseLongitude: 10.5 }, null)).toEqual({ lat: 60.1, lng: 10.5 });
    expect(plumberBase({}, null)).toBeNull();
  });

  it('is read from the form as typed: a comma is the decimal sign, empty is none, half or out of range names its field', () => {
    expect(plumberBaseOfForm('59,8912', '10.5213')).toEqual({ ok: true, baseLatitude: 59.8912, baseLongitude: 10.5213 });
    expect(plumberBaseOfForm('', '')).toEqual({ ok: true, baseLatitude: null, baseLongitude: null });
    expect(plumberBaseOfForm('59,8912', '')).toEqual({ ok: false, field: 'baseLongitude', error: 'BaseNeedsBoth' });
    expect(plumberBaseOfForm('', '10,5')).toEqual({ ok: false, field: 'baseLatitude', error: 'BaseNeedsBoth' });
    expect(plumberBaseOfForm('59,8912', '45')).toEqual({ ok: false, field: 'baseLongitude', error: 'OutOfRange' });
    expect(plumberBaseOfForm('nord', '10')).toEqual({ ok: false, field: 'baseLatitude', error: 'InvalidInput' });
  });
});

describe('small rules', () => {
  it('knows what "not set" is', () => {
    for (const v of ['', '0', '0.00', 'false']) expect(isUnsetValue(v)).toBe(true);
    for (const v of ['1', 'true', '0.25', ' ', 'abc']) expect(isUnsetValue(v)).toBe(false);
  });

  it('keeps a typed digit and empties anything else', () => {
    expect(sanitizeDigitInput('7')).toBe('7');
    expect(sanitizeDigitInput('x')).toBe('');
    expect(sanitizeDigitInput('77')).toBe('');
  });

  it('maps reminder intervals to hours and back', () => {
    expect([0, 15, 30, 45, 60, 75, 90].map(reminderMinutesToValue)).toEqual(['0', '0.25', '0.5', '0.75', '1', '1.25', '1.5']);
    expect(reminderValueToMinutes('1.25')).toBe(75);
    expect(reminderValueToMinutes('0.3')).toBe(0);
    expect(reminderValueToMinutes(undefined)).toBe(0);
  });

  it('resets the reminder count and frequency when reminders are turned off', () => {
    const form = { [S.SendReminder]: 'true', [S.NumberOfReminders]: '3', [S.ReminderFrequency]: '0.5' };
    expect(withSendReminder(form, false)).toEqual({ [S.SendReminder]: 'false', [S.NumberOfReminders]: '0', [S.ReminderFrequency]: '0' });
    expect(planSettingsSave([{ id: 7, settingTypeId: S.NumberOfReminders, value: '3' }], withSendReminder(form, false)).delete).toEqual([7]);
  });

  it('refuses reminders on with no frequency or no count: there would be nothing to send', () => {
    const off = withSendReminder({ [S.SendReminder]: 'true', [S.NumberOfReminders]: '3', [S.ReminderFrequency]: '0.5' }, false);
    const onAgain = withSendReminder(off, true);
    expect(missingReminderSettings(onAgain)).toEqual([S.ReminderFrequency, S.NumberOfReminders]);
    expect(firstFormError(onAgain)).toEqual({ settingTypeId: S.ReminderFrequency, error: 'ReminderNeedsValue' });
    expect(missingReminderSettings({ ...onAgain, [S.ReminderFrequency]: '0.25' })).toEqual([S.NumberOfReminders]);
    expect(firstFormError({ ...onAgain, [S.ReminderFrequency]: '0.25', [S.NumberOfReminders]: '2' })).toBeNull();
    expect(missingReminderSettings(off)).toEqual([]);
  });
});

describe('SMS sender', () => {
  it('is 3–11 of A–Z, a–z, 0–9 and space with at least one letter; longer is refused, not cut', () => {
    for (const ok of ['Abc', 'SandvikaRor', 'Hansen 24', 'VVS1']) expect(isValidSmsSender(ok), ok).toBe(true);
    for (const bad of ['12345678', 'Æøå-1.2 ab', 'ab', 'SandvikaRør', 'Sandvika Ror AS', 'a.b', '']) expect(isValidSmsSender(bad), bad).toBe(false);
  });
});

describe('templates', () => {
  it('renders every token and keeps the token of a field without a value', () => {
    const text = `${MergeField.CompanyName.token}: ${MergeField.Date.token} ${MergeField.Date.token} ${MergeField.TimeRange.token}`;
    expect(renderTemplate(text, { CompanyName: 'Rør AS', Date: '01.02.2026' })).toBe('Rør AS: 01.02.2026 01.02.2026 #TimeRange#');
    // A value that looks like a token is put in as it is, not replaced in turn.
    expect(renderTemplate('#CompanyName# #MeterAddress#', { CompanyName: 'Ha #MeterAddress#', MeterAddress: 'Gate 1' })).toBe('Ha #MeterAddress# Gate 1');
  });

  it('inserts at the caret or over the selection and puts the caret after the token', () => {
    expect(insertAtSelection('Hei du', 4, 4, '#Date#')).toEqual({ text: 'Hei #Date#du', caret: 10 });
    expect(insertAtSelection('Hei du', 4, 6, '#Date#')).toEqual({ text: 'Hei #Date#', caret: 10 });
    expect(insertAtSelection('Hei du', 6, 4, 'X')).toEqual({ text: 'Hei X', caret: 5 });
    expect(insertAtSelection('Hei', 99, 99, 'X')).toEqual({ text: 'HeiX', caret: 4 });
  });
});

describe('what a template costs with the company\'s real addresses', () => {
  // The shipped cancellation sample (server/db/seedTemplates.ts) and the demo company's name and phone.
  const cancel = 'Avtalen #Date# kl. #TimeRange# i #MeterAddress# er dessverre avlyst. Vi tar kontakt for ny tid. Hilsen #CompanyName#, tlf. #CompanyPhone#.';
  const values = exampleMergeValues('Sandvika Rør AS', '67 54 32 10');

  it('finds the shortest and longest address in septets, and the longest one GSM-7 cannot carry', () => {
    expect(meterAddressRange(['Ås 1, 1430 Ås', 'Storgata [3], 1338 Sandvika', 'Storgata 300, 1338 Sandvika', 'Čiurlionio 3, 1338 Sandvika']))
      .toEqual({ addressCount: 4, shortest: 'Ås 1, 1430 Ås', longest: 'Storgata [3], 1338 Sandvika', longestNonGsm: 'Čiurlionio 3, 1338 Sandvika' });
    expect(meterAddressRange([])).toEqual({ addressCount: 0, shortest: null, longest: null, longestNonGsm: null });
  });

  it('shows a range when the addresses cost differently, where the example alone said one SMS', () => {
    const example = templateCost(cancel, values, null);
    expect([example.min.segments, example.max.segments]).toEqual([1, 1]);
    const range = meterAddressRange(['Ås 1, 1430 Ås', 'Christian Frederiks vei 120 B, 1338 Sandvika']);
    const cost = templateCost(cancel, values, range);
    expect([cost.min.segments, cost.max.segments]).toEqual([1, 2]);
    expect(cost.nonGsmAddress).toBeNull();
  });

  it('warns of an address outside GSM-7 only when the text carries the address', () => {
    const range = meterAddressRange(['Ås 1, 1430 Ås', 'Čiurlionio 3, 1338 Sandvika']);
    const cost = templateCost(cancel, values, range);
    expect(cost.nonGsmAddress).toEqual({ address: 'Čiurlionio 3, 1338 Sandvika', characters: ['Č'] });
    expect(cost.max.encoding).toBe('UCS-2');
    expect(templateCost('Hilsen #CompanyName#', values, range).nonGsmAddress).toBeNull();
    expect(templateCost('Hilsen #CompanyName#', values, range).max.segments).toBe(1);
  });
});
