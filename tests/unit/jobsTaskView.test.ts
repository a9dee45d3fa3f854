import { describe, expect, it } from 'vitest';
import { fieldRows } from '../../src/domain/taskView';

describe('task field rows', () => {
  it('lists filled fields by kind and leaves empty ones out', () => {
    expect(fieldRows({
      serialNo: 'AB123456',
      lastMeterReading: 12,
      brackets: false,
      installedDate: '2025-01-02T10:00:00.000Z',
      placementComment: '',
      meterModelId: null,
      waterMeterImages: [{ text: 'overview', url: 'x' }, { url: 'y', text: '' }],
      deviationList: [],
    })).toEqual([
      { key: 'serialNo', value: { kind: 'text', value: 'AB123456' } },
      { key: 'lastMeterReading', value: { kind: 'text', value: '12' } },
      { key: 'brackets', value: { kind: 'bool', value: false } },
      { key: 'installedDate', value: { kind: 'date', value: '2025-01-02T10:00:00.000Z' } },
      { key: 'waterMeterImages', value: { kind: 'list', value: ['overview', 'y'] } },
    ]);
  });
  it('gives nothing for a missing object', () => {
    expect(fieldRows(null)).toEqual([]);
  });
});
