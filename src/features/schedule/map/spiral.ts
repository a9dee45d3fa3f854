/**
 * Points at one spot (several meters of one building share its number and coordinates) would hide
 * each other: drawn unclustered, they are spread in a spiral around the spot (the shape
 * Leaflet.markercluster gives a spiderfied cluster), in the order `spreadGroups` gives them.
 */

/** Pixel offsets from the spot of `count` points: the first beside it, each later one further out. */
export function spiralOffsets(count: number, spacing = 16): [number, number][] {
  if (count <= 1) return count === 1 ? [[0, 0]] : [];
  const offsets: [number, number][] = [];
  // Archimedean spiral with arc steps of `spacing`: r grows by `spacing` per turn.
  let angle = 0;
  let radius = spacing;
  for (let i = 0; i < count; i++) {
    offsets.push([radius * Math.cos(angle), radius * Math.sin(angle)]);
    angle += spacing / radius;
    radius = spacing + (spacing * angle) / (2 * Math.PI);
  }
  return offsets;
}

export interface SpotMember {
  lat: number;
  lng: number;
  buildingNo?: string;
  address: string;
}

const collator = new Intl.Collator('nb', { numeric: true });

/**
 * Groups the indices of `items` by spot (equal coordinates); within a group, one building's points
 * sit together (by building number, then address). Returns only groups of two or more.
 */
export function spreadGroups(items: readonly SpotMember[], indices: Iterable<number>): number[][] {
  const bySpot = new Map<string, number[]>();
  for (const i of indices) {
    const key = `${items[i].lat},${items[i].lng}`;
    const group = bySpot.get(key);
    if (group) group.push(i);
    else bySpot.set(key, [i]);
  }
  const groups: number[][] = [];
  for (const group of bySpot.values()) {
    if (group.length < 2) continue;
    group.sort((a, b) => collator.compare(items[a].buildingNo ?? '', items[b].buildingNo ?? '')
      || collator.compare(items[a].address, items[b].address) || a - b);
    groups.push(group);
  }
  return groups;
}
