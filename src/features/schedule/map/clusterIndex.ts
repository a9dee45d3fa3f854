/**
 * The planning map's cluster index: supercluster 9 (DESIGN.md, maps) with one step added to each
 * level it builds, so that no two drawn icons cover each other's count.
 *
 * Spec 2 §9 draws a cluster 50 to 100 px wide by its count, but clusters with a radius of 40 px:
 * supercluster's neighbours lie up to 40 px apart, and a cluster's centre (its points' mean) may move
 * closer still to a neighbour formed before it, so two clusters of 10,000 points (90 px icons) could
 * stand 40 px apart and hide each other's numbers (Bærum at the first view, zoom 9). After
 * supercluster has clustered a level, `separate` merges every cluster with each item whose icon its
 * own icon overlaps (centres closer than half the sum of the two icons' sizes, clusterIcon.ts; a
 * single point counts as its drawn dot with its ring), and again until no such pair is left. The next
 * level out is clustered from the merged one, so every level still nests in the one below it: a
 * cluster's points are exactly those of its children one zoom in, and its expansion zoom is where
 * that first shows more than one child.
 *
 * This works on supercluster's own per-level arrays (its `_cluster` step and the stride layout of
 * supercluster 9.1's index.js: x, y, zoom, id, parent, count); the version is pinned and
 * tests/unit/mapClusters.test.ts checks the layout's promises (every point once per zoom, children
 * and leaves nest, no overlap).
 */
import Supercluster from 'supercluster';
import { itemIconSize, MAX_ITEM_ICON_SIZE } from './clusterIcon';

/** supercluster 9.1's fixed-point scale of a mercator coordinate in [0, 1] (index.js SCALE). */
const SCALE = 0x40000000;
const OFFSET_ID = 3;
const OFFSET_PARENT = 4;
const OFFSET_NUM = 5;
/** Icons closer than touching by this much are merged too, so rounding to supercluster's fixed point cannot leave an overlap. */
const MERGE_MARGIN_PX = 0.5;

interface Tree {
  numItems: number;
  data: Int32Array;
  withinInto(x: number, y: number, r: number, out: Uint32Array): number;
  within(x: number, y: number, r: number): number[];
}

/** The parts of supercluster's internals this builds on (index.js of supercluster 9.1). */
interface Internals {
  stride: number;
  numPoints: number;
  trees: Tree[];
  options: { radius: number; extent: number; maxZoom: number };
  _createTree(data: Int32Array, numItems: number): Tree;
  _featureJSON(data: Int32Array, k: number): ReturnType<Supercluster['getChildren']>[number];
}

/** Whether an item of a level at `zoom` is a cluster formed at that zoom (supercluster's id scheme). */
const formedAt = (id: number, num: number, zoom: number, numPoints: number) => num > 1 && id >= numPoints && (id - numPoints) % 32 === zoom + 1;

const superCluster = (Supercluster.prototype as unknown as { _cluster(data: Int32Array, numItems: number, zoom: number, out: Int32Array): number })._cluster;

export class SeparatedSupercluster<P extends GeoJSON.GeoJsonProperties = GeoJSON.GeoJsonProperties> extends Supercluster<P> {
  /**
   * Per origin zoom (the zoom one in from the cluster's own), how far a merged cluster's children
   * may lie from its origin item, in supercluster's fixed-point units; getChildren looks that far.
   */
  private reach: number[] = [];

  /** supercluster's step for one level, then the merging of overlapping icons. */
  _cluster(data: Int32Array, numItems: number, zoom: number, out: Int32Array): number {
    const written = superCluster.call(this, data, numItems, zoom, out);
    return this.separate(data, numItems, zoom, out, written);
  }

  getChildren(clusterId: number): ReturnType<Supercluster<P>['getChildren']> {
    const self = this as unknown as Internals;
    const originZoom = (clusterId - self.numPoints) % 32;
    const originId = (clusterId - self.numPoints) >> 5;
    const tree = self.trees[originZoom];
    if (!tree || originId >= tree.numItems) throw new Error('No cluster with the specified id.');
    const { radius, extent } = self.options;
    const r = Math.max((radius / (extent * Math.pow(2, originZoom - 1))) * SCALE, this.reach[originZoom] ?? 0);
    const { data } = tree;
    const ids = tree.within(data[originId * self.stride], data[originId * self.stride + 1], r);
    const children: ReturnType<Supercluster<P>['getChildren']> = [];
    for (const id of ids) {
      const k = id * self.stride;
      if (data[k + OFFSET_PARENT] === clusterId) children.push(self._featureJSON(data, k) as (typeof children)[number]);
    }
    if (children.length === 0) throw new Error('No cluster with the specified id.');
    return children;
  }

  /**
   * The ids of `b` going into `a` (places in `out`): `a` becomes (or stays) a cluster formed at this
   * zoom; `b`'s children, or `b` itself when it was passed through from one zoom in, name it as
   * their parent (a formed cluster's children are renamed at the end, from `mergedInto`).
   */
  private absorb(
    data: Int32Array, zoom: number, out: Int32Array, a: number, b: number,
    source: (item: number) => number, mergedInto: Map<number, number>, grown: Set<number>,
  ): void {
    const self = this as unknown as Internals;
    const stride = self.stride;
    const ka = a * stride;
    const kb = b * stride;
    let idA = out[ka + OFFSET_ID];
    if (!formedAt(idA, out[ka + OFFSET_NUM], zoom, self.numPoints)) {
      const at = source(a);
      idA = (at << 5) + zoom + 1 + self.numPoints;
      data[at * stride + OFFSET_PARENT] = idA;
      out[ka + OFFSET_ID] = idA;
      out[ka + OFFSET_PARENT] = -1;
      // Marks it as a cluster for formedAt until its count is written back.
      out[ka + OFFSET_NUM] = 2;
    }
    const idB = out[kb + OFFSET_ID];
    if (formedAt(idB, out[kb + OFFSET_NUM], zoom, self.numPoints)) mergedInto.set(idB, idA);
    else data[source(b) * stride + OFFSET_PARENT] = idA;
    grown.add(idA);
  }

  /**
   * Merges the level's items (`out`, `count` of them, clustered from `data` one zoom in) until no
   * cluster's icon overlaps another item's; returns the items left. Ids and the parents in `data`
   * follow supercluster's scheme: a merged cluster keeps the id of the cluster it grew from, or takes
   * one from its origin item one zoom in when that was a single point or a cluster passed through.
   */
  private separate(data: Int32Array, numItems: number, zoom: number, out: Int32Array, count: number): number {
    const self = this as unknown as Internals;
    const stride = self.stride;
    const originZoom = zoom + 1;
    /** Fixed-point units per screen pixel at this zoom. */
    const unit = SCALE / (self.options.extent * Math.pow(2, zoom));
    const formedHere = (id: number, num: number) => formedAt(id, num, zoom, self.numPoints);
    /**
     * Where an item passed through from one zoom in lies in `data`, by its place in `out` (found when
     * first needed): supercluster (minPoints 2) writes the items it passes through in their order in
     * `data`, where they are the ones without a parent.
     */
    let sourceOf: Int32Array | null = null;
    const source = (item: number): number => {
      if (!sourceOf) {
        sourceOf = new Int32Array(count).fill(-1);
        let k = 0;
        for (let i = 0; i < count; i++) {
          if (formedHere(out[i * stride + OFFSET_ID], out[i * stride + OFFSET_NUM])) continue;
          while (k < numItems && data[k * stride + OFFSET_PARENT] !== -1) k++;
          if (k >= numItems || data[k * stride + OFFSET_ID] !== out[i * stride + OFFSET_ID]) throw new Error('cluster separation: supercluster\'s level layout is not the one expected');
          sourceOf[i] = k++;
        }
      }
      return sourceOf[item];
    };
    /** Ids of clusters merged into others: the id they went into. */
    const mergedInto = new Map<number, number>();
    const grown = new Set<number>();
    // One sweep over the clusters, each merging until its icon overlaps nothing, is enough: a pair
    // left overlapping would have been seen by the check of whichever of the two changed last (a
    // single point never changes). The items sit in a grid of cells as wide as the furthest two
    // icons can reach (MAX_ITEM_ICON_SIZE), kept up to date as clusters grow and move, so a check
    // reads the 3 × 3 cells around its cluster; cells are hashed into a table of lists (cells sharing
    // a slot share its list, the distance test sorts them out). Positions are screen pixels here.
    const cell = MAX_ITEM_ICON_SIZE;
    let size = 1024;
    while (size < 2 * count) size *= 2;
    const mask = size - 1;
    const xs = new Float64Array(count);
    const ys = new Float64Array(count);
    const nums = new Float64Array(count);
    const sizes = new Float64Array(count);
    const cellX = new Int32Array(count);
    const cellY = new Int32Array(count);
    const heads = new Int32Array(size).fill(-1);
    const next = new Int32Array(count);
    const prev = new Int32Array(count);
    const alive = new Uint8Array(count);
    const place = (i: number) => {
      const cx = Math.floor(xs[i] / cell);
      const cy = Math.floor(ys[i] / cell);
      cellX[i] = cx;
      cellY[i] = cy;
      const slot = (Math.imul(cx, 73856093) ^ Math.imul(cy, 19349663)) & mask;
      const head = heads[slot];
      next[i] = head;
      prev[i] = -1;
      if (head >= 0) prev[head] = i;
      heads[slot] = i;
    };
    const unlink = (i: number) => {
      if (prev[i] >= 0) next[prev[i]] = next[i];
      else heads[(Math.imul(cellX[i], 73856093) ^ Math.imul(cellY[i], 19349663)) & mask] = next[i];
      if (next[i] >= 0) prev[next[i]] = prev[i];
    };
    for (let i = 0; i < count; i++) {
      xs[i] = out[i * stride] / unit;
      ys[i] = out[i * stride + 1] / unit;
      nums[i] = out[i * stride + OFFSET_NUM];
      sizes[i] = itemIconSize(nums[i]);
      alive[i] = 1;
      place(i);
    }
    let ids = new Int32Array(64);
    let merges = 0;
    for (let a = 0; a < count; a++) {
      if (!alive[a] || nums[a] < 2) continue;
      for (let grew = true; grew;) {
        grew = false;
        let found = 0;
        for (let dx = -1; dx <= 1; dx++) {
          for (let dy = -1; dy <= 1; dy++) {
            const slot = (Math.imul(cellX[a] + dx, 73856093) ^ Math.imul(cellY[a] + dy, 19349663)) & mask;
            for (let i = heads[slot]; i >= 0; i = next[i]) {
              if (found === ids.length) {
                const more = new Int32Array(found * 2);
                more.set(ids);
                ids = more;
              }
              ids[found++] = i;
            }
          }
        }
        for (let j = 0; j < found; j++) {
          const b = ids[j];
          if (b === a || !alive[b]) continue;
          const limit = (sizes[a] + sizes[b]) / 2 + MERGE_MARGIN_PX;
          const dx = xs[b] - xs[a];
          const dy = ys[b] - ys[a];
          if (dx * dx + dy * dy >= limit * limit) continue;
          this.absorb(data, zoom, out, a, b, source, mergedInto, grown);
          const total = nums[a] + nums[b];
          xs[a] = (xs[a] * nums[a] + xs[b] * nums[b]) / total;
          ys[a] = (ys[a] * nums[a] + ys[b] * nums[b]) / total;
          nums[a] = total;
          sizes[a] = itemIconSize(total);
          if (Math.floor(xs[a] / cell) !== cellX[a] || Math.floor(ys[a] / cell) !== cellY[a]) {
            unlink(a);
            place(a);
          }
          alive[b] = 0;
          unlink(b);
          merges++;
          grew = true;
        }
      }
    }
    if (merges === 0) return count;
    let n = 0;
    for (let i = 0; i < count; i++) {
      if (!alive[i]) continue;
      if (nums[i] !== out[i * stride + OFFSET_NUM]) {
        out[i * stride] = Math.round(xs[i] * unit);
        out[i * stride + 1] = Math.round(ys[i] * unit);
        out[i * stride + OFFSET_NUM] = nums[i];
      }
      if (n !== i) out.copyWithin(n * stride, i * stride, (i + 1) * stride);
      n++;
    }

    // Children of merged clusters name the cluster they ended in; how far they lie from its origin.
    const resolve = (id: number): number => {
      let to = id;
      for (let next = mergedInto.get(to); next !== undefined; next = mergedInto.get(to)) to = next;
      return to;
    };
    let reach = this.reach[originZoom] ?? 0;
    for (let k = 0; k < numItems * stride; k += stride) {
      const parent = data[k + OFFSET_PARENT];
      if (parent === -1) continue;
      const final = mergedInto.size ? resolve(parent) : parent;
      data[k + OFFSET_PARENT] = final;
      if (!grown.has(final)) continue;
      const origin = ((final - self.numPoints) >> 5) * stride;
      const dx = data[k] - data[origin];
      const dy = data[k + 1] - data[origin + 1];
      reach = Math.max(reach, Math.sqrt(dx * dx + dy * dy) + 1);
    }
    this.reach[originZoom] = reach;
    return n;
  }
}
