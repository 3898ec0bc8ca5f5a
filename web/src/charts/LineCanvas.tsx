/**
 * Many lines on one canvas: what a time-series chart draws instead of SVG paths when it has more
 * lines than {@link CANVAS_ABOVE_LINES}. Thirty flows' cwnd and throughput as SVG cost a string,
 * an attribute parse and a DOM paint per line per frame; here a redraw is one pass of moveTo/lineTo
 * per line into a device-pixel-sized bitmap, with no garbage.
 *
 * The canvas sits under the chart's SVG (axes, drop markers, hover rule and brush stay vector and
 * on top) and ignores the pointer. It is `aria-hidden`: the chart's SVG carries the accessible name,
 * the legend names every flow. `data-flows` / `data-series` / `data-lines` say what was drawn last,
 * for tests and for anyone inspecting the page. Colours may be CSS variables (`var(--ink)`); they
 * are resolved at draw time, and the canvas redraws when the theme changes.
 */
import { useEffect, useLayoutEffect, useRef, useState } from 'react';
import { tracePath } from './lineGeometry';
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

const DIM_ALPHA = 0.18;

export function LineCanvas({ lines, left, top, width, height, overshoot }: LineCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const theme = useThemeRevision();

  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(width * dpr));
    const h = Math.max(1, Math.round((height + overshoot) * dpr));
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.clearRect(0, 0, w, h);
    ctx.setTransform(dpr, 0, 0, dpr, 0, overshoot * dpr);
    ctx.lineJoin = 'round';
    ctx.lineCap = 'round';
    const css = getComputedStyle(canvas);
    // Many lines share a few colours (`var(--ink)`): resolve each once per draw.
    const colors = new Map<string, string>();
    for (const l of lines) {
      ctx.globalAlpha = l.dim ? DIM_ALPHA : 1;
      let color = colors.get(l.color);
      if (color === undefined) colors.set(l.color, (color = resolveColor(l.color, css)));
      ctx.strokeStyle = color;
      ctx.lineWidth = l.width;
      ctx.setLineDash(l.dashed ? [5, 4] : []);
      ctx.beginPath();
      tracePath(ctx, l.xy);
      ctx.stroke();
    }
    ctx.globalAlpha = 1;
    const flows = new Set<string>();
    const series = new Set<string>();
    for (const l of lines) {
      if (l.flow) flows.add(l.flow);
      series.add(l.series);
    }
    canvas.dataset.flows = [...flows].join(' ');
    canvas.dataset.series = [...series].join(' ');
    canvas.dataset.lines = String(lines.length);
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

/** `var(--name)` → the variable's value on `css` (the canvas inherits the page's theme). */
export function resolveColor(color: string, css: Pick<CSSStyleDeclaration, 'getPropertyValue'>): string {
  const m = /^var\((--[\w-]+)\)$/.exec(color.trim());
  if (!m) return color;
  return css.getPropertyValue(m[1]).trim() || '#808080';
}

/** Changes whenever the page's theme may have changed (data-theme or the system preference). */
function useThemeRevision(): number {
  const [rev, setRev] = useState(0);
  useEffect(() => {
    const bump = () => setRev((r) => r + 1);
    const obs = new MutationObserver(bump);
    obs.observe(document.documentElement, { attributes: true, attributeFilter: ['data-theme'] });
    const mq = window.matchMedia?.('(prefers-color-scheme: dark)');
    mq?.addEventListener?.('change', bump);
    return () => {
      obs.disconnect();
      mq?.removeEventListener?.('change', bump);
    };
  }, []);
  return rev;
}
