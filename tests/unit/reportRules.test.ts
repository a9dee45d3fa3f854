/**
 * What a report must contain (src/domain/tasks/reportRules.ts), the one composition the task form and
 * the server both check a report with: the device's typed text and the server's sent numbers give the
 * same answer.
 */
import { describe, expect, it } from 'vitest';
import { JobType } from '../../src/domain/enums';
import { deviationDetails, initialNewMeter, initialOldMeter, type DeviationCause, type MeterModel } from '../../src/domain/tasks/form';
import { NEW_METER_REQUIRED, deviationProblem, reportProblems } from '../../src/domain/tasks/reportRules';

const model: MeterModel = { id: 1, name: 'Kamstrup', numberOfDigits: 8, serialNumberRegex: '^\\d{8}$', serialNumberRegexInfo: 'Eksempel: 71234567', waterTypeId: 0 };
const now = new Date('2026-11-23T12:00:00Z');
const facts = { model, otherSerials: [], newMeterImages: 1, oldMeterImages: 1, now };
/** A new meter as the server receives it. */
const sentNew = {
  meterModelId: 1, serialNo: '71234567', lastMeterReading: 12, installedDate: '2026-11-22T10:00:00Z', brackets: false, directionId: 1,
  hasUpstreamStopValve: true, hasDownstreamStopValve: false, hasBackflowProtection: 2, hasUpstreamWaterMeter: 2, hasDownstreamWaterMeter: 2,
  waterType: 0,
};
const sentOld = { dismantledDate: '2026-11-22T09:00:00Z', lastMeterReading: 950, comment: null };

describe('what a report must contain', () => {
  it('names every answer the new meter needs, for the form\'s empty values and for an empty sent object alike', () => {
    const fromForm = reportProblems({ jobTypeId: JobType.Install, newMeter: initialNewMeter(null), oldMeter: {} }, facts).newMeter;
    const fromServer = reportProblems({ jobTypeId: JobType.Install, newMeter: {}, oldMeter: {} }, facts).newMeter;
    const required = [...NEW_METER_REQUIRED, 'hasUpstreamWaterMeter', 'hasDownstreamWaterMeter'].sort();
    expect(Object.keys(fromForm).sort()).toEqual(required);
    expect(Object.keys(fromServer).sort()).toEqual(required);
    expect(NEW_METER_REQUIRED).toEqual([
      'meterModelId', 'serialNo', 'installedDate', 'lastMeterReading', 'brackets', 'directionId',
      'hasUpstreamStopValve', 'hasDownstreamStopValve', 'hasBackflowProtection',
    ]);
  });

  it('takes a complete report by job type: install the new meter, dismantle the old, replace both', () => {
    expect(reportProblems({ jobTypeId: JobType.Install, newMeter: sentNew, oldMeter: {} }, facts)).toEqual({ newMeter: {}, oldMeter: {} });
    expect(reportProblems({ jobTypeId: JobType.Replace, newMeter: sentNew, oldMeter: sentOld }, facts)).toEqual({ newMeter: {}, oldMeter: {} });
    const dismantle = reportProblems({ jobTypeId: JobType.Dismantle, newMeter: {}, oldMeter: sentOld, notes: 'Tatt ut' }, facts);
    expect(dismantle).toEqual({ newMeter: {}, oldMeter: {} });
    const emptyOld = { dismantledDate: { key: 'Required' }, lastMeterReading: { key: 'Required' } };
    expect(reportProblems({ jobTypeId: JobType.Replace, newMeter: sentNew, oldMeter: {} }, facts).oldMeter).toEqual(emptyOld);
    expect(reportProblems({ jobTypeId: JobType.Replace, newMeter: sentNew, oldMeter: initialOldMeter(null, null) }, facts).oldMeter).toEqual(emptyOld);
  });

  it('a blank text is no answer, on either side (the server took a serial of spaces before)', () => {
    const p = reportProblems({ jobTypeId: JobType.Replace, newMeter: { ...sentNew, serialNo: '   ' }, oldMeter: sentOld }, facts).newMeter;
    expect(p.serialNo).toEqual({ key: 'Required' });
  });

  it('a dismantle needs a comment, or notes that stand for it', () => {
    expect(reportProblems({ jobTypeId: JobType.Dismantle, newMeter: {}, oldMeter: sentOld }, facts).oldMeter.comment).toEqual({ key: 'CommentRequired' });
  });

  it('on a replacement the old meter cannot come out after the new one went in', () => {
    const late = { ...sentOld, dismantledDate: '2026-11-23T09:00:00Z' };
    expect(reportProblems({ jobTypeId: JobType.Replace, newMeter: sentNew, oldMeter: late }, facts).oldMeter.dismantledDate).toEqual({ key: 'ErrorDismantleDate' });
    expect(reportProblems({ jobTypeId: JobType.Dismantle, newMeter: sentNew, oldMeter: { ...late, comment: 'x' } }, facts).oldMeter).toEqual({});
  });

  it('a cold-and-hot model needs cold or hot chosen (the server did not check this before)', () => {
    const both = { ...model, waterTypeId: 2 };
    expect(reportProblems({ jobTypeId: JobType.Install, newMeter: { ...sentNew, waterType: 2 }, oldMeter: {} }, { ...facts, model: both }).newMeter)
      .toEqual({ waterType: { key: 'ChooseWaterType' } });
  });

  it('photos: each meter needs one; the confirm box is the form\'s alone', () => {
    const none = reportProblems({ jobTypeId: JobType.Replace, newMeter: sentNew, oldMeter: sentOld }, { ...facts, newMeterImages: 0, oldMeterImages: 0 });
    expect(none).toEqual({ newMeter: { images: { key: 'NewMeterImageRequired' } }, oldMeter: { images: { key: 'OldMeterImageRequired' } } });
    expect(reportProblems({ jobTypeId: JobType.Install, newMeter: sentNew, oldMeter: {} }, { ...facts, confirmImage: false }).newMeter)
      .toEqual({ confirmImage: { key: 'ConfirmImageRequired' } });
  });

  it('"not carried out": a cause, and a photo when a cause is a deviation', () => {
    expect(deviationProblem([], 0)).toBe('NoCause');
    expect(deviationProblem([{ deviationType: 1 }], 0)).toBe(null);
    expect(deviationProblem([{ deviationType: 0 }], 0)).toBe('ImagesRequired');
    expect(deviationProblem([{ deviationType: 0 }], 1)).toBe(null);
  });
});

describe("a deviation report's obstacle flag (additionalDetailsRequest.obstacle)", () => {
  const causes: DeviationCause[] = [
    { id: 1, value: 'Lekkasje ved eksisterende måler', deviationType: 0 },
    { id: 7, value: 'Ingen hjemme', deviationType: 1 },
    { id: 8, value: 'Ikke tilgang til målerplassering', deviationType: 1 },
  ];
  const flag = (causeIds: number[]) => deviationDetails({ causeIds, note: '' }, causes, []).obstacle;

  it('is set by any obstacle cause, beside a deviation cause too', () => {
    expect(flag([7])).toBe(true);
    expect(flag([7, 8])).toBe(true);
    expect(flag([1, 7])).toBe(true);
  });

  it('is not set without an obstacle cause', () => {
    expect(flag([1])).toBe(false);
    expect(flag([])).toBe(false);
  });
});
