/**
 * The page's side of the cluster worker: loads the shown points, asks for views and expansion zooms,
 * and answers each with a promise. A view asked before the previous one came back supersedes it:
 * only the newest is wanted (a pan makes many moves).
 */
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import type { ClusterAnswer, ClusterRequest } from './clusterCore';

export type ViewAnswer = Extract<ClusterAnswer, { type: 'view' }>;

const startWorker = () => new Worker(new URL('./cluster.worker.ts', import.meta.url), { type: 'module', name: 'planning-map' });
let spare: Worker | null = null;

/**
 * Starts a worker before the map needs it, so its script is fetched and compiled while the page
 * waits for the assignment list; the next map takes it.
 */
export function warmClusterWorker(): void {
  spare ??= startWorker();
}

export class ClusterClient {
  private readonly worker: Worker;
  private generation = 0;
  private queryId = 0;
  /** Pending answers by queryId; resolved with null when superseded or when the worker is gone. */
  private readonly waiting = new Map<number, (a: ClusterAnswer | null) => void>();
  /** The pending view's queryId (expansion questions are never superseded). */
  private readonly views = new Set<number>();
  private loaded: Promise<number | null> = Promise.resolve(null);
  private loadWaiter: ((a: ClusterAnswer | null) => void) | null = null;

  constructor(private readonly onError: (err: Error) => void) {
    this.worker = spare ?? startWorker();
    spare = null;
    this.worker.onmessage = (e: MessageEvent<ClusterAnswer>) => this.receive(e.data);
    this.worker.onerror = (e) => {
      this.settleAll();
      this.onError(new Error(e.message || 'cluster worker failed'));
    };
  }

  /** Hands the worker the points' coordinates; the worker's time to index them, null when superseded. */
  load(points: readonly AssignmentListItem[]): Promise<number | null> {
    const coords = new Float64Array(points.length * 2);
    for (let i = 0; i < points.length; i++) {
      coords[2 * i] = points[i].lng;
      coords[2 * i + 1] = points[i].lat;
    }
    const generation = ++this.generation;
    this.settleAll();
    this.loaded = new Promise<number | null>((resolve) => {
      this.loadWaiter = (a) => {
        if (a?.type === 'error') this.onError(new Error(a.message));
        resolve(a?.type === 'loaded' && a.generation === generation ? a.ms : null);
      };
    });
    this.worker.postMessage({ type: 'load', generation, coords } satisfies ClusterRequest, [coords.buffer]);
    return this.loaded;
  }

  /** The clusters and points in `bbox` ([west, south, east, north]) at the map's `zoom`; null when superseded. */
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

  /** The zoom at which a cluster falls apart (at most the map's max zoom); null when superseded. */
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
