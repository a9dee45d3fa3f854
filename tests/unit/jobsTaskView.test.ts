import { describe, expect, it } from 'vitest';
import { fieldRows } from '../../src/domain/tasks/view';

describe('task field rows', () => {
  it('lists filled fields by kind and leaves empty ones out', () => {
    expect(fieldRows({
      serialNo: 'AB123456',
      lastMeterReading: 12,
      brackets: false,
      installedDate: '2025-01-02T10:00:00.000Z',
      placementComment: '',
      meterModelId: null,
      deviationList: [],
    })).toEqual([
      { key: 'serialNo', value: { kind: 'text', value: 'AB123456' } },
      { key: 'lastMeterReading', value: { kind: 'text', value: '12' } },
      { key: 'brackets', value: { kind: 'bool', value: false } },
      { key: 'installedDate', value: { kind: 'date', value: '2025-01-02T10:00:00.000Z' } },
    ]);
  });

  it('names ids from the reference lists and coded answers as words, never raw numbers', () => {
    const lookups = {
      models: [{ id: 6, name: 'Kamstrup flowIQ 2200', directions: [{ id: 1, name: 'Horisontal' }] }],
      placements: [{ id: 2, name: 'Kjeller' }],
      lengths: [{ id: 4, value: 190 }],
      backflowTypes: [{ id: 3, type: 'EA', description: 'Kontrollerbar tilbakestrømningssikring' }],
    };
    expect(fieldRows({
      meterModelId: 6, directionId: 1, placementId: 2, maxConstructionLength: 4, backflowProtectionType: 3, waterType: 1,
      hasBackflowProtection: 1, hasUpstreamWaterMeter: 3, liquidCategory: 2,
    }, lookups)).toEqual([
      { key: 'meterModelId', value: { kind: 'text', value: 'Kamstrup flowIQ 2200' } },
      { key: 'directionId', value: { kind: 'text', value: 'Horisontal' } },
      { key: 'placementId', value: { kind: 'text', value: 'Kjeller' } },
      { key: 'maxConstructionLength', value: { kind: 'text', value: '190 mm' } },
      { key: 'backflowProtectionType', value: { kind: 'text', value: 'EA – Kontrollerbar tilbakestrømningssikring' } },
      { key: 'waterType', value: { kind: 'label', value: 'TaskForm.WaterType.1' } },
      { key: 'hasBackflowProtection', value: { kind: 'label', value: 'Yes' } },
      { key: 'hasUpstreamWaterMeter', value: { kind: 'label', value: 'TaskForm.Unknown' } },
      { key: 'liquidCategory', value: { kind: 'text', value: '2' } },
    ]);
  });

  it('shows the causes by name, and neither the derived obstacle flag, the photos\' file names nor register ids', () => {
    const photo = { assetId: 'a', text: 'overview-2026-11-25-04-40-31.jpg', url: '/api/media/file/a' };
    expect(fieldRows({
      obstacle: false, note: 'Ingen hjemme', deviationList: [{ id: 7, value: 'Ingen hjemme', deviationType: 1 }, { id: 1, value: 'Lekkasje', deviationType: 0 }],
      deviationImages: [photo],
    })).toEqual([
      { key: 'note', value: { kind: 'text', value: 'Ingen hjemme' } },
      { key: 'deviationList', value: { kind: 'list', value: ['Ingen hjemme', 'Lekkasje'] } },
    ]);
    expect(fieldRows({ waterMeterId: 12, waterMeterPointId: 3, readerTypeId: 1, serialNo: '0032548', waterMeterImages: [photo], comment: 'Ut' }).map((r) => r.key))
      .toEqual(['serialNo', 'comment']);
  });

  it('gives nothing for a missing object', () => {
    expect(fieldRows(null)).toEqual([]);
  });
});
