/**
 * How {@link LineCanvas} repaints: only the strip that changed. A live run appends samples at the
 * right end of every line, so between two frames the lines differ only from some x onwards (the
 * last, still open pixel column and the new ones); everything left of it is already on the canvas.
 * `changedFrom` finds that x by comparing the projected points of the last drawing with the new
 * ones; `drawLines` clears the canvas from there to its right edge and strokes, inside that strip
 * only, the part of each line that can reach it — in the same order, width, colour and alpha, so
 * the strip's pixels are those of a full redraw. Thirty lines redrawn whole cost a rasterisation
 * of every segment each frame (`CanvasRenderingContext2D::FinalizeFrame`, a fifth of the page's
 * main thread at 30 flows); the strip is a few pixels wide.
 *
 * A full redraw happens when anything but the points changed (size, pixel ratio, theme, the lines,
 * their order or style) or when a line is dashed (a dash pattern restarts where a path starts).
 */
import { tracePath, type PathSink } from './lineGeometry';

export interface StrokedLine {
  xy: Float32Array;
  /** A resolved colour (no `var(…)`). */
  color: string;
  width: number;
  dashed?: boolean;
  /** Drawn faded (another flow is highlighted). */
  dim?: boolean;
}

/** The part of a 2D context the drawing uses. */
export interface DrawContext extends PathSink {
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  rect(x: number, y: number, w: number, h: number): void;
  clip(): void;
  save(): void;
  restore(): void;
  stroke(): void;
  setLineDash(segments: number[]): void;
  globalAlpha: number;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
  lineJoin: CanvasLineJoin;
  lineCap: CanvasLineCap;
}

/** Where the lines sit on the canvas: CSS px size of the bitmap, pixel ratio, room above the plot. */
export interface Surface {
  /** Bitmap size in device pixels. */
  w: number;
  h: number;
  dpr: number;
  /** CSS px above the plot's top edge (lines may overshoot it). */
  overshoot: number;
}

export const DIM_ALPHA = 0.18;

/**
 * The smallest x (CSS px, plot coordinates) from which `next` may look different from `prev`, or
 * `-Infinity` when all must be redrawn, `Infinity` when nothing changed.
 */
export function changedFrom(prev: readonly StrokedLine[] | null, next: readonly StrokedLine[]): number {
  if (!prev || prev.length !== next.length) return -Infinity;
  let from = Infinity;
  for (let i = 0; i < next.length; i++) {
    const a = prev[i];
    const b = next[i];
    if (a.color !== b.color || a.width !== b.width || !!a.dim !== !!b.dim || a.dashed || b.dashed) return -Infinity;
    const x = firstChange(a.xy, b.xy);
    if (x < from) from = x;
  }
  return from;
}

/** x where the polyline `b` starts to differ from `a` (the segment into the first changed point). */
function firstChange(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let k = 0;
  while (k < n && (a[k] === b[k] || (Number.isNaN(a[k]) && Number.isNaN(b[k])))) k++;
  if (k === a.length && k === b.length) return Infinity;
  // The point that changed (or was added or removed), from its x pair index.
  const p = k - (k % 2);
  let x = Infinity;
  for (const v of [a[p - 2], a[p], b[p]]) if (v !== undefined && Number.isFinite(v) && v < x) x = v;
  // Nothing drawable changed (a gap became another gap): nothing to redraw for this line.
  return x;
}

/**
 * Draws `lines` in order on a canvas of `surface`: all of them, or (`fromX` finite) only the strip
 * right of `fromX`. Returns the strip's left edge in device pixels (0 for a full redraw).
 */
export function drawLines(ctx: DrawContext, lines: readonly StrokedLine[], surface: Surface, fromX: number): number {
  const { w, h, dpr, overshoot } = surface;
  let maxWidth = 0;
  for (const l of lines) maxWidth = Math.max(maxWidth, l.width);
  // A stroke reaches half its width (and a pixel of antialiasing) left of its points.
  const reach = maxWidth / 2 + 2;
  const stripPx = Number.isFinite(fromX) ? Math.max(0, Math.floor((fromX - reach) * dpr)) : 0;
  if (stripPx >= w) return w;
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  ctx.clearRect(stripPx, 0, w - stripPx, h);
  ctx.save();
  if (stripPx > 0) {
    ctx.beginPath();
    ctx.rect(stripPx, 0, w - stripPx, h);
    ctx.clip();
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, overshoot * dpr);
  ctx.lineJoin = 'round';
  ctx.lineCap = 'round';
  // Points whose segments may touch the strip: from the last one left of its reach.
  const startX = stripPx / dpr - reach;
  for (const l of lines) {
    ctx.globalAlpha = l.dim ? DIM_ALPHA : 1;
    ctx.strokeStyle = l.color;
    ctx.lineWidth = l.width;
    ctx.setLineDash(l.dashed ? [5, 4] : []);
    ctx.beginPath();
    tracePath(ctx, stripPx > 0 ? l.xy.subarray(2 * firstBefore(l.xy, startX)) : l.xy);
    ctx.stroke();
  }
  ctx.restore();
  ctx.globalAlpha = 1;
  return stripPx;
}

/**
 * Index of the last point with x < `x` (0 when none): the drawing may start there. Points are in
 * time order, so x never decreases; gaps (NaN) are skipped over.
 */
export function firstBefore(xy: Float32Array, x: number): number {
  let lo = 0;
  let hi = xy.length / 2;
  // Binary search over points, stepping off gaps to the nearest defined point on the left.
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    let m = mid;
    while (m >= lo && Number.isNaN(xy[2 * m])) m--;
    if (m < lo || xy[2 * m] < x) lo = mid + 1;
    else hi = m;
  }
  // `lo` is the first point at or right of x; start one earlier (and at a defined point or a gap).
  return Math.max(0, lo - 1);
}
