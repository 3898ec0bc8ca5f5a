/**
 * A chart's event marks (drops, timeouts) on the rail above the plot, as data: which marks are
 * drawn (one per pixel column, cause and flow), their shape (a small downward triangle), how they
 * are painted on a canvas (`DropMarks.tsx`) and how a saved SVG gets them back as paths.
 *
 * A live run adds drops at the right end, so between two frames the list of marks usually grows by
 * a few at its end: `drawMarks` then paints only those (drawn last, they are on top, exactly as a
 * whole redraw would leave them). As SVG elements the marks cost ~370 DOM changes a second at 30
 * flows.
 */
import type { ScaleLinear } from 'd3-scale';
import { resolveColor } from './LineCanvas';
import type { ChartMarker } from './chartLine';

/** One drawn mark: its column (plot px) and what it stands for. */
export interface MarkShape {
  x: number;
  color: string;
  cause: string;
  flow?: string;
  entity?: string;
}

/** The rail the marks sit on, plot px: from `top` (above the plot) to `bottom`. */
export const MARK_RAIL = { top: -8, bottom: 4 } as const;
/** Width of a mark's outline (in the page's panel colour, so touching marks stay apart), px. */
export const MARK_OUTLINE = 0.6;
/** More marks than this are not drawn (the rail is full long before). */
const MAX_MARKS = 3000;

/** The marks inside the time `domain` (ms), at most one per pixel column, cause and flow. */
export function markShapes(
  markers: readonly ChartMarker[] | undefined,
  xScale: ScaleLinear<number, number>,
  domain: readonly [number, number],
): MarkShape[] {
  if (!markers || markers.length === 0) return [];
  // One marker per pixel column and cause is enough to see where drops cluster.
  const seen = new Set<string>();
  const out: MarkShape[] = [];
  for (const m of markers) {
    if (m.tMs < domain[0] || m.tMs > domain[1]) continue;
    const x = Math.round(xScale(m.tMs / 1000));
    const k = `${x}|${m.cause}|${m.flow ?? ''}`;
    if (seen.has(k)) continue;
    seen.add(k);
    out.push({ x, color: m.color, cause: m.cause, flow: m.flow, entity: m.entity });
    if (out.length > MAX_MARKS) break;
  }
  return out;
}

/** A mark's triangle as SVG path data (plot px): 8 px wide at the top, its tip 2 px into the plot. */
export function markPathData(x: number): string {
  return `M${x - 4},-6 L${x + 4},-6 L${x},2 Z`;
}

/** The part of a 2D context the marks use. */
export interface MarkContext {
  setTransform(a: number, b: number, c: number, d: number, e: number, f: number): void;
  clearRect(x: number, y: number, w: number, h: number): void;
  beginPath(): void;
  moveTo(x: number, y: number): void;
  lineTo(x: number, y: number): void;
  closePath(): void;
  fill(): void;
  stroke(): void;
  fillStyle: string | CanvasGradient | CanvasPattern;
  strokeStyle: string | CanvasGradient | CanvasPattern;
  lineWidth: number;
}

/**
 * How many of `next`'s marks are already on a canvas that shows `prev`: all of `prev` when `next`
 * starts with the same marks, else 0 (the canvas must be cleared and drawn again).
 */
export function marksKept(prev: readonly MarkShape[] | null, next: readonly MarkShape[]): number {
  if (!prev || prev.length > next.length) return 0;
  for (let i = 0; i < prev.length; i++) {
    const a = prev[i];
    const b = next[i];
    if (a.x !== b.x || a.color !== b.color) return 0;
  }
  return prev.length;
}

/**
 * Paints `shapes` from index `from` on a rail canvas `w`×`h` device px at pixel ratio `dpr`
 * (clearing it first when `from` is 0), each filled in its colour and outlined in `outline`, in
 * order: later marks on top, as the SVG drew them. `color` resolves a mark's colour (`var(…)`).
 */
export function drawMarks(
  ctx: MarkContext,
  shapes: readonly MarkShape[],
  from: number,
  surface: { w: number; h: number; dpr: number },
  outline: string,
  color: (c: string) => string = (c) => c,
): void {
  const { w, h, dpr } = surface;
  if (from === 0) {
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
  }
  ctx.setTransform(dpr, 0, 0, dpr, 0, -MARK_RAIL.top * dpr);
  ctx.strokeStyle = outline;
  ctx.lineWidth = MARK_OUTLINE;
  for (let i = from; i < shapes.length; i++) {
    const { x } = shapes[i];
    ctx.beginPath();
    ctx.moveTo(x - 4, -6);
    ctx.lineTo(x + 4, -6);
    ctx.lineTo(x, 2);
    ctx.closePath();
    ctx.fillStyle = color(shapes[i].color);
    ctx.fill();
    ctx.stroke();
  }
}

/**
 * Adds `shapes` to a saved copy of the chart as `<path>` elements on top of its lines layer (the
 * page drew them on a canvas), with the look the canvas gives them and the cause, flow and link
 * each stands for (`data-cause`, `data-flow`, `data-entity`).
 */
export function addMarkPaths(
  clone: SVGSVGElement,
  shapes: readonly MarkShape[],
  css: Pick<CSSStyleDeclaration, 'getPropertyValue'>,
): void {
  const layer = clone.querySelector('[data-lines-layer]');
  if (!layer || shapes.length === 0) return;
  const NS = 'http://www.w3.org/2000/svg';
  const outline = resolveColor('var(--panel)', css);
  for (const s of shapes) {
    const path = document.createElementNS(NS, 'path');
    path.setAttribute('d', markPathData(s.x));
    path.setAttribute('data-cause', s.cause);
    if (s.flow) path.setAttribute('data-flow', s.flow);
    if (s.entity) path.setAttribute('data-entity', s.entity);
    path.setAttribute('style', `fill:${resolveColor(s.color, css)};stroke:${outline};stroke-width:${MARK_OUTLINE}`);
    layer.appendChild(path);
  }
}
