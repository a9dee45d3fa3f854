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
 */

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
 */
export function improveDays(inp: SplitInput, days: number[][], budget: number): void {
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
}
