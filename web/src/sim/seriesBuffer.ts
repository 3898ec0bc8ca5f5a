/**
 * One series' bounded min/max downsampler (`SeriesBuffer`): the page's live samples
 * bounded by pixels rather than by run length, how many buckets a run's series get
 * (`bucketsFor`), and the one allocation a live run's store takes for all its series (`slabs`).
 * docs/performance.md ("Live lab") explains the scheme; `series.ts` holds the run's store.
 */

/** Most buckets one series keeps (twice the 2048 columns of the widest plot, after a merge). */
export const MAX_BUCKETS = 4096;
/** Fewest buckets one series keeps, however many series a run has. */
export const MIN_BUCKETS = 512;
/** Buckets shared by all series of one run (about 32 bytes each: two times, two values). */
export const STORE_BUCKETS = 1_000_000;

/** Buckets per series for a run of `nSeries` series: a power of two in [MIN_BUCKETS, MAX_BUCKETS]. */
export function bucketsFor(nSeries: number): number {
  let c = MAX_BUCKETS;
  while (c > MIN_BUCKETS && c * Math.max(1, nSeries) > STORE_BUCKETS) c /= 2;
  return c;
}

/**
 * Merges of a store's series are spread over this many moments (see `mergeSlack`): with a thousand
 * connections all six thousand series filled their buckets at the same sample and merged inside
 * one message (54 ms of a 69 ms long task in a trace).
 */
export const MERGE_GROUPS = 16;

/**
 * Extra buckets series `i` of a store fills before its merges (0, 2, 4, … by `i`), so the series'
 * merges fall on different samples; none when the store's buckets are already the most a series
 * may hold (the browser budget prices `2 × MAX_BUCKETS` points per series).
 */
export function mergeSlack(i: number, capacity: number): number {
  const slack = 2 * (i % MERGE_GROUPS);
  return capacity + 2 * (MERGE_GROUPS - 1) <= MAX_BUCKETS ? slack : 0;
}

/** One series' room in a store's shared allocation: `2 × capacity` points and `capacity` bucket sizes. */
export interface Slab {
  t: Float64Array;
  v: Float64Array;
  sizes: Uint8Array;
}

/** Most points one store allocates up front (two 128 MB arrays); above it, series grow as they fill. */
export const SLAB_POINTS = 1 << 24;

/**
 * Room for `nSeries` series of `capacity` buckets in three allocations, handed out one series at a
 * time; null when that would exceed {@link SLAB_POINTS}. With a thousand connections (six
 * thousand series) every series used to double its arrays at the same sample — thousands of
 * allocations and copies inside one message, a long task of hundreds of ms. Large
 * typed arrays are zero pages from the system until written, so the memory in use still grows
 * with the points held.
 */
export function slabs(nSeries: number, capacity: number): (() => Slab) | null {
  const per = 2 * capacity;
  if (nSeries * per > SLAB_POINTS) return null;
  const t = new Float64Array(nSeries * per);
  const v = new Float64Array(nSeries * per);
  const sizes = new Uint8Array(nSeries * capacity);
  let next = 0;
  return () => {
    if (next >= nSeries) throw new Error('no room left in the slab');
    const i = next++;
    return {
      t: t.subarray(i * per, (i + 1) * per),
      v: v.subarray(i * per, (i + 1) * per),
      sizes: sizes.subarray(i * capacity, (i + 1) * capacity),
    };
  };
}

/**
 * A bounded min/max downsampler ("classic" pairwise-merge decimation). Samples go into buckets of
 * `per` consecutive samples; each bucket keeps its minimum and its maximum sample (time and value,
 * in time order; one point when they are the same sample), so peaks and dips survive. When all
 * `capacity + slack` buckets are full, neighbouring buckets are merged pairwise (each pair keeps the min
 * and max of its four points) and `per` doubles. At most `2 × (capacity + slack)` points are held
 * however long the run; while fewer than `capacity` samples have arrived, every sample is kept
 * exactly. Deterministic: the same samples give the same points (ties keep the earlier sample).
 * `slack` (even) only delays merges: the buckets stay on the same grid, so whenever a buffer with
 * slack has the same `per` as one without, their points are the same (a store staggers its series'
 * merges this way, `mergeSlack`).
 *
 * The points are exposed as `t`, `v` and `length` (a `SeriesView`), so charts draw them as samples.
 */
export class SeriesBuffer {
  t: Float64Array;
  v: Float64Array;
  /** Points held (1 or 2 per bucket). */
  length = 0;
  /** Raw samples per full bucket (1, 2, 4, …). */
  per = 1;
  /** Raw samples received. */
  received = 0;
  /** Points per bucket (1 or 2), bucket i's points start at `start(i)`. */
  private sizes: Uint8Array;
  private buckets = 0;
  /** Raw samples in the last (open) bucket. */
  private filled = 0;
  private lastValue = Number.NaN;

  /**
   * `slab`: room for all `2 × capacity` points given up front (a store's share of one allocation,
   * see `SeriesStore`), so the buffer never reallocates; without it the buffer starts small and
   * doubles as it fills.
   */
  constructor(
    readonly capacity = MAX_BUCKETS,
    slab?: Slab,
    readonly slack = 0,
  ) {
    if (capacity < 2 || capacity % 2 !== 0) throw new Error('capacity must be even and at least 2');
    if (slack < 0 || slack % 2 !== 0) throw new Error('slack must be even and not negative');
    this.room = capacity + slack;
    const room = this.room;
    if (slab && (slab.t.length < 2 * room || slab.v.length < 2 * room || slab.sizes.length < room))
      throw new Error('a slab holds 2 × (capacity + slack) points and capacity + slack bucket sizes');
    const initial = Math.min(2 * room, 256);
    this.t = slab ? slab.t : new Float64Array(initial);
    this.v = slab ? slab.v : new Float64Array(initial);
    this.sizes = slab ? slab.sizes : new Uint8Array(room);
  }
  /** Buckets filled before a merge (`capacity + slack`). */
  private readonly room: number;

  push(tMs: number, value: number): void {
    this.received += 1;
    this.lastValue = value;
    if (this.buckets > 0 && this.filled < this.per) {
      this.addToOpen(tMs, value);
      return;
    }
    if (this.buckets === this.room) this.mergePairs();
    if (this.length + 2 > this.t.length) this.grow(Math.min(2 * this.room, 2 * this.t.length));
    this.t[this.length] = tMs;
    this.v[this.length] = value;
    this.length += 1;
    this.sizes[this.buckets] = 1;
    this.buckets += 1;
    this.filled = 1;
  }

  /** Last value received, or undefined when empty. */
  last(): number | undefined {
    return this.received > 0 ? this.lastValue : undefined;
  }

  /** Buckets in use. */
  get bucketCount(): number {
    return this.buckets;
  }

  /** Folds a sample into the open (last) bucket: it keeps the min and max of its samples. */
  private addToOpen(tMs: number, value: number): void {
    this.filled += 1;
    const size = this.sizes[this.buckets - 1];
    const s = this.length - size;
    const kept = keepMinMax(this.t, this.v, s, size, tMs, value);
    this.length = s + kept;
    this.sizes[this.buckets - 1] = kept;
  }

  /** Merges buckets (0,1), (2,3), …: each pair keeps the min and max of its points. */
  private mergePairs(): void {
    let read = 0;
    let write = 0;
    const t = this.t;
    const v = this.v;
    for (let b = 0; b < this.buckets; b += 2) {
      const n = this.sizes[b] + this.sizes[b + 1];
      let iMin = read;
      let iMax = read;
      for (let i = read + 1; i < read + n; i++) {
        if (lower(v[i], v[iMin])) iMin = i;
        if (higher(v[i], v[iMax])) iMax = i;
      }
      const a = iMin < iMax ? iMin : iMax;
      const z = iMin < iMax ? iMax : iMin;
      const ta = t[a];
      const va = v[a];
      const tz = t[z];
      const vz = v[z];
      t[write] = ta;
      v[write] = va;
      let size = 1;
      if (z !== a) {
        t[write + 1] = tz;
        v[write + 1] = vz;
        size = 2;
      }
      this.sizes[b / 2] = size;
      write += size;
      read += n;
    }
    this.length = write;
    this.buckets /= 2;
    this.per *= 2;
    this.filled = this.per; // every merged bucket is full
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

/** `a` is a better minimum than `b` (`a < b`; any number beats NaN). */
function lower(a: number, b: number): boolean {
  return a < b || (b !== b && a === a);
}

/** `a` is a better maximum than `b` (`a > b`; any number beats NaN). */
function higher(a: number, b: number): boolean {
  return a > b || (b !== b && a === a);
}

/**
 * The bucket at `s` holds `size` (1 or 2) points; adds sample (tMs, value) and keeps only the min and
 * max of the three, in time order. Returns the bucket's new size.
 */
function keepMinMax(t: Float64Array, v: Float64Array, s: number, size: number, tMs: number, value: number): number {
  // Candidates in time order: the bucket's points, then the new sample.
  let tMin = t[s];
  let vMin = v[s];
  let tMax = t[s];
  let vMax = v[s];
  if (size === 2) {
    if (lower(v[s + 1], vMin)) {
      tMin = t[s + 1];
      vMin = v[s + 1];
    }
    if (higher(v[s + 1], vMax)) {
      tMax = t[s + 1];
      vMax = v[s + 1];
    }
  }
  if (lower(value, vMin)) {
    tMin = tMs;
    vMin = value;
  }
  if (higher(value, vMax)) {
    tMax = tMs;
    vMax = value;
  }
  if (tMin === tMax) {
    // One sample is both the minimum and the maximum.
    t[s] = tMin;
    v[s] = vMin;
    return 1;
  }
  const minFirst = tMin < tMax;
  t[s] = minFirst ? tMin : tMax;
  v[s] = minFirst ? vMin : vMax;
  t[s + 1] = minFirst ? tMax : tMin;
  v[s + 1] = minFirst ? vMax : vMin;
  return 2;
}
