/**
 * A Leaflet layer holding one canvas the size of the map, drawn from the cluster worker's answer for
 * the viewport with a margin (never a marker per point). It asks the worker ahead of need: while a
 * pan goes on (so the clusters follow it) and when a zoom starts (for the zoom and centre it goes
 * to, as Leaflet starts loading tiles then); when the move ends, an answer that covers the view at
 * its zoom is drawn at once, else the worker is asked. It redraws from the last answer when only the
 * selection changed, scales with Leaflet's zoom animation, and turns map clicks on a drawn item into
 * a cluster zoom or a point toggle.
 * Timings go to the User Timing buffer ('planning-map:first-draw', 'planning-map:recluster') for the
 * bench (bench/planningMap.ts).
 */
import L from 'leaflet';
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import { ClusterClient, type ViewAnswer } from './clusterClient';
import { drawView, hitTest, type HitMap } from './drawing';
import type { MapMode } from './markerStyle';

export interface ClusterLayerState {
  selectedIds: ReadonlySet<number>;
  isSelectable(p: AssignmentListItem): boolean;
  mode: MapMode;
  /** False while a polygon is drawn: clicks belong to the drawing then. */
  clickable: boolean;
  onTogglePoint(p: AssignmentListItem): void;
  onError(err: Error): void;
}

/** Share of the map's size drawn beyond each edge, so a pan shows drawn points before it ends. */
const PADDING = 0.25;
/** Least time between two questions to the worker while a pan goes on. */
const PAN_ASK_MS = 50;

type Bbox = [number, number, number, number];
const bboxOf = (b: L.LatLngBounds): Bbox => [b.getWest(), b.getSouth(), b.getEast(), b.getNorth()];
const covers = (outer: Bbox, inner: Bbox) => outer[0] <= inner[0] && outer[1] <= inner[1] && outer[2] >= inner[2] && outer[3] >= inner[3];

export class ClusterCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private client: ClusterClient | null = null;
  private points: readonly AssignmentListItem[] = [];
  private loadStart = 0;
  private indexMs = 0;
  private view: ViewAnswer | null = null;
  private hits: HitMap | null = null;
  private drawnAt: { center: L.LatLng; zoom: number } | null = null;
  /** The newest answer and the box it covers. */
  private answered: { view: ViewAnswer; bbox: Bbox } | null = null;
  private zooming = false;
  private lastPanAsk = 0;

  constructor(private state: ClusterLayerState) {
    super();
  }

  update(state: ClusterLayerState): void {
    this.state = state;
    this.redraw();
  }

  /**
   * Clusters a new set of points; the map shows them once the preview of the levels up to
   * SPLIT_ZOOM is built (a view above it waits for the whole index), and draws again from the whole
   * index once that is built (clusterClient.ts).
   */
  setPoints(points: readonly AssignmentListItem[]): void {
    this.loadStart = performance.now();
    // An answer about the points before is no view of these.
    this.answered = null;
    const client = this.client;
    if (!client) return;
    const wanted = points;
    void client.load(points).then((indexMs) => {
      if (indexMs === null || this.client !== client) return;
      this.indexMs = indexMs;
      this.points = wanted;
      this.view = null;
      this.answered = null;
      void this.query();
    });
    void client.whenFull().then((built) => {
      if (!built || this.client !== client || this.view?.full !== false) return;
      this.answered = null;
      void this.query();
    });
  }

  onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'planning-map-canvas leaflet-zoom-animated');
    this.canvas.style.pointerEvents = 'none';
    map.getPanes().overlayPane.appendChild(this.canvas);
    this.client = new ClusterClient((err) => this.state.onError(err));
    map.on('moveend', this.onMoveEnd, this);
    map.on('move', this.onMove, this);
    map.on('zoomanim', this.onZoomAnim, this);
    map.on('click', this.onClick, this);
    map.on('mousemove', this.onMouseMove, this);
    return this;
  }

  onRemove(map: L.Map): this {
    map.off('moveend', this.onMoveEnd, this);
    map.off('move', this.onMove, this);
    map.off('zoomanim', this.onZoomAnim, this);
    map.off('click', this.onClick, this);
    map.off('mousemove', this.onMouseMove, this);
    this.client?.terminate();
    this.client = null;
    this.canvas?.remove();
    this.canvas = null;
    return this;
  }

  /** The canvas element (it carries the map's summary for screen readers). */
  getCanvas(): HTMLCanvasElement | null {
    return this.canvas;
  }

  private onMoveEnd(): void {
    const movedAt = performance.now();
    const map = this._map as L.Map;
    this.zooming = false;
    const a = this.answered;
    if (!a || a.view.zoom !== map.getZoom() || !covers(a.bbox, bboxOf(map.getBounds()))) {
      void this.query(movedAt);
      return;
    }
    this.view = a.view;
    this.redraw();
    performance.measure('planning-map:recluster', { start: movedAt, end: performance.now(), detail: { asked: 'ahead', items: a.view.counts.length, zoom: a.view.zoom } });
    // The margin is spent unevenly now: centre it again for the next pan.
    void this.ask(bboxOf(map.getBounds().pad(PADDING)), map.getZoom()).then((view) => this.drawAhead(view));
  }

  /** While a pan goes on: the clusters follow it. */
  private onMove(): void {
    const map = this._map as L.Map | undefined;
    const now = performance.now();
    if (!map || this.zooming || this.view === null || now - this.lastPanAsk < PAN_ASK_MS) return;
    this.lastPanAsk = now;
    void this.ask(bboxOf(map.getBounds().pad(PADDING)), map.getZoom()).then((view) => this.drawAhead(view));
  }

  private drawAhead(view: ViewAnswer | null): void {
    if (!view || this.zooming || !this._map || view.zoom !== this._map.getZoom()) return;
    this.view = view;
    this.redraw();
  }

  private async ask(bbox: Bbox, zoom: number): Promise<ViewAnswer | null> {
    if (!this.client) return null;
    const view = await this.client.view(bbox, zoom);
    if (view) this.answered = { view, bbox };
    return view;
  }

  private async query(movedAt?: number): Promise<void> {
    const map = this._map as L.Map | undefined;
    if (!map || !this.client) return;
    const asked = performance.now();
    const view = await this.ask(bboxOf(map.getBounds().pad(PADDING)), map.getZoom());
    if (!view || !this._map || view.zoom !== this._map.getZoom()) return;
    const answered = performance.now();
    const first = this.view === null;
    this.view = view;
    this.redraw();
    const end = performance.now();
    const detail = { asked: 'at the end', workerMs: answered - asked, insideWorkerMs: view.ms, drawMs: end - answered, items: view.counts.length, zoom: view.zoom };
    if (first && this.loadStart) performance.measure('planning-map:first-draw', { start: this.loadStart, end, detail: { ...detail, indexMs: this.indexMs } });
    else if (movedAt !== undefined) performance.measure('planning-map:recluster', { start: movedAt, end, detail });
  }

  private redraw(): void {
    const map = this._map as L.Map | undefined;
    const canvas = this.canvas;
    if (!map || !canvas) return;
    const size = map.getSize();
    const pad = size.multiplyBy(PADDING).round();
    const full = size.add(pad.multiplyBy(2));
    const dpr = window.devicePixelRatio || 1;
    const topLeft = map.containerPointToLayerPoint([0, 0]).subtract(pad);
    L.DomUtil.setPosition(canvas, topLeft);
    if (canvas.width !== full.x * dpr || canvas.height !== full.y * dpr) {
      canvas.width = full.x * dpr;
      canvas.height = full.y * dpr;
      canvas.style.width = `${full.x}px`;
      canvas.style.height = `${full.y}px`;
    }
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.clearRect(0, 0, full.x, full.y);
    this.drawnAt = { center: map.getCenter(), zoom: map.getZoom() };
    if (!this.view) {
      this.hits = null;
      return;
    }
    ctx.translate(pad.x, pad.y);
    this.hits = drawView(ctx, {
      view: this.view,
      points: this.points,
      selectedIds: this.state.selectedIds,
      isSelectable: this.state.isSelectable,
      mode: this.state.mode,
      project: (lng, lat) => map.latLngToContainerPoint([lat, lng]),
    });
  }

  /** Leaflet's own renderers' zoom animation: scale the drawn canvas towards the new zoom. */
  private onZoomAnim(e: L.ZoomAnimEvent): void {
    const map = this._map as L.Map & { _getNewPixelOrigin(center: L.LatLng, zoom: number): L.Point };
    if (!this.canvas || !this.drawnAt) return;
    const scale = map.getZoomScale(e.zoom, this.drawnAt.zoom);
    const viewHalf = map.getSize().multiplyBy(0.5 + PADDING);
    const centerPoint = map.project(this.drawnAt.center, e.zoom);
    const offset = viewHalf.multiplyBy(-scale).add(centerPoint).subtract(map._getNewPixelOrigin(e.center, e.zoom));
    L.DomUtil.setTransform(this.canvas, offset, scale);
    // Ask now for the view the zoom ends on (its padded box at the new zoom and centre).
    this.zooming = true;
    const half = map.getSize().multiplyBy(0.5 + PADDING);
    const centre = map.project(e.center, e.zoom);
    const bounds = L.latLngBounds(map.unproject(centre.subtract(half), e.zoom), map.unproject(centre.add(half), e.zoom));
    void this.ask(bboxOf(bounds), e.zoom);
  }

  private itemAt(e: L.LeafletMouseEvent): number {
    if (!this.hits || !this.state.clickable) return -1;
    return hitTest(this.hits, e.containerPoint.x, e.containerPoint.y);
  }

  private onMouseMove(e: L.LeafletMouseEvent): void {
    const container = this._map?.getContainer();
    if (!container || !this.state.clickable) return;
    const i = this.itemAt(e);
    const p = i >= 0 && this.hits && this.hits.count[i] === 1 ? this.points[this.hits.ref[i]] : undefined;
    container.style.cursor = i < 0 || (p && !this.state.isSelectable(p)) ? '' : 'pointer';
    container.title = p?.address ?? '';
  }

  private onClick(e: L.LeafletMouseEvent): void {
    const i = this.itemAt(e);
    if (i < 0 || !this.hits || !this.client) return;
    const map = this._map as L.Map;
    if (this.hits.count[i] > 1) {
      const client = this.client;
      if (this.view && !this.view.full) {
        // A cluster of the first view's preview: its children are the whole index's. Draw from that
        // first, then zoom into the cluster under the click there.
        void client.whenFull().then(async (built) => {
          if (!built || this.client !== client) return;
          if (!this.view?.full) await this.query();
          if (this.view?.full) this.onClick(e);
        });
        return;
      }
      const center = map.containerPointToLatLng([this.hits.x[i], this.hits.y[i]]);
      void client.expansionZoom(this.hits.ref[i]).then((zoom) => {
        if (zoom !== null && this._map) this._map.setView(center, Math.max(zoom, this._map.getZoom() + 1));
      });
      return;
    }
    const p = this.points[this.hits.ref[i]];
    if (p && this.state.isSelectable(p)) this.state.onTogglePoint(p);
  }
}
