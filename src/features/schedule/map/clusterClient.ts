/**
 * The page's side of the cluster index: loads the shown points, asks for views and expansion zooms,
 * and answers each with a promise. Two workers (clusterCore.ts, SPLIT_ZOOM): one builds the preview
 * of the levels up to SPLIT_ZOOM, for the first view, the other the whole index; once that is built
 * it answers every question, before then a view up to SPLIT_ZOOM comes from the preview and one above
 * waits for the whole index. An expansion zoom always comes from the whole index (clusterCore.ts).
 * A view asked before the previous one came back supersedes it: only the newest is wanted (a pan
 * makes many moves).
 */
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import { clusterZoomFor, FULL_ZOOMS, LOW_ZOOMS, SPLIT_ZOOM, type ClusterAnswer, type ClusterRequest } from './clusterCore';

export type ViewAnswer = Extract<ClusterAnswer, { type: 'view' }>;

const startWorker = (part: string) => new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module', name: `planning-map-${part}` });
let spare: { low: Worker; high: Worker } | null = null;

/**
 * Starts the workers before the map needs them, so their script is fetched and compiled while the
 * page waits for the assignment list; the next map takes them.
 */
export function warmClusterWorker(): void {
  spare ??= { low: startWorker('low'), high: startWorker('high') };
}

/** One worker and its questions. */
class WorkerLink {
  private generation = 0;
  private queryId = 0;
  /** Pending answers by queryId; resolved with null when superseded or when the worker is gone. */
  private readonly waiting = new Map<number, (a: ClusterAnswer | null) => void>();
  /** The pending view's queryId (expansion questions are never superseded). */
  private readonly views = new Set<number>();
  private loaded: Promise<number | null> = Promise.resolve(null);
  private loadWaiter: ((a: ClusterAnswer | null) => void) | null = null;

  constructor(private readonly worker: Worker, private readonly zooms: [number, number], private readonly onError: (err: Error) => void) {
    this.worker.onmessage = (e: MessageEvent<ClusterAnswer>) => this.receive(e.data);
    this.worker.onerror = (e) => {
      this.settleAll();
      this.onError(new Error(e.message || 'cluster worker failed'));
    };
  }

  /**
   * Hands the worker the coordinates (transferred), once `after` has settled; its time to index
   * them, null when superseded. Questions asked meanwhile wait for this load.
   */
  load(coords: Float64Array, after: Promise<unknown> = Promise.resolve()): Promise<number | null> {
    const generation = ++this.generation;
    this.settleAll();
    this.loaded = new Promise<number | null>((resolve) => {
      this.loadWaiter = (a) => {
        if (a?.type === 'error') this.onError(new Error(a.message));
        resolve(a?.type === 'loaded' && a.generation === generation ? a.ms : null);
      };
    });
    void after.then(() => {
      if (generation === this.generation) this.worker.postMessage({ type: 'load', generation, coords, zooms: this.zooms } satisfies ClusterRequest, [coords.buffer]);
    });
    return this.loaded;
  }

  async view(bbox: [number, number, number, number], zoom: number): Promise<ViewAnswer | null> {
    const queryId = ++this.queryId;
    // A newer view makes the older ones unwanted: their answers are dropped on arrival.
    for (const id of this.views) {
      this.waiting.get(id)?.(null);
      this.waiting.delete(id);
    }
    this.views.clear();
    this.views.add(queryId);
    const generation = await this.current();
    // A newer view asked while this one waited for the points is the one wanted.
    if (!this.views.has(queryId)) return null;
    const answer = await this.ask({ type: 'view', generation, queryId, bbox, zoom });
    return answer?.type === 'view' ? answer : null;
  }

  /** Drops the pending view's answer (a view at a zoom the other worker holds was asked since). */
  dropViews(): void {
    for (const id of this.views) {
      this.waiting.get(id)?.(null);
      this.waiting.delete(id);
    }
    this.views.clear();
  }

  async expansionZoom(clusterId: number): Promise<number | null> {
    const answer = await this.ask({ type: 'expand', generation: await this.current(), queryId: ++this.queryId, clusterId });
    return answer?.type === 'expansion' ? answer.zoom : null;
  }

  terminate(): void {
    this.worker.terminate();
    this.settleAll();
  }

  /** The generation of the newest load, once it is built. */
  private async current(): Promise<number> {
    await this.loaded;
    return this.generation;
  }

  private ask(req: Extract<ClusterRequest, { queryId: number }>): Promise<ClusterAnswer | null> {
    const answer = new Promise<ClusterAnswer | null>((resolve) => this.waiting.set(req.queryId, resolve));
    this.worker.postMessage(req satisfies ClusterRequest);
    return answer.then((a) => (a?.type === 'error' || a?.generation !== this.generation ? null : a));
  }

  private receive(answer: ClusterAnswer): void {
    const queryId = answer.type === 'loaded' ? undefined : answer.queryId;
    if (queryId === undefined) {
      this.loadWaiter?.(answer);
      this.loadWaiter = null;
      return;
    }
    const settle = this.waiting.get(queryId);
    if (!settle) return;
    this.waiting.delete(queryId);
    this.views.delete(queryId);
    settle(answer);
  }

  private settleAll(): void {
    for (const settle of this.waiting.values()) settle(null);
    this.waiting.clear();
    this.loadWaiter?.(null);
    this.loadWaiter = null;
  }
}

export class ClusterClient {
  private readonly low: WorkerLink;
  private readonly high: WorkerLink;
  private loads = 0;
  /** The newest load's whole index: resolves true once built, false when superseded. */
  private full: Promise<boolean> = Promise.resolve(false);
  private fullBuilt = false;

  constructor(onError: (err: Error) => void) {
    const workers = spare ?? { low: startWorker('low'), high: startWorker('high') };
    spare = null;
    this.low = new WorkerLink(workers.low, LOW_ZOOMS, onError);
    this.high = new WorkerLink(workers.high, FULL_ZOOMS, onError);
  }

  /**
   * Hands both workers the points' coordinates. Resolves with the preview's indexing time once it
   * can answer (the map's first view; a view above SPLIT_ZOOM waits for the whole index), null when
   * superseded; `whenFull` tells when the whole index is built. The time of each part is noted as a
   * 'planning-map:index' measure ('low' the preview, 'high' the whole index).
   */
  load(points: readonly AssignmentListItem[]): Promise<number | null> {
    const coords = new Float64Array(points.length * 2);
    for (let i = 0; i < points.length; i++) {
      coords[2 * i] = points[i].lng;
      coords[2 * i + 1] = points[i].lat;
    }
    const load = ++this.loads;
    const start = performance.now();
    const note = (part: 'low' | 'high') => (ms: number | null) => {
      if (ms !== null && load === this.loads) performance.measure('planning-map:index', { start, end: performance.now(), detail: { part, workerMs: ms, count: points.length } });
      return ms;
    };
    const high = coords.slice();
    const low = this.low.load(coords).then(note('low'));
    // The whole index starts once the map's first view can be answered: on two cores it would
    // otherwise share them with the preview and the page's own first drawing.
    this.fullBuilt = false;
    this.full = this.high.load(high, low).then(note('high')).then((ms) => {
      const built = ms !== null && load === this.loads;
      if (built) this.fullBuilt = true;
      return built;
    });
    return low;
  }

  /**
   * The clusters and points in `bbox` ([west, south, east, north]) at the map's `zoom` (its `full`
   * says whether from the whole index); null when superseded.
   */
  view(bbox: [number, number, number, number], zoom: number): Promise<ViewAnswer | null> {
    const [asked, other] = this.linksFor(zoom);
    other.dropViews();
    return asked.view(bbox, zoom);
  }

  /** Resolves true once the newest load's whole index is built, false when a newer load came first. */
  whenFull(): Promise<boolean> {
    return this.full;
  }

  /**
   * The zoom at which a cluster of a view from the whole index (`full`) falls apart (at most the
   * map's max zoom); null when superseded.
   */
  expansionZoom(clusterId: number): Promise<number | null> {
    return this.high.expansionZoom(clusterId);
  }

  terminate(): void {
    this.low.terminate();
    this.high.terminate();
  }

  private linksFor(zoom: number): [WorkerLink, WorkerLink] {
    return !this.fullBuilt && clusterZoomFor(zoom) <= SPLIT_ZOOM ? [this.low, this.high] : [this.high, this.low];
  }
}
