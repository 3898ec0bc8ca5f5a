/**
 * The live charts' reducer: `decimateWindow` (min/max per pixel column, `sim/series.ts`) that
 * remembers, per series, the columns already finished. A live run only appends samples, so on the
 * next frame only the last, still-open column and the new ones are scanned, instead of every
 * point of every line (30 flows: ~90 lines × up to 8192 points per redraw was the charts' largest
 * cost). The result is identical to `decimateWindow` (a test checks it after every append).
 *
 * It starts over for a series when the time domain or the column count change, when the series'
 * storage was replaced or shrank (the store's bounded buffer merges neighbours and halves its
 * length), or when the last finished sample no longer matches. A zoomed window (samples outside the
 * domain) is reduced afresh by `decimateWindow` each time. The returned arrays are reused by the
 * next call for the same series: draw them before asking again.
 */
import type { Reducer, SeriesView } from '../lib/seriesView';
import { decimateWindow, reduceColumns } from '../sim/series';

interface Done {
  t0: number;
  t1: number;
  cols: number;
  /** The series' time storage when this was computed (replaced storage: start over). */
  src: Float64Array;
  /** Samples seen last time (fewer now: the buffer merged, start over). */
  seen: number;
  /** Output arrays (2 per column); `out` points of them belong to finished columns. */
  t: Float64Array;
  v: Float64Array;
  out: number;
  /** First sample of the first unfinished column, and the sample before it (checked on reuse). */
  next: number;
  checkT: number;
  checkV: number;
}

/** A reducer with its own memory (one per chart set: a `useMemo` in the run charts). */
export function incrementalReducer(): Reducer {
  const memo = new WeakMap<SeriesView, Done>();
  return (series, t0, t1, width) => {
    const n = series.length;
    const cols = Math.max(1, Math.floor(width));
    // A window that cuts the series, or nothing to reduce: as decimateWindow does it.
    if (n === 0 || !(series.t[0] >= t0 && series.t[n - 1] <= t1) || n <= 2 * cols || !(t1 > t0))
      return decimateWindow(series, t0, t1, width);
    let d = memo.get(series);
    if (
      !d ||
      d.t0 !== t0 ||
      d.t1 !== t1 ||
      d.cols !== cols ||
      d.src !== series.t ||
      n < d.seen ||
      (d.next > 0 && (series.t[d.next - 1] !== d.checkT || !Object.is(series.v[d.next - 1], d.checkV)))
    ) {
      d = {
        t0,
        t1,
        cols,
        src: series.t,
        seen: 0,
        t: new Float64Array(2 * cols),
        v: new Float64Array(2 * cols),
        out: 0,
        next: 0,
        checkT: 0,
        checkV: 0,
      };
      memo.set(series, d);
    }
    const { t, v } = d;
    const memoDone = d;
    // A column is finished once a later sample fell into a later column: resume after it next time.
    const out = reduceColumns(series, d.next, t, v, d.out, t0, t1, cols, (next, kept) => {
      memoDone.out = kept;
      memoDone.next = next;
      memoDone.checkT = series.t[next - 1];
      memoDone.checkV = series.v[next - 1];
    });
    d.seen = n;
    return { t, v, length: out };
  };
}
