/**
 * A sent report (not a draft) is checked here with the same rules the task form applies before
 * sending (src/domain/tasks/reportRules.ts): what the job type needs (new meter, old meter, or both),
 * serials by the model's pattern, readings, dates, images, and for a deviation report its images.
 * This module gathers what the rules need from the database (the model, the job's other serials, the
 * photos already uploaded) and turns the first problem into a 400 naming the field, with the spec's
 * error name (`errorKey`) where it has one.
 */
import { meterFormsOf, type SentTask } from '../../src/domain/tasks/report';
import { deviationProblem, reportProblems } from '../../src/domain/tasks/reportRules';
import { MeterKind, ImageType } from '../../src/domain/media';
import { isSet, type FieldProblem, type MeterModel } from '../../src/domain/tasks/form';
import type { jobs, tasks } from '../db/schema';
import { taskImageProps } from '../repositories/media';
import { RuleError } from '../http/errors';
import { lookupItem } from './lookups';
import type { Tx } from '../db/tx';

type Obj = Record<string, unknown>;

const obj = (v: unknown): Obj | null => (v && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null);
const images = (v: unknown) => (Array.isArray(v) ? v.length : 0);

/** The API's words for a rule's problem (the form shows the same problem from its i18n key). */
function refusal(field: string, name: string, { key, values }: FieldProblem): RuleError {
  const at = `${field}/${name === 'images' ? 'waterMeterImages' : name}`;
  switch (key) {
    case 'InvalidSerial': return new RuleError(at, `Feil vannmålernummer, ${values?.example}`, 'InvalidSerialNumber');
    case 'NewWaterMeterSerialNumberIsInUse': return new RuleError(at, 'is already used by another task of this job', key);
    case 'ErrorDismantleDate': return new RuleError(at, 'must not be after the new meter\'s installed date', key);
    case 'DateInFuture': return new RuleError(at, 'must be a date not in the future');
    case 'NewReadingInvalid':
      return new RuleError(at, name === 'lastMeterReading' ? `must be a number above 0 with at most ${values?.digits} digits` : 'must be a number above 0');
    case 'OldReadingInvalid': return new RuleError(at, 'must be a number other than 0, at most 8 characters');
    case 'CommentRequired': return new RuleError(at, 'is required when a meter is dismantled');
    case 'ChooseWaterType': return new RuleError(at, 'must be cold (0) or hot (1) for this model');
    case 'NewMeterImageRequired': return new RuleError(at, 'must hold at least one image of the new meter');
    case 'OldMeterImageRequired': return new RuleError(at, 'must hold at least one image of the old meter');
    default: return new RuleError(at, 'is required');
  }
}

async function imageCount(tx: Tx, taskId: string, props: Record<string, string>): Promise<number> {
  const rows = await taskImageProps(tx, taskId);
  return rows.filter((customProps) => Object.entries(props).every(([k, v]) => customProps[k] === v)).length;
}

/** The images a form lists, else those uploaded for the task with these properties. */
async function imagesOf(tx: Tx, taskId: string, listed: unknown, props: Record<string, string>): Promise<number> {
  return images(listed) || imageCount(tx, taskId, props);
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
    const details = obj(effective('additionalDetailsRequest'));
    const count = await imagesOf(tx, task.id, details?.deviationImages, { imageType: ImageType.Deviation });
    if (deviationProblem(deviations, count) === 'ImagesRequired') {
      throw new RuleError(`${field}/additionalDetailsRequest/deviationImages`, 'must hold at least one image when a cause is a deviation');
    }
    return;
  }
  const n = obj(effective('newWaterMeterObj'));
  const d = obj(effective('dismantleObj'));
  const forms = meterFormsOf(job.typeId);
  if (forms.newMeter && !n) throw new RuleError(`${field}/newWaterMeterObj`, 'is required for this job type');
  if (forms.oldMeter && !d) throw new RuleError(`${field}/dismantleObj`, 'is required for this job type');
  const model = forms.newMeter && isSet(n?.meterModelId) ? ((await lookupItem(tx, 'watermetermodels', n?.meterModelId as number)) as MeterModel | null) : null;
  if (forms.newMeter && isSet(n?.meterModelId) && !model) throw new RuleError(`${field}/newWaterMeterObj/meterModelId`, 'is not a known meter model');
  const problems = reportProblems({ jobTypeId: job.typeId, newMeter: n ?? {}, oldMeter: d ?? {}, notes: effective('notes') }, {
    model,
    otherSerials: jobTasks.filter((t) => t.id !== task.id && !t.isDeleted).map((t) => String(obj(t.newWaterMeterObj)?.serialNo ?? '')),
    newMeterImages: forms.newMeter ? await imagesOf(tx, task.id, n?.waterMeterImages, { waterMeterType: MeterKind.New }) : 0,
    oldMeterImages: forms.oldMeter ? await imagesOf(tx, task.id, d?.waterMeterImages, { waterMeterType: MeterKind.Old }) : 0,
  });
  for (const [name, problem] of Object.entries(problems.newMeter)) if (problem) throw refusal(`${field}/newWaterMeterObj`, name, problem);
  for (const [name, problem] of Object.entries(problems.oldMeter)) if (problem) throw refusal(`${field}/dismantleObj`, name, problem);
}
