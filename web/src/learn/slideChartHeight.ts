/**
 * How tall a figure's charts are drawn on a projector slide: what the window leaves below the
 * first chart's top once the tallest legend under a chart has its room, within 160–420 px. Neither
 * the charts' top nor what lies under them depends on the charts' height, so measuring again after
 * they are redrawn gives the same height (no oscillation). Figures outside slides keep their own
 * height (the context is null there).
 */
import { createContext, useCallback, useLayoutEffect, useState, type RefObject } from 'react';

export const SlideChartHeight = createContext<number | null>(null);

/** Room kept under the tallest chart's legend, px (the figure's border and padding). */
const BELOW_PX = 14;

/** The chart height for a window of `windowHeight` px whose charts start at `top` and need `below` px under them. */
export function slideChartHeight(windowHeight: number, top: number, below: number): number {
  return Math.round(Math.min(420, Math.max(160, windowHeight - top - below - BELOW_PX)));
}

/** Below this width the charts stack and the slide may scroll (a phone): they keep their height. */
const NARROW_PX = 600;

/** `slideChartHeight` for the charts inside `ref`, followed through resizes and legends that grow. */
export function useSlideChartHeight(ref: RefObject<HTMLElement | null>, initial = 200): number {
  const [h, setH] = useState(initial);
  const measure = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    if (window.innerWidth <= NARROW_PX) return setH(initial);
    const charts = [...el.querySelectorAll('.chart')]
      .map((c) => [c, c.querySelector('svg[role="img"]')] as const)
      .filter((pair): pair is readonly [Element, SVGSVGElement] => pair[1] !== null);
    if (charts.length === 0) return;
    const top = Math.min(...charts.map(([, svg]) => svg.getBoundingClientRect().top));
    const below = Math.max(
      ...charts.map(([chart, svg]) => chart.getBoundingClientRect().bottom - svg.getBoundingClientRect().bottom),
    );
    const next = slideChartHeight(window.innerHeight, top, below);
    setH((old) => (Math.abs(old - next) > 2 ? next : old));
  }, [ref, initial]);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    measure();
    const ro = new ResizeObserver(measure);
    ro.observe(el);
    // A legend fills in once the run has flows: the charts grow, the slide does not.
    for (const c of el.querySelectorAll('.charts, .chart')) ro.observe(c);
    window.addEventListener('resize', measure);
    return () => {
      ro.disconnect();
      window.removeEventListener('resize', measure);
    };
  });
  return h;
}
