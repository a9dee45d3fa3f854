/** Server refusals reach the user in their language, never as the server's English text (issue 7 §4). */
import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { serverErrorKey } from '../../src/domain/serverErrors';
import { JOB_DATE_ERRORS } from '../../src/domain/jobs/rules';

const texts = (lang: string) => JSON.parse(fs.readFileSync(`src/i18n/${lang}/syncDetails.json`, 'utf8')) as { ServerError: Record<string, string> };

describe('serverErrorKey', () => {
  const cases: [Parameters<typeof serverErrorKey>[0], string][] = [
    [{ status: 400, message: 'body/jobTasks/0/newWaterMeterObj/serialNo is already used', errorKey: 'NewWaterMeterSerialNumberIsInUse' }, 'NewWaterMeterSerialNumberIsInUse'],
    [{ status: 400, message: 'x', errorKey: 'ErrorDismantleDate' }, 'ErrorDismantleDate'],
    [{ status: 413, message: "The company's image storage is full (51200 of 51200 MB used)", errorKey: 'MediaQuotaExceeded' }, 'MediaQuotaExceeded'],
    [{ status: 400, message: `scheduledDate ${JOB_DATE_ERRORS.scheduledAfterDue}` }, 'ScheduledAfterDue'],
    [{ status: 400, message: `body/dueDate ${JOB_DATE_ERRORS.tooFarAhead}` }, 'DateTooFarAhead'],
    [{ status: 409, message: 'The job is completed' }, 'JobCompleted'],
    [{ status: 409, message: 'The job has changed on the server (version 3, expected 2)' }, 'ChangedOnServer'],
    [{ status: 403, message: "You don' have access to this API call" }, 'NoAccess'],
    [{ status: 404, message: 'Job not found' }, 'NotFound'],
    [{ status: 429, message: 'Too many requests: try again in 30 s' }, 'TooManyRequests'],
    [{ status: 503, message: 'Something went wrong' }, 'ServerFailed'],
    [{ status: 400, message: 'body/whatever must be something' }, 'Refused'],
    [{ status: 400, message: 'x', errorKey: 'SomethingTheClientDoesNotKnow' }, 'Refused'],
  ];
  it.each(cases)('%j → %s', (refusal, key) => {
    expect(serverErrorKey(refusal)).toBe(`ServerError.${key}`);
  });

  it('names only texts that exist in nb and en', () => {
    for (const [refusal] of cases) {
      const key = serverErrorKey(refusal).replace('ServerError.', '');
      expect.soft(texts('nb').ServerError[key], key).toBeTruthy();
      expect.soft(texts('en').ServerError[key], key).toBeTruthy();
    }
  });
});
