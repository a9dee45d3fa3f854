/** Synthetic assignment list items for the planning map's tests and bench. */
import type { AssignmentListItem } from '../../src/domain/schemas/scheduling';
import { mulberry32 } from '../../server/db/random';

export function listItem(id: number, lat: number, lng: number, extra: Partial<AssignmentListItem> = {}): AssignmentListItem {
  return {
    waterMeterPointId: id, agreementNo: `A-${id}`, assignmentType: 2, priority: 1, lat, lng,
    address: `Benkeveien ${id}`, assignmentItemStatus: 0, isSelected: false, isDisabled: false, ...extra,
  };
}

/** `count` points scattered over a box around Sandvika, seeded so every run sees the same points. */
export function scatteredItems(count: number, seed = 1): AssignmentListItem[] {
  // mulberry32: the LCG in floating point used before repeated after about 10,500 draws.
  const rnd = mulberry32(seed);
  return Array.from({ length: count }, (_, i) => listItem(i + 1, 59.7 + rnd() * 0.5, 10.2 + rnd() * 0.9));
}
