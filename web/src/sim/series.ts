/**
 * The page's live samples, bounded by pixels rather than by run length: one bounded
 * min/max downsampler per series (`SeriesBuffer`, `seriesBuffer.ts`), filled from the worker's flat
 * `[seriesId, tMs, value, …]` frames, plus the series derived from them at each sample (the
 * aggregate throughput and each flow's share of it); and min/max decimation to the chart's pixel
 * width so drawn paths stay small. The exact samples are never kept here: the CSV export asks the
 * worker to re-simulate the run (same scenario, same seed) and write them with the simulator's CSV
 * writer. docs/performance.md ("Live lab") explains the scheme.
 */
import { bandStats } from './bands';
import { bucketsFor, MERGE_GROUPS, mergeSlack, SeriesBuffer, slabs } from './seriesBuffer';
import type { SeriesName } from './worker/wasmTypes';

/** Read-only view of a series' samples: indices `0 .. length-1` of `t` (ms) and `v` are valid. */
export interface SeriesView {
  readonly t: Float64Array;
  readonly v: Float64Array;
  readonly length: number;
}

/** The per-flow metric whose sum and shares the store derives at every sample. */
export const THROUGHPUT = 'throughput_kbps';
/** Entity of the derived aggregate (the sum of the flows' `throughput_kbps` at each sample). */
export const AGGREGATE = 'aggregate';
/** Metric of the derived per-flow share (flow's throughput / aggregate; NaN while it is 0). */
export const SHARE = 'throughput_share';

/** Above this many flows a run also derives, per sample, the min/median/max across flows (bands). */
export const BAND_ABOVE_FLOWS = 100;
/** The per-flow metrics that get bands. */
export const BAND_METRICS = ['cwnd_bytes', 'throughput_kbps'] as const;
/** Entity of the band series: metric `<metric>:min`, `<metric>:median`, `<metric>:max`. */
export const BANDS = 'flows';
export type BandStat = 'min' | 'median' | 'max';

/** All series of one run, indexed by the series id the wasm assigned, plus the derived ones. */
export class SeriesStore {
  readonly buffers: SeriesBuffer[];
  private readonly index = new Map<string, number>();
  /** Raw samples appended so far (changes whenever data arrives; handy as a memo key). */
  sampleCount = 0;
  /**
   * Some series of the simulator's has merged buckets (holds fewer points than samples), so a
   * zoomed window may need the worker's full detail; O(1), where asking every buffer cost a scan
   * of six thousand series per render with a thousand connections.
   */
  downsampled = false;
  /** Buckets per series (see `bucketsFor`). */
  readonly capacity: number;
  /** The aggregate throughput and the flows' shares (in flow order), computed at each sample. */
  private readonly aggregate: SeriesBuffer | null;
  private readonly shares: SeriesBuffer[] = [];
  /** Series id → slot among the flows' throughputs (or -1). */
  private readonly thrSlot: Int32Array;
  private readonly thrNow: Float64Array;
  private thrSeen = 0;
  private tickT = Number.NaN;

  constructor(
    readonly names: readonly SeriesName[],
    capacity?: number,
  ) {
    const flows = names.filter((n) => n.metric === THROUGHPUT).map((n) => n.entity);
    const bandSeries = flows.length > BAND_ABOVE_FLOWS ? 3 * BAND_METRICS.length : 0;
    const total = names.length + (flows.length > 0 ? flows.length + 1 : 0) + bandSeries;
    this.capacity = capacity ?? bucketsFor(total);
    // A live run's store takes its room at once (no series reallocates while the run plays); a
    // zoom detail's store (given `capacity`, an upper bound) grows with what arrives.
    // Series merge their buckets on different samples (`mergeSlack`): a live run's only.
    const slab =
      capacity === undefined ? slabs(total, this.capacity + mergeSlack(MERGE_GROUPS - 1, this.capacity)) : null;
    let made = 0;
    const buffer = () =>
      new SeriesBuffer(this.capacity, slab?.() ?? undefined, slab ? mergeSlack(made++, this.capacity) : 0);
    this.buffers = names.map(() => buffer());
    names.forEach((n, i) => this.index.set(key(n.entity, n.metric), i));
    this.thrSlot = new Int32Array(names.length).fill(-1);
    let slot = 0;
    names.forEach((n, i) => {
      if (n.metric === THROUGHPUT) this.thrSlot[i] = slot++;
    });
    this.thrNow = new Float64Array(flows.length);
    this.aggregate = flows.length > 0 ? buffer() : null;
    for (const f of flows) {
      const b = buffer();
      this.shares.push(b);
      this.derivedIndex.set(key(f, SHARE), b);
    }
    if (this.aggregate) this.derivedIndex.set(key(AGGREGATE, THROUGHPUT), this.aggregate);
    // Bands: the flows' values of each band metric at the current sample, then min/median/max.
    this.bandSlot = new Int32Array(names.length).fill(-1);
    if (flows.length > BAND_ABOVE_FLOWS) {
      BAND_METRICS.forEach((metric, m) => {
        let slot = 0;
        names.forEach((n, i) => {
          if (n.metric === metric) this.bandSlot[i] = m * flows.length + slot++;
        });
        const stats = (['min', 'median', 'max'] as const).map((stat) => {
          const b = buffer();
          this.derivedIndex.set(key(BANDS, `${metric}:${stat}`), b);
          return b;
        });
        this.bands.push({ stats, seen: 0 });
      });
      this.bandNow = new Float64Array(BAND_METRICS.length * flows.length);
      this.bandScratch = new Float64Array(flows.length);
    }
  }
  private readonly bandSlot: Int32Array;
  private readonly bands: { stats: SeriesBuffer[]; seen: number }[] = [];
  private bandNow = new Float64Array(0);
  private bandScratch = new Float64Array(0);
  private readonly bandOut = new Float64Array(3);
  private readonly derivedIndex = new Map<string, SeriesBuffer>();

  /** Series held, the simulator's and the derived ones. */
  get seriesCount(): number {
    return this.buffers.length + this.derivedIndex.size;
  }

  /** Points held for drawing, over every series (bounded by `capacity` × series × 2). */
  get pointsHeld(): number {
    let n = 0;
    for (const b of this.buffers) n += b.length;
    for (const b of this.derivedIndex.values()) n += b.length;
    return n;
  }

  /** Appends flat triplets `[seriesId, tMs, value, …]`; samples of unknown series are skipped. */
  append(points: Float64Array): void {
    const n = points.length - (points.length % 3);
    for (let i = 0; i < n; i += 3) {
      const id = points[i];
      const buf = this.buffers[id];
      if (buf === undefined) continue;
      const t = points[i + 1];
      const v = points[i + 2];
      buf.push(t, v);
      if (buf.per > 1) this.downsampled = true;
      this.sampleCount += 1;
      const slot = this.thrSlot[id];
      const band = this.bandSlot[id];
      if (slot < 0 && band < 0) continue;
      if (t !== this.tickT) this.flushTick();
      this.tickT = t;
      if (slot >= 0) {
        this.thrNow[slot] = v;
        this.thrSeen += 1;
      }
      if (band >= 0) {
        this.bandNow[band] = v;
        this.bands[Math.floor(band / this.bandScratch.length)].seen += 1;
      }
    }
    // A sample's points never straddle two frames (the simulator writes them in one event).
    this.flushTick();
  }

  /** A sample's flows' throughputs are all in: derive the aggregate and the shares. */
  private flushTick(): void {
    if (this.thrSeen === this.thrNow.length && this.aggregate && this.thrSeen > 0) {
      const t = this.tickT;
      let sum = 0;
      for (let i = 0; i < this.thrNow.length; i++) sum += this.thrNow[i];
      this.aggregate.push(t, sum);
      for (let i = 0; i < this.shares.length; i++) this.shares[i].push(t, sum > 0 ? this.thrNow[i] / sum : Number.NaN);
    }
    const n = this.bandScratch.length;
    this.bands.forEach((b, m) => {
      if (b.seen === n && n > 0) {
        const x = this.bandScratch;
        x.set(this.bandNow.subarray(m * n, (m + 1) * n));
        const o = this.bandOut;
        bandStats(x, n, o);
        b.stats[0].push(this.tickT, o[0]);
        b.stats[1].push(this.tickT, o[1]);
        b.stats[2].push(this.tickT, o[2]);
      }
      b.seen = 0;
    });
    this.thrSeen = 0;
    this.tickT = Number.NaN;
  }

  /** A series by entity and metric: the simulator's, or a derived one (`AGGREGATE`, `SHARE`). */
  get(entity: string, metric: string): SeriesBuffer | undefined {
    const i = this.index.get(key(entity, metric));
    return i === undefined ? this.derivedIndex.get(key(entity, metric)) : this.buffers[i];
  }

  /**
   * Entities that have `metric` from the simulator, in series-id order (e.g. every flow with
   * `cwnd_bytes`); the same array each time (the drop marks ask per cause at every drawn revision,
   * a filter over six thousand names with a thousand connections).
   */
  entitiesWith(metric: string): readonly string[] {
    let out = this.entities.get(metric);
    if (!out) {
      out = this.names.filter((n) => n.metric === metric).map((n) => n.entity);
      this.entities.set(metric, out);
    }
    return out;
  }
  private readonly entities = new Map<string, readonly string[]>();
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
  const out = reduceColumns(series, 0, t, v, 0, t0, t1, cols);
  return { t, v, length: out };
}

/**
 * The scan behind `decimate`: from sample `from`, each run of samples in one pixel column of
 * `[t0, t1]` (mapped onto `cols` columns; samples outside fall into the first or last) is written
 * to `t`/`v` from index `out` as its minimum and maximum sample, in time order. `finished(next,
 * out)` is told after each column that a later sample closed (so an incremental caller can resume
 * at `next` with `out` points kept). Returns the number of points written in all.
 */
export function reduceColumns(
  series: SeriesView,
  from: number,
  t: Float64Array,
  v: Float64Array,
  out: number,
  t0: number,
  t1: number,
  cols: number,
  finished?: (next: number, out: number) => void,
): number {
  const n = series.length;
  const st = series.t;
  const sv = series.v;
  const scale = cols / (t1 - t0);
  const last = cols - 1;
  let i = from;
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
    if (finished && j < n) finished(j, out);
    i = j;
  }
  return out;
}
