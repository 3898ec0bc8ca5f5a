/**
 * Many lines on one canvas: what a time-series chart draws instead of SVG paths when it has more
 * lines than {@link CANVAS_ABOVE_LINES}. Thirty flows' cwnd and throughput as SVG cost a string,
 * an attribute parse and a DOM paint per line per frame; here a redraw is one pass of moveTo/lineTo
 * per line into a device-pixel-sized bitmap, with no garbage.
 *
 * The canvas sits under the chart's SVG (axes, drop markers, hover rule and brush stay vector and
 * on top) and ignores the pointer. It is `aria-hidden`: the chart's SVG carries the accessible name,
 * the legend names every flow. `data-flows` / `data-series` / `data-lines` say what was drawn last,
 * for tests and for anyone inspecting the page, and `data-full-redraws` how many times every line
 * was drawn again whole (the expensive frames; a strip repaint does not count). Colours may be CSS variables (`var(--ink)`); they
 * are resolved at draw time, and the canvas redraws when the theme changes.
 */
import { useLayoutEffect, useRef } from 'react';
import { changedFrom, drawLines, type StrokedLine } from './canvasDraw';
import { useThemeRevision } from './useThemeRevision';
import './charts.css';

/** Above this many drawn lines a chart paints them on a canvas. */
export const CANVAS_ABOVE_LINES = 10;

export interface CanvasLine {
  xy: Float32Array;
  color: string;
  width: number;
  dashed?: boolean;
  dim?: boolean;
  flow?: string;
  series: string;
}

export interface LineCanvasProps {
  lines: readonly CanvasLine[];
  /** Position and size of the plot area inside the chart, CSS px. */
  left: number;
  top: number;
  width: number;
  height: number;
  /** Extra room above the plot (lines may overshoot the top a little, as the SVG clip allows). */
  overshoot: number;
}

/** What is on the bitmap: the lines as drawn and what they were drawn on. */
interface OnCanvas {
  lines: StrokedLine[];
  key: string;
}

export function LineCanvas({ lines, left, top, width, height, overshoot }: LineCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const theme = useThemeRevision();
  const drawn = useRef<OnCanvas | null>(null);
  // Colours resolved once per theme: reading computed style in a frame would force a style pass.
  const colors = useRef<{ theme: number; map: Map<string, string> }>({ theme: -1, map: new Map() });

  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(width * dpr));
    const h = Math.max(1, Math.round((height + overshoot) * dpr));
    const key = `${w}x${h}@${dpr}+${overshoot}|${theme}`;
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    if (colors.current.theme !== theme) colors.current = { theme, map: new Map() };
    const map = colors.current.map;
    let css: CSSStyleDeclaration | null = null;
    const stroked: StrokedLine[] = lines.map((l) => {
      let color = map.get(l.color);
      if (color === undefined) map.set(l.color, (color = resolveColor(l.color, (css ??= getComputedStyle(canvas)))));
      return { xy: l.xy, color, width: l.width, dashed: l.dashed, dim: l.dim };
    });
    // Only the strip that changed since the last drawing on this bitmap (all of it when the
    // bitmap, the theme or the lines' styles changed).
    const last = drawn.current;
    const from = last && last.key === key ? changedFrom(last.lines, stroked) : -Infinity;
    // How many times every line was redrawn whole (a new scale, size or style): the costly frames.
    if (from !== Infinity && drawLines(ctx, stroked, { w, h, dpr, overshoot }, from) === 0)
      canvas.dataset.fullRedraws = String(Number(canvas.dataset.fullRedraws ?? 0) + 1);
    drawn.current = { lines: stroked, key };
    const flows = new Set<string>();
    const series = new Set<string>();
    for (const l of lines) {
      if (l.flow) flows.add(l.flow);
      series.add(l.series);
    }
    setData(canvas, 'flows', [...flows].join(' '));
    setData(canvas, 'series', [...series].join(' '));
    setData(canvas, 'lines', String(lines.length));
  }, [lines, width, height, overshoot, theme]);

  return (
    <canvas
      ref={ref}
      className="line-canvas"
      aria-hidden="true"
      style={{ left, top: top - overshoot, width, height: height + overshoot }}
    />
  );
}

/** Sets a data attribute only when it changes (an unchanged write still counts as a DOM mutation). */
export function setData(el: HTMLElement, name: string, value: string) {
  if (el.dataset[name] !== value) el.dataset[name] = value;
}

/** `var(--name)` → the variable's value on `css` (the canvas inherits the page's theme). */
export function resolveColor(color: string, css: Pick<CSSStyleDeclaration, 'getPropertyValue'>): string {
  const m = /^var\((--[\w-]+)\)$/.exec(color.trim());
  if (!m) return color;
  return css.getPropertyValue(m[1]).trim() || '#808080';
}
