/**
 * Drawing one view of the planning map on a 2D canvas: clusters as counted discs sized by
 * clusterIcon.ts, points as dots coloured by markerStyle.ts, points at one spot spread in a spiral
 * with a thin line back to the spot. Records where each item went, for clicks (`hitTest`).
 */
import type { AssignmentListItem } from '../../../domain/schemas/scheduling';
import type { ViewAnswer } from './clusterClient';
import { clusterIconSize, POINT_RADIUS } from './clusterIcon';
import { markerStyle, type MapMode } from './markerStyle';
import { spiralOffsets, spreadGroups } from './spiral';

export { POINT_RADIUS };
const CLUSTER_FILL = 'rgba(43, 108, 176, 0.85)';
const CLUSTER_HALO = 'rgba(43, 108, 176, 0.3)';
const CLUSTER_FONT = '600 13px system-ui, sans-serif';

export interface DrawInput {
  view: ViewAnswer;
  /** The points the view's indices name. */
  points: readonly AssignmentListItem[];
  selectedIds: ReadonlySet<number>;
  isSelectable(p: AssignmentListItem): boolean;
  mode: MapMode;
  /** Container pixel of a lng,lat pair. */
  project(lng: number, lat: number): { x: number; y: number };
}

/** What lies where after a draw; the last drawn is on top. */
export interface HitMap {
  x: Float32Array;
  y: Float32Array;
  r: Float32Array;
  /** A cluster's id (count > 1) or a point's index in `points`. */
  ref: Int32Array;
  count: Int32Array;
  length: number;
}

export function drawView(ctx: CanvasRenderingContext2D, input: DrawInput): HitMap {
  const { view, points, selectedIds, isSelectable, mode, project } = input;
  const n = view.counts.length;
  const hits: HitMap = { x: new Float32Array(n), y: new Float32Array(n), r: new Float32Array(n), ref: new Int32Array(n), count: new Int32Array(n), length: 0 };
  const single: number[] = [];
  const slotOf = new Map<number, number>();
  // The clusters' count text, set once (setting a font parses it).
  ctx.font = CLUSTER_FONT;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';

  for (let k = 0; k < n; k++) {
    if (view.counts[k] > 1) {
      const { x, y } = project(view.lngLat[2 * k], view.lngLat[2 * k + 1]);
      record(hits, x, y, clusterIconSize(view.counts[k]) / 2, view.refs[k], view.counts[k]);
    } else {
      slotOf.set(view.refs[k], single.length);
      single.push(k);
    }
  }
  drawClusters(ctx, hits);

  // Points at one spot: each drawn at its place on the spiral instead.
  const offset = new Map<number, [number, number]>();
  for (const group of spreadGroups(points, slotOf.keys())) {
    const offsets = spiralOffsets(group.length, POINT_RADIUS * 2 + 2);
    group.forEach((index, j) => offset.set(index, offsets[j]));
  }
  // Unselected first, selected on top.
  for (const pass of [false, true]) {
    for (const k of single) {
      const p = points[view.refs[k]];
      if (!p || selectedIds.has(p.waterMeterPointId) !== pass) continue;
      let { x, y } = project(view.lngLat[2 * k], view.lngLat[2 * k + 1]);
      const o = offset.get(view.refs[k]);
      if (o) {
        ctx.beginPath();
        ctx.moveTo(x, y);
        ctx.lineTo(x + o[0], y + o[1]);
        ctx.strokeStyle = 'rgba(26, 32, 44, 0.5)';
        ctx.lineWidth = 1;
        ctx.stroke();
        x += o[0];
        y += o[1];
      }
      const style = markerStyle(p, mode, pass, isSelectable(p));
      drawPoint(ctx, x, y, style.fill, style.ring);
      record(hits, x, y, POINT_RADIUS + 2, view.refs[k], 1);
    }
  }
  return hits;
}

function record(hits: HitMap, x: number, y: number, r: number, ref: number, count: number) {
  const i = hits.length++;
  hits.x[i] = x;
  hits.y[i] = y;
  hits.r[i] = r;
  hits.ref[i] = ref;
  hits.count[i] = count;
}

/**
 * The clusters recorded so far: every halo, then every disc, each kind one path filled once (a
 * zoom of 12 or so draws hundreds of clusters), then the counts.
 */
function drawClusters(ctx: CanvasRenderingContext2D, hits: HitMap) {
  for (const [fill, inset] of [[CLUSTER_HALO, 0], [CLUSTER_FILL, 6]] as const) {
    ctx.beginPath();
    for (let i = 0; i < hits.length; i++) {
      const r = hits.r[i] - inset;
      ctx.moveTo(hits.x[i] + r, hits.y[i]);
      ctx.arc(hits.x[i], hits.y[i], r, 0, Math.PI * 2);
    }
    ctx.fillStyle = fill;
    ctx.fill();
  }
  ctx.fillStyle = '#ffffff';
  for (let i = 0; i < hits.length; i++) ctx.fillText(String(hits.count[i]), hits.x[i], hits.y[i]);
}

function drawPoint(ctx: CanvasRenderingContext2D, x: number, y: number, fill: string, ring: boolean) {
  if (ring) {
    ctx.beginPath();
    ctx.arc(x, y, POINT_RADIUS + 3, 0, Math.PI * 2);
    ctx.strokeStyle = '#1a202c';
    ctx.lineWidth = 2.5;
    ctx.stroke();
  }
  ctx.beginPath();
  ctx.arc(x, y, POINT_RADIUS, 0, Math.PI * 2);
  ctx.fillStyle = fill;
  ctx.fill();
  ctx.strokeStyle = fill === '#ffffff' ? '#4a5568' : '#ffffff';
  ctx.lineWidth = 1.5;
  ctx.stroke();
}

/** The topmost item under a container pixel, or -1. */
export function hitTest(hits: HitMap, x: number, y: number): number {
  for (let i = hits.length - 1; i >= 0; i--) {
    const dx = x - hits.x[i];
    const dy = y - hits.y[i];
    if (dx * dx + dy * dy <= hits.r[i] * hits.r[i]) return i;
  }
  return -1;
}
