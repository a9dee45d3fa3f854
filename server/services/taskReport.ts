/**
 * A sent report (not a draft) is checked against the task forms' rules (spec 1 §5) here too, with the
 * rules of src/domain/taskForm.ts: what the job type needs (new meter, old meter, or both), serials by
 * the model's pattern, readings, dates, images, and for a deviation report its causes and images.
 * A refusal is a 400 naming the field, and carries the spec's error name (`errorKey`) where it has one.
 */
import { eq } from 'drizzle-orm';
import { JobType } from '../../src/domain/enums';
import { meterFormsOf, type SentTask } from '../../src/domain/tasks/report';
import { MeterKind, ImageType } from '../../src/domain/media';
import {
  causesNeedImages, DEFAULT_SERIAL_PATTERN, dismantleAfterInstall, isSet, newReadingValid, normalizeSerial, notInFuture, oldReadingValid,
  serialExample, serialMatchesModel, YesNoUnknown, type MeterModelRules,
} from '../../src/domain/taskForm';
import { type jobs, mediaAssets, type tasks } from '../db/schema';
import { RuleError } from '../http/errors';
import { lookupItem } from './lookups';
import type { Tx } from '../db/tx';


type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const images = (v: unknown) => (Array.isArray(v) ? v.length : 0);

function require(o: Obj, names: string[], field: string) {
  for (const name of names) if (!isSet(o[name])) throw new RuleError(`${field}/${name}`, 'is required');
}

async function checkNewMeter(tx: Tx, job: typeof jobs.$inferSelect, task: typeof tasks.$inferSelect, others: (typeof tasks.$inferSelect)[], n: Obj, field: string) {
  require(n, ['meterModelId', 'serialNo', 'installedDate', 'lastMeterReading', 'brackets', 'directionId', 'hasUpstreamStopValve', 'hasDownstreamStopValve', 'hasBackflowProtection'], field);
  const model = Number.isInteger(n.meterModelId) ? await lookupItem(tx, 'watermetermodels', n.meterModelId as number) : null;
  if (!model) throw new RuleError(`${field}/meterModelId`, 'is not a known meter model');
  const rules = model as MeterModelRules;
  const serial = normalizeSerial(String(n.serialNo));
  if (!serialMatchesModel(serial, rules)) throw new RuleError(`${field}/serialNo`, `Feil vannmålernummer, ${serialExample(rules)}`, 'InvalidSerialNumber');
  const taken = others.some((t) => t.id !== task.id && !t.isDeleted && normalizeSerial(String(obj(t.newWaterMeterObj)?.serialNo ?? '')) === serial);
  if (taken) throw new RuleError(`${field}/serialNo`, 'is already used by another task of this job', 'NewWaterMeterSerialNumberIsInUse');
  if (!notInFuture(n.installedDate)) throw new RuleError(`${field}/installedDate`, 'must be a date not in the future');
  if (!newReadingValid(n.lastMeterReading, rules)) {
    throw new RuleError(`${field}/lastMeterReading`, `must be a number above 0 with at most ${rules.numberOfDigits ?? '?'} digits`);
  }
  if (n.hasBackflowProtection === YesNoUnknown.Yes) require(n, ['backflowProtectionType', 'liquidCategory'], field);
  if (isSet(n.liquidCategory) && !(Number.isInteger(n.liquidCategory) && (n.liquidCategory as number) >= 1 && (n.liquidCategory as number) <= 5)) {
    throw new RuleError(`${field}/liquidCategory`, 'must be 1 to 5');
  }
  if (job.typeId === JobType.Install) require(n, ['hasUpstreamWaterMeter', 'hasDownstreamWaterMeter'], field);
  if (isSet(n.upstreamMeterSerialNumber)) {
    if (!DEFAULT_SERIAL_PATTERN.test(normalizeSerial(String(n.upstreamMeterSerialNumber)))) {
      throw new RuleError(`${field}/upstreamMeterSerialNumber`, `Feil vannmålernummer, ${serialExample(null)}`, 'InvalidSerialNumber');
    }
    if (!newReadingValid(n.upstreamMeterLastReading, null)) throw new RuleError(`${field}/upstreamMeterLastReading`, 'must be a number above 0');
  }
  if (images(n.waterMeterImages) === 0 && (await imageCount(tx, task.id, { waterMeterType: MeterKind.New })) === 0) {
    throw new RuleError(`${field}/waterMeterImages`, 'must hold at least one image of the new meter');
  }
}

async function checkOldMeter(tx: Tx, job: typeof jobs.$inferSelect, task: typeof tasks.$inferSelect, d: Obj, n: Obj | null, notes: unknown, field: string) {
  require(d, ['dismantledDate', 'lastMeterReading'], field);
  if (!notInFuture(d.dismantledDate)) throw new RuleError(`${field}/dismantledDate`, 'must be a date not in the future');
  if (!oldReadingValid(d.lastMeterReading)) throw new RuleError(`${field}/lastMeterReading`, 'must be a number other than 0, at most 8 characters');
  if (n && dismantleAfterInstall(d.dismantledDate, n.installedDate)) {
    throw new RuleError(`${field}/dismantledDate`, 'must not be after the new meter\'s installed date', 'ErrorDismantleDate');
  }
  if (images(d.waterMeterImages) === 0 && (await imageCount(tx, task.id, { waterMeterType: MeterKind.Old })) === 0) {
    throw new RuleError(`${field}/waterMeterImages`, 'must hold at least one image of the old meter');
  }
  if (job.typeId === JobType.Dismantle && !isSet(d.comment) && !(typeof notes === 'string' && notes.trim() !== '')) {
    throw new RuleError(`${field}/comment`, 'is required when a meter is dismantled');
  }
}

async function imageCount(tx: Tx, taskId: string, props: Record<string, string>): Promise<number> {
  const rows = await tx.select({ customProps: mediaAssets.customProps }).from(mediaAssets).where(eq(mediaAssets.taskId, taskId));
  return rows.filter((r) => Object.entries(props).every(([k, v]) => (r.customProps as Obj)[k] === v)).length;
}

/**
 * Checks a report (isDraft false). `deviations` are the chosen causes with their types; with none the
 * meter forms the job type needs must be complete.
 */
export async function checkReport(
  tx: Tx, job: typeof jobs.$inferSelect, task: typeof tasks.$inferSelect, jobTasks: (typeof tasks.$inferSelect)[], sent: SentTask,
  deviations: { id: number; deviationType: number }[], field: string,
): Promise<void> {
  const effective = <K extends keyof SentTask>(k: K) => (k in sent ? sent[k] : (task[k as keyof typeof task] as SentTask[K]));
  if (deviations.length > 0) {
    if (causesNeedImages(deviations)) {
      const listed = images(obj(effective('additionalDetailsRequest'))?.deviationImages);
      if (listed === 0 && (await imageCount(tx, task.id, { imageType: ImageType.Deviation })) === 0) {
        throw new RuleError(`${field}/additionalDetailsRequest/deviationImages`, 'must hold at least one image when a cause is a deviation');
      }
    }
    return;
  }
  const n = obj(effective('newWaterMeterObj'));
  const d = obj(effective('dismantleObj'));
  const { newMeter: needsNew, oldMeter: needsOld } = meterFormsOf(job.typeId);
  if (needsNew) {
    if (!n) throw new RuleError(`${field}/newWaterMeterObj`, 'is required for this job type');
    await checkNewMeter(tx, job, task, jobTasks, n, `${field}/newWaterMeterObj`);
  }
  if (needsOld) {
    if (!d) throw new RuleError(`${field}/dismantleObj`, 'is required for this job type');
    await checkOldMeter(tx, job, task, d, needsNew ? n : null, effective('notes'), `${field}/dismantleObj`);
  }
}
