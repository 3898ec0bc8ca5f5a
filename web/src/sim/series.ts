/**
 * Columnar sample storage for plotting: one append-only, growable pair of `Float64Array`s
 * (time, value) per series, filled from the worker's flat `[seriesId, tMs, value, …]` frames,
 * and min/max decimation to the chart's pixel width so SVG paths stay small however long a run is.
 */
import type { SeriesName } from './worker/wasmTypes';

/** Read-only view of a series' samples: indices `0 .. length-1` of `t` (ms) and `v` are valid. */
export interface SeriesView {
  readonly t: Float64Array;
  readonly v: Float64Array;
  readonly length: number;
}

export class SeriesBuffer implements SeriesView {
  t: Float64Array;
  v: Float64Array;
  length = 0;

  constructor(initialCapacity = 256) {
    const cap = Math.max(1, initialCapacity);
    this.t = new Float64Array(cap);
    this.v = new Float64Array(cap);
  }

  get capacity(): number {
    return this.t.length;
  }

  push(tMs: number, value: number): void {
    if (this.length === this.t.length) this.grow(this.length * 2);
    this.t[this.length] = tMs;
    this.v[this.length] = value;
    this.length += 1;
  }

  /** Last value, or undefined when empty. */
  last(): number | undefined {
    return this.length > 0 ? this.v[this.length - 1] : undefined;
  }

  private grow(capacity: number): void {
    const t = new Float64Array(capacity);
    const v = new Float64Array(capacity);
    t.set(this.t.subarray(0, this.length));
    v.set(this.v.subarray(0, this.length));
    this.t = t;
    this.v = v;
  }
}

/** All series of one run, indexed by the series id the wasm assigned. */
export class SeriesStore {
  readonly buffers: SeriesBuffer[];
  private readonly index = new Map<string, number>();
  /** Total samples appended so far (changes whenever data arrives; handy as a memo key). */
  sampleCount = 0;

  constructor(readonly names: readonly SeriesName[]) {
    this.buffers = names.map(() => new SeriesBuffer());
    names.forEach((n, i) => this.index.set(key(n.entity, n.metric), i));
  }

  /** Every appended frame array, in arrival order (the CSV export replays them in this order). */
  readonly chunks: Float64Array[] = [];

  /** Appends flat triplets `[seriesId, tMs, value, …]`; samples of unknown series are skipped. */
  append(points: Float64Array): void {
    if (points.length > 0) this.chunks.push(points);
    const n = points.length - (points.length % 3);
    for (let i = 0; i < n; i += 3) {
      const buf = this.buffers[points[i]];
      if (buf === undefined) continue;
      buf.push(points[i + 1], points[i + 2]);
      this.sampleCount += 1;
    }
  }

  get(entity: string, metric: string): SeriesBuffer | undefined {
    const i = this.index.get(key(entity, metric));
    return i === undefined ? undefined : this.buffers[i];
  }

  /** Entities that have `metric`, in series-id order (e.g. every flow with `cwnd_bytes`). */
  entitiesWith(metric: string): string[] {
    return this.names.filter((n) => n.metric === metric).map((n) => n.entity);
  }
}

function key(entity: string, metric: string): string {
  return `${entity}\u0000${metric}`;
}

/** Index of the first sample with time ≥ tMs (binary search; `series.length` when none). */
export function lowerBound(series: SeriesView, tMs: number): number {
  let lo = 0;
  let hi = series.length;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (series.t[mid] < tMs) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

/**
 * The samples inside `[t0, t1]` plus one on each side (so lines reach the plot's edges), as a
 * view sharing the buffers.
 */
export function windowed(series: SeriesView, t0: number, t1: number): SeriesView {
  const n = series.length;
  if (n === 0 || (series.t[0] >= t0 && series.t[n - 1] <= t1)) return series;
  const a = Math.max(0, lowerBound(series, t0) - 1);
  let b = lowerBound(series, t1);
  while (b < n && series.t[b] <= t1) b++; // past samples at exactly t1
  b = Math.min(n, b + 1);
  return { t: series.t.subarray(a, b), v: series.v.subarray(a, b), length: Math.max(0, b - a) };
}

/** Windowing then min/max decimation: what a zoomed chart draws. */
export function decimateWindow(series: SeriesView, t0: number, t1: number, width: number): SeriesView {
  return decimate(windowed(series, t0, t1), t0, t1, width);
}

/**
 * Reduces a series to at most two points per pixel column (its minimum and maximum, in time order)
 * over the time domain `[t0, t1]` mapped onto `width` columns. Lines drawn through the result cover
 * the same pixels as lines through every sample. Series short enough are returned unchanged.
 * Samples outside the domain fall into the first or last column.
 */
export function decimate(series: SeriesView, t0: number, t1: number, width: number): SeriesView {
  const n = series.length;
  const cols = Math.max(1, Math.floor(width));
  if (n <= 2 * cols || !(t1 > t0)) return series;
  const t = new Float64Array(2 * cols);
  const v = new Float64Array(2 * cols);
  let out = 0;
  const scale = cols / (t1 - t0);
  let i = 0;
  const st = series.t;
  const sv = series.v;
  const last = cols - 1;
  while (i < n) {
    let c = Math.floor((st[i] - t0) * scale);
    const col = c < 0 ? 0 : c > last ? last : c;
    let iMin = i;
    let iMax = i;
    let vMin = sv[i];
    let vMax = vMin;
    let j = i + 1;
    for (; j < n; j++) {
      c = Math.floor((st[j] - t0) * scale);
      if ((c < 0 ? 0 : c > last ? last : c) !== col) break;
      const x = sv[j];
      if (x < vMin) {
        vMin = x;
        iMin = j;
      }
      if (x > vMax) {
        vMax = x;
        iMax = j;
      }
    }
    const first = iMin < iMax ? iMin : iMax;
    const second = iMin < iMax ? iMax : iMin;
    if (out + 2 > t.length) break; // only when time goes backwards; never for simulator output
    t[out] = st[first];
    v[out] = sv[first];
    out += 1;
    if (second !== first) {
      t[out] = st[second];
      v[out] = sv[second];
      out += 1;
    }
    i = j;
  }
  return { t, v, length: out };
}
