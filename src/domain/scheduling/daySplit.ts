/**
 * How one short route through a plan's stops becomes days (layout.ts layOut, unless the admin keeps
 * the selection order): route first, days second, then days improved against each other.
 *
 * - Split (Prins' split): the route's stops, in its order, are cut into consecutive runs, one run per
 *   free day, by dynamic programming over the free days: a run goes on a day only when the day lays it
 *   in that order (`reach`, the layout's own rules: spans, lunch, interval, drives, the base). Of all
 *   cuts the one kept lays the most stops; then puts each stop in the earliest week it can (the sum of
 *   the stops' week indexes is least, so the plan's own week is filled first); then drives the least
 *   (each day's path in route order, from the base and back when there is one), on no more days than
 *   `maxDays` (the days the route filled day by day used). So a long drive between two places is where
 *   a day ends whenever the weeks allow it, and the last day is not left short when an even split drives less.
 * - Then a local search between days: move one stop to another day (at its cheapest place there),
 *   swap two stops of two days, or exchange the ends of two days' routes (2-opt*), each taken only
 *   when both days still lay (`fits`, again the layout's rules) and the kilometres fall; after a move
 *   each changed day is ordered again (`order`). No move leaves an earlier week fewer stops (a stop
 *   moves alone only to its own or an earlier week; swaps and exchanges keep or raise the earlier
 *   week's count), opens a day that had none, or puts a stop of a lower priority on a day before one
 *   of a higher priority. Only each day's NEAR_DAYS nearest days are tried against it. The search is
 *   deterministic and stops after a bounded number of evaluations.
 * - Then ruin and recreate (ruinAndRecreate), which gets out of where those single moves stop: a few
 *   stops near each other are taken out and put back one by one at the cheapest place where the day
 *   still lays, each changed day shortened again (2-opt, Or-opt), a round kept by simulated annealing
 *   and the best plan seen kept in the end; under the same rules (no earlier run of weeks with fewer
 *   stops, no day opened, priorities in order, every day laid by `fits`). Seeded, so the page's dry
 *   run and the batch lay the same plan; a bounded number of rounds. On random points over Bærum it
 *   takes 200 stops from 100.1 to 97.4 km (HiGHS' proven lower bound 90.1) and 50 from 45.8 to 44.3.
 */
import { mulberry32 } from '../random';

export interface SplitInput {
  /** The stops, as indexes 0..n-1 in route order (the highest priority first). */
  n: number;
  /** The free days in order; their weeks never decrease. */
  dayWeeks: readonly number[];
  maxDays: number;
  /** Each stop's priority. */
  priority: ArrayLike<number>;
  /** Kilometres between stops i and j at [at[i] * stride + at[j]] (0 when either has no position). */
  dist: Float64Array;
  at: Int32Array;
  stride: number;
  /** 1 for a stop with a position (one without is driven to from nowhere). */
  located: Uint8Array;
  /** Kilometres from the base to each stop, or null without a base. */
  fromBase: Float64Array | null;
  /** At [d * n + i]: how many of the stops from i on, in route order, day d lays (the layout's own rules). */
  reach: Int16Array;
  /** The order in which day `d` lays `stops` (they or their reverse), or null when it cannot lay them all. */
  fits: (d: number, stops: readonly number[]) => number[] | null;
  /** A shorter order of a day's stops (never longer than the one given). */
  order: (stops: readonly number[]) => number[];
}

/** Kilometres of a day's stops in this order: the path between the located ones, and from the base and back. */
export function dayKm(inp: SplitInput, stops: readonly number[]): number {
  let km = 0;
  let first = -1;
  let last = -1;
  for (const s of stops) {
    if (!inp.located[s]) continue;
    if (last >= 0) km += inp.dist[inp.at[last] * inp.stride + inp.at[s]];
    else first = s;
    last = s;
  }
  if (inp.fromBase && first >= 0) km += inp.fromBase[first] + inp.fromBase[last];
  return km;
}

/**
 * The split: each free day's stops (indexes into the route), or null when no cut lays as many stops
 * as `mustLay` within `maxDays` days.
 */
export function splitRoute(inp: SplitInput, mustLay: number): number[][] | null {
  const { n, dayWeeks, dist, at, stride, located, fromBase, reach } = inp;
  const D = dayWeeks.length;
  const K = Math.min(inp.maxDays, D);
  const width = n + 1;
  const size = width * (K + 1);
  // State (i, k): the first i stops laid on k days; its week sum and its kilometres.
  const weekSum = new Float64Array(size).fill(Infinity);
  const kmOf = new Float64Array(size).fill(Infinity);
  weekSum[0] = 0;
  kmOf[0] = 0;
  // The most stops k days can have laid so far: states beyond it are unreached.
  const most = new Int32Array(K + 1);
  // No day lays more than `cap` stops, so a plan that ends with all n stops on at most K days never
  // has k days with i stops where k - i / cap > K - n / cap (days past what the rest can make up):
  // such states are not kept (when fewer than all may be laid, every state is).
  let cap = 1;
  for (let x = 0; x < reach.length; x++) if (reach[x] > cap) cap = reach[x];
  const slack = mustLay >= n ? K - n / cap + 1e-9 : Infinity;
  const taken: Uint16Array[] = [];
  for (let d = 0; d < D; d++) {
    const took = new Uint16Array(size);
    taken.push(took);
    const w = dayWeeks[d];
    for (let k = Math.min(K - 1, d); k >= 0; k--) {
      const row = width * k;
      for (let i = Math.max(0, Math.ceil(cap * (k - slack))); i <= most[k] && i < n; i++) {
        const s = i + row;
        const ws = weekSum[s];
        if (ws === Infinity) continue;
        const len = reach[d * n + i];
        const from = kmOf[s];
        let km = 0;
        let first = -1;
        let last = -1;
        for (let l = 1; l <= len; l++) {
          const stop = i + l - 1;
          if (located[stop]) {
            if (last >= 0) km += dist[at[last] * stride + at[stop]];
            else first = stop;
            last = stop;
          }
          const total = from + km + (fromBase && first >= 0 ? fromBase[first] + fromBase[last] : 0);
          if (k + 1 - (i + l) / cap > slack) continue;
          const t = i + l + row + width;
          const nw = ws + l * w;
          if (nw < weekSum[t] || (nw === weekSum[t] && total < kmOf[t] - 1e-9)) {
            weekSum[t] = nw;
            kmOf[t] = total;
            took[t] = l;
            if (i + l > most[k + 1]) most[k + 1] = i + l;
          }
        }
      }
    }
  }
  // The most stops laid; then the least week sum; then the least kilometres.
  let best = -1;
  for (let i = n; i >= mustLay && best < 0; i--) {
    for (let k = 0; k <= K; k++) {
      const s = i + width * k;
      if (weekSum[s] === Infinity) continue;
      if (best < 0 || weekSum[s] < weekSum[best] || (weekSum[s] === weekSum[best] && kmOf[s] < kmOf[best] - 1e-9)) best = s;
    }
  }
  if (best < 0) return null;
  const days: number[][] = Array.from({ length: D }, () => []);
  let i = best % width;
  let k = Math.floor(best / width);
  for (let d = D - 1; d >= 0 && i > 0; d--) {
    const l = taken[d][i + width * k];
    if (!l) continue;
    days[d] = Array.from({ length: l }, (_, j) => i - l + j);
    i -= l;
    k -= 1;
  }
  return i === 0 ? days : null;
}

/** Days considered together: for each day, the NEAR_DAYS days whose stops come closest to its own. */
const NEAR_DAYS = 6;

function nearDays(inp: SplitInput, loc: readonly number[][]): number[][] {
  const { dist, at, stride } = inp;
  const used = loc.map((s, d) => (s.length ? d : -1)).filter((d) => d >= 0);
  return loc.map((s, a) => {
    if (!s.length) return [];
    const gap = used.filter((b) => b !== a).map((b) => {
      let min = Infinity;
      for (const x of s) for (const y of loc[b]) min = Math.min(min, dist[at[x] * stride + at[y]]);
      return { b, min };
    });
    return gap.sort((p, q) => p.min - q.min || p.b - q.b).slice(0, NEAR_DAYS).map((g) => g.b);
  });
}

/** Internal kilometres of each prefix of `s`: at k, of s[0..k). */
function prefixKm(inp: SplitInput, s: readonly number[]): Float64Array {
  const p = new Float64Array(s.length + 1);
  for (let k = 2; k <= s.length; k++) p[k] = p[k - 1] + inp.dist[inp.at[s[k - 2]] * inp.stride + inp.at[s[k - 1]]];
  return p;
}

/**
 * Improves the days against each other (see the module comment); `days` is changed in place. The
 * moves work on each day's located stops; stops without a position stay on their day, after them.
 * Then ruin and recreate (ruinAndRecreate), unless `recreate` is false.
 */
export function improveDays(inp: SplitInput, days: number[][], budget: number, recreate = true): void {
  const { n, dist, at, stride, fromBase, located, priority } = inp;
  const D = days.length;
  const weekOf = inp.dayWeeks;
  /** Kilometres of an edge; -1 is the day's end (the base, or nothing without one). */
  const e = (u: number, v: number): number => (u < 0 ? (v < 0 || !fromBase ? 0 : fromBase[v]) : v < 0 ? (fromBase ? fromBase[u] : 0) : dist[at[u] * stride + at[v]]);
  const loc = days.map((s) => s.filter((x) => located[x]));
  const fixed = days.map((s) => s.filter((x) => !located[x]));
  const km = days.map((s) => dayKm(inp, s));
  let samePriority = true;
  for (let i = 1; i < n; i++) if (priority[i] !== priority[0]) samePriority = false;
  let evaluations = 0;
  /** Higher priorities never on a later day than lower ones, with days a and b as given. */
  const ordered = (a: number, sa: readonly number[], b: number, sb: readonly number[]): boolean => {
    if (samePriority) return true;
    let floor = Infinity;
    for (let d = 0; d < D; d++) {
      const s = d === a ? sa : d === b ? sb : days[d];
      let top = -Infinity;
      let low = Infinity;
      for (const x of s) { top = Math.max(top, priority[x]); low = Math.min(low, priority[x]); }
      if (top > floor) return false;
      floor = Math.min(floor, low);
    }
    return true;
  };
  /** Lays the two changed days (located stops as given, then the day's others); when both lay, they are kept. */
  const accept = (a: number, la: number[], b: number, lb: number[]): boolean => {
    evaluations += 20;
    const sa = [...la, ...fixed[a]];
    const sb = [...lb, ...fixed[b]];
    if (!ordered(a, sa, b, sb)) return false;
    const fa = sa.length ? inp.fits(a, sa) : [];
    if (!fa) return false;
    const fb = sb.length ? inp.fits(b, sb) : [];
    if (!fb) return false;
    for (const [d, s] of [[a, fa], [b, fb]] as const) {
      // Ordered once more when that still lays and drives less.
      const shorter = s.length > 2 ? inp.order(s) : s;
      const laid = shorter !== s ? inp.fits(d, shorter) : null;
      days[d] = laid && dayKm(inp, laid) < dayKm(inp, s) - 1e-9 ? laid : [...s];
      km[d] = dayKm(inp, days[d]);
      loc[d] = days[d].filter((x) => located[x]);
    }
    return true;
  };
  // The days near each day, as the split made them (moves change few days).
  const near = nearDays(inp, loc);
  for (let improved = true; improved && evaluations < budget;) {
    improved = false;

    for (let a = 0; a < D && evaluations < budget; a++) {
      for (const b of near[a]) {
        if (evaluations >= budget) break;
        if (!loc[a].length || !loc[b].length) continue;
        // Relocate: a stop of day a to its cheapest place on day b, never to a later week.
        if (weekOf[b] <= weekOf[a]) {
          const A = loc[a];
          const B = loc[b];
          for (let x = 0; x < A.length; x++) {
            const s = A[x];
            const removed = e(x > 0 ? A[x - 1] : -1, s) + e(s, x + 1 < A.length ? A[x + 1] : -1) - e(x > 0 ? A[x - 1] : -1, x + 1 < A.length ? A[x + 1] : -1);
            let bestGain = 1e-9;
            let bestAt = -1;
            for (let at = 0; at <= B.length; at++) {
              evaluations++;
              const u = at > 0 ? B[at - 1] : -1;
              const v = at < B.length ? B[at] : -1;
              const gain = removed - (e(u, s) + e(s, v) - e(u, v));
              if (gain > bestGain) { bestGain = gain; bestAt = at; }
            }
            if (bestAt >= 0 && accept(a, A.filter((_, j) => j !== x), b, [...B.slice(0, bestAt), s, ...B.slice(bestAt)])) {
              improved = true;
              break;
            }
          }
          if (!loc[a].length || !loc[b].length) continue;
        }
        if (b < a && near[b].includes(a)) continue;
        // Swap and 2-opt*: p is the earlier day.
        const [p, q] = a < b ? [a, b] : [b, a];
        swap: for (let x = 0; x < loc[p].length; x++) {
          const P = loc[p];
          const Q = loc[q];
          const s = P[x];
          const pu = x > 0 ? P[x - 1] : -1;
          const pv = x + 1 < P.length ? P[x + 1] : -1;
          for (let y = 0; y < Q.length; y++) {
            evaluations++;
            const t = Q[y];
            const qu = y > 0 ? Q[y - 1] : -1;
            const qv = y + 1 < Q.length ? Q[y + 1] : -1;
            const gain = e(pu, s) + e(s, pv) + e(qu, t) + e(t, qv) - e(pu, t) - e(t, pv) - e(qu, s) - e(s, qv);
            if (gain > 1e-9 && accept(p, P.map((z, j) => (j === x ? t : z)), q, Q.map((z, j) => (j === y ? s : z)))) {
              improved = true;
              break swap;
            }
          }
        }
        // 2-opt*: day p keeps its first x stops and takes day q's from y on, and the other way round
        // (also with the ends reversed); a day of an earlier week never ends up with fewer stops.
        const P = loc[p];
        const Q = loc[q];
        const pp = prefixKm(inp, P);
        const pq = prefixKm(inp, Q);
        const join = (pre: number, f: number, l: number, tail: number, tf: number, tl: number): number =>
          (f < 0 ? e(-1, tf) + tail + e(tl, -1) : tf < 0 ? e(-1, f) + pre + e(l, -1) : e(-1, f) + pre + e(l, tf) + tail + e(tl, -1));
        const before = km[p] + km[q];
        cross: for (let x = 0; x <= P.length; x++) {
          for (let y = 0; y <= Q.length; y++) {
            const ra = P.length - x;
            const rb = Q.length - y;
            if ((x === 0 && rb === 0) || (y === 0 && ra === 0) || (ra === 0 && rb === 0)) continue;
            if (weekOf[p] !== weekOf[q] && rb < ra) continue;
            const tailP = pp[P.length] - pp[Math.min(x + 1, P.length)];
            const tailQ = pq[Q.length] - pq[Math.min(y + 1, Q.length)];
            for (let flip = 0; flip < 2; flip++) {
              if (flip && ra < 2 && rb < 2) continue;
              evaluations++;
              const qf = rb ? (flip ? Q[Q.length - 1] : Q[y]) : -1;
              const ql = rb ? (flip ? Q[y] : Q[Q.length - 1]) : -1;
              const pf = ra ? (flip ? P[P.length - 1] : P[x]) : -1;
              const pl = ra ? (flip ? P[x] : P[P.length - 1]) : -1;
              const after = join(pp[x], x ? P[0] : -1, x ? P[x - 1] : -1, tailQ, qf, ql) + join(pq[y], y ? Q[0] : -1, y ? Q[y - 1] : -1, tailP, pf, pl);
              if (after >= before - 1e-6) continue;
              const tq = Q.slice(y);
              const tp = P.slice(x);
              if (accept(p, [...P.slice(0, x), ...(flip ? tq.reverse() : tq)], q, [...Q.slice(0, y), ...(flip ? tp.reverse() : tp)])) {
                improved = true;
                break cross;
              }
            }
          }
        }
      }
    }
  }
  if (recreate) ruinAndRecreate(inp, days, Math.min(RECREATE_ROUNDS_PER_ITEM * n, RECREATE_ROUNDS_MAX));
}

/**
 * Rounds of ruin and recreate after the local search: per item, and at most (each round costs some
 * 30 µs at 200 items; the dry run on the page and the batch both lay with it). layout.ts runs them on
 * the split that drives least (`recreate`), not on the runner-up: the batch bench's layout of 200
 * items takes 69 ms so (120 ms with both, 29 ms without).
 */
const RECREATE_ROUNDS_PER_ITEM = 10;
const RECREATE_ROUNDS_MAX = 1000;

/**
 * A day's located stops `s` in a shorter order when 2-opt or Or-opt (a run of 1–3 stops moved,
 * either way round) finds one: changed in place; whether it changed. `e` gives the kilometres between
 * two stops, -1 being the day's end (the base, or nothing).
 */
function tightenDay(s: number[], e: (u: number, v: number) => number): boolean {
  const len = s.length;
  // Local numbers: 0..len-1 the stops as given, len the day's end.
  const N = len + 1;
  const M = new Float64Array(N * N);
  for (let i = 0; i < N; i++) for (let j = i + 1; j < N; j++) M[i * N + j] = M[j * N + i] = e(i < len ? s[i] : -1, j < len ? s[j] : -1);
  const p = new Int32Array(len + 2);
  p[0] = len;
  p[len + 1] = len;
  for (let i = 0; i < len; i++) p[i + 1] = i;
  // p[1..len] is the order; p[0] and p[len + 1] the day's ends.
  const c = (a: number, b: number) => M[p[a] * N + p[b]];
  let any = false;
  for (let improved = true, rounds = 0; improved && rounds < 20; rounds++) {
    improved = false;
    // 2-opt: p[i..j] reversed.
    for (let i = 1; i < len; i++) {
      for (let j = i + 1; j <= len; j++) {
        if (c(i - 1, j) + c(i, j + 1) - c(i - 1, i) - c(j, j + 1) < -1e-9) {
          for (let a = i, b = j; a < b; a++, b--) { const t = p[a]; p[a] = p[b]; p[b] = t; }
          improved = any = true;
        }
      }
    }
    // Or-opt: p[i..j] moved between p[k] and p[k + 1], either way round.
    for (let l = 1; l <= 3 && l < len; l++) {
      for (let i = 1; i + l - 1 <= len; i++) {
        const j = i + l - 1;
        const out = c(i - 1, i) + c(j, j + 1) - c(i - 1, j + 1);
        let best = 1e-9;
        let bestK = -1;
        let bestFlip = false;
        for (let k = 0; k <= len; k++) {
          if (k >= i - 1 && k <= j) continue;
          const cut = c(k, k + 1);
          const straight = out - (c(k, i) + c(j, k + 1) - cut);
          const flipped = out - (c(k, j) + c(i, k + 1) - cut);
          if (straight > best) { best = straight; bestK = k; bestFlip = false; }
          if (flipped > best) { best = flipped; bestK = k; bestFlip = true; }
        }
        if (bestK < 0) continue;
        const run = Array.from(p.subarray(i, j + 1));
        if (bestFlip) run.reverse();
        const rest = [...p.subarray(1, i), ...p.subarray(j + 1, len + 1)];
        const at = bestK < i ? bestK : bestK - l;
        rest.splice(at, 0, ...run);
        p.set(rest, 1);
        improved = any = true;
      }
    }
  }
  if (any) {
    const was = [...s];
    for (let i = 0; i < len; i++) s[i] = was[p[i + 1]];
  }
  return any;
}

/**
 * Ruin and recreate (after the local search): take out a stop chosen at random and its nearest few
 * located stops, put each back at the cheapest place where its day still lays, on a day that had
 * stops (a day of the stops near it, or one the round emptied), never so that an earlier run of
 * weeks would end with fewer stops; shorten each changed day (2-opt, Or-opt) when it still lays;
 * keep the round by simulated annealing, the best plan seen being what stays. A round is undone when
 * a stop finds no place or a stop of a lower priority would come on a day before one of a higher
 * priority. Deterministic (seeded); `rounds` bounds it.
 */
export function ruinAndRecreate(inp: SplitInput, days: number[][], rounds: number): void {
  const { n, dist, at, stride, fromBase, located, priority } = inp;
  const D = days.length;
  const weekOf = inp.dayWeeks;
  // The located stops laid (those the split left out stay out).
  const stops = days.flat().filter((i) => located[i]).sort((a, b) => a - b);
  if (stops.length < 3 || rounds <= 0) return;
  const e = (u: number, v: number): number => (u < 0 ? (v < 0 || !fromBase ? 0 : fromBase[v]) : v < 0 ? (fromBase ? fromBase[u] : 0) : dist[at[u] * stride + at[v]]);
  const open = days.map((s) => s.length > 0);
  const weeks = weekOf.length ? weekOf[weekOf.length - 1] + 1 : 0;
  // The stops in each first run of weeks (weeks 0..w) may never fall below the split's.
  const floor = new Int32Array(weeks);
  for (let d = 0; d < D; d++) floor[weekOf[d]] += days[d].length;
  for (let w = 1; w < weeks; w++) floor[w] += floor[w - 1];
  let samePriority = true;
  for (let i = 1; i < n; i++) if (priority[i] !== priority[0]) samePriority = false;
  const ordered = (ds: readonly (readonly number[])[]): boolean => {
    if (samePriority) return true;
    let low = Infinity;
    for (let d = 0; d < D; d++) {
      let top = -Infinity;
      let min = Infinity;
      for (const x of ds[d]) { top = Math.max(top, priority[x]); min = Math.min(min, priority[x]); }
      if (top > low) return false;
      low = Math.min(low, min);
    }
    return true;
  };
  // Each located stop's nearest located stops.
  const NEAR = Math.min(stops.length - 1, 20);
  const near: number[][] = [];
  for (const s of stops) near[s] = stops.filter((t) => t !== s).sort((a, b) => e(s, a) - e(s, b) || a - b).slice(0, NEAR);
  let cap = 1;
  for (let x = 0; x < inp.reach.length; x++) if (inp.reach[x] > cap) cap = inp.reach[x];
  const allLocated = days.every((day) => day.every((i) => located[i]));
  /** A day's located stops in its order with `x` put in at `k` (-1: none), then its others. */
  const withStop = (s: readonly number[], x: number, k: number): number[] => {
    if (allLocated) return k < 0 ? [...s] : [...s.slice(0, k), x, ...s.slice(k)];
    const loc = s.filter((y) => located[y]);
    if (k >= 0) loc.splice(k, 0, x);
    for (const y of s) if (!located[y]) loc.push(y);
    return loc;
  };
  const dayOf = new Int32Array(n).fill(-1);
  let cur = days.map((s) => [...s]);
  let curKm = cur.map((s) => dayKm(inp, s));
  let total = curKm.reduce((a, b) => a + b, 0);
  let best = cur.map((s) => [...s]);
  let bestTotal = total;
  const rand = mulberry32(0x5eed + n);
  // The temperature: from 0.3 of the mean kilometres per stop down to a hundredth of it.
  const mean = total / stops.length;
  const t0 = 0.3 * mean;
  const t1 = 0.01 * mean;
  const count = new Int32Array(weeks);
  const seen = new Uint8Array(D);
  const cands: number[] = [];
  const changed: number[] = [];
  const placeC = new Float64Array(D * (n + 1));
  const placeD = new Int32Array(placeC.length);
  const placeK = new Int32Array(placeC.length);
  for (let round = 0; round < rounds; round++) {
    const temp = t0 * (t1 / t0) ** (round / rounds);
    for (let d = 0; d < D; d++) for (const x of cur[d]) dayOf[x] = d;
    const next = cur.slice();
    changed.length = 0;
    seen.fill(0);
    // Ruin: a stop at random and its nearest, 3 to 12 of them.
    const centre = stops[Math.floor(rand() * stops.length)];
    const size = 3 + Math.floor(rand() * Math.min(10, stops.length - 2));
    const out = [centre, ...near[centre].slice(0, size - 1)];
    for (const x of out) {
      const d = dayOf[x];
      next[d] = next[d].filter((y) => y !== x);
      dayOf[x] = -1;
      if (!seen[d]) { seen[d] = 1; changed.push(d); }
    }
    count.fill(0);
    for (let d = 0; d < D; d++) count[weekOf[d]] += next[d].length;
    // Recreate: the farthest from the centre first, or at random.
    if (rand() < 0.5) out.sort((a, b) => e(centre, b) - e(centre, a));
    else for (let i = out.length - 1; i > 0; i--) { const j = Math.floor(rand() * (i + 1)); [out[i], out[j]] = [out[j], out[i]]; }
    let ok = true;
    for (let r = 0; r < out.length && ok; r++) {
      const x = out[r];
      const left = out.length - r - 1;
      // The days of the stops near it, and those the round changed.
      cands.length = 0;
      for (const d of changed) cands.push(d);
      for (const y of near[x]) { const d = dayOf[y]; if (d >= 0 && !seen[d]) { seen[d] = 2; cands.push(d); } }
      for (const d of cands) if (seen[d] === 2) seen[d] = 0;
      // Places by added kilometres; a week is taken only when the weeks can still hold the split's first runs.
      let m = 0;
      for (const d of cands) {
        const s = next[d];
        if (!open[d] || s.length >= cap) continue;
        let sum = 0;
        let short = false;
        for (let w = 0; w < weeks && !short; w++) {
          sum += count[w] + (w >= weekOf[d] ? 1 : 0);
          if (sum + left < floor[w]) short = true;
        }
        if (short) continue;
        // Between the located stops (in the day's order); the day's others stay after them.
        let prev = -1;
        let k = 0;
        for (const v of s) {
          if (!located[v]) continue;
          placeC[m] = e(prev, x) + e(x, v) - e(prev, v);
          placeD[m] = d;
          placeK[m++] = k++;
          prev = v;
        }
        placeC[m] = e(prev, x) + e(x, -1) - e(prev, -1);
        placeD[m] = d;
        placeK[m++] = k;
      }
      ok = false;
      // The cheapest places first (8 at most), the first where the day still lays.
      for (let t = 0; t < 8 && !ok; t++) {
        let pick = -1;
        for (let j = 0; j < m; j++) if (placeC[j] < Infinity && (pick < 0 || placeC[j] < placeC[pick])) pick = j;
        if (pick < 0) break;
        placeC[pick] = Infinity;
        const d = placeD[pick];
        const laid = inp.fits(d, withStop(next[d], x, placeK[pick]));
        if (!laid) continue;
        next[d] = laid;
        dayOf[x] = d;
        count[weekOf[d]]++;
        if (!seen[d]) { seen[d] = 1; changed.push(d); }
        ok = true;
      }
    }
    if (!ok || !ordered(next)) continue;
    let sum = total;
    const nextKm = curKm.slice();
    for (const d of changed) {
      const loc = allLocated ? [...next[d]] : next[d].filter((y) => located[y]);
      if (loc.length > 2 && tightenDay(loc, e)) {
        const laid = inp.fits(d, allLocated ? loc : [...loc, ...next[d].filter((y) => !located[y])]);
        if (laid) next[d] = laid;
      }
      nextKm[d] = dayKm(inp, next[d]);
      sum += nextKm[d] - curKm[d];
    }
    if (sum < total - 1e-9 || sum < total - temp * Math.log(rand())) {
      cur = next;
      curKm = nextKm;
      total = sum;
      if (total < bestTotal - 1e-9) { best = cur.map((s) => [...s]); bestTotal = total; }
    }
  }
  for (let d = 0; d < D; d++) days[d] = best[d];
}
