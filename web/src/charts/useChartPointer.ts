/**
 * The chart's pointer and keys: hovering sets the shared time (and, with many connections, picks
 * the nearest one), dragging draws a brush that zooms into its range, Shift-drag pans,
 * Ctrl/⌘-wheel zooms around the pointer, double-click resets; with the chart focused ←/→ pan,
 * +/− zoom and 0 resets, Shift+←/→ move the read-out's time by a fiftieth of the window (the
 * keyboard's hover; `keyCursor` says the read-out follows the keys, so it is spoken) and Escape
 * hides it. The time window is shared through {@link useChartSync}.
 *
 * The read-out box shown while the pointer is over the plot (WCAG 1.4.13, content on hover): it
 * keeps its place while the pointer is on it, so it can be read there, and moves to the plot's
 * other half only when the hover rule would run under it (`readoutSide`); Escape hides it without
 * the pointer or the focus moving, until the pointer moves again.
 */
import type { ScaleLinear } from 'd3-scale';
import { startTransition, useEffect, useRef, useState, type RefObject } from 'react';
import { panDomain, zoomDomain, type ChartSyncState } from './ChartSync';
import { nearestPick, type ChartLine } from './chartLine';

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
    const away = px > innerW / 2 ? 'left' : 'right';
    const box = readoutRef.current?.getBoundingClientRect();
    const under = box !== undefined && e.clientX >= box.left - 4 && e.clientX <= box.right + 4;
    const onBox = box !== undefined && under && e.clientY >= box.top && e.clientY <= box.bottom;
    if (readoutSide === null || (under && !onBox && readoutSide !== away)) setReadoutSide(away);
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
