/**
 * The task forms' rules (spec 1 §5 "Task forms"), once for the device (the forms) and the server (a
 * sent report is checked again there). Pure functions over plain values; dates compare by calendar
 * day in Norway ("dates compare at midnight").
 */

import { DeviationType, TaskStatus } from './enums';

/** The model's pattern when it has none: six or more of letters, digits, _ and -, with a digit. */
export const DEFAULT_SERIAL_PATTERN = /^(?=.*\d)[A-Za-z0-9_-]{6,}$/;
/** The hint after 'Feil vannmålernummer, ' when a model has no example text. */
export const DEFAULT_SERIAL_EXAMPLE = 'Eksempel: 0032548';
/** Old-meter last reading: at most this many characters. */
export const OLD_READING_MAX_LENGTH = 8;
/** Longest serial number a form takes (generous: the longest model pattern is 11). */
export const SERIAL_MAX_LENGTH = 50;

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

/** The calendar day (yyyy-mm-dd) of an instant in Norway. */
export function osloDay(date: Date): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Oslo', year: 'numeric', month: '2-digit', day: '2-digit' }).format(date);
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

/** Yes/No/Unknown answers (spec 1 §3). */
export const YesNoUnknown = { Yes: 1, No: 2, Unknown: 3 } as const;

/** A required form answer: set, and not an empty string. */
export const isSet = (v: unknown) => v !== undefined && v !== null && v !== '';

/** A cause of a "not carried out" report (the Deviation list; spec 1 §3 "Deviation item"). */
export interface DeviationCause {
  id: number;
  value?: string;
  /** DeviationType: Deviation 0, Obstacle 1. */
  deviationType: number;
}

/**
 * The task's status after a sent report (spec 1 §4): Completed without causes; with causes,
 * Deviation when any chosen cause is of type deviation, else Obstacle. Device and server both.
 */
export function reportedTaskStatus(causes: readonly Pick<DeviationCause, 'deviationType'>[]): number {
  if (causes.length === 0) return TaskStatus.Completed;
  return causesNeedImages(causes) ? TaskStatus.Deviation : TaskStatus.Obstacle;
}

/** Images are required with a deviation report when any chosen cause is of type deviation. */
export function causesNeedImages(causes: readonly Pick<DeviationCause, 'deviationType'>[]): boolean {
  return causes.some((c) => c.deviationType === DeviationType.Deviation);
}

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

/** The task's additionalDetailsRequest for these values; photos already attached are kept. */
export function deviationDetails(values: DeviationFormValues, causes: readonly DeviationCause[], previous: unknown) {
  const chosen = causes.filter((c) => values.causeIds.includes(c.id));
  const images = (previous as { deviationImages?: unknown } | null)?.deviationImages;
  return {
    obstacle: chosen.length > 0 && !causesNeedImages(chosen),
    note: values.note,
    deviationList: chosen.map((c) => ({ id: c.id, value: c.value ?? '', deviationType: c.deviationType })),
    deviationImages: Array.isArray(images) ? images : [],
  };
}

export type DeviationProblem = 'NoCause' | 'ImagesRequired' | null;

/** Why the view cannot be sent yet: no cause, or a deviation cause without a photo. */
export function deviationProblem(values: DeviationFormValues, causes: readonly DeviationCause[], imageCount: number): DeviationProblem {
  const chosen = causes.filter((c) => values.causeIds.includes(c.id));
  if (chosen.length === 0) return 'NoCause';
  if (causesNeedImages(chosen) && imageCount === 0) return 'ImagesRequired';
  return null;
}
