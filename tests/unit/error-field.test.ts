/** Issue 14 §2: one style for a refused field, and the device reads it from the error body's `field`. */
import { describe, expect, it } from 'vitest';
import { FIELD_PATH, fieldPath, refusedField } from '../../src/domain/errorField';
import { ApiError } from '../../src/data/transport';
import { testSmsErrorKey } from '../../src/features/settings/templates/api/sendTestSms';

describe('fieldPath', () => {
  it('turns the three old styles into the one', () => {
    expect(fieldPath('workingHoursSettings[2].lunchStartTime')).toBe('body/workingHoursSettings/2/lunchStartTime');
    expect(fieldPath('matrikkelDetails.addressId')).toBe('body/matrikkelDetails/addressId');
    expect(fieldPath('[1].value')).toBe('body/1/value');
    expect(fieldPath('body/jobTasks/0/newWaterMeterObj/serialNo')).toBe('body/jobTasks/0/newWaterMeterObj/serialNo');
    expect(fieldPath('querystring/WeekNo')).toBe('querystring/WeekNo');
    expect(fieldPath('params/id')).toBe('params/id');
    expect(fieldPath('mediafile')).toBe('body/mediafile');
    expect(fieldPath('')).toBe('body');
  });

  it('FIELD_PATH takes only the one style', () => {
    for (const ok of ['body', 'body/a/0/b', 'querystring/fromDate', 'params/id']) expect(ok).toMatch(FIELD_PATH);
    for (const old of ['a[0].b', 'a.b', 'to', 'body/a[0]', 'body/a.b', 'body/a b']) expect(old).not.toMatch(FIELD_PATH);
  });
});

describe('the device maps a refusal to its field by `field`', () => {
  it('reads field from an error body, and nothing from anything else', () => {
    expect(refusedField({ statusCode: 400, message: 'body/to must be …', field: 'body/to' })).toBe('body/to');
    expect(refusedField({ statusCode: 400, message: 'body/to must be …' })).toBeUndefined();
    expect(refusedField(null)).toBeUndefined();
    expect(refusedField('text')).toBeUndefined();
  });

  it('a test SMS refused for its number shows the phone text, another field does not', () => {
    // The field, not the wording of the message, says which input was refused.
    const refusal = (field: string, message = `${field} is not valid`) => new ApiError(message, 400, { statusCode: 400, error: 'Bad Request', message, field });
    expect(testSmsErrorKey(refusal('body/to'))).toBe('Templates.TestSms.InvalidPhone');
    expect(testSmsErrorKey(refusal('body/to', 'The number is not a Norwegian mobile'))).toBe('Templates.TestSms.InvalidPhone');
    expect(testSmsErrorKey(refusal('body/templateText', 'to be sent, the text must not be empty'))).toBe('Templates.TestSms.Failed');
    expect(testSmsErrorKey(new ApiError('x', 400, { errorKey: 'NoMobileOnFile' }))).toBe('Templates.TestSms.NoPhone');
  });
});
