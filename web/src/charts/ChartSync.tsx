/**
 * What linked charts share: the visible time window (zoom/pan), the hovered time, the
 * highlighted flow, and what each group of charts says about the window's detail (full
 * resolution re-simulated on zoom, for the zoom bar). Charts outside a provider work alone (full
 * extent, nothing highlighted).
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';

/** How a group of charts draws the zoomed window: held points, loading, every sample, … */
export interface DetailNote {
  /** `loading`, `full`, `too-wide`, `error`. */
  status: string;
  /** What the zoom bar says (plain language). */
  text: string | null;
}

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
  /** The detail notes of the charts under this provider, by source (one per run's charts). */
  details: Readonly<Record<string, DetailNote>>;
  setDetail(source: string, note: DetailNote | null): void;
}

const noop = () => {};
const LONE: ChartSyncState = {
  domain: null,
  setDomain: noop,
  hoverT: null,
  setHoverT: noop,
  highlight: null,
  setHighlight: noop,
  details: {},
  setDetail: noop,
};

const Ctx = createContext<ChartSyncState>(LONE);

export function ChartSyncProvider({ children }: { children: ReactNode }) {
  const [domain, setDomain] = useState<[number, number] | null>(null);
  const [hoverT, setHoverT] = useState<number | null>(null);
  const [highlight, setHighlight] = useState<string | null>(null);
  const [details, setDetails] = useState<Readonly<Record<string, DetailNote>>>({});
  const setDetail = useCallback((source: string, note: DetailNote | null) => {
    setDetails((d) => {
      const old = d[source];
      if (note === null ? old === undefined : old?.status === note.status && old.text === note.text) return d;
      const next = { ...d };
      if (note === null) delete next[source];
      else next[source] = note;
      return next;
    });
  }, []);
  const value = useMemo(
    () => ({ domain, setDomain, hoverT, setHoverT, highlight, setHighlight, details, setDetail }),
    [domain, hoverT, highlight, details, setDetail],
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
