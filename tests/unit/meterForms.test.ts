/** The meter forms' rules of spec 1 §5 as the device checks them (src/domain/tasks/form.ts). */
import { Compile } from 'typebox/compile';
import { describe, expect, it } from 'vitest';
import { harden } from '../../src/domain/schemaBounds';
import { DismantleSchema, NewWaterMeterSchema } from '../../src/domain/schemas';
import {
  dismantleObject, initialNewMeter, initialOldMeter, modelLacksWaterType, newMeterObject,
  oldMeterPickable, readingLowerThanPrevious, registerFromMeter, type MeterModel, type NewMeterValues,
} from '../../src/domain/tasks/form';
import { newMeterProblems, oldMeterProblems } from '../../src/domain/tasks/reportRules';

const kamstrup: MeterModel = { id: 1, name: 'Kamstrup', numberOfDigits: 8, serialNumberRegex: '^\\d{8}$', serialNumberRegexInfo: 'Eksempel: 71234567', waterTypeId: 0 };
const now = new Date('2026-11-23T12:00:00Z');
const complete: NewMeterValues = {
  ...initialNewMeter(null, 1),
  meterModelId: 1, serialNo: '71234567', lastMeterReading: '0,5', installedDate: '2026-11-23T08:00:00Z', brackets: false,
  directionId: 1, hasUpstreamStopValve: true, hasDownstreamStopValve: false, hasBackflowProtection: 2,
  hasUpstreamWaterMeter: 2, hasDownstreamWaterMeter: 2,
};
const ctx = { model: kamstrup, otherSerials: [], isInstall: true, imageCount: 1, confirmImage: true, now };

describe('new meter', () => {
  it('a complete form has no problem', () => {
    expect(newMeterProblems(complete, ctx)).toEqual({});
  });

  it('names each missing required answer; brackets "no" is an answer', () => {
    const p = newMeterProblems(initialNewMeter(null), { ...ctx, imageCount: 0 });
    expect(Object.keys(p).sort()).toEqual([
      'directionId', 'hasBackflowProtection', 'hasDownstreamStopValve', 'hasDownstreamWaterMeter', 'hasUpstreamStopValve',
      'hasUpstreamWaterMeter', 'images', 'installedDate', 'lastMeterReading', 'meterModelId', 'serialNo', 'brackets',
    ].sort());
    expect(newMeterProblems({ ...complete, brackets: false }, ctx).brackets).toBeUndefined();
  });

  it('checks the serial against the model, then against the job\'s other tasks', () => {
    expect(newMeterProblems({ ...complete, serialNo: '1234' }, ctx).serialNo).toEqual({ key: 'InvalidSerial', values: { example: 'Eksempel: 71234567' } });
    expect(newMeterProblems(complete, { ...ctx, otherSerials: ['71234567'] }).serialNo).toEqual({ key: 'NewWaterMeterSerialNumberIsInUse' });
    // Without a pattern the default one applies: six or more with a digit.
    expect(newMeterProblems({ ...complete, serialNo: 'abcdef' }, { ...ctx, model: { ...kamstrup, serialNumberRegex: null, serialNumberRegexInfo: null } }).serialNo)
      .toEqual({ key: 'InvalidSerial', values: { example: 'Eksempel: 0032548' } });
  });

  it('readings above 0 within the model\'s digits; installed date not in the future (by day)', () => {
    expect(newMeterProblems({ ...complete, lastMeterReading: '0' }, ctx).lastMeterReading?.key).toBe('NewReadingInvalid');
    expect(newMeterProblems({ ...complete, lastMeterReading: '123456789' }, ctx).lastMeterReading?.key).toBe('NewReadingInvalid');
    expect(newMeterProblems({ ...complete, lastMeterReading: '12345678' }, ctx).lastMeterReading).toBeUndefined();
    // Later today in Norway is today (23:30 Oslo); just after midnight Oslo is tomorrow.
    expect(newMeterProblems({ ...complete, installedDate: '2026-11-23T22:30:00Z' }, ctx).installedDate).toBeUndefined();
    expect(newMeterProblems({ ...complete, installedDate: '2026-11-23T23:30:00Z' }, ctx).installedDate?.key).toBe('DateInFuture');
  });

  it('backflow yes asks for its type and liquid category; an upstream serial asks for a valid reading', () => {
    const p = newMeterProblems({ ...complete, hasBackflowProtection: 1 }, ctx);
    expect(p.backflowProtectionType?.key).toBe('Required');
    expect(p.liquidCategory?.key).toBe('Required');
    const u = newMeterProblems({ ...complete, upstreamMeterSerialNumber: 'ab', upstreamMeterLastReading: '' }, ctx);
    expect(u.upstreamMeterSerialNumber?.key).toBe('InvalidSerial');
    expect(u.upstreamMeterLastReading?.key).toBe('NewReadingInvalid');
  });

  it('a replacement does not need the upstream answers; sending needs an image and the confirm box', () => {
    expect(newMeterProblems({ ...complete, hasUpstreamWaterMeter: null }, { ...ctx, isInstall: false })).toEqual({});
    expect(newMeterProblems(complete, { ...ctx, imageCount: 0 }).images?.key).toBe('NewMeterImageRequired');
    expect(newMeterProblems(complete, { ...ctx, confirmImage: false }).confirmImage?.key).toBe('ConfirmImageRequired');
  });

  it('sends numbers as numbers, serials upper-cased, backflow details only with backflow', () => {
    const obj = newMeterObject({ ...complete, serialNo: 'i19la123456', liquidCategory: 3 }, [{ assetId: 'a' }]);
    expect(obj).toMatchObject({ serialNo: 'I19LA123456', lastMeterReading: 0.5, liquidCategory: null, waterMeterImages: [{ assetId: 'a' }] });
  });
});

describe('old meter', () => {
  const octx = { installedDate: null, isDismantle: false, imageCount: 1, now };
  it('dismantled date and a reading (numeric, at most 8 characters, not zero) are required', () => {
    expect(oldMeterProblems(initialOldMeter(null, null), { ...octx, imageCount: 0 })).toEqual({
      dismantledDate: { key: 'Required' }, lastMeterReading: { key: 'Required' }, images: { key: 'OldMeterImageRequired' },
    });
    expect(oldMeterProblems({ dismantledDate: '2026-11-22T10:00:00Z', lastMeterReading: '0', comment: '' }, octx).lastMeterReading?.key).toBe('OldReadingInvalid');
    expect(oldMeterProblems({ dismantledDate: '2026-11-22T10:00:00Z', lastMeterReading: '123456789', comment: '' }, octx).lastMeterReading?.key).toBe('OldReadingInvalid');
    expect(oldMeterProblems({ dismantledDate: '2026-11-22T10:00:00Z', lastMeterReading: '1234', comment: '' }, octx)).toEqual({});
  });

  it('ErrorDismantleDate when the old meter came out after the new one went in; a comment on a dismantle job', () => {
    const v = { dismantledDate: '2026-11-22T10:00:00Z', lastMeterReading: '1234', comment: '' };
    expect(oldMeterProblems(v, { ...octx, installedDate: '2026-11-21T10:00:00Z' }).dismantledDate?.key).toBe('ErrorDismantleDate');
    expect(oldMeterProblems(v, { ...octx, installedDate: '2026-11-22T23:00:00Z' }).dismantledDate).toBeUndefined();
    expect(oldMeterProblems(v, { ...octx, isDismantle: true }).comment?.key).toBe('CommentRequired');
  });

  it('keeps the register\'s fields and adds what the plumber entered; the reading a number, as the new meter\'s', () => {
    const obj = dismantleObject({ waterMeterId: 7, serialNo: 'X1', previousMeterReading: 900, junk: 'x'.repeat(10_000) }, { dismantledDate: 'd', lastMeterReading: ' 950 ', comment: '' }, []);
    expect(obj).toEqual({ waterMeterId: 7, serialNo: 'X1', previousMeterReading: 900, dismantledDate: 'd', lastMeterReading: 950, comment: null, waterMeterImages: [] });
    expect(typeof newMeterObject(complete, []).lastMeterReading).toBe(typeof obj.lastMeterReading);
  });

  it('both meter objects are what the server\'s schema takes, and a string reading is not', () => {
    const photo = { assetId: '5d1c8e36-7a0f-4c57-9a43-6b1f6f1d2a10', text: 'ny.jpg', url: '/api/media/file/5d1c8e36-7a0f-4c57-9a43-6b1f6f1d2a10', thumb: 'data:…' };
    const newMeter = Compile(harden(NewWaterMeterSchema) as typeof NewWaterMeterSchema);
    const oldMeter = Compile(harden(DismantleSchema) as typeof DismantleSchema);
    expect(newMeter.Check(newMeterObject(complete, [photo]))).toBe(true);
    const old = dismantleObject(registerFromMeter({
      waterMeterId: 7, serialNo: '0032548', waterType: 0, address: null, dimension: 'DN20', placementId: 1, meterModelId: 1, readerTypeId: 1,
      waterMeterPointId: 3, lastMeterReading: 4100, lastReadDate: '2026-01-01T00:00:00.000Z',
    }), { dismantledDate: '2026-11-23T08:00:00.000Z', lastMeterReading: '4201', comment: 'Ut' }, [photo]);
    expect(old.lastMeterReading).toBe(4201);
    expect(oldMeter.Check(old)).toBe(true);
    expect(oldMeter.Check({ ...old, lastMeterReading: '4201' })).toBe(false);
  });

  it('a reading lower than the previous one asks; a model without the replaced water type asks', () => {
    expect(readingLowerThanPrevious('899', 900)).toBe(true);
    expect(readingLowerThanPrevious('900', 900)).toBe(false);
    expect(readingLowerThanPrevious('950', null)).toBe(false);
    expect(modelLacksWaterType({ ...kamstrup, waterTypeId: 0 }, 1)).toBe(true);
    expect(modelLacksWaterType({ ...kamstrup, waterTypeId: 2 }, 1)).toBe(false);
    expect(modelLacksWaterType({ ...kamstrup, waterTypeId: 0 }, 0)).toBe(false);
  });
});

describe('old-meter picker', () => {
  it('only for a task not started, not on a schedule, and not a replacement\'s deviation task', () => {
    expect(oldMeterPickable({ statusId: 1, scheduleItemId: null }, 2)).toBe(true);
    expect(oldMeterPickable({ statusId: 2, scheduleItemId: null }, 2)).toBe(false);
    expect(oldMeterPickable({ statusId: 1, scheduleItemId: 12 }, 2)).toBe(false);
    expect(oldMeterPickable({ statusId: 9, scheduleItemId: null }, 2)).toBe(false);
  });

  it('a picked meter fills the register fields, its last reading becoming the previous one', () => {
    expect(registerFromMeter({
      waterMeterId: 5, serialNo: '21SE004512', waterType: 0, address: 'Vei 1', dimension: '20', placementId: 3, meterModelId: 3,
      readerTypeId: 1, waterMeterPointId: 77, lastMeterReading: 1234.5, lastReadDate: '2026-01-02T00:00:00.000Z',
    })).toMatchObject({ waterMeterId: 5, serialNo: '21SE004512', previousMeterReading: 1234.5, previousMeterReadDate: '2026-01-02T00:00:00.000Z', placementId: 3 });
  });
});
