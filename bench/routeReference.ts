/**
 * An independent reference for the layout's kilometres (DESIGN.md "Scheduling": route quality is
 * measured against an independent solver). OR-tools cannot be installed here; this is the HiGHS MIP
 * solver compiled to WebAssembly (npm `highs`, a devDependency: the bench uses it, the product never
 * imports it). Nothing of the layout is used: only the distance (haversineKm), the drive time
 * (travelMinutes) and the day facts (free spans, job interval) are shared.
 *
 * The problem: lay every item on at most `maxDays` of the offered days; each used day is an open path
 * between its stops (no base: start and end anywhere), or a loop from the base and back (with a base);
 * the total kilometres are the least. A day's stops must fit the day: each stop laid at the earliest
 * moment at or after the previous stop's end plus the gap (the job interval, or the drive when
 * longer), within one free span (not over lunch); with a base the first stop starts after the drive
 * from it and the last ends in time to drive back.
 *
 * The model is the two-index formulation of the capacitated vehicle routing problem: node 0 is the
 * depot (the base, or with no base a dummy at distance 0 from every stop, which makes each day an open
 * path), one variable per edge (0..2 on the depot's edges, 0..1 between stops), each stop of degree 2,
 * the depot of degree at most 2 × maxDays. A day's time is first counted as a capacity: at most C stops,
 * C being how many items of the shortest duration one offered day holds when every gap is the
 * interval. Every feasible plan keeps to that (a drive longer than the interval only takes more
 * time), so the model lets in every feasible plan, and its optimum or any bound of it is a lower bound
 * of the true optimum. Rounded capacity cuts x(δ(S)) ≥ 2·⌈|S|/C⌉ (subtour elimination when ⌈|S|/C⌉ = 1)
 * are added as they are violated: on the LP, by connected components, by min cuts from the depot to
 * each stop (max flow) and by greedily grown sets; on an integer solution, by its components.
 *
 * Then the time itself. Two stops that fit no day together are never next to each other (their
 * edge is fixed at 0), and up to 40 stops, three that fit no day together in any order are never one
 * stretch of a day (x(E(T)) ≤ 1). The rest lazily: each day of an integer solution is laid in a day's
 * time (both directions); a day that fits in neither gets a cut on its shortest stretches that fit in
 * neither, which no day containing them can fit either (checkPlan's note); when a stretch's stops fit
 * in no order, the cut forbids them as one stretch in any order. So an integer solution that passes
 * every check is a plan that can be driven, and when HiGHS proved it optimal it is the optimum of the
 * whole problem (exact when the offered days have the same free spans; otherwise a lower bound only).
 * With a base, the layout has every stop leave time to drive back; here the last one must: the same,
 * as an earlier stop is no further from the base than the drive on from it plus the stops after it.
 *
 * Results: 'optimum' (proven, or not within the time: then the best bound and the best plan found are
 * given) or 'lower bound' (the LP with cuts, then the MIP's proven dual bound within the time left).
 */
import { performance } from 'node:perf_hooks';
import highsLoader, { type Highs, type Model } from 'highs';
import type { FreeDay, Span } from '../src/domain/scheduling/hours';
import { DEFAULT_TRAVEL, haversineKm, travelMinutes, type GeoPoint, type TravelModel } from '../src/domain/scheduling/routeOrder';

export interface ReferenceItem extends GeoPoint {
  /** Minutes. */
  duration: number;
}

export interface ReferenceProblem {
  items: readonly ReferenceItem[];
  /** The free days offered (each its free spans, already less lunch). */
  days: readonly FreeDay[];
  /** How many of them a plan may use (with no base, more days are never longer: give the layout's count). */
  maxDays: number;
  intervalMinutes: number;
  travel?: TravelModel;
  /** Each day starts and ends here; none: each day is an open path. */
  base?: GeoPoint | null;
}

export interface ReferenceOptions {
  /** Seconds for the whole reference (LP rounds and MIP solves), 60 when not given. */
  seconds?: number;
  /** Seconds of the LP rounds at most (the rest goes to the MIP), half of `seconds` when not given. */
  lpSeconds?: number;
  /** Stop after the LP rounds: the LP bound only. */
  lpOnly?: boolean;
}

export interface ReferenceResult {
  /** 'optimum': the MIP with all checks was run to the end or to the time limit; 'lower bound': a bound only. */
  kind: 'optimum' | 'lower bound';
  /** Whether the optimum was proven (always false for a lower bound). */
  proven: boolean;
  /** The figure to compare with: the proven optimum, else the best proven lower bound. */
  km: number;
  /** The best proven lower bound (the LP's, or the MIP's dual bound, the higher). */
  bound: number;
  /** The LP relaxation with all cuts found. */
  lpBound: number;
  /** The best plan found that passes every check (capacity, connected, laid in a day's time), its km; null when none. */
  incumbent: number | null;
  /** That plan's days: indexes into items, in driving order. */
  plan: number[][] | null;
  /** Stops per day counted by the model (C). */
  capacity: number;
  /** Days whose time was checked by laying them (lazy time cuts added). */
  timeCuts: number;
  /** Capacity and subtour cuts added. */
  cuts: number;
  lpRounds: number;
  mipSolves: number;
  seconds: number;
  notes: string[];
}

let loaded: Promise<Highs> | null = null;
const loadHighs = (): Promise<Highs> => (loaded ??= highsLoader());

// ---------------------------------------------------------------------------------------------
// Day facts: laying a day's stops in its time.

/** How many items of `duration` one day holds when every gap is the interval (the earliest laying; exact for identical items). */
export function dayCapacity(spans: readonly Span[], duration: number, intervalMinutes: number): number {
  let count = 0;
  let after = -Infinity;
  for (;;) {
    const span = spans.find(([a, b]) => Math.max(a, after) + duration <= b);
    if (!span) return count;
    const from = Math.max(span[0], after);
    count++;
    after = from + duration + intervalMinutes;
  }
}

/**
 * The end of `stop` laid on a day of `spans` after `prev` (which ended at `end`; null: the day's first
 * stop): at the earliest moment at or after the previous end plus the gap (the interval, or the drive
 * when longer), within one span; with a base, the first after the drive from it. Null when it fits no span.
 */
function layNext(spans: readonly Span[], prev: ReferenceItem | null, end: number, stop: ReferenceItem, intervalMinutes: number, travel: TravelModel, base: GeoPoint | null): number | null {
  const after = prev ? end + Math.max(intervalMinutes, travelMinutes(haversineKm(prev, stop), travel)) : spans[0][0] + (base ? travelMinutes(haversineKm(base, stop), travel) : 0);
  const span = spans.find(([a, b]) => Math.max(a, after) + stop.duration <= b);
  return span ? Math.max(span[0], after) + stop.duration : null;
}

/** With a base: whether the day's last stop, ending at `end`, leaves time to drive back before the day's end. */
const backInTime = (spans: readonly Span[], last: ReferenceItem, end: number, travel: TravelModel, base: GeoPoint | null): boolean =>
  end <= spans[spans.length - 1][1] - (base ? travelMinutes(haversineKm(base, last), travel) : 0);

/**
 * Whether `stops` in this order fit in a day of `spans`: each laid by layNext; with a base, the last
 * ending in time to drive back.
 */
export function fitsDay(spans: readonly Span[], stops: readonly ReferenceItem[], intervalMinutes: number, travel: TravelModel, base: GeoPoint | null): boolean {
  if (!stops.length) return true;
  if (!spans.length) return false;
  let end = -Infinity;
  for (const [k, stop] of stops.entries()) {
    const next = layNext(spans, k ? stops[k - 1] : null, end, stop, intervalMinutes, travel, base);
    if (next === null) return false;
    end = next;
  }
  return backInTime(spans, stops[stops.length - 1], end, travel, base);
}

/**
 * Whether `stops` fit in a day of `spans` in some order (depth first over the orders; a stop that
 * fits nowhere after a beginning ends that beginning, as nothing laid after it comes earlier).
 */
export function fitsDayInSomeOrder(spans: readonly Span[], stops: readonly ReferenceItem[], intervalMinutes: number, travel: TravelModel, base: GeoPoint | null): boolean {
  if (!stops.length) return true;
  if (!spans.length) return false;
  const used = new Uint8Array(stops.length);
  const from = (prev: ReferenceItem | null, end: number, left: number): boolean => {
    if (!left) return backInTime(spans, prev!, end, travel, base);
    for (let k = 0; k < stops.length; k++) {
      if (used[k]) continue;
      const next = layNext(spans, prev, end, stops[k], intervalMinutes, travel, base);
      if (next === null) continue;
      used[k] = 1;
      const ok = from(stops[k], next, left - 1);
      used[k] = 0;
      if (ok) return true;
    }
    return false;
  };
  return from(null, -Infinity, stops.length);
}

// ---------------------------------------------------------------------------------------------
// The graph: node 0 the depot, 1..n the stops; one column per edge {i, j}, i < j.

class Edges {
  readonly count: number;
  readonly u: Int32Array;
  readonly v: Int32Array;
  readonly cost: Float64Array;
  private readonly first: Int32Array;

  constructor(readonly nodes: number, km: (i: number, j: number) => number) {
    this.count = (nodes * (nodes - 1)) / 2;
    this.u = new Int32Array(this.count);
    this.v = new Int32Array(this.count);
    this.cost = new Float64Array(this.count);
    this.first = new Int32Array(nodes);
    let e = 0;
    for (let i = 0; i < nodes; i++) {
      this.first[i] = e - i - 1;
      for (let j = i + 1; j < nodes; j++, e++) {
        this.u[e] = i;
        this.v[e] = j;
        this.cost[e] = km(i, j);
      }
    }
  }

  /** The column of edge {i, j}. */
  at(i: number, j: number): number {
    return i < j ? this.first[i] + j : this.first[j] + i;
  }
}

interface Cut { lower: number; upper: number; indices: number[]; values: number[] }

/**
 * The rounded capacity cut of the stops `S` (node numbers ≥ 1): x(E(S)) ≤ |S| − ⌈|S|/C⌉, or in the
 * equivalent form x(δ(S)) ≥ 2⌈|S|/C⌉ when that has fewer entries.
 */
function capacityCut(edges: Edges, S: readonly number[], capacity: number): Cut {
  const k = Math.ceil(S.length / capacity);
  const inside = (S.length * (S.length - 1)) / 2;
  const across = S.length * (edges.nodes - S.length);
  const indices: number[] = [];
  if (inside <= across) {
    for (let a = 0; a < S.length; a++) for (let b = a + 1; b < S.length; b++) indices.push(edges.at(S[a], S[b]));
    return { lower: -Infinity, upper: S.length - k, indices, values: indices.map(() => 1) };
  }
  const inS = new Uint8Array(edges.nodes);
  for (const i of S) inS[i] = 1;
  for (const i of S) for (let j = 0; j < edges.nodes; j++) if (!inS[j]) indices.push(edges.at(i, j));
  return { lower: 2 * k, upper: Infinity, indices, values: indices.map(() => 1) };
}

/** x(E(S)) for the stops S over the dense matrix X. */
function insideValue(X: Float64Array, N: number, S: readonly number[]): number {
  let sum = 0;
  for (let a = 0; a < S.length; a++) for (let b = a + 1; b < S.length; b++) sum += X[S[a] * N + S[b]];
  return sum;
}

const EPS = 1e-6;
const VIOLATED = 1e-4;

/** Connected components of the stops over the edges between stops with x > EPS. */
function components(X: Float64Array, N: number): number[][] {
  const seen = new Uint8Array(N);
  const out: number[][] = [];
  for (let s = 1; s < N; s++) {
    if (seen[s]) continue;
    const comp = [s];
    seen[s] = 1;
    for (let q = 0; q < comp.length; q++) {
      const i = comp[q];
      for (let j = 1; j < N; j++) if (!seen[j] && X[i * N + j] > EPS) { seen[j] = 1; comp.push(j); }
    }
    out.push(comp);
  }
  return out;
}

/** Min cut between the depot and each stop (max flow, Edmonds–Karp on the support graph): the stop's side when below 2. */
function minCutSets(X: Float64Array, N: number): number[][] {
  const adj: number[][] = Array.from({ length: N }, () => []);
  for (let i = 0; i < N; i++) for (let j = i + 1; j < N; j++) if (X[i * N + j] > EPS) { adj[i].push(j); adj[j].push(i); }
  const out: number[][] = [];
  const covered = new Uint8Array(N);
  const residual = new Float64Array(N * N);
  const parent = new Int32Array(N);
  for (let t = 1; t < N; t++) {
    if (covered[t]) continue;
    residual.set(X);
    let flow = 0;
    while (flow < 2 - VIOLATED) {
      parent.fill(-1);
      parent[0] = 0;
      const queue = [0];
      for (let q = 0; q < queue.length && parent[t] < 0; q++) {
        const i = queue[q];
        for (const j of adj[i]) if (parent[j] < 0 && residual[i * N + j] > EPS) { parent[j] = i; queue.push(j); }
      }
      if (parent[t] < 0) break;
      let push = Infinity;
      for (let j = t; j !== 0; j = parent[j]) push = Math.min(push, residual[parent[j] * N + j]);
      for (let j = t; j !== 0; j = parent[j]) { residual[parent[j] * N + j] -= push; residual[j * N + parent[j]] += push; }
      flow += push;
    }
    if (flow >= 2 - VIOLATED) continue;
    // The stop's side: what the depot no longer reaches in the residual graph.
    const reach = new Uint8Array(N);
    reach[0] = 1;
    const queue = [0];
    for (let q = 0; q < queue.length; q++) {
      const i = queue[q];
      for (const j of adj[i]) if (!reach[j] && residual[i * N + j] > EPS) { reach[j] = 1; queue.push(j); }
    }
    const S: number[] = [];
    for (let j = 1; j < N; j++) if (!reach[j]) { S.push(j); covered[j] = 1; }
    out.push(S);
  }
  return out;
}

/** Sets grown greedily from each stop (the most connected stop added next), the most violated capacity cut of each. */
function greedySets(X: Float64Array, N: number, capacity: number): number[][] {
  const out: number[][] = [];
  const conn = new Float64Array(N);
  const inS = new Uint8Array(N);
  for (let s = 1; s < N; s++) {
    conn.fill(0);
    inS.fill(0);
    const S = [s];
    inS[s] = 1;
    for (let j = 1; j < N; j++) conn[j] = X[s * N + j];
    let inside = 0;
    let best = { viol: VIOLATED, size: 0 };
    while (S.length < N - 2) {
      let pick = -1;
      for (let j = 1; j < N; j++) if (!inS[j] && conn[j] > EPS && (pick < 0 || conn[j] > conn[pick])) pick = j;
      if (pick < 0) break;
      inside += conn[pick];
      inS[pick] = 1;
      S.push(pick);
      for (let j = 1; j < N; j++) conn[j] += X[pick * N + j];
      const viol = inside - (S.length - Math.ceil(S.length / capacity));
      if (viol > best.viol) best = { viol, size: S.length };
    }
    if (best.size) out.push(S.slice(0, best.size));
  }
  return out;
}

// ---------------------------------------------------------------------------------------------

export async function routeReference(problem: ReferenceProblem, opts: ReferenceOptions = {}): Promise<ReferenceResult> {
  const started = performance.now();
  const elapsed = () => (performance.now() - started) / 1000;
  const seconds = opts.seconds ?? 60;
  const lpSeconds = Math.min(seconds, opts.lpSeconds ?? seconds / 2);
  const travel = problem.travel ?? DEFAULT_TRAVEL;
  const base = problem.base ?? null;
  const items = problem.items;
  const n = items.length;
  const notes: string[] = [];
  if (!n) throw new Error('routeReference: no items');

  // Day facts: the distinct free-span shapes offered, and how many stops each holds at most.
  const shortest = Math.min(...items.map((i) => i.duration));
  const shapes = new Map<string, { spans: Span[]; capacity: number; count: number }>();
  for (const day of problem.days) {
    const key = JSON.stringify(day.spans);
    const shape = shapes.get(key) ?? { spans: day.spans, capacity: dayCapacity(day.spans, shortest, problem.intervalMinutes), count: 0 };
    shape.count++;
    shapes.set(key, shape);
  }
  const usable = [...shapes.values()].filter((s) => s.capacity > 0);
  const dayCount = usable.reduce((sum, s) => sum + s.count, 0);
  const maxDays = Math.min(problem.maxDays, dayCount, n);
  const capacity = Math.max(0, ...usable.map((s) => s.capacity));
  if (maxDays < 1 || capacity * maxDays < n) throw new Error(`routeReference: ${n} items cannot fit ${maxDays} days of at most ${capacity}`);
  const sameDays = usable.length === 1;
  if (!sameDays) notes.push('the days offered differ: a plan is checked against each day\'s shape alone, so the result is a lower bound');
  if (!base) notes.push(`no base: each day an open path, at most ${maxDays} days (more days are never longer)`);

  const N = n + 1;
  const at = (i: number): GeoPoint | null => (i === 0 ? base : items[i - 1]);
  const edges = new Edges(N, (i, j) => {
    const a = at(i);
    return a ? haversineKm(a, at(j)!) : 0;
  });
  const E = edges.count;
  const minDays = Math.ceil(n / capacity);

  // Degree rows: the depot between 2·minDays and 2·maxDays, each stop 2.
  const incident: number[][] = Array.from({ length: N }, () => []);
  for (let e = 0; e < E; e++) { incident[edges.u[e]].push(e); incident[edges.v[e]].push(e); }
  const starts = [0];
  const indices: number[] = [];
  for (let i = 0; i < N; i++) { indices.push(...incident[i]); starts.push(indices.length); }
  const colUpper = new Float64Array(E);
  for (let e = 0; e < E; e++) colUpper[e] = edges.u[e] === 0 ? 2 : 1;

  // The day's time: two stops that fit no day together are never next to each other (the edge is
  // fixed at 0), and up to 40 stops, three that fit no day together are never one stretch (checkPlan's
  // note: a stretch laid alone is never later than within a day).
  if (items.some((i) => !(i.duration >= 1))) throw new Error('routeReference: durations of at least a minute');
  const spansOf = usable.map((u) => u.spans);
  const stopsOf = (nodes: readonly number[]) => nodes.map((i) => items[i - 1]);
  const time: DayTime = {
    inOrder: (path) => {
      const stops = stopsOf(path);
      const back = [...stops].reverse();
      return spansOf.some((sp) => fitsDay(sp, stops, problem.intervalMinutes, travel, base) || fitsDay(sp, back, problem.intervalMinutes, travel, base));
    },
    inSomeOrder: (set) => spansOf.some((sp) => fitsDayInSomeOrder(sp, stopsOf(set), problem.intervalMinutes, travel, base)),
  };
  for (let i = 1; i < N; i++) if (!time.inOrder([i])) throw new Error(`routeReference: item ${i - 1} fits no day alone`);
  let fixedPairs = 0;
  for (let i = 1; i < N; i++) for (let j = i + 1; j < N; j++) if (!time.inOrder([i, j])) { colUpper[edges.at(i, j)] = 0; fixedPairs++; }
  const upfront: Cut[] = [];
  if (n <= 40) {
    for (let i = 1; i < N; i++) for (let j = i + 1; j < N; j++) for (let k = j + 1; k < N; k++) {
      if (colUpper[edges.at(i, j)] && colUpper[edges.at(i, k)] && colUpper[edges.at(j, k)] && !time.inSomeOrder([i, j, k])) upfront.push(setCut(edges, [i, j, k]));
    }
  }
  if (fixedPairs || upfront.length) notes.push(`time: ${fixedPairs} pairs of stops fit no day together, ${upfront.length} triples`);
  const highs = await loadHighs();
  const inf = highs.infinity;
  const fin = (x: number) => (x === Infinity ? inf : x === -Infinity ? -inf : x);
  const model: Model = highs.createModel({
    numCols: E, numRows: N, colCost: edges.cost, colLower: new Float64Array(E), colUpper,
    rowLower: [2 * minDays, ...new Array<number>(n).fill(2)], rowUpper: [2 * maxDays, ...new Array<number>(n).fill(2)],
    matrix: { format: 'csr', numRows: N, numCols: E, starts, indices, values: new Float64Array(indices.length).fill(1) },
  });
  try {
    model.options.set({ output_flag: false });
    const added = new Set<string>();
    let cuts = 0;
    const addCuts = (rows: Cut[]) => {
      for (const r of rows) model.addRow(fin(r.lower), fin(r.upper), { indices: r.indices, values: r.values });
      cuts += rows.length;
    };
    const capacityCuts = (X: Float64Array, sets: number[][]): Cut[] => {
      const rows: Cut[] = [];
      for (const S of sets) {
        if (S.length >= n) continue;
        const sorted = [...S].sort((a, b) => a - b);
        const key = sorted.join(',');
        if (added.has(key)) continue;
        if (insideValue(X, N, sorted) <= sorted.length - Math.ceil(sorted.length / capacity) + VIOLATED) continue;
        added.add(key);
        rows.push(capacityCut(edges, sorted, capacity));
      }
      return rows;
    };
    const dense = (x: Float64Array): Float64Array => {
      const X = new Float64Array(N * N);
      for (let e = 0; e < E; e++) { X[edges.u[e] * N + edges.v[e]] = x[e]; X[edges.v[e] * N + edges.u[e]] = x[e]; }
      return X;
    };
    const run = (limit: number) => {
      model.zeroAllClocks();
      model.options.set({ time_limit: Math.max(0.5, limit) });
      return model.run().modelStatus;
    };
    const S = highs.constants.modelStatus;
    addCuts(upfront);

    // 1. The LP with cuts added while any is violated.
    let lpBound = 0;
    let lpRounds = 0;
    for (;;) {
      const status = run(lpSeconds - elapsed());
      if (status !== S.optimal) {
        notes.push(`LP round ${lpRounds + 1} stopped (status ${status}): the bound is the previous round's`);
        break;
      }
      lpRounds++;
      lpBound = model.getObjectiveValue();
      const X = dense(model.getSolution().colValue);
      let rows = capacityCuts(X, components(X, N));
      if (rows.length < 5) rows = rows.concat(capacityCuts(X, minCutSets(X, N)));
      if (rows.length < 5) rows = rows.concat(capacityCuts(X, greedySets(X, N, capacity)));
      if (!rows.length) break;
      if (elapsed() >= lpSeconds) { notes.push(`LP rounds stopped at ${lpSeconds} s with cuts still violated`); break; }
      addCuts(rows);
    }
    const result: ReferenceResult = {
      kind: 'lower bound', proven: false, km: lpBound, bound: lpBound, lpBound, incumbent: null, plan: null, capacity,
      timeCuts: upfront.length, cuts, lpRounds, mipSolves: 0, seconds: 0, notes,
    };
    if (opts.lpOnly || elapsed() >= seconds) {
      result.seconds = elapsed();
      return result;
    }

    // 2. The MIP; each integer solution checked (connected, capacity, each day laid in a day's time).
    model.changeColsIntegrality({ kind: 'range', from: 0, to: E - 1 }, new Array<0 | 1>(E).fill(highs.constants.variableType.integer));
    model.options.set({ mip_rel_gap: 1e-7, mip_abs_gap: 1e-7 });
    let provenAll = false;
    for (;;) {
      const left = seconds - elapsed();
      if (left <= 0.5) break;
      const status = run(left);
      result.mipSolves++;
      if (status === S.infeasible) throw new Error('routeReference: the model has no plan (with the cuts added); a bug');
      const bound = Number(model.info.get('mip_dual_bound'));
      if (Number.isFinite(bound)) result.bound = Math.max(result.bound, bound);
      if (Number(model.info.get('primal_solution_status')) !== 2) break;
      const x = model.getSolution().colValue;
      const X = dense(x.map((v) => Math.round(v)));
      const check = checkPlan(X, N, edges, capacity, time);
      const rows = capacityCuts(X, check.capacitySets).concat(check.timeCuts);
      result.timeCuts += check.timeCuts.length;
      if (rows.length) {
        addCuts(rows);
        continue;
      }
      const km = model.getObjectiveValue();
      if (result.incumbent === null || km < result.incumbent) { result.incumbent = km; result.plan = check.days.map((d) => d.map((i) => i - 1)); }
      if (status === S.optimal) provenAll = true;
      break;
    }
    result.cuts = cuts;
    if (provenAll && sameDays) {
      Object.assign(result, { kind: 'optimum', proven: true, km: result.incumbent!, bound: Math.max(result.bound, result.incumbent!) });
    } else if (result.mipSolves && sameDays && result.incumbent !== null) {
      Object.assign(result, { kind: 'optimum', proven: false, km: result.bound });
      notes.push(`not proven optimal within ${seconds} s: best bound ${result.bound.toFixed(2)} km, best plan ${result.incumbent.toFixed(2)} km`);
    } else {
      result.km = result.bound;
    }
    result.seconds = elapsed();
    return result;
  } finally {
    model.dispose();
  }
}

/** The cut that forbids `path` (stops ≥ 1, in this order or reversed) as a stretch of any day: its edges not all taken. */
function pathCut(edges: Edges, path: readonly number[]): Cut {
  const indices: number[] = [];
  for (let k = 1; k < path.length; k++) indices.push(edges.at(path[k - 1], path[k]));
  return { lower: -Infinity, upper: indices.length - 1, indices, values: indices.map(() => 1) };
}

/** The cut that forbids the stops `S` on one stretch of a day in any order: x(E(S)) ≤ |S| − 2. */
function setCut(edges: Edges, S: readonly number[]): Cut {
  const indices: number[] = [];
  for (let a = 0; a < S.length; a++) for (let b = a + 1; b < S.length; b++) indices.push(edges.at(S[a], S[b]));
  return { lower: -Infinity, upper: S.length - 2, indices, values: indices.map(() => 1) };
}

/** Orders and sets of stops (node numbers ≥ 1) laid in a day's time. */
interface DayTime {
  /** In this order or reversed, in some offered day. */
  inOrder(path: readonly number[]): boolean;
  /** In some order, in some offered day. */
  inSomeOrder(set: readonly number[]): boolean;
}

/** Largest set whose every order is tried before a time cut falls back to forbidding one order. */
const MAX_SET_TRIED = 8;

/**
 * An integer solution's days: its components. A component the depot does not reach (a cycle) or with
 * more than `capacity` stops gets a capacity cut. A day that fits no day's time gets a time cut on its
 * shortest stretches that fit in neither direction: no day containing such a stretch fits (a stretch
 * laid alone is never later than within a longer day: the earliest laying only moves later with a
 * later start, and dropping a stop never makes the next one later, since the drive past it is no
 * shorter than the drive around it plus its duration). When the stretch's stops fit in no order, the
 * cut forbids them on one stretch in any order, else only in that order.
 */
function checkPlan(X: Float64Array, N: number, edges: Edges, capacity: number, time: DayTime): { capacitySets: number[][]; timeCuts: Cut[]; days: number[][] } {
  const capacitySets: number[][] = [];
  const timeCuts: Cut[] = [];
  const days: number[][] = [];
  for (const comp of components(X, N)) {
    const ends = comp.filter((i) => X[i] > 0.5);
    if (!ends.length || comp.length > capacity) { capacitySets.push(comp); continue; }
    // A path from one end: each stop has degree 2 (depot edges count), so walk the edges between stops.
    const path = [ends[0]];
    const seen = new Set(path);
    for (let cur = ends[0]; ;) {
      let next = -1;
      for (const j of comp) if (!seen.has(j) && X[cur * N + j] > 0.5) { next = j; break; }
      if (next < 0) break;
      path.push(next);
      seen.add(next);
      cur = next;
    }
    days.push(path);
    if (time.inOrder(path)) continue;
    if (path.length < 2) throw new Error('routeReference: a stop fits no day alone');
    for (let len = 2; len <= path.length; len++) {
      const stretches: number[][] = [];
      for (let a = 0; a + len <= path.length; a++) if (!time.inOrder(path.slice(a, a + len))) stretches.push(path.slice(a, a + len));
      for (const stretch of stretches) timeCuts.push(len <= MAX_SET_TRIED && !time.inSomeOrder(stretch) ? setCut(edges, stretch) : pathCut(edges, stretch));
      if (stretches.length) break;
    }
  }
  return { capacitySets, timeCuts, days };
}
