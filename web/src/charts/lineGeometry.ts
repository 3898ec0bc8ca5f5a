/**
 * Line geometry shared by the two ways a time-series chart draws its lines: SVG path data (few
 * lines: crisp, in the DOM, inspectable) and strokes on a canvas (many lines: no strings, no DOM).
 *
 * A line is projected once into pixel coordinates with the charts' linear maps written out,
 *   px = t·ax + bx,   py = v·ay + by,
 * into an interleaved Float32Array `[x0, y0, x1, y1, …]`; a non-finite value becomes a NaN pair,
 * which both consumers treat as a gap (the pen lifts).
 */
import type { SeriesView } from '../lib/seriesView';

/** Linear map from (time ms, value) to plot pixels. */
export interface Projection {
  ax: number;
  bx: number;
  ay: number;
  by: number;
}

/** Pixel coordinates of every sample of `view` (rounded to 0.1 px), gaps as NaN pairs. */
export function projectLine(view: SeriesView, p: Projection): Float32Array {
  const n = view.length;
  const out = new Float32Array(2 * n);
  const { t, v } = view;
  for (let i = 0; i < n; i++) {
    const val = v[i];
    if (Number.isFinite(val)) {
      out[2 * i] = Math.round((t[i] * p.ax + p.bx) * 10) / 10;
      out[2 * i + 1] = Math.round((val * p.ay + p.by) * 10) / 10;
    } else {
      out[2 * i] = NaN;
      out[2 * i + 1] = NaN;
    }
  }
  return out;
}

/** SVG path data of projected points: `M` after every gap, `L` otherwise. */
export function pathData(xy: Float32Array): string {
  let d = '';
  let pen = false;
  for (let i = 0; i < xy.length; i += 2) {
    const x = xy[i];
    const y = xy[i + 1];
    if (Number.isNaN(y)) {
      pen = false;
      continue;
    }
    // Float32 holds 0.1-px values inexactly; print them at that precision.
    d += `${pen ? 'L' : 'M'}${fmt1(x)},${fmt1(y)}`;
    pen = true;
  }
  return d;
}

/** The part of a 2D context a line needs. */
export interface PathSink {
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
}

/** Traces projected points into a canvas path (the caller strokes it); gaps lift the pen. */
export function tracePath(ctx: PathSink, xy: Float32Array): void {
  let pen = false;
  for (let i = 0; i < xy.length; i += 2) {
    const y = xy[i + 1];
    if (Number.isNaN(y)) {
      pen = false;
      continue;
    }
    if (pen) ctx.lineTo(xy[i], y);
    else ctx.moveTo(xy[i], y);
    pen = true;
  }
}

function fmt1(x: number): string {
  return String(Math.round(x * 10) / 10);
}

/**
 * The closed outline between a lower and an upper line (screen xy pairs): the lower left to right,
 * the upper back. Empty while either has no defined point yet (a band's first samples are NaN:
 * no rate before the first interval), never the invalid "LZ".
 */
export function areaPath(lower: Float32Array, upper: Float32Array): string {
  const back = new Float32Array(upper.length);
  for (let i = 0; i < upper.length; i += 2) {
    back[upper.length - 2 - i] = upper[i];
    back[upper.length - 1 - i] = upper[i + 1];
  }
  const lo = pathData(lower);
  const up = pathData(back);
  return lo && up ? `${lo}L${up.slice(1)}Z` : '';
}
