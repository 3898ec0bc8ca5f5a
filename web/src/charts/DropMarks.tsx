/**
 * A chart's event marks (drops, timeouts) on the rail above the plot, painted on a small canvas
 * over the top of the chart's SVG, and their legend. The canvas ignores the pointer and is
 * `aria-hidden`, as the marks were inside the chart's image: the legend names each cause.
 * `data-marks`, `data-causes` and `data-flows` say what was drawn last (for the stories and for
 * anyone inspecting the page), `data-full-redraws` how many times all marks were painted again; a saved SVG or PNG gets the marks as paths (`addMarkPaths`).
 * A frame that adds drops paints only the new marks (`markDraw.ts`).
 */
import { useLayoutEffect, useRef } from 'react';
import { resolveColor, setData } from './LineCanvas';
import { drawMarks, MARK_RAIL, marksKept, type MarkShape } from './markDraw';
import { useThemeRevision } from './useThemeRevision';
import './charts.css';

export interface DropMarkCanvasProps {
  shapes: readonly MarkShape[];
  /** The plot's left and top edge inside the chart, and its width, CSS px. */
  left: number;
  top: number;
  width: number;
}

export function DropMarkCanvas({ shapes, left, top, width }: DropMarkCanvasProps) {
  const ref = useRef<HTMLCanvasElement>(null);
  const theme = useThemeRevision();
  const drawn = useRef<{ shapes: readonly MarkShape[]; key: string } | null>(null);
  // Colours resolved once per theme: reading computed style in a frame would force a style pass.
  const colors = useRef<{ theme: number; css: CSSStyleDeclaration | null; map: Map<string, string> }>({
    theme: -1,
    css: null,
    map: new Map(),
  });
  const height = MARK_RAIL.bottom - MARK_RAIL.top;

  useLayoutEffect(() => {
    const canvas = ref.current;
    if (!canvas) return;
    const dpr = window.devicePixelRatio || 1;
    const w = Math.max(1, Math.round(width * dpr));
    const h = Math.max(1, Math.round(height * dpr));
    const key = `${w}x${h}@${dpr}|${theme}`;
    if (canvas.width !== w) canvas.width = w;
    if (canvas.height !== h) canvas.height = h;
    const ctx = canvas.getContext('2d');
    if (!ctx) return;
    if (colors.current.theme !== theme) colors.current = { theme, css: null, map: new Map() };
    const c = colors.current;
    const color = (v: string) => {
      let got = c.map.get(v);
      if (got === undefined) c.map.set(v, (got = resolveColor(v, (c.css ??= getComputedStyle(canvas)))));
      return got;
    };
    const last = drawn.current;
    const from = last && last.key === key ? marksKept(last.shapes, shapes) : 0;
    if (from < shapes.length || from === 0) drawMarks(ctx, shapes, from, { w, h, dpr }, color('var(--panel)'), color);
    // How many times every mark was painted again (a new scale, size or theme): the costly frames.
    if (from === 0) canvas.dataset.fullRedraws = String(Number(canvas.dataset.fullRedraws ?? 0) + 1);
    drawn.current = { shapes, key };
    const causes = new Set<string>();
    const flows = new Set<string>();
    for (const s of shapes) {
      causes.add(s.cause);
      if (s.flow) flows.add(s.flow);
    }
    setData(canvas, 'marks', String(shapes.length));
    setData(canvas, 'causes', [...causes].join(' '));
    setData(canvas, 'flows', [...flows].join(' '));
  }, [shapes, width, height, theme]);

  return (
    <canvas
      ref={ref}
      className="mark-canvas"
      aria-hidden="true"
      style={{ left, top: top + MARK_RAIL.top, width, height }}
    />
  );
}

/** The marks' legend: one small triangle per cause. */
export function MarkerLegend({
  title,
  items,
}: {
  title: string;
  items: readonly { cause: string; label: string; color: string }[];
}) {
  return (
    <ul className="legend legend-static" aria-label={`${title} markers`}>
      {items.map((m) => (
        <li key={m.cause}>
          <svg width="12" height="10" aria-hidden="true">
            <path d="M1,1 L11,1 L6,9 Z" fill={m.color} />
          </svg>
          {m.label}
        </li>
      ))}
    </ul>
  );
}
