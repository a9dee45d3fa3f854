/**
 * The order of a day's stops (ours, beyond the spec): the batch orders each day's items to shorten
 * the driving between them, unless the admin asked to keep the selection order. Distances are
 * straight lines on the sphere (haversine): no road network is at hand, and between meters in one
 * town the straight line ranks orders much as the road does.
 *
 * Without a base the path is open (the plumber's start and end of day are not known): nearest neighbour from every
 * start (from 40 spread starts for a whole plan's stops), the shortest kept, then 2-opt (reverse a stretch while that shortens the path). 2-opt only
 * ever takes an improvement, so it is never longer than its nearest-neighbour start; and the answer
 * is never longer than the order given (that order is the fallback). With the company's base
 * (settings BaseLatitude, BaseLongitude) each day is a loop from the base and back (shortestLoop).
 * A whole plan's route is shortened further by Or-opt (refineOrder) before it is split into days.
 */

export interface GeoPoint {
  lat: number;
  lng: number;
}

const EARTH_RADIUS_KM = 6371.0088;
const rad = (deg: number) => (deg * Math.PI) / 180;

/** Great-circle distance in kilometres. */
export function haversineKm(a: GeoPoint, b: GeoPoint): number {
  const dLat = rad(b.lat - a.lat);
  const dLng = rad(b.lng - a.lng);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.lat)) * Math.cos(rad(b.lat)) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
}

/**
 * How the driving between two stops is counted until a road network is configured: roads are
 * `roadFactor` times the straight line between two meters, driven at `speedKmh`. A company sets both
 * (settings RoadFactor and TravelSpeed, src/domain/settings/company.ts); DEFAULT_TRAVEL is ours for a
 * company that has not (a town's mix of streets and main roads).
 */
export interface TravelModel {
  roadFactor: number;
  speedKmh: number;
}
export const DEFAULT_TRAVEL: TravelModel = { roadFactor: 1.3, speedKmh: 40 };
export const ROAD_FACTOR = DEFAULT_TRAVEL.roadFactor;
export const TRAVEL_SPEED_KMH = DEFAULT_TRAVEL.speedKmh;

/** Minutes of driving for `km` of straight line. */
export const travelMinutes = (km: number, travel: TravelModel = DEFAULT_TRAVEL): number => Math.round(((km * travel.roadFactor) / travel.speedKmh) * 60);

type Matrix = number[][];

const matrixOf = (points: readonly GeoPoint[]): Matrix => points.map((a) => points.map((b) => haversineKm(a, b)));

const lengthOf = (d: Matrix, order: readonly number[]): number => {
  let km = 0;
  for (let i = 1; i < order.length; i++) km += d[order[i - 1]][order[i]];
  return km;
};

/** Length in kilometres of visiting `points` in `order` (default: as given). */
export function pathKm(points: readonly GeoPoint[], order: readonly number[] = points.map((_, i) => i)): number {
  let km = 0;
  for (let i = 1; i < order.length; i++) km += haversineKm(points[order[i - 1]], points[order[i]]);
  return km;
}

function nearestFrom(d: Matrix, start: number): number[] {
  const n = d.length;
  const seen = new Array<boolean>(n).fill(false);
  const order = [start];
  seen[start] = true;
  for (let k = 1; k < n; k++) {
    const last = order[order.length - 1];
    let best = -1;
    for (let j = 0; j < n; j++) if (!seen[j] && (best < 0 || d[last][j] < d[last][best])) best = j;
    seen[best] = true;
    order.push(best);
  }
  return order;
}

/** Starts tried by nearestNeighbour: every point of a day's few; of a whole plan's many, this many spread over them. */
const MAX_STARTS = 40;

/** Nearest neighbour from every start (at most MAX_STARTS, evenly spread); the shortest of those paths. */
export function nearestNeighbour(points: readonly GeoPoint[], d: Matrix = matrixOf(points)): number[] {
  let best: number[] = points.map((_, i) => i);
  let bestKm = Infinity;
  const step = Math.max(1, Math.ceil(points.length / MAX_STARTS));
  for (let s = 0; s < points.length; s += step) {
    const order = nearestFrom(d, s);
    const km = lengthOf(d, order);
    if (km < bestKm - 1e-12) { best = order; bestKm = km; }
  }
  return best;
}

/** 2-opt on an open path: reverses order[i..j] while that shortens it. Never longer than `order`. */
export function twoOpt(points: readonly GeoPoint[], order: readonly number[], d: Matrix = matrixOf(points)): number[] {
  const o = [...order];
  const n = o.length;
  const at = (i: number, j: number) => (i < 0 || j >= n ? 0 : d[o[i]][o[j]]);
  for (let improved = true, rounds = 0; improved && rounds < 100; rounds++) {
    improved = false;
    for (let i = 0; i < n - 1; i++) {
      for (let j = i + 1; j < n; j++) {
        // Edges (i-1,i) and (j,j+1) become (i-1,j) and (i,j+1); an end of the path has no edge.
        const delta = at(i - 1, j) + (j + 1 < n ? d[o[i]][o[j + 1]] : 0) - at(i - 1, i) - at(j, j + 1);
        if (delta < -1e-9) {
          o.splice(i, j - i + 1, ...o.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
  }
  return o;
}

/** Nearest stops considered around a stop by orOpt. */
const OR_OPT_NEIGHBOURS = 8;

/**
 * Or-opt on an open path: moves a run of 1–3 consecutive stops (either way round) next to one of the
 * OR_OPT_NEIGHBOURS nearest stops of its ends (or to an end of the path) while that shortens the
 * path. Never longer than `order`.
 */
export function orOpt(order: readonly number[], d: Matrix): number[] {
  const o = [...order];
  const n = o.length;
  const near = o.map((p) => {
    // The nearest few, kept sorted by insertion.
    const best: number[] = [];
    const row = d[p];
    for (const q of o) {
      if (q === p || (best.length === OR_OPT_NEIGHBOURS && row[q] >= row[best[best.length - 1]])) continue;
      let k = best.length === OR_OPT_NEIGHBOURS ? best.length - 1 : best.length;
      while (k > 0 && row[best[k - 1]] > row[q]) { best[k] = best[k - 1]; k--; }
      best[k] = q;
    }
    return best;
  });
  const pos = new Int32Array(d.length);
  const place = () => o.forEach((p, k) => { pos[p] = k; });
  place();
  const at = (i: number, j: number) => (i < 0 || j >= n ? 0 : d[o[i]][o[j]]);
  for (let improved = true, rounds = 0; improved && rounds < 50; rounds++) {
    improved = false;
    for (let len = 1; len <= 3; len++) {
      for (let i = 0; i + len <= n; i++) {
        const j = i + len - 1;
        // Taking o[i..j] out joins o[i-1] to o[j+1].
        const out = at(i - 1, i) + at(j, j + 1) - (i > 0 && j + 1 < n ? d[o[i - 1]][o[j + 1]] : 0);
        if (out <= 1e-9) continue;
        let best = 1e-9;
        let bestAt = -2;
        let bestFlip = false;
        // Put it after position k (k = -1: at the start), outside i-1..j.
        const tryAt = (k: number) => {
          if (k < -1 || k >= n || (k >= i - 1 && k <= j)) return;
          const a = k >= 0 ? o[k] : -1;
          const b = k + 1 < n ? o[k + 1] : -1;
          const cut = a >= 0 && b >= 0 ? d[a][b] : 0;
          for (let f = 0; f < 2; f++) {
            const first = f ? o[j] : o[i];
            const last = f ? o[i] : o[j];
            const gain = out - ((a >= 0 ? d[a][first] : 0) + (b >= 0 ? d[last][b] : 0) - cut);
            if (gain > best) { best = gain; bestAt = k; bestFlip = f === 1; }
          }
        };
        tryAt(-1);
        tryAt(n - 1);
        for (const m of near[o[i]]) { tryAt(pos[m] - 1); tryAt(pos[m]); }
        if (len > 1) for (const m of near[o[j]]) { tryAt(pos[m] - 1); tryAt(pos[m]); }
        if (bestAt === -2) continue;
        const run = o.slice(i, j + 1);
        if (bestFlip) run.reverse();
        const anchor = bestAt >= 0 ? o[bestAt] : -1;
        o.splice(i, len);
        o.splice(anchor >= 0 ? o.indexOf(anchor) + 1 : 0, 0, ...run);
        place();
        improved = true;
      }
    }
  }
  return o;
}

/**
 * `order` (an open path through `points`) shortened further: Or-opt and 2-opt in turn while either
 * shortens it. Never longer than `order`.
 */
export function refineOrder(points: readonly GeoPoint[], order: readonly number[]): number[] {
  if (points.length < 4) return [...order];
  const d = matrixOf(points);
  let tuned = [...order];
  for (let rounds = 0; rounds < 5; rounds++) {
    const before = lengthOf(d, tuned);
    tuned = twoOpt(points, orOpt(tuned, d), d);
    if (lengthOf(d, tuned) >= before - 1e-9) break;
  }
  return lengthOf(d, tuned) < lengthOf(d, order) - 1e-9 ? tuned : [...order];
}

/** Kilometres of a day's route: from `base` (when set) through `points` in order and back to it. */
export function routeKm(points: readonly GeoPoint[], base?: GeoPoint | null): number {
  const path = pathKm(points);
  return base && points.length ? path + haversineKm(base, points[0]) + haversineKm(points[points.length - 1], base) : path;
}

/**
 * The shortest order found for a day that starts and ends at `base` (the plumber's base): up to
 * EXACT_ORDER_MAX stops the optimum (Held–Karp from the base and back); beyond, nearest neighbour from
 * the base, then 2-opt with the base fixed at both ends of the path. Never longer than the order given.
 */
export function shortestLoop(base: GeoPoint, points: readonly GeoPoint[]): number[] {
  const given = points.map((_, i) => i);
  if (points.length < 2) return given;
  if (points.length <= EXACT_ORDER_MAX) {
    const exact = exactPath(matrixOf(points), points.length, points.map((p) => haversineKm(base, p)));
    return routeKm(exact.map((i) => points[i]), base) < routeKm(points, base) - 1e-9 ? exact : given;
  }
  // Index 0 and n+1 are the base; the path between them is what is ordered.
  const all = [base, ...points, base];
  const d = matrixOf(all);
  const n = all.length;
  const seen = new Array<boolean>(n).fill(false);
  const order = [0];
  seen[0] = true;
  seen[n - 1] = true;
  for (let k = 1; k < n - 1; k++) {
    const last = order[order.length - 1];
    let best = -1;
    for (let j = 1; j < n - 1; j++) if (!seen[j] && (best < 0 || d[last][j] < d[last][best])) best = j;
    seen[best] = true;
    order.push(best);
  }
  order.push(n - 1);
  // 2-opt that never moves the two ends (the base).
  for (let improved = true, rounds = 0; improved && rounds < 100; rounds++) {
    improved = false;
    for (let i = 1; i < n - 2; i++) {
      for (let j = i + 1; j < n - 1; j++) {
        const delta = d[order[i - 1]][order[j]] + d[order[i]][order[j + 1]] - d[order[i - 1]][order[i]] - d[order[j]][order[j + 1]];
        if (delta < -1e-9) {
          order.splice(i, j - i + 1, ...order.slice(i, j + 1).reverse());
          improved = true;
        }
      }
    }
  }
  const tuned = order.slice(1, -1).map((i) => i - 1);
  return routeKm(tuned.map((i) => points[i]), base) < routeKm(points, base) - 1e-9 ? tuned : given;
}

/** Up to this many stops a day's order is the exact optimum (Held–Karp: 2^n·n² steps, ~100,000 at 10). */
export const EXACT_ORDER_MAX = 10;

/**
 * The shortest path through stops 0..n-1 of `d` by dynamic programming over subsets (Held–Karp):
 * open at both ends, or, with `home`, starting at `home[j]` from the base and ending back there
 * (`home[j]` the kilometres between the base and stop j).
 */
function exactPath(d: readonly (readonly number[])[], n: number, home: readonly number[] | null): number[] {
  const full = (1 << n) - 1;
  const cost = new Float64Array((full + 1) * n).fill(Infinity);
  const from = new Int8Array((full + 1) * n).fill(-1);
  for (let j = 0; j < n; j++) cost[(1 << j) * n + j] = home ? home[j] : 0;
  for (let mask = 1; mask <= full; mask++) {
    for (let j = 0; j < n; j++) {
      const c = cost[mask * n + j];
      if (c === Infinity) continue;
      for (let k = 0; k < n; k++) {
        if (mask & (1 << k)) continue;
        const next = (mask | (1 << k)) * n + k;
        const nc = c + d[j][k];
        if (nc < cost[next] - 1e-12) {
          cost[next] = nc;
          from[next] = j;
        }
      }
    }
  }
  let end = 0;
  for (let j = 1; j < n; j++) if (cost[full * n + j] + (home ? home[j] : 0) < cost[full * n + end] + (home ? home[end] : 0)) end = j;
  const order: number[] = [];
  for (let mask = full, j = end; j >= 0;) {
    order.push(j);
    const prev = from[mask * n + j];
    mask &= ~(1 << j);
    j = prev;
  }
  order.reverse();
  // Distances are the same both ways: of the two directions, the one that starts at the earlier stop
  // (the order given's, on a tie).
  return order[0] > order[order.length - 1] ? order.reverse() : order;
}

/**
 * The shortest order found for `points` (indexes into it); the given order when nothing is shorter.
 * Up to EXACT_ORDER_MAX stops (a day's) it is the optimum; beyond, nearest neighbour and 2-opt.
 */
export function shortestOrder(points: readonly GeoPoint[]): number[] {
  const given = points.map((_, i) => i);
  if (points.length < 3) return given;
  const d = matrixOf(points);
  const tuned = points.length <= EXACT_ORDER_MAX ? exactPath(d, points.length, null) : twoOpt(points, nearestNeighbour(points, d), d);
  return lengthOf(d, tuned) < lengthOf(d, given) - 1e-9 ? tuned : given;
}
