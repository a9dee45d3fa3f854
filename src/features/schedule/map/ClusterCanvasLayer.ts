/**
 * A Leaflet layer holding one canvas the size of the map, drawn from the cluster worker's answer for
 * the viewport (never a marker per point). It asks the worker again after every pan or zoom,
 * redraws from the last answer when only the selection changed, scales with Leaflet's zoom
 * animation, and turns map clicks on a drawn item into a cluster zoom or a point toggle.
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

export class ClusterCanvasLayer extends L.Layer {
  private canvas: HTMLCanvasElement | null = null;
  private client: ClusterClient | null = null;
  private points: readonly AssignmentListItem[] = [];
  private loadStart = 0;
  private indexMs = 0;
  private view: ViewAnswer | null = null;
  private hits: HitMap | null = null;
  private drawnAt: { center: L.LatLng; zoom: number } | null = null;

  constructor(private state: ClusterLayerState) {
    super();
  }

  update(state: ClusterLayerState): void {
    this.state = state;
    this.redraw();
  }

  /** Clusters a new set of points; the map shows them once the worker has indexed them. */
  setPoints(points: readonly AssignmentListItem[]): void {
    this.loadStart = performance.now();
    const client = this.client;
    if (!client) return;
    const wanted = points;
    void client.load(points).then((indexMs) => {
      if (indexMs === null || this.client !== client) return;
      this.indexMs = indexMs;
      this.points = wanted;
      this.view = null;
      void this.query();
    });
  }

  onAdd(map: L.Map): this {
    this.canvas = L.DomUtil.create('canvas', 'planning-map-canvas leaflet-zoom-animated');
    this.canvas.style.pointerEvents = 'none';
    map.getPanes().overlayPane.appendChild(this.canvas);
    this.client = new ClusterClient((err) => this.state.onError(err));
    map.on('moveend', this.onMoveEnd, this);
    map.on('zoomanim', this.onZoomAnim, this);
    map.on('click', this.onClick, this);
    map.on('mousemove', this.onMouseMove, this);
    return this;
  }

  onRemove(map: L.Map): this {
    map.off('moveend', this.onMoveEnd, this);
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
    void this.query(performance.now());
  }

  private async query(movedAt?: number): Promise<void> {
    const map = this._map as L.Map | undefined;
    if (!map || !this.client) return;
    const bounds = map.getBounds().pad(PADDING);
    const asked = performance.now();
    const view = await this.client.view([bounds.getWest(), bounds.getSouth(), bounds.getEast(), bounds.getNorth()], map.getZoom());
    if (!view || !this._map) return;
    const answered = performance.now();
    const first = this.view === null;
    this.view = view;
    this.redraw();
    const end = performance.now();
    const detail = { workerMs: answered - asked, insideWorkerMs: view.ms, drawMs: end - answered, items: view.counts.length, zoom: view.zoom };
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
      const center = map.containerPointToLatLng([this.hits.x[i], this.hits.y[i]]);
      void this.client.expansionZoom(this.hits.ref[i]).then((zoom) => {
        if (zoom !== null && this._map) this._map.setView(center, Math.max(zoom, this._map.getZoom() + 1));
      });
      return;
    }
    const p = this.points[this.hits.ref[i]];
    if (p && this.state.isSelectable(p)) this.state.onTogglePoint(p);
  }
}
