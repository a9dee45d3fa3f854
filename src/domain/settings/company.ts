/**
 * Company settings and SMS templates (spec 3 §2–§5, §9): the setting types, what each value may be,
 * how a settings form is saved, and the SMS merge fields. Client and server use these rules alike.
 */
import { DEFAULT_TRAVEL, type GeoPoint, type TravelModel } from '../scheduling/routeOrder';
import { countSms, type SmsCount } from '../sms/segments';

/** Setting type ids: the ApplicationSetting reference list (GET /api/ApplicationSetting). */
export const SettingType = {
  Install: 1,
  Replace: 2,
  Dismantle: 3,
  ErrorThreshold: 4,
  NoReplyAutoJobCreation: 5,
  ReminderFrequency: 6,
  NumberOfReminders: 7,
  SendConfirmationBefore: 8,
  SendReminder: 9,
  JobInterval: 10,
  /** Ours (spec 2 §9 counts no drives): roads are this many times the straight line, 1–3, two decimals. */
  RoadFactor: 11,
  /** Ours: the average speed of a drive between stops, km/h, 5–130. */
  TravelSpeed: 12,
  /** Ours: where the company's plumbers start and end their day (planning's base), latitude in degrees (WGS 84). */
  BaseLatitude: 13,
  /** Ours: the base's longitude in degrees; set together with BaseLatitude or not at all. */
  BaseLongitude: 14,
} as const;
export type SettingTypeId = (typeof SettingType)[keyof typeof SettingType];
export const SETTING_TYPE_IDS: readonly SettingTypeId[] = Object.values(SettingType);
export const SETTING_TYPE_NAMES: Record<SettingTypeId, string> = Object.fromEntries(
  Object.entries(SettingType).map(([name, id]) => [id, name]),
) as Record<SettingTypeId, string>;

export function isSettingType(id: number): id is SettingTypeId {
  return (SETTING_TYPE_IDS as readonly number[]).includes(id);
}

/** Default job duration setting per job type (job type ids equal these setting ids: 1, 2, 3). */
export const DURATION_SETTING_TYPES = [SettingType.Install, SettingType.Replace, SettingType.Dismantle] as const;
/** A default duration is at least a minute and at most a working day (06:00–18:00). */
export const JOB_DURATION_MAX_MINUTES = 720;
/** Job interval choices in minutes; 0 is "none" (spec 3 §9). */
export const JOB_INTERVAL_CHOICES = [0, 15, 30, 45, 60] as const;
/** Reminder/notification interval choices in minutes; 0 is "Disabled" (spec 3 §9). */
export const REMINDER_INTERVAL_CHOICES = [0, 15, 30, 45, 60, 75, 90] as const;
/** The confirmation SMS goes this many hours before the agreed time (spec 3 §2, fixed). */
export const CONFIRMATION_HOURS_BEFORE = 24;
/** Longest stored setting value ("true", "1.25", "720"). */
export const SETTING_VALUE_MAX_LENGTH = 10;

/**
 * Which form each setting type belongs to. The reminder frequency is kept in hours with up to two
 * decimals and one leading digit (spec 3 §5): the offered intervals 15…90 minutes are 0.25…1.5 h,
 * which is how both of the spec's rules for it hold at once.
 */
type SettingKind = 'duration' | 'digit' | 'switch' | 'jobInterval' | 'reminderFrequency' | 'roadFactor' | 'travelSpeed' | 'latitude' | 'longitude';
const KIND: Record<SettingTypeId, SettingKind> = {
  [SettingType.Install]: 'duration',
  [SettingType.Replace]: 'duration',
  [SettingType.Dismantle]: 'duration',
  [SettingType.ErrorThreshold]: 'digit',
  [SettingType.NoReplyAutoJobCreation]: 'switch',
  [SettingType.ReminderFrequency]: 'reminderFrequency',
  [SettingType.NumberOfReminders]: 'digit',
  [SettingType.SendConfirmationBefore]: 'switch',
  [SettingType.SendReminder]: 'switch',
  [SettingType.JobInterval]: 'jobInterval',
  [SettingType.RoadFactor]: 'roadFactor',
  [SettingType.TravelSpeed]: 'travelSpeed',
  [SettingType.BaseLatitude]: 'latitude',
  [SettingType.BaseLongitude]: 'longitude',
};

/**
 * How the company counts a drive (the layout's travel model), from its settings' values by type: each
 * valid, set value, else DEFAULT_TRAVEL's.
 */
export function travelOf(value: (typeId: SettingTypeId) => string | undefined): TravelModel {
  const of = (typeId: SettingTypeId, fallback: number) => {
    const v = value(typeId);
    return v !== undefined && settingValueError(typeId, v) === null && !isUnsetValue(v) ? Number(v) : fallback;
  };
  return { roadFactor: of(SettingType.RoadFactor, DEFAULT_TRAVEL.roadFactor), speedKmh: of(SettingType.TravelSpeed, DEFAULT_TRAVEL.speedKmh) };
}

/** The bounds of the drive settings: a road factor from the straight line to thrice it, a speed from walking pace to motorway. */
export const ROAD_FACTOR_RANGE = { min: 1, max: 3 } as const;
export const TRAVEL_SPEED_RANGE = { min: 5, max: 130 } as const;
/** The base lies in Norway (the utilities we serve): mainland and islands, with a margin. Six decimals are about 0.1 m. */
export const BASE_LATITUDE_RANGE = { min: 57, max: 72 } as const;
export const BASE_LONGITUDE_RANGE = { min: 4, max: 32 } as const;

/**
 * The company's base (settings BaseLatitude and BaseLongitude) when both are set and valid, else null:
 * planning then lays each day from the base and back (layout.ts LayoutOptions.base).
 */
export function baseOf(value: (typeId: SettingTypeId) => string | undefined): GeoPoint | null {
  const lat = value(SettingType.BaseLatitude);
  const lng = value(SettingType.BaseLongitude);
  const ok = (typeId: SettingTypeId, v: string | undefined): v is string => v !== undefined && !isUnsetValue(v) && settingValueError(typeId, v) === null;
  return ok(SettingType.BaseLatitude, lat) && ok(SettingType.BaseLongitude, lng) ? { lat: Number(lat), lng: Number(lng) } : null;
}

/** How many decimals of a degree a base keeps (about 0.1 m), as the settings' text allows. */
export const BASE_DECIMALS = 6;

/**
 * A plumber's own base (ours, issue 24 §4; users.base_latitude/base_longitude, PUT
 * /api/Users/userinformation): both coordinates or neither, inside the company base's ranges.
 * BaseNeedsBoth: one without the other; OutOfRange: a coordinate outside BASE_LATITUDE_RANGE or
 * BASE_LONGITUDE_RANGE (or not a finite number). Null: a base that may be saved (none is one).
 */
export function plumberBaseError(lat: number | null, lng: number | null): 'BaseNeedsBoth' | 'OutOfRange' | null {
  if ((lat === null) !== (lng === null)) return 'BaseNeedsBoth';
  if (lat === null || lng === null) return null;
  const inside = (v: number, r: { min: number; max: number }) => Number.isFinite(v) && v >= r.min && v <= r.max;
  return inside(lat, BASE_LATITUDE_RANGE) && inside(lng, BASE_LONGITUDE_RANGE) ? null : 'OutOfRange';
}

/**
 * Where a plumber's days start and end: their own base when both coordinates are set and valid, else
 * the company's (baseOf), else none. The one rule the page's facts, the batch and the calendar's drop
 * share (the server composes it into the week's facts, server/services/scheduling/week.ts).
 */
export function plumberBase(own: { baseLatitude?: number | null; baseLongitude?: number | null } | null | undefined, company: GeoPoint | null): GeoPoint | null {
  const lat = own?.baseLatitude ?? null;
  const lng = own?.baseLongitude ?? null;
  return lat !== null && lng !== null && plumberBaseError(lat, lng) === null ? { lat, lng } : company;
}

/**
 * A plumber's base as typed in their edit form (a comma or a point as the decimal sign), checked as the
 * company's base fields are (settingValueError, then both or neither; empty or 0 is none): the base to
 * send, or the first field in error and why.
 */
export function plumberBaseOfForm(latitude: string, longitude: string):
  | { ok: true; baseLatitude: number | null; baseLongitude: number | null }
  | { ok: false; field: 'baseLatitude' | 'baseLongitude'; error: SettingError } {
  const fields = [['baseLatitude', SettingType.BaseLatitude, latitude.replace(',', '.')], ['baseLongitude', SettingType.BaseLongitude, longitude.replace(',', '.')]] as const;
  for (const [field, typeId, text] of fields) {
    const error = settingValueError(typeId, text);
    if (error) return { ok: false, field, error };
  }
  const [lat, lng] = fields.map(([, , text]) => (isUnsetValue(text) ? null : Number(text)));
  if ((lat === null) !== (lng === null)) return { ok: false, field: lat === null ? 'baseLatitude' : 'baseLongitude', error: 'BaseNeedsBoth' };
  return { ok: true, baseLatitude: lat, baseLongitude: lng };
}

/**
 * The base is both coordinates or neither (a base with one coordinate is nowhere): the setting types
 * that are missing given the values by type; empty when both or neither are set.
 */
export function missingBaseSettings(values: SettingsForm): SettingTypeId[] {
  const set = (typeId: SettingTypeId) => {
    const v = values[typeId];
    return v !== undefined && !isUnsetValue(v);
  };
  const lat = set(SettingType.BaseLatitude);
  const lng = set(SettingType.BaseLongitude);
  if (lat === lng) return [];
  return [lat ? SettingType.BaseLongitude : SettingType.BaseLatitude];
}

/** Reminder frequency value (hours) of an interval in minutes: 15 -> "0.25", 60 -> "1", 0 -> "0". */
export function reminderMinutesToValue(minutes: number): string {
  return String(Math.round((minutes / 60) * 100) / 100);
}

/** Interval in minutes of a stored reminder frequency, or 0 when it is not one of the choices. */
export function reminderValueToMinutes(value: string | undefined): number {
  const minutes = Math.round(Number(value ?? '0') * 60);
  return (REMINDER_INTERVAL_CHOICES as readonly number[]).includes(minutes) ? minutes : 0;
}

/**
 * 0, an empty value or false: the setting is not set (spec 3 §4), so it is deleted or not created.
 * Only for a value that settingValueError accepts: anything else (a space, "abc") is not a value at
 * all and must never be read as "not set".
 */
export function isUnsetValue(value: string): boolean {
  if (value === '' || value === 'false') return true;
  return /^\d+(\.\d+)?$/.test(value) && Number(value) === 0;
}

/**
 * Why a value is not valid for its setting type (spec 3 §5), or null. The value is taken exactly as
 * typed: only the empty string is a clear, so a stray space or "abc" is InvalidInput, never "not set".
 * A value that means "not set" is valid here (the save plan deletes it); callers that store values
 * check isUnsetValue as well.
 * InvalidInput: the spec's error (shown with PleaseTryAgain); DurationMustBePositive: a duration of 0
 * or less; InvalidChoice: an interval that is not among the offered ones; OutOfRange: a drive or base setting
 * outside ROAD_FACTOR_RANGE, TRAVEL_SPEED_RANGE or the base's ranges; BaseNeedsBoth: one of the base's
 * coordinates without the other (a form's rule, missingBaseSettings).
 */
export type SettingError = 'InvalidInput' | 'DurationMustBePositive' | 'InvalidChoice' | 'ReminderNeedsValue' | 'OutOfRange' | 'BaseNeedsBoth';

export function settingValueError(settingTypeId: SettingTypeId, value: string): SettingError | null {
  if (value.length > SETTING_VALUE_MAX_LENGTH) return 'InvalidInput';
  if (value === '') return null;
  switch (KIND[settingTypeId]) {
    case 'duration':
      if (!/^-?\d+$/.test(value)) return 'InvalidInput';
      if (Number(value) <= 0) return 'DurationMustBePositive';
      return Number(value) > JOB_DURATION_MAX_MINUTES ? 'InvalidInput' : null;
    case 'digit':
      return /^\d$/.test(value) ? null : 'InvalidInput';
    case 'switch':
      return value === 'true' || value === 'false' ? null : 'InvalidInput';
    case 'jobInterval':
      if (!/^\d+$/.test(value)) return 'InvalidInput';
      return (JOB_INTERVAL_CHOICES as readonly number[]).includes(Number(value)) ? null : 'InvalidChoice';
    case 'roadFactor': {
      // Stored with a point; the form turns a typed comma (the Norwegian decimal sign) into one.
      if (!/^\d(\.\d{1,2})?$/.test(value)) return 'InvalidInput';
      const n = Number(value);
      return n === 0 || (n >= ROAD_FACTOR_RANGE.min && n <= ROAD_FACTOR_RANGE.max) ? null : 'OutOfRange';
    }
    case 'travelSpeed': {
      if (!/^\d{1,3}$/.test(value)) return 'InvalidInput';
      const n = Number(value);
      return n === 0 || (n >= TRAVEL_SPEED_RANGE.min && n <= TRAVEL_SPEED_RANGE.max) ? null : 'OutOfRange';
    }
    case 'latitude':
    case 'longitude': {
      // Degrees with a point (the form turns a typed comma into one), at most six decimals.
      if (!/^\d{1,2}(\.\d{1,6})?$/.test(value)) return 'InvalidInput';
      const n = Number(value);
      const range = KIND[settingTypeId] === 'latitude' ? BASE_LATITUDE_RANGE : BASE_LONGITUDE_RANGE;
      return n === 0 || (n >= range.min && n <= range.max) ? null : 'OutOfRange';
    }
    case 'reminderFrequency': {
      if (!/^\d(\.\d{1,2})?$/.test(value)) return 'InvalidInput';
      const minutes = Number(value) * 60;
      return (REMINDER_INTERVAL_CHOICES as readonly number[]).includes(minutes) ? null : 'InvalidChoice';
    }
  }
}

/**
 * Reminders on need something to send: a frequency and a count other than 0 (spec 3 §4 resets both
 * when reminders go off, so "on" with either unset sends nothing). Answers the setting types that
 * are missing, given the values (stored or in a form) by type; empty while reminders are off.
 */
export function missingReminderSettings(values: SettingsForm): SettingTypeId[] {
  if (values[SettingType.SendReminder] !== 'true') return [];
  return [SettingType.ReminderFrequency, SettingType.NumberOfReminders].filter((typeId) => {
    const value = values[typeId] ?? '';
    return settingValueError(typeId, value) !== null || isUnsetValue(value);
  });
}

/** What the error threshold field keeps of typed input: one digit, anything else becomes empty (spec 3 §5). */
export function sanitizeDigitInput(input: string): string {
  return /^\d$/.test(input) ? input : '';
}

export interface SavedSetting {
  id: number;
  settingTypeId: number;
  value: string;
}

/** A form's values by setting type; types the form does not hold are left alone by its save. */
export type SettingsForm = Partial<Record<SettingTypeId, string>>;

export interface SettingsSavePlan {
  create: { settingTypeId: SettingTypeId; value: string }[];
  update: { id: number; value: string }[];
  delete: number[];
}

/**
 * The writes a form's save makes (spec 3 §4): a changed non-empty value of a saved setting is updated,
 * a new non-empty value is created, a saved setting whose value became 0, empty or false is deleted,
 * a new value of 0, empty or false creates nothing, and an unchanged value writes nothing.
 */
export function planSettingsSave(saved: readonly SavedSetting[], form: SettingsForm): SettingsSavePlan {
  const plan: SettingsSavePlan = { create: [], update: [], delete: [] };
  for (const typeId of SETTING_TYPE_IDS) {
    const value = form[typeId];
    // An invalid value writes nothing: it is refused (firstFormError), never taken for a clear.
    if (value === undefined || settingValueError(typeId, value)) continue;
    const existing = saved.find((s) => s.settingTypeId === typeId);
    if (isUnsetValue(value)) {
      if (existing) plan.delete.push(existing.id);
    } else if (!existing) {
      plan.create.push({ settingTypeId: typeId, value });
    } else if (existing.value !== value) {
      plan.update.push({ id: existing.id, value });
    }
  }
  return plan;
}

export const isEmptyPlan = (plan: SettingsSavePlan) => !plan.create.length && !plan.update.length && !plan.delete.length;

/** The form values of saved settings for the given types ("" where a setting is not saved). */
export function formFromSettings(saved: readonly SavedSetting[], types: readonly SettingTypeId[]): Record<SettingTypeId, string> {
  const form = {} as Record<SettingTypeId, string>;
  for (const typeId of types) form[typeId] = saved.find((s) => s.settingTypeId === typeId)?.value ?? '';
  return form;
}

/**
 * A form differs from what is saved when its save would write anything, or when it holds a value that
 * is not valid (save is enabled then, and refuses it with the field's error).
 */
export function formDiffers(saved: readonly SavedSetting[], form: SettingsForm): boolean {
  return !isEmptyPlan(planSettingsSave(saved, form))
    || SETTING_TYPE_IDS.some((typeId) => form[typeId] !== undefined && settingValueError(typeId, form[typeId]) !== null);
}

/** Turning reminders off resets their count and frequency to 0 (spec 3 §4). */
export function withSendReminder(form: SettingsForm, enabled: boolean): SettingsForm {
  if (enabled) return { ...form, [SettingType.SendReminder]: 'true' };
  return { ...form, [SettingType.SendReminder]: 'false', [SettingType.NumberOfReminders]: '0', [SettingType.ReminderFrequency]: '0' };
}

/** What is wrong with a field of a form: its value, reminders on without it (missingReminderSettings), or half a base (missingBaseSettings). */
export function formFieldError(form: SettingsForm, typeId: SettingTypeId): SettingError | null {
  const value = form[typeId];
  if (value === undefined) return null;
  return settingValueError(typeId, value)
    ?? (missingReminderSettings(form).includes(typeId) ? 'ReminderNeedsValue' : null)
    ?? (missingBaseSettings(form).includes(typeId) ? 'BaseNeedsBoth' : null);
}

/** The first invalid field of a form, by setting type, or null. */
export function firstFormError(form: SettingsForm): { settingTypeId: SettingTypeId; error: SettingError } | null {
  for (const typeId of SETTING_TYPE_IDS) {
    const error = formFieldError(form, typeId);
    if (error) return { settingTypeId: typeId, error };
  }
  return null;
}

/**
 * An alphanumeric SMS sender id: 3 to 11 of A–Z, a–z, 0–9 and space, with at least one letter (all
 * digits would be read as a phone number; æøå, '.', '-' are refused by operators). A longer name is
 * refused, never cut.
 */
export const SMS_SENDER_PATTERN = '^[A-Za-z0-9 ]*[A-Za-z][A-Za-z0-9 ]*$';
export const SMS_SENDER_MIN_LENGTH = 3;
export const SMS_SENDER_MAX_LENGTH = 11;

export function isValidSmsSender(name: string): boolean {
  return name.length >= SMS_SENDER_MIN_LENGTH && name.length <= SMS_SENDER_MAX_LENGTH && new RegExp(SMS_SENDER_PATTERN).test(name);
}
/** The company phone merged into texts: digits with spaces, optionally after '+'. */
export const COMPANY_PHONE_PATTERN = '^\\+?[0-9][0-9 ]{6,18}$';
export const COMPANY_NAME_MAX_LENGTH = 60;

// ---- SMS templates ----

/** Notification types an SMS template is for (ours: the spec names the messages, not their ids). */
export const NotificationTemplateType = { AppointmentNotice: 1, Reminder: 2, Confirmation: 3, Cancellation: 4 } as const;
export type NotificationTemplateTypeId = (typeof NotificationTemplateType)[keyof typeof NotificationTemplateType];
export const NOTIFICATION_TEMPLATE_TYPE_IDS: readonly NotificationTemplateTypeId[] = Object.values(NotificationTemplateType);
/** The key of each type's sample template (Cancel is the key the cancellation dialog asks for, spec 2 §3). */
export const SAMPLE_TEMPLATE_KEYS: Record<NotificationTemplateTypeId, string> = {
  1: 'Notice', 2: 'Reminder', 3: 'Confirmation', 4: 'Cancel',
};
/** Longest template text (several SMS; the counter shows what it costs). */
export const TEMPLATE_TEXT_MAX_LENGTH = 1000;
/** Test SMS a company may send in any hour (POST /api/NotificationTemplate/{id}/test; more: 429). */
export const TEST_SMS_PER_HOUR = 10;
/** Template keys: a letter, then letters, digits, '-' or '_'. */
export const TEMPLATE_KEY_PATTERN = '^[A-Za-z][A-Za-z0-9_-]{0,63}$';

/** Merge fields (spec 3 §2): `token` is what the template text holds; `name` is its i18n key and API name. */
export const MergeField = {
  Date: { id: 1, name: 'Date', token: '#Date#' },
  TimeRange: { id: 2, name: 'TimeRange', token: '#TimeRange#' },
  CompanyName: { id: 3, name: 'CompanyName', token: '#CompanyName#' },
  CompanyPhone: { id: 4, name: 'CompanyPhone', token: '#CompanyPhone#' },
  MeterAddress: { id: 5, name: 'MeterAddress', token: '#MeterAddress#' },
} as const;
export type MergeFieldName = keyof typeof MergeField;
export interface MergeFieldDef { id: number; name: MergeFieldName; token: string }

const ALL_FIELDS: MergeFieldDef[] = Object.values(MergeField);
/** The merge fields each notification type offers: every message names when, where and who. */
export const MERGE_FIELDS_BY_TYPE: Record<NotificationTemplateTypeId, readonly MergeFieldDef[]> = {
  1: ALL_FIELDS, 2: ALL_FIELDS, 3: ALL_FIELDS, 4: ALL_FIELDS,
};

export type MergeValues = Partial<Record<MergeFieldName, string>>;

/**
 * Example values of the merge fields that belong to an appointment (date, time range, meter address).
 * The template preview in the settings and the test SMS the server sends (POST
 * /api/NotificationTemplate/{id}/test) both use these, with the company's real name and phone
 * (exampleMergeValues), so the test message costs what the preview's counter shows. The time range
 * has a plain hyphen: an en dash would make every message UCS-2 (src/domain/sms/segments.ts).
 */
export const TEMPLATE_EXAMPLE_VALUES = {
  Date: '15.03.2027',
  TimeRange: '08:00-10:00',
  MeterAddress: 'Eksempelveien 12, 1338 Sandvika',
} as const satisfies MergeValues;

/** The merge values of a template's preview and test SMS: the examples plus the company's name and phone. */
export function exampleMergeValues(companyName: string, companyTelephone: string): MergeValues {
  return { ...TEMPLATE_EXAMPLE_VALUES, CompanyName: companyName, CompanyPhone: companyTelephone };
}

/**
 * The message a template gives with these values. A field without a value keeps its token, so a
 * preview shows where it goes and a sender can see that something was missing.
 */
export function renderTemplate(text: string, values: MergeValues): string {
  // One pass over the template: a value that itself looks like a token (a company named "#Date#")
  // is put in as it is, never replaced again.
  const byToken = new Map(ALL_FIELDS.map((field) => [field.token, values[field.name]]));
  const pattern = new RegExp(ALL_FIELDS.map((field) => field.token.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|'), 'g');
  return text.replace(pattern, (token) => byToken.get(token) ?? token);
}

/**
 * Puts a token at the caret, or over the selected text (spec 3 §2), and answers the new text and
 * the caret position right after the token.
 */
export function insertAtSelection(text: string, start: number, end: number, token: string): { text: string; caret: number } {
  const from = Math.max(0, Math.min(start, end, text.length));
  const to = Math.min(text.length, Math.max(start, end, from));
  return { text: text.slice(0, from) + token + text.slice(to), caret: from + token.length };
}

// ---- what a template costs with the company's real addresses ----

/**
 * The company's meter addresses at the extremes of what they cost in an SMS (GET
 * /api/MergeField/meterAddressRange): the shortest and the longest in GSM-7 septets, and the longest
 * of those GSM-7 cannot carry (one of them turns that message into UCS-2). Null: no such address.
 */
export interface MeterAddressRange {
  addressCount: number;
  shortest: string | null;
  longest: string | null;
  longestNonGsm: string | null;
}

export function meterAddressRange(addresses: Iterable<string>): MeterAddressRange {
  const range: MeterAddressRange = { addressCount: 0, shortest: null, longest: null, longestNonGsm: null };
  let shortest = Infinity;
  let longest = -1;
  let longestNonGsm = -1;
  for (const address of addresses) {
    range.addressCount++;
    const count = countSms(address);
    if (count.encoding === 'UCS-2') {
      if (count.characters > longestNonGsm) [longestNonGsm, range.longestNonGsm] = [count.characters, address];
      continue;
    }
    if (count.characters < shortest) [shortest, range.shortest] = [count.characters, address];
    if (count.characters > longest) [longest, range.longest] = [count.characters, address];
  }
  return range;
}

export interface TemplateCost {
  /** The cheapest and the dearest message over the addresses (the same when they cost alike). */
  min: SmsCount;
  max: SmsCount;
  /** An address GSM-7 cannot carry, when the text has the address in it, with those characters. */
  nonGsmAddress: { address: string; characters: string[] } | null;
}

const dearer = (a: SmsCount, b: SmsCount) => a.segments - b.segments || b.remainingInSegment - a.remainingInSegment;

/**
 * What a template's message costs with real values: the date (dd.MM.yyyy) and time range (HH:mm-HH:mm)
 * always have the length of their examples, the company name and phone are the company's, and the
 * meter address is each of the company's extremes (without any, the example address).
 */
export function templateCost(text: string, values: MergeValues, range: MeterAddressRange | null): TemplateCost {
  const addresses = [range?.shortest, range?.longest, range?.longestNonGsm].filter((a): a is string => !!a);
  const counts = (addresses.length ? addresses : [values.MeterAddress ?? '']).map((MeterAddress) => countSms(renderTemplate(text, { ...values, MeterAddress })));
  counts.sort(dearer);
  const usesAddress = text.includes(MergeField.MeterAddress.token);
  const nonGsm = usesAddress && range?.longestNonGsm ? range.longestNonGsm : null;
  return {
    min: counts[0], max: counts[counts.length - 1],
    nonGsmAddress: nonGsm ? { address: nonGsm, characters: countSms(nonGsm).ucs2Culprits } : null,
  };
}
