import { describe, expect, it } from 'vitest';
import { noticeMergeValues } from '../../src/domain/sms/notice';

describe('a notice\'s own merge values (Oslo time, both DST changes)', () => {
  it.each([
    ['2027-03-15T07:00:00Z', '2027-03-15T07:45:00Z', '15.03.2027', '08:00-08:45'], // winter: UTC+1
    ['2027-06-01T06:00:00Z', '2027-06-01T08:00:00Z', '01.06.2027', '08:00-10:00'], // summer: UTC+2
    ['2027-03-28T05:00:00Z', '2027-03-28T06:00:00Z', '28.03.2027', '07:00-08:00'], // the spring change's day
    ['2027-10-31T06:00:00Z', '2027-10-31T06:30:00Z', '31.10.2027', '07:00-07:30'], // the autumn change's day
    ['2027-12-31T22:45:00Z', '2027-12-31T23:00:00Z', '31.12.2027', '23:45-00:00'],
  ])('%s–%s is %s %s', (start, end, date, range) => {
    expect(noticeMergeValues(start, end, 'Storgata 1')).toEqual({ Date: date, TimeRange: range, MeterAddress: 'Storgata 1' });
  });
  it('an item without a time names only its address', () => {
    expect(noticeMergeValues(null, null, 'Storgata 1')).toEqual({ Date: '', TimeRange: '', MeterAddress: 'Storgata 1' });
  });
});
