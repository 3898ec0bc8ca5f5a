/**
 * What linked charts share: the visible time window (zoom/pan), the hovered time, and the
 * highlighted flow. Charts outside a provider work alone (full extent, nothing highlighted).
 */
import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';

export interface ChartSyncState {
  /** Visible time window in ms, or null for the whole run. */
  domain: [number, number] | null;
  setDomain(d: [number, number] | null): void;
  /** Hovered time in ms, or null. */
  hoverT: number | null;
  setHoverT(t: number | null): void;
  /** Highlighted flow (or entity) id, or null. */
  highlight: string | null;
  setHighlight(id: string | null): void;
}

const noop = () => {};
const LONE: ChartSyncState = {
  domain: null,
  setDomain: noop,
  hoverT: null,
  setHoverT: noop,
  highlight: null,
  setHighlight: noop,
};

const Ctx = createContext<ChartSyncState>(LONE);

export function ChartSyncProvider({ children }: { children: ReactNode }) {
  const [domain, setDomain] = useState<[number, number] | null>(null);
  const [hoverT, setHoverT] = useState<number | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const value = useMemo(
    () => ({ domain, setDomain, hoverT, setHoverT, highlight, setHighlight }),
    [domain, hoverT, highlight],
  );
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

export function useChartSync(): ChartSyncState {
  return useContext(Ctx);
}

/** Zooms `[t0, t1]` by `factor` (< 1 zooms in) around `center`, clamped to `[0, max]`, at least `minSpan`. */
export function zoomDomain(
  d: [number, number],
  factor: number,
  center: number,
  max: number,
  minSpan = 10,
): [number, number] | null {
  const span = Math.max(minSpan, (d[1] - d[0]) * factor);
  if (span >= max) return null;
  const c = Math.min(Math.max(center, d[0]), d[1]);
  const frac = d[1] > d[0] ? (c - d[0]) / (d[1] - d[0]) : 0.5;
  let t0 = c - frac * span;
  let t1 = t0 + span;
  if (t0 < 0) {
    t1 -= t0;
    t0 = 0;
  }
  if (t1 > max) {
    t0 -= t1 - max;
    t1 = max;
  }
  return [Math.max(0, t0), t1];
}

/** Shifts `[t0, t1]` by `delta` ms, kept inside `[0, max]`. */
export function panDomain(d: [number, number], delta: number, max: number): [number, number] {
  const span = d[1] - d[0];
  let t0 = Math.min(Math.max(0, d[0] + delta), Math.max(0, max - span));
  if (!Number.isFinite(t0)) t0 = 0;
  return [t0, t0 + span];
}
