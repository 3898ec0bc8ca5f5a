/**
 * Columnar sample storage for plotting: one append-only, growable pair of `Float64Array`s
 * (time, value) per series, filled from the worker's flat `[seriesId, tMs, value, …]` frames,
 * and min/max decimation to the chart's pixel width so SVG paths stay small however long a run is.
 */
import type { SeriesName } from './wasmTypes';

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

  /** Appends flat triplets `[seriesId, tMs, value, …]`; samples of unknown series are skipped. */
  append(points: Float64Array): void {
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
  while (i < n) {
    const col = column(series.t[i], t0, scale, cols);
    let iMin = i;
    let iMax = i;
    let j = i + 1;
    while (j < n && column(series.t[j], t0, scale, cols) === col) {
      if (series.v[j] < series.v[iMin]) iMin = j;
      if (series.v[j] > series.v[iMax]) iMax = j;
      j += 1;
    }
    const first = Math.min(iMin, iMax);
    const second = Math.max(iMin, iMax);
    if (out + 2 > t.length) break; // only when time goes backwards; never for simulator output
    t[out] = series.t[first];
    v[out] = series.v[first];
    out += 1;
    if (second !== first) {
      t[out] = series.t[second];
      v[out] = series.v[second];
      out += 1;
    }
    i = j;
  }
  return { t, v, length: out };
}

function column(tMs: number, t0: number, scale: number, cols: number): number {
  const c = Math.floor((tMs - t0) * scale);
  return c < 0 ? 0 : c >= cols ? cols - 1 : c;
}
