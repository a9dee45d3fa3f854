/**
 * What a report must contain (spec 1 §5 "Task forms"), composed once: the task form checks its values
 * with it before sending, and the server checks a sent report (not a draft) with it again
 * (server/services/taskReport.ts). The form passes its typed text, the server the sent objects: every
 * rule reads loose values (a blank text is not an answer; a reading may be text or a number).
 * Problems are i18n keys (namespace jobs, TaskForm.Errors); the server turns the first into a 400.
 */
import { JobType, WaterType, YesNoUnknown } from '../enums';
import { causesNeedImages, type DeviationCause } from '../reports/status';
import {
  DEFAULT_SERIAL_EXAMPLE, DEFAULT_SERIAL_PATTERN, dismantleAfterInstall, isSet, newReadingValid, normalizeSerial, notInFuture,
  oldReadingValid, serialExample, serialMatchesModel,
  type DeviationFormValues, type FormProblems, type MeterModel, type NewMeterValues, type OldMeterValues,
} from './form';
import { meterFormsOf } from './report';

/** The new meter's answers every report needs (spec 1 §3 "New water meter"). */
export const NEW_METER_REQUIRED = [
  'meterModelId', 'serialNo', 'installedDate', 'lastMeterReading', 'brackets', 'directionId',
  'hasUpstreamStopValve', 'hasDownstreamStopValve', 'hasBackflowProtection',
] as const satisfies readonly (keyof NewMeterValues)[];
/** With backflow protection: its type and the liquid category. */
export const BACKFLOW_REQUIRED = ['backflowProtectionType', 'liquidCategory'] as const satisfies readonly (keyof NewMeterValues)[];
/** On an install job: whether there are meters up- and downstream. */
export const INSTALL_REQUIRED = ['hasUpstreamWaterMeter', 'hasDownstreamWaterMeter'] as const satisfies readonly (keyof NewMeterValues)[];

/** A form object's values as the form holds them or as a report sends them. */
export type Loose<T> = { readonly [K in keyof T]?: unknown };

const text = (v: unknown) => (typeof v === 'string' ? v.trim() : v === null || v === undefined ? '' : String(v));
/** An answer: set, and for text not blank. */
const answered = (v: unknown) => isSet(v) && text(v) !== '';

export interface NewMeterContext {
  model: MeterModel | null;
  /** New-meter serials of the job's other live tasks. */
  otherSerials: string[];
  /** Install jobs need the upstream and downstream answers. */
  isInstall: boolean;
  imageCount: number;
  /** The form's 'confirm image' box (spec 1 §5); the server has no such box and leaves it out. */
  confirmImage?: boolean;
  now?: Date;
}

/** Every rule of spec 1 §5 for the new meter; empty when it may be sent. */
export function newMeterProblems(v: Loose<NewMeterValues>, ctx: NewMeterContext): FormProblems<NewMeterValues> {
  const p: FormProblems<NewMeterValues> = {};
  const required = (k: keyof NewMeterValues) => { if (!answered(v[k])) p[k] = { key: 'Required' }; };
  NEW_METER_REQUIRED.forEach(required);
  const serial = normalizeSerial(text(v.serialNo));
  if (serial !== '' && !serialMatchesModel(serial, ctx.model)) p.serialNo = { key: 'InvalidSerial', values: { example: serialExample(ctx.model) } };
  else if (serial !== '' && ctx.otherSerials.some((s) => normalizeSerial(s) === serial)) p.serialNo = { key: 'NewWaterMeterSerialNumberIsInUse' };
  if (answered(v.installedDate) && !notInFuture(v.installedDate, ctx.now)) p.installedDate = { key: 'DateInFuture' };
  if (answered(v.lastMeterReading) && !newReadingValid(v.lastMeterReading, ctx.model)) {
    p.lastMeterReading = { key: 'NewReadingInvalid', values: { digits: ctx.model?.numberOfDigits ?? 8 } };
  }
  if (v.hasBackflowProtection === YesNoUnknown.Yes) BACKFLOW_REQUIRED.forEach(required);
  if (ctx.isInstall) INSTALL_REQUIRED.forEach(required);
  if (answered(v.upstreamMeterSerialNumber)) {
    if (!DEFAULT_SERIAL_PATTERN.test(normalizeSerial(text(v.upstreamMeterSerialNumber)))) {
      p.upstreamMeterSerialNumber = { key: 'InvalidSerial', values: { example: DEFAULT_SERIAL_EXAMPLE } };
    }
    if (!newReadingValid(v.upstreamMeterLastReading, null)) p.upstreamMeterLastReading = { key: 'NewReadingInvalid', values: { digits: 8 } };
  }
  if (ctx.model?.waterTypeId === WaterType.ColdAndHot && v.waterType === WaterType.ColdAndHot) p.waterType = { key: 'ChooseWaterType' };
  if (ctx.imageCount === 0) p.images = { key: 'NewMeterImageRequired' };
  else if (ctx.confirmImage === false) p.confirmImage = { key: 'ConfirmImageRequired' };
  return p;
}

export interface OldMeterContext {
  /** The new meter's installed date, on a replacement (ErrorDismantleDate). */
  installedDate: unknown;
  isDismantle: boolean;
  /** The task's notes: on a dismantle job they stand for the comment. */
  notes?: unknown;
  imageCount: number;
  now?: Date;
}

/** Every rule of spec 1 §5 for the old meter. */
export function oldMeterProblems(v: Loose<OldMeterValues>, ctx: OldMeterContext): FormProblems<OldMeterValues> {
  const p: FormProblems<OldMeterValues> = {};
  if (!answered(v.dismantledDate)) p.dismantledDate = { key: 'Required' };
  else if (!notInFuture(v.dismantledDate, ctx.now)) p.dismantledDate = { key: 'DateInFuture' };
  else if (answered(ctx.installedDate) && dismantleAfterInstall(v.dismantledDate, ctx.installedDate)) p.dismantledDate = { key: 'ErrorDismantleDate' };
  if (!answered(v.lastMeterReading)) p.lastMeterReading = { key: 'Required' };
  else if (!oldReadingValid(v.lastMeterReading)) p.lastMeterReading = { key: 'OldReadingInvalid' };
  if (ctx.isDismantle && !answered(v.comment) && !answered(ctx.notes)) p.comment = { key: 'CommentRequired' };
  if (ctx.imageCount === 0) p.images = { key: 'OldMeterImageRequired' };
  return p;
}

export type DeviationProblem = 'NoCause' | 'ImagesRequired' | null;

/** Why "not carried out" cannot be sent yet: no cause, or a deviation cause without a photo. */
export function deviationProblem(chosen: readonly Pick<DeviationCause, 'deviationType'>[], imageCount: number): DeviationProblem {
  if (chosen.length === 0) return 'NoCause';
  if (causesNeedImages(chosen) && imageCount === 0) return 'ImagesRequired';
  return null;
}

/** The causes of the reference list the view's values name. */
export const chosenCauses = (values: Pick<DeviationFormValues, 'causeIds'>, causes: readonly DeviationCause[]) =>
  causes.filter((c) => values.causeIds.includes(c.id));

export interface ReportContent {
  jobTypeId: number;
  newMeter: Loose<NewMeterValues>;
  oldMeter: Loose<OldMeterValues>;
  notes?: unknown;
}

export interface ReportFacts extends Omit<NewMeterContext, 'imageCount' | 'isInstall'> {
  newMeterImages: number;
  oldMeterImages: number;
}

/**
 * A report without causes: the meter forms its job type needs (meterFormsOf), each complete; on a
 * replacement the old meter cannot have come out after the new one went in.
 */
export function reportProblems(r: ReportContent, facts: ReportFacts) {
  const forms = meterFormsOf(r.jobTypeId);
  return {
    newMeter: forms.newMeter
      ? newMeterProblems(r.newMeter, { ...facts, isInstall: r.jobTypeId === JobType.Install, imageCount: facts.newMeterImages })
      : {},
    oldMeter: forms.oldMeter
      ? oldMeterProblems(r.oldMeter, {
        installedDate: forms.newMeter ? r.newMeter.installedDate : null, isDismantle: r.jobTypeId === JobType.Dismantle,
        notes: r.notes, imageCount: facts.oldMeterImages, now: facts.now,
      })
      : {},
  };
}
