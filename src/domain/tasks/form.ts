/**
 * The task forms' rules (spec 1 §5 "Task forms"), once for the device (the forms) and the server (a
 * sent report is checked again there): the single rules and the form values here, what a report must
 * contain composed of them in tasks/reportRules.ts. Pure functions over plain values; dates compare by
 * calendar day in Norway ("dates compare at midnight").
 */
import { osloDay } from '../time/oslo';
import { WaterType, YesNoUnknown } from '../enums';
import { hasObstacleCause, type DeviationCause } from '../reports/status';
import type { WaterMeter } from '../schemas/waterMeters';

/** The model's pattern when it has none: six or more of letters, digits, _ and -, with a digit. */
export const DEFAULT_SERIAL_PATTERN = /^(?=.*\d)[A-Za-z0-9_-]{6,}$/;
/** The hint after 'Feil vannmålernummer, ' when a model has no example text. */
export const DEFAULT_SERIAL_EXAMPLE = 'Eksempel: 0032548';
/** Old-meter last reading: at most this many characters. */
export const OLD_READING_MAX_LENGTH = 8;
/** Longest serial number a form takes (generous: the longest model pattern is 11). */
export const SERIAL_MAX_LENGTH = 50;
/** Highest reading a form object holds (the meter models count at most 9 digits; the rules check the model's). */
export const READING_MAX = 9_999_999_999;
/** Photos one form list holds (per meter, or of a deviation). */
export const FORM_IMAGES_MAX = 50;
/** A placement comment's length. */
export const PLACEMENT_COMMENT_MAX_LENGTH = 500;
/** Causes one "not carried out" report names. */
export const DEVIATION_CAUSES_MAX = 50;

export interface MeterModelRules {
  numberOfDigits?: number | null;
  serialNumberRegex?: string | null;
  serialNumberRegexInfo?: string | null;
}

/** Serial numbers are upper-cased on input. */
export const normalizeSerial = (serial: string) => serial.trim().toUpperCase();

/** Checks a serial against the model's pattern (or the default one). Empty is the form's "required" rule, not this one's. */
export function serialMatchesModel(serial: string, model: MeterModelRules | null | undefined): boolean {
  if (serial === '') return true;
  if (serial.length > SERIAL_MAX_LENGTH) return false;
  let pattern = DEFAULT_SERIAL_PATTERN;
  if (model?.serialNumberRegex) {
    try {
      pattern = new RegExp(model.serialNumberRegex);
    } catch {
      pattern = DEFAULT_SERIAL_PATTERN;
    }
  }
  return pattern.test(serial);
}

/** The hint shown with a wrong serial: the model's example, or the default one. */
export const serialExample = (model: MeterModelRules | null | undefined) => model?.serialNumberRegexInfo || DEFAULT_SERIAL_EXAMPLE;

const asNumber = (v: unknown): number | null => {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && /^\s*\d+([.,]\d+)?\s*$/.test(v)) return Number(v.replace(',', '.'));
  return null;
};

/** New-meter last reading: a number above 0 whose whole part has no more digits than the model's counter. */
export function newReadingValid(value: unknown, model: MeterModelRules | null | undefined): boolean {
  const n = asNumber(value);
  if (n === null || n <= 0) return false;
  const digits = String(Math.trunc(n)).length;
  return !model?.numberOfDigits || digits <= model.numberOfDigits;
}

/** Old-meter last reading: numeric, at most 8 characters, not zero. */
export function oldReadingValid(value: unknown): boolean {
  const text = typeof value === 'number' ? String(value) : typeof value === 'string' ? value.trim() : '';
  if (text === '' || text.length > OLD_READING_MAX_LENGTH) return false;
  const n = asNumber(text);
  return n !== null && n !== 0;
}

const toDate = (v: unknown): Date | null => {
  if (v instanceof Date) return Number.isNaN(v.getTime()) ? null : v;
  if (typeof v !== 'string' || v === '') return null;
  const d = new Date(v);
  return Number.isNaN(d.getTime()) ? null : d;
};

/** Installed and dismantled dates cannot be in the future (by day). */
export function notInFuture(value: unknown, now = new Date()): boolean {
  const d = toDate(value);
  return d !== null && osloDay(d) <= osloDay(now);
}

/** ErrorDismantleDate: the old meter cannot come out after the new one went in (by day). */
export function dismantleAfterInstall(dismantled: unknown, installed: unknown): boolean {
  const a = toDate(dismantled);
  const b = toDate(installed);
  return a !== null && b !== null && osloDay(a) > osloDay(b);
}

/** Earlier dismantle than install: allowed, after the user confirms (spec 1 §5). */
export function dismantleBeforeInstall(dismantled: unknown, installed: unknown): boolean {
  const a = toDate(dismantled);
  const b = toDate(installed);
  return a !== null && b !== null && osloDay(a) < osloDay(b);
}

/** A required form answer: set, and not an empty string. */
export const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

export { causesNeedImages, reportedTaskStatus, type DeviationCause } from '../reports/status';

/** The "not carried out" view's values (spec 1 §2 Task details, §5 "Deviation send"). */
export interface DeviationFormValues {
  causeIds: number[];
  note: string;
}

/** The view's starting values: what a saved draft or an earlier report holds. */
export function initialDeviationValues(details: unknown): DeviationFormValues {
  const d = (details && typeof details === 'object' ? details : {}) as { note?: unknown; deviationList?: unknown };
  const causeIds = Array.isArray(d.deviationList)
    ? d.deviationList.map((c) => (typeof c === 'number' ? c : (c as { id?: unknown } | null)?.id)).filter((id): id is number => typeof id === 'number')
    : [];
  return { causeIds, note: typeof d.note === 'string' ? d.note : '' };
}

/** The task's additionalDetailsRequest for these values and the photos the report lists. */
export function deviationDetails(values: DeviationFormValues, causes: readonly DeviationCause[], images: unknown[]) {
  const chosen = causes.filter((c) => values.causeIds.includes(c.id));
  return {
    obstacle: hasObstacleCause(chosen),
    note: values.note,
    deviationList: chosen.map((c) => ({ id: c.id, value: c.value ?? '', deviationType: c.deviationType })),
    deviationImages: formImages(images),
  };
}

// ---------------------------------------------------------------- the meter forms (spec 1 §3, §5)

/** A meter model as the reference list gives it (the fields the forms use). */
export interface MeterModel extends MeterModelRules {
  id: number;
  name: string;
  /** Water types: cold 0, hot 1, cold-and-hot 2. */
  waterTypeId?: number | null;
  directions?: { id: number; name: string }[];
}

type YesNo = 1 | 2 | 3;

/** The new-meter form's values (spec 1 §3 "New water meter"); text fields as typed. */
export interface NewMeterValues {
  meterModelId: number | null;
  serialNo: string;
  lastMeterReading: string;
  installedDate: string | null;
  brackets: boolean | null;
  maxConstructionLength: number | null;
  directionId: number | null;
  hasUpstreamStopValve: boolean | null;
  hasDownstreamStopValve: boolean | null;
  hasBackflowProtection: YesNo | null;
  liquidCategory: number | null;
  backflowProtectionType: number | null;
  hasUpstreamWaterMeter: YesNo | null;
  hasDownstreamWaterMeter: YesNo | null;
  upstreamMeterSerialNumber: string;
  upstreamMeterLastReading: string;
  upstreamMeterInstalledDate: string | null;
  placementId: number | null;
  placementComment: string;
  waterType: number;
}

/** The old-meter form's values: what the plumber enters; the rest comes from the meter register. */
export interface OldMeterValues {
  dismantledDate: string | null;
  lastMeterReading: string;
  comment: string;
}

type Obj = Record<string, unknown>;
const o = (v: unknown): Obj => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : {});
const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const numOrNull = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null);
const boolOrNull = (v: unknown) => (typeof v === 'boolean' ? v : null);
const yesNo = (v: unknown): YesNo | null => (v === 1 || v === 2 || v === 3 ? v : null);
const dateOrNull = (v: unknown) => (typeof v === 'string' && v !== '' ? v : null);

export function initialNewMeter(obj: unknown, fallbackPlacement: number | null = null): NewMeterValues {
  const n = o(obj);
  return {
    meterModelId: numOrNull(n.meterModelId),
    serialNo: str(n.serialNo),
    lastMeterReading: str(n.lastMeterReading),
    installedDate: dateOrNull(n.installedDate),
    brackets: boolOrNull(n.brackets),
    maxConstructionLength: numOrNull(n.maxConstructionLength),
    directionId: numOrNull(n.directionId),
    hasUpstreamStopValve: boolOrNull(n.hasUpstreamStopValve),
    hasDownstreamStopValve: boolOrNull(n.hasDownstreamStopValve),
    hasBackflowProtection: yesNo(n.hasBackflowProtection),
    liquidCategory: numOrNull(n.liquidCategory),
    backflowProtectionType: numOrNull(n.backflowProtectionType),
    hasUpstreamWaterMeter: yesNo(n.hasUpstreamWaterMeter),
    hasDownstreamWaterMeter: yesNo(n.hasDownstreamWaterMeter),
    upstreamMeterSerialNumber: str(n.upstreamMeterSerialNumber),
    upstreamMeterLastReading: str(n.upstreamMeterLastReading),
    upstreamMeterInstalledDate: dateOrNull(n.upstreamMeterInstalledDate),
    placementId: numOrNull(n.placementId) ?? fallbackPlacement,
    placementComment: str(n.placementComment),
    // Spec 1 §3: cold water unless said otherwise.
    waterType: numOrNull(n.waterType) ?? WaterType.Cold,
  };
}

export function initialOldMeter(obj: unknown, notes: string | null): OldMeterValues {
  const d = o(obj);
  return { dismantledDate: dateOrNull(d.dismantledDate), lastMeterReading: str(d.lastMeterReading), comment: str(d.comment) || (notes ?? '') };
}

const toNumber = (text: string): number | null => {
  const t = text.trim().replace(',', '.');
  return t === '' || !/^\d+(\.\d+)?$/.test(t) ? null : Number(t);
};

/** A listed photo as the form objects hold it (spec 1 §3: text and url, with our asset id). */
export function formImages(images: unknown[]): { assetId?: string; text: string; url: string }[] {
  return images.map((image) => {
    const i = o(image);
    return { ...(typeof i.assetId === 'string' ? { assetId: i.assetId } : {}), text: str(i.text), url: str(i.url) };
  });
}

/** The new-meter object a draft or report sends. */
export function newMeterObject(v: NewMeterValues, images: unknown[]): Obj {
  const backflow = v.hasBackflowProtection === YesNoUnknown.Yes;
  return {
    ...v,
    serialNo: v.serialNo === '' ? null : normalizeSerial(v.serialNo),
    lastMeterReading: toNumber(v.lastMeterReading),
    liquidCategory: backflow ? v.liquidCategory : null,
    backflowProtectionType: backflow ? v.backflowProtectionType : null,
    upstreamMeterSerialNumber: v.upstreamMeterSerialNumber === '' ? null : normalizeSerial(v.upstreamMeterSerialNumber),
    upstreamMeterLastReading: toNumber(v.upstreamMeterLastReading),
    placementComment: v.placementComment || null,
    waterMeterImages: formImages(images),
  };
}

/** The old meter's fields from the meter register (spec 1 §3 "Old meter"), kept as they were. */
const REGISTER_FIELDS = [
  'waterMeterId', 'serialNo', 'waterType', 'address', 'dimension', 'placementId', 'placementComment', 'previousMeterReading',
  'previousMeterReadDate', 'iotKey', 'meterModelId', 'readerTypeId', 'waterMeterPointId', 'meteringMode',
] as const;

/** The old-meter object: the register's fields as they were, with what the plumber entered; the reading a number, as the new meter's. */
export function dismantleObject(previous: unknown, v: OldMeterValues, images: unknown[]): Obj {
  const register = o(previous);
  return {
    ...Object.fromEntries(REGISTER_FIELDS.filter((k) => k in register).map((k) => [k, register[k]])),
    dismantledDate: v.dismantledDate,
    lastMeterReading: toNumber(v.lastMeterReading),
    comment: v.comment || null,
    waterMeterImages: formImages(images),
  };
}

/** A field's problem as an i18n key (namespace jobs, under TaskForm.Errors) with its values. */
export interface FieldProblem {
  key: string;
  values?: Record<string, string | number>;
}
export type FormProblems<T> = Partial<Record<keyof T | 'images' | 'confirmImage', FieldProblem>>;

/** Spec 1 §5: an old-meter reading lower than the previous one is confirmed by the plumber. */
export function readingLowerThanPrevious(reading: string, previous: unknown): boolean {
  const now = toNumber(reading);
  return now !== null && typeof previous === 'number' && now < previous;
}

/** Spec 1 §5 water-type rule: the replaced meter's water type is one the chosen model does not take. */
export function modelLacksWaterType(model: MeterModel | null, replacedWaterType: unknown): boolean {
  if (!model || typeof replacedWaterType !== 'number') return false;
  const takes = model.waterTypeId ?? WaterType.Cold;
  return takes !== WaterType.ColdAndHot && takes !== replacedWaterType;
}

/** The fields of a property's meter (GET /api/WaterMeters) the old-meter form takes. */
type RegisterSource = Pick<WaterMeter, 'waterMeterId' | 'serialNo' | 'waterType' | 'address' | 'dimension' | 'placementId' | 'meterModelId'
  | 'readerTypeId' | 'waterMeterPointId' | 'lastMeterReading' | 'lastReadDate'>;

/** The old-meter object's register fields for a meter picked from the property's list (spec 1 §3). */
export function registerFromMeter(m: RegisterSource): Record<string, unknown> {
  return {
    waterMeterId: m.waterMeterId, serialNo: m.serialNo, waterType: m.waterType, address: m.address, dimension: m.dimension,
    placementId: m.placementId, placementComment: null, previousMeterReading: m.lastMeterReading, previousMeterReadDate: m.lastReadDate,
    iotKey: null, meterModelId: m.meterModelId, readerTypeId: m.readerTypeId, waterMeterPointId: m.waterMeterPointId, meteringMode: null,
  };
}

/**
 * Spec 1 §4: the old-meter picker is for a task not yet started; not for one in progress, one tied
 * to a schedule item, or a deviation task of a replacement job.
 */
export function oldMeterPickable(task: { statusId: number; scheduleItemId: number | null }, jobTypeId: number): boolean {
  if (task.scheduleItemId != null) return false;
  if (task.statusId === 2) return false;
  if (jobTypeId === 2 && task.statusId === 9) return false;
  return task.statusId === 1;
}
