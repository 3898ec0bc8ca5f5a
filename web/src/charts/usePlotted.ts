/**
 * The chart's plot: the time and value scales and each line cut to the visible window, decimated
 * to the plot's pixel width and projected into pixels (SVG path data for a few lines, the
 * projected points alone when the lines go on a canvas). Also the hooks that keep a chart's
 * redraws cheap while a run plays: scales kept as the same objects while their domain and range
 * are, and a chart's redraw staggered after its neighbours'.
 */
import { scaleLinear, type ScaleLinear } from 'd3-scale';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import type { Reducer } from '../lib/seriesView';
import type { ChartLine } from './chartLine';
import { CANVAS_ABOVE_LINES } from './LineCanvas';
import { areaPath, pathData, projectLine } from './lineGeometry';

/** Space around the plot for the axes and their labels, px. */
export const MARGIN = { top: 14, right: 16, bottom: 40, left: 64 };

export interface PlottedLine {
  l: ChartLine;
  /** Projected points `[x0, y0, x1, y1, …]`. */
  xy: Float32Array;
  /** SVG path data (empty when the lines are drawn on the canvas). */
  d: string;
  samples: number;
}

export interface Plotted {
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  paths: PlottedLine[];
  onCanvas: boolean;
}

/**
 * Scales and projected lines for the time `domain` (ms) in a plot of `innerW` × `innerH` px.
 * `drawn` stands for the buffers' contents, which are mutated in place.
 */
export function usePlotted(
  lines: readonly ChartLine[],
  domain: readonly [number, number],
  innerW: number,
  innerH: number,
  drawn: number,
  reduce: Reducer,
  yDomain: readonly [number, number] | undefined,
): Plotted {
  return useMemo(() => {
    const x = scaleLinear()
      .domain([domain[0] / 1000, domain[1] / 1000])
      .range([0, innerW]);
    // Two samples per pixel column for a few lines; one column per two pixels when there are many.
    const columns = lines.length > 12 ? innerW / 2 : innerW;
    const views = lines.map((l) => ({
      line: l,
      view: l.data ? reduce(l.data, domain[0], domain[1], columns) : undefined,
    }));
    let y0 = 0;
    let y1 = 0;
    if (yDomain) [y0, y1] = yDomain;
    else {
      // A band's upper edge counts for the y range too.
      const fit = [...views];
      for (const l of lines) if (l.areaTo) fit.push({ line: l, view: reduce(l.areaTo, domain[0], domain[1], columns) });
      for (const { line: l, view } of fit) {
        if (!view || l.fitY === false) continue;
        const k = l.scale ?? 1;
        for (let i = 0; i < view.length; i++) {
          const t = view.t[i];
          if (t < domain[0] || t > domain[1]) continue;
          const v = view.v[i] * k;
          if (Number.isFinite(v) && v > y1) y1 = v;
        }
      }
      y1 = y1 > 0 ? y1 * 1.05 : 1;
    }
    const y = scaleLinear().domain([y0, y1]).range([innerH, 0]);
    if (!yDomain) y.nice();
    // Linear maps written out (px = t·ax + bx, py = v·ay + by), see lineGeometry.ts.
    const ax = (x(1) - x(0)) / 1000;
    const bx = x(0);
    const onCanvas = views.length > CANVAS_ABOVE_LINES;
    const paths = views.map(({ line: l, view }) => {
      const ay = (y(1) - y(0)) * (l.scale ?? 1);
      const xy = view ? projectLine(view, { ax, bx, ay, by: y(0) }) : new Float32Array(0);
      let d = onCanvas ? '' : pathData(xy);
      if (l.areaTo && !onCanvas && xy.length > 0) {
        const upper = projectLine(reduce(l.areaTo, domain[0], domain[1], columns), { ax, bx, ay, by: y(0) });
        d = areaPath(xy, upper);
      }
      return { l, xy, d, samples: l.data?.length ?? 0 };
    });
    return { x, y, paths, onCanvas };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the domains' bounds stand for the arrays; drawn stands for the buffers' contents, which are mutated in place
  }, [lines, domain[0], domain[1], innerW, innerH, drawn, reduce, yDomain?.[0], yDomain?.[1]]);
}

/** `value`, passed on `delayMs` after it changes (immediately when 0). */
export function useStaggered(value: number, delayMs: number): number {
  const [shown, setShown] = useState(value);
  useEffect(() => {
    if (delayMs <= 0 || value === shown) return;
    // A transition, like the revision itself (useThrottledRevision): the redraw may be interrupted.
    const t = setTimeout(() => startTransition(() => setShown(value)), delayMs);
    return () => clearTimeout(t);
  }, [value, shown, delayMs]);
  return delayMs <= 0 ? value : shown;
}

/** A scale object that stays the same while its domain and range do. */
export function useStableScale(scale: ScaleLinear<number, number>): ScaleLinear<number, number> {
  const kept = useRef(scale);
  const [a0, a1] = kept.current.domain();
  const [b0, b1] = scale.domain();
  const [r0, r1] = kept.current.range();
  const [s0, s1] = scale.range();
  if (a0 !== b0 || a1 !== b1 || r0 !== s0 || r1 !== s1) kept.current = scale;
  return kept.current;
}
