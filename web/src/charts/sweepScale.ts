/**
 * The sweep chart's x axis and error bars, as plain functions (unit-tested):
 *
 * - {@link logWorthy}: whether positive values span more than two decades, so a log axis is the
 *   default (a bit error rate from 1e-7 to 1e-5).
 * - {@link sweepXScale}: linear, or log (ticks at each decade; 1, 2, 5 per decade over a shorter
 *   span) with a broken-axis slot for zero: a value 0 (an error-free
 *   baseline) cannot sit on a log axis, so it gets its own tick "0" at the left, separated from
 *   the log part by a break mark; the break says the distance from 0 to the first decade is not
 *   to scale.
 * - {@link clipInterval}: a 95 % interval cut to the metric's physical range (a count cannot be
 *   negative, an accuracy not above 1), saying whether it was cut.
 */
import { scaleLinear, scaleLog } from 'd3-scale';

export type XScaleKind = 'linear' | 'log';

/** Pixels reserved left of a log axis for the value 0 (its tick sits in the middle of the slot). */
export const ZERO_SLOT = 34;

/** True when every value is a finite number. */
export function allNumeric(values: readonly unknown[]): values is readonly number[] {
  return values.length > 0 && values.every((v) => typeof v === 'number' && Number.isFinite(v));
}

/** True when a log axis can show the values: numbers, none negative, at least two positive ones. */
export function logPossible(values: readonly unknown[]): boolean {
  if (!allNumeric(values)) return false;
  if (values.some((v) => v < 0)) return false;
  return new Set(values.filter((v) => v > 0)).size >= 2;
}

/** True when a log axis is possible and the positive values span at least two decades. */
export function logWorthy(values: readonly unknown[]): boolean {
  if (!logPossible(values)) return false;
  const pos = (values as readonly number[]).filter((v) => v > 0);
  return Math.max(...pos) / Math.min(...pos) >= 100;
}

export interface SweepXScale {
  kind: XScaleKind;
  /** Pixel position of a value. */
  pos(v: number): number;
  /** Tick values to label (on a log axis: powers of ten, plus 0 when present). */
  ticks: number[];
  /** On a log axis with a zero: where the break mark goes (pixels), else null. */
  breakAt: number | null;
}

/** The x scale of numeric sweep values over `[0, width]` pixels. */
export function sweepXScale(values: readonly number[], width: number, kind: XScaleKind): SweepXScale {
  if (kind === 'log' && logPossible(values)) {
    const pos = values.filter((v) => v > 0);
    const hasZero = values.includes(0);
    const lo = Math.min(...pos);
    const hi = Math.max(...pos);
    const span = Math.log10(hi / lo);
    const pad = Math.pow(10, Math.max(0.08, span * 0.05));
    const left = hasZero ? ZERO_SLOT + 10 : 0;
    const x = scaleLog()
      .domain([lo / pad, hi * pad])
      .range([left, width]);
    const mantissa = (t: number) => Number((t / Math.pow(10, Math.floor(Math.log10(t) + 1e-9))).toFixed(6));
    const decades = x.ticks().filter((t) => mantissa(t) === 1);
    // Fewer than three decades in view: 1, 2, 5 in each; fewer than two such ticks: the values themselves.
    const ones = decades.length >= 3 ? decades : x.ticks().filter((t) => [1, 2, 5].includes(mantissa(t)));
    const ticks = ones.length >= 2 ? ones : [...new Set(pos)].sort((a, b) => a - b);
    return {
      kind: 'log',
      pos: (v) => (v === 0 ? ZERO_SLOT / 2 : x(v)),
      ticks: hasZero ? [0, ...ticks] : ticks,
      breakAt: hasZero ? ZERO_SLOT + 3 : null,
    };
  }
  let lo = Math.min(...values);
  let hi = Math.max(...values);
  if (lo === hi) {
    lo -= 1;
    hi += 1;
  }
  const pad = (hi - lo) * 0.04;
  const x = scaleLinear()
    .domain([lo - pad, hi + pad])
    .range([0, width]);
  return {
    kind: 'linear',
    pos: (v) => x(v),
    ticks: x.ticks(Math.min(8, Math.max(2, Math.floor(width / 90)))),
    breakAt: null,
  };
}

/** A metric's physical range in the simulator's units (`null`: unbounded on that side). */
export interface MetricRange {
  min: number | null;
  max: number | null;
}

export interface ClippedInterval {
  low: number;
  high: number;
  /** Which ends were cut to the range. */
  clippedLow: boolean;
  clippedHigh: boolean;
}

/** `[low, high]` cut to `range`. */
export function clipInterval(low: number, high: number, range: MetricRange): ClippedInterval {
  const clippedLow = range.min !== null && low < range.min;
  const clippedHigh = range.max !== null && high > range.max;
  return {
    low: clippedLow ? range.min! : low,
    high: clippedHigh ? range.max! : high,
    clippedLow,
    clippedHigh,
  };
}

/**
 * The note under a chart whose bars were cut: `lowText` / `highText` are the bounds as shown
 * (`0`, `100 %`); counts are points (bars), 0 for none. Null when nothing was cut.
 */
export function clipNote(clippedLow: number, clippedHigh: number, lowText: string, highText: string): string | null {
  const parts: string[] = [];
  const pts = (n: number) => `${n} point${n === 1 ? '' : 's'}`;
  if (clippedLow > 0) parts.push(`at ${lowText} for ${pts(clippedLow)}`);
  if (clippedHigh > 0) parts.push(`at ${highText} for ${pts(clippedHigh)}`);
  if (parts.length === 0) return null;
  return `95 % CI clipped ${parts.join(' and ')}: too few replications (or too much spread) for a symmetric interval to fit the possible values.`;
}
