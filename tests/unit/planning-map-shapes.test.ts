/** The planning map's cluster icon sizes (spec 2 §9) and the spiral spread of points at one spot. */
import { describe, expect, it } from 'vitest';
import { clusterIconSize } from '../../src/features/schedule/map/clusterIcon';
import { spiralOffsets, spreadGroups } from '../../src/features/schedule/map/spiral';
import { listItem } from './planning-map-fixtures';

describe('clusterIconSize', () => {
  it('is 50 px below 10 points and 10 px more at 10, 100, 1000, 10000 and 20000', () => {
    expect([2, 9].map(clusterIconSize)).toEqual([50, 50]);
    expect([10, 99].map(clusterIconSize)).toEqual([60, 60]);
    expect([100, 999].map(clusterIconSize)).toEqual([70, 70]);
    expect([1000, 9999].map(clusterIconSize)).toEqual([80, 80]);
    expect([10000, 19999].map(clusterIconSize)).toEqual([90, 90]);
    expect([20000, 50000].map(clusterIconSize)).toEqual([100, 100]);
  });
});

describe('spiralOffsets', () => {
  it('leaves a lone point on its spot and gives nothing for none', () => {
    expect(spiralOffsets(1)).toEqual([[0, 0]]);
    expect(spiralOffsets(0)).toEqual([]);
  });

  it('keeps neighbours at least most of the spacing apart and moves outwards', () => {
    const spacing = 16;
    const offsets = spiralOffsets(40, spacing);
    expect(offsets).toHaveLength(40);
    const dist = (a: [number, number], b: [number, number]) => Math.hypot(a[0] - b[0], a[1] - b[1]);
    for (let i = 0; i < offsets.length; i++) {
      for (let j = i + 1; j < offsets.length; j++) expect(dist(offsets[i], offsets[j])).toBeGreaterThan(spacing * 0.8);
    }
    const radii = offsets.map((o) => Math.hypot(o[0], o[1]));
    for (let i = 1; i < radii.length; i++) expect(radii[i]).toBeGreaterThanOrEqual(radii[i - 1]);
    expect(radii[0]).toBeCloseTo(spacing);
  });
});

describe('spreadGroups', () => {
  it('groups points at one spot, one building together, and leaves lone points out', () => {
    const items = [
      listItem(1, 59.9, 10.5, { buildingNo: '2', address: 'Storgata 1 B' }),
      listItem(2, 59.9, 10.5, { buildingNo: '10', address: 'Storgata 1 A' }),
      listItem(3, 59.91, 10.5),
      listItem(4, 59.9, 10.5, { buildingNo: '2', address: 'Storgata 1 A' }),
    ];
    expect(spreadGroups(items, [0, 1, 2, 3])).toEqual([[3, 0, 1]]);
    expect(spreadGroups(items, [0, 2])).toEqual([]);
  });
});
