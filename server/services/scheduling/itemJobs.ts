/**
 * The plumber's job for an agreed schedule item (spec 2 §4: Confirmed → JobCreated, or
 * JobCreationFailed when it cannot be made). Asked for in the unit of work that confirmed the item
 * (an owner's JA, the admin's Manually agreed, or a NoReply under the company's NoReplyAutoJobCreation)
 * as a queued job (scheduling/followUps.ts askItemJob), so it runs after that commit, once per
 * confirmation. The job is made by the system for the company (createJobAs, the same rules as
 * POST /api/Jobs): the schedule's plumber, the item's job type and time, the property the register's
 * matrikkel number names; its task is tied to the item and the job is marked auto-created. It reaches
 * the plumber's device through the change feed and the hub like any new job.
 *
 * A job the company's data cannot make (no property in the register for the item's matrikkel number,
 * a plumber who left) is a JobCreationFailed item, for an admin to see; anything else (the database
 * away) is thrown, and the queue tries again.
 */
import { JobType, JobTypeShortName, Role, JobStatus, TaskStatus } from '../../../src/domain/enums';
import { ItemEvent } from '../../../src/domain/scheduling/itemStatus';
import { AssignmentType, ScheduleItemStatus } from '../../../src/domain/scheduling/enums';
import type { Tx } from '../../db/tx';
import { systemActor } from '../../http/actor';
import { HttpError, RuleError } from '../../http/errors';
import { jobOfScheduleItem, lockCompanyJobs } from '../../repositories/jobs';
import { firstAddressOf, findPropertyByNummer } from '../../repositories/property';
import { findItems, findSchedule, type ItemRow } from '../../repositories/scheduling';
import { companyCustomerId } from '../../repositories/sms';
import { createJobAs, type CreateJobInput } from '../jobs/mutations';
import { inUnitOfWork, type UnitOfWorkDeps } from '../unitOfWork';
import { applyItemEvent } from './itemEvents';
import { randomUUID } from 'node:crypto';


/** The error key of an item whose meter point names no property of the register: no job can be made for it. */
export const NO_PROPERTY = 'Scheduling.NoPropertyForItem';

const JOB_TYPE_OF: Record<number, number> = {
  [AssignmentType.New]: JobType.Install, [AssignmentType.Replacement]: JobType.Replace, [AssignmentType.Dismantle]: JobType.Dismantle,
};

/** The create payload of the item's job, or a RuleError naming what the company's data lacks. */
export async function jobBodyFor(tx: Tx, item: ItemRow, customerId: string): Promise<CreateJobInput> {
  const schedule = await findSchedule(tx, item.companyId, item.scheduleId);
  if (!schedule) throw new RuleError('scheduleId', `schedule ${item.scheduleId} of the item is gone`);
  const jobTypeId = JOB_TYPE_OF[item.objectType];
  if (!jobTypeId) throw new RuleError('objectType', `${item.objectType} is not a job type`);
  if (!item.matrikkelenhetId) throw new RuleError('matrikkelenhetId', 'the meter point has no matrikkel number in the register', NO_PROPERTY);
  const property = await findPropertyByNummer(tx, customerId, item.matrikkelenhetId);
  if (!property) throw new RuleError('matrikkelenhetId', `no property ${item.matrikkelenhetId} in the customer's register`, NO_PROPERTY);
  const address = (await firstAddressOf(tx, [property.id])).get(property.id);
  const shortName = JobTypeShortName[jobTypeId];
  const location = item.latitude !== null && item.longitude !== null ? { x: item.longitude, y: item.latitude, srs: 4326 } : null;
  return {
    jobId: randomUUID(), roleId: Role.PlumberAdmin, refNo: 0, title: shortName, jobTypeId, jobType: shortName,
    matrikkelDetails: { matrikkelNummer: property.matrikkelNummer, matrikkelenhetId: property.id, addressId: address?.id ?? null },
    subscriberText: item.address.slice(0, 500),
    scheduledDate: item.startTime?.toISOString() ?? null, dueDate: null,
    assignedToId: schedule.assigneeId, assigneeName: '', status: JobStatus.New,
    description: item.notes, severity: 2,
    taskRequest: {
      taskId: randomUUID(), isActive: true, taskNo: 1, jobType: shortName, taskOrder: 0, statusId: TaskStatus.NotStarted,
      subscriberDetails: { addressText: item.address.slice(0, 500), location, coordinateSource: 'Property', addressId: address?.id ?? null },
      description: null, externalRefId: item.referenceNumber, externalRefText: null,
    },
  };
}

export type ItemJobOutcome = 'created' | 'had' | 'failed' | 'not-agreed' | 'gone';

/** Makes the job of item `itemId` (the queue's work); what happened, for the worker's log and the tests. */
export async function createItemJob(deps: UnitOfWorkDeps, companyId: string, itemId: number): Promise<ItemJobOutcome> {
  const customerId = await companyCustomerId(deps.db, companyId);
  const actor = systemActor(companyId, customerId, 'the owner agreed the time');
  try {
    return await inUnitOfWork(deps, async (w): Promise<ItemJobOutcome> => {
      // The jobs lock before the item's schedule, in the order a plumber's report takes them (jobs/report.ts).
      await lockCompanyJobs(w, companyId);
      const [before] = await findItems(w.tx, companyId, [itemId]);
      if (!before) return 'gone';
      if (before.status !== ScheduleItemStatus.Confirmed && before.status !== ScheduleItemStatus.NoReply) return 'not-agreed';
      // The event locks the item's schedule and reads it again: a cancel meanwhile refuses it (409, below).
      await applyItemEvent(w, actor, [itemId], ItemEvent.JobCreated);
      if (await jobOfScheduleItem(w.tx, itemId)) return 'had';
      const [item] = await findItems(w.tx, companyId, [itemId]);
      await createJobAs(w, actor, await jobBodyFor(w.tx, item, customerId), { scheduleItemId: itemId });
      return 'created';
    });
  } catch (err) {
    if (!(err instanceof HttpError) || err.statusCode >= 500) throw err;
    if (err.statusCode === 409) return 'not-agreed';
    // The company's data cannot make this job: the item says so.
    return inUnitOfWork(deps, async (w) => {
      const [item] = await findItems(w.tx, companyId, [itemId]);
      if (!item || (item.status !== ScheduleItemStatus.Confirmed && item.status !== ScheduleItemStatus.NoReply)) return 'not-agreed';
      await applyItemEvent(w, actor, [itemId], ItemEvent.JobCreationFailed);
      return 'failed';
    });
  }
}
