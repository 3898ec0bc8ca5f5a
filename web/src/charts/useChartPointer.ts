/**
 * The chart's pointer and keys: hovering sets the shared time (and, with many connections, picks
 * the nearest one), dragging draws a brush that zooms into its range, Shift-drag pans,
 * Ctrl/⌘-wheel zooms around the pointer, double-click resets; with the chart focused ←/→ pan,
 * +/− zoom and 0 resets, Shift+←/→ move the read-out's time by a fiftieth of the window (the
 * keyboard's hover; `keyCursor` says the read-out follows the keys, so it is spoken) and Escape
 * hides it. The time window is shared through {@link useChartSync}.
 *
 * The read-out box shown while the pointer is over the plot (WCAG 1.4.13, content on hover): it
 * keeps its place while the pointer is on it or heading for it (`headingFor`), so it can be reached
 * and read from any side, and moves to the plot's other half only when the hover rule would run
 * under it otherwise (`readoutSide`: the pointer sweeping along the time axis); Escape hides it
 * without the pointer or the focus moving, until the pointer moves again.
 */
import type { ScaleLinear } from 'd3-scale';
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { panDomain, zoomDomain, type ChartSyncState } from './ChartSync';
import { nearestPick, type ChartLine } from './chartLine';

/** The pointer's heading is taken over at least this many CSS px, so one-pixel jitter does not turn it. */
const HEADING_PX = 6;

/**
 * Whether a pointer at `p` moving along `d` is heading for the box (`rect`, with `slack` px around
 * it): the ray p + t·d (t ≥ 0) meets the rectangle (the slab test: the ray's parameter ranges
 * inside the x and the y extents overlap).
 */
export function headingFor(
  p: { x: number; y: number },
  d: { x: number; y: number },
  rect: { left: number; right: number; top: number; bottom: number },
  slack = 4,
): boolean {
  if (d.x === 0 && d.y === 0) return false;
  let t0 = 0;
  let t1 = Infinity;
  for (const [pos, dir, lo, hi] of [
    [p.x, d.x, rect.left - slack, rect.right + slack],
    [p.y, d.y, rect.top - slack, rect.bottom + slack],
  ]) {
    if (dir === 0) {
      if (pos < lo || pos > hi) return false;
      continue;
    }
    const a = (lo - pos) / dir;
    const b = (hi - pos) / dir;
    t0 = Math.max(t0, Math.min(a, b));
    t1 = Math.min(t1, Math.max(a, b));
  }
  return t0 <= t1;
}

export interface ChartPointerInput {
  plotRef: RefObject<SVGRectElement | null>;
  sync: ChartSyncState;
  /** Shown time window, ms. */
  domain: [number, number];
  /** Right end of the whole run, ms. */
  maxMs: number;
  innerW: number;
  x: ScaleLinear<number, number>;
  y: ScaleLinear<number, number>;
  lines: readonly ChartLine[];
  hasPick: boolean;
  picked: string | null;
  setPicked(g: string | null): void;
}

export function useChartPointer({
  plotRef,
  sync,
  domain,
  maxMs,
  innerW,
  x,
  y,
  lines,
  hasPick,
  picked,
  setPicked,
}: ChartPointerInput) {
  const [brush, setBrush] = useState<[number, number] | null>(null);
  const [keyCursor, setKeyCursor] = useState(false);
  // The read-out box's side while the pointer is over this plot (null: it is not).
  const readoutRef = useRef<HTMLDivElement>(null);
  const [readoutSide, setReadoutSide] = useState<'left' | 'right' | null>(null);
  const pointed = useRef(false);
  // Where the pointer was at least HEADING_PX ago, and its heading since (client px).
  const trail = useRef<{ at: { x: number; y: number }; d: { x: number; y: number } } | null>(null);
  const drag = useRef<{ x0: number; pan: boolean; domain: [number, number] } | null>(null);
  const localX = (clientX: number) => {
    const r = plotRef.current?.getBoundingClientRect();
    return r ? Math.min(Math.max(0, clientX - r.left), innerW) : 0;
  };
  const tAt = (px: number) => x.invert(px) * 1000;

  const onPointerDown = (e: React.PointerEvent) => {
    if (e.button !== 0) return;
    (e.target as Element).setPointerCapture?.(e.pointerId);
    drag.current = { x0: localX(e.clientX), pan: e.shiftKey, domain };
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (keyCursor) setKeyCursor(false);
    const px = localX(e.clientX);
    sync.setHoverT(tAt(px));
    pointed.current = true;
    const here = { x: e.clientX, y: e.clientY };
    const tr = trail.current;
    if (!tr) trail.current = { at: here, d: { x: 0, y: 0 } };
    else if (Math.hypot(here.x - tr.at.x, here.y - tr.at.y) >= HEADING_PX)
      trail.current = { at: here, d: { x: here.x - tr.at.x, y: here.y - tr.at.y } };
    const away = px > innerW / 2 ? 'left' : 'right';
    const box = readoutRef.current?.getBoundingClientRect();
    const under = box !== undefined && here.x >= box.left - 4 && here.x <= box.right + 4;
    const onBox = box !== undefined && under && here.y >= box.top && here.y <= box.bottom;
    const coming = box !== undefined && headingFor(here, trail.current!.d, box);
    if (readoutSide === null || (under && !onBox && !coming && readoutSide !== away)) setReadoutSide(away);
    if (hasPick) {
      const r = plotRef.current?.getBoundingClientRect();
      const py = r ? e.clientY - r.top : 0;
      const g = nearestPick(lines, tAt(px), y.invert(py));
      if (g !== picked) startTransition(() => setPicked(g));
    }
    const d = drag.current;
    if (!d) return;
    if (d.pan) {
      const delta = -((px - d.x0) / innerW) * (d.domain[1] - d.domain[0]);
      if (sync.domain || Math.abs(delta) > 0) sync.setDomain(panDomain(d.domain, delta, maxMs));
    } else setBrush([Math.min(d.x0, px), Math.max(d.x0, px)]);
  };
  const onPointerUp = (e: React.PointerEvent) => {
    const d = drag.current;
    drag.current = null;
    if (!d || d.pan) return;
    const px = localX(e.clientX);
    setBrush(null);
    if (Math.abs(px - d.x0) > 4) {
      const a = tAt(Math.min(px, d.x0));
      const b = tAt(Math.max(px, d.x0));
      if (b - a > 1) sync.setDomain([a, b]);
    }
  };
  const onPointerLeave = () => {
    if (!drag.current) sync.setHoverT(null);
    setPicked(null);
    pointed.current = false;
    trail.current = null;
    setReadoutSide(null);
  };

  // Escape hides the box while the pointer rests on the plot, whatever has the focus (a focused
  // chart's own Escape comes first, below); the page's Escape (leaving presentation) waits for the next.
  const hover = useRef(sync.setHoverT);
  hover.current = sync.setHoverT;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape' || e.defaultPrevented || !pointed.current || !readoutRef.current) return;
      e.preventDefault();
      hover.current(null);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  const onDoubleClick = () => sync.setDomain(null);

  // Ctrl/⌘ + wheel zooms around the pointer (a native listener: React's wheel listener is passive).
  const wheel = useRef({ domain, maxMs, x, setDomain: sync.setDomain });
  wheel.current = { domain, maxMs, x, setDomain: sync.setDomain };
  useEffect(() => {
    const el = plotRef.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey && !e.metaKey) return;
      e.preventDefault();
      const w = wheel.current;
      const r = el.getBoundingClientRect();
      const t = w.x.invert(e.clientX - r.left) * 1000;
      w.setDomain(zoomDomain(w.domain, e.deltaY < 0 ? 0.8 : 1.25, t, w.maxMs));
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [plotRef]);

  const onKeyDown = (e: React.KeyboardEvent) => {
    const span = domain[1] - domain[0];
    const mid = (domain[0] + domain[1]) / 2;
    if (e.shiftKey && (e.key === 'ArrowLeft' || e.key === 'ArrowRight')) {
      const from = sync.hoverT ?? (e.key === 'ArrowLeft' ? domain[1] : domain[0]);
      const t = from + (e.key === 'ArrowLeft' ? -1 : 1) * (sync.hoverT === null ? 0 : span / 50);
      sync.setHoverT(Math.min(domain[1], Math.max(domain[0], t)));
      setKeyCursor(true);
    } else if (e.key === 'Escape' && sync.hoverT !== null) {
      sync.setHoverT(null);
      setKeyCursor(false);
    } else if (e.key === 'ArrowLeft' || e.key === 'ArrowRight') {
      if (!sync.domain) return;
      sync.setDomain(panDomain(domain, (e.key === 'ArrowLeft' ? -0.1 : 0.1) * span, maxMs));
    } else if (e.key === '+' || e.key === '=') sync.setDomain(zoomDomain(domain, 0.7, mid, maxMs));
    else if (e.key === '-' || e.key === '_') sync.setDomain(zoomDomain(domain, 1 / 0.7, mid, maxMs));
    else if (e.key === '0' || e.key === 'Home') sync.setDomain(null);
    else return;
    e.preventDefault();
  };

  return {
    brush,
    keyCursor,
    readoutRef,
    readoutSide,
    onKeyDown,
    overlay: { onPointerDown, onPointerMove, onPointerUp, onPointerLeave, onDoubleClick },
  };
}
