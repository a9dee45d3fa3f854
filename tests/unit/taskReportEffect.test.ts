/** What a draft or report does to its task, written once for the device's outbox and the server (src/domain/tasks/report.ts). */
import { describe, expect, it } from 'vitest';
import { DeviationType, JobType, TaskStatus } from '../../src/domain/enums';
import { causeIdsOf, meterFormsOf, reportedFields, reportedOutcome, type SentTask } from '../../src/domain/tasks/report';

const sent = (extra: Partial<SentTask>) => ({ taskId: 't', ...extra }) as SentTask;

describe('the report rules both sides use', () => {
  it('names the meter forms each job type needs', () => {
    expect(meterFormsOf(JobType.Install)).toEqual({ newMeter: true, oldMeter: false });
    expect(meterFormsOf(JobType.Replace)).toEqual({ newMeter: true, oldMeter: true });
    expect(meterFormsOf(JobType.Dismantle)).toEqual({ newMeter: false, oldMeter: true });
    expect(meterFormsOf(JobType.Avvik)).toEqual({ newMeter: false, oldMeter: false });
  });

  it('reads cause ids from items or bare ids, and names the first entry that is neither', () => {
    expect(causeIdsOf(undefined)).toEqual({ ids: [], invalid: null });
    expect(causeIdsOf([3, { id: 5, value: '' }])).toEqual({ ids: [3, 5], invalid: null });
    expect(causeIdsOf('3')).toEqual({ ids: [], invalid: 'list' });
    expect(causeIdsOf([3, { id: '5' }]).invalid).toBe(1);
    expect(causeIdsOf([2.5]).invalid).toBe(0);
  });

  it('stores only the form objects a task names, a null for one sent empty', () => {
    expect(reportedFields(sent({ notes: 'x' }))).toEqual({ notes: 'x' });
    expect(reportedFields(sent({ newWaterMeterObj: undefined, dismantleObj: null }))).toEqual({ newWaterMeterObj: null, dismantleObj: null });
    expect(reportedFields(sent({}))).toEqual({});
  });

  it('a draft is in progress; a report is completed, or deviation/obstacle by its causes and then without a new meter', () => {
    expect(reportedOutcome(true, [{ deviationType: DeviationType.Deviation }])).toEqual({ statusId: TaskStatus.InProgress, clearsNewMeter: false });
    expect(reportedOutcome(false, [])).toEqual({ statusId: TaskStatus.Completed, clearsNewMeter: false });
    expect(reportedOutcome(false, [{ deviationType: DeviationType.Obstacle }, { deviationType: DeviationType.Deviation }]))
      .toEqual({ statusId: TaskStatus.Deviation, clearsNewMeter: true });
    expect(reportedOutcome(false, [{ deviationType: DeviationType.Obstacle }])).toEqual({ statusId: TaskStatus.Obstacle, clearsNewMeter: true });
  });
});
