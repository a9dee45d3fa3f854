/** Synthetic assignment list items for the planning map's tests and bench. */
import type { AssignmentListItem } from '../../src/domain/schemas/scheduling';

export function listItem(id: number, lat: number, lng: number, extra: Partial<AssignmentListItem> = {}): AssignmentListItem {
  return {
    waterMeterPointId: id, agreementNo: `A-${id}`, assignmentType: 2, priority: 1, lat, lng,
    address: `Benkeveien ${id}`, assignmentItemStatus: 0, isSelected: false, isDisabled: false, ...extra,
  };
}

/** `count` points scattered over a box around Sandvika, seeded so every run sees the same points. */
export function scatteredItems(count: number, seed = 1): AssignmentListItem[] {
  let s = seed;
  const rnd = () => ((s = (s * 1_103_515_245 + 12_345) % 2 ** 31) / 2 ** 31);
  return Array.from({ length: count }, (_, i) => listItem(i + 1, 59.7 + rnd() * 0.5, 10.2 + rnd() * 0.9));
}
