/**
 * Full resolution on zoom: while the charts show a time window narrower than what the
 * held (downsampled) series resolve, asks the worker for the window's every sample
 * (`SimSnapshot.zoomDetail`) and hands back that store for the charts to draw; zooming out (or a
 * new run) goes back to the held series. Requests wait `DEBOUNCE_MS` after the window last changed
 * and are cancelled when it changes again. Bounded: a window with more than `maxDetailSamples`
 * samples per series is refused with a sentence saying how far to zoom in.
 */
import { useEffect, useRef, useState } from 'react';
import type { SeriesStore } from './series';
import { STORE_BUCKETS } from './seriesBuffer';
import type { SimSnapshot } from './simController';

/** Wait after the last change of the window before asking (ms of wall time). */
export const DEBOUNCE_MS = 250;
/** Samples per series a detail may hold, per pixel of chart width. */
export const SAMPLES_PER_PIXEL = 4;

export type ZoomDetailStatus = 'off' | 'loading' | 'full' | 'too-wide' | 'error';

export interface ZoomDetail {
  status: ZoomDetailStatus;
  /** The window's every sample (status 'full'), else null: draw the held series. */
  store: SeriesStore | null;
  /** Plain-language note for the zoom bar (null when there is nothing to say). */
  note: string | null;
  /** Wall time the worker took for the detail, ms (status 'full'). */
  wallMs?: number;
}

const OFF: ZoomDetail = { status: 'off', store: null, note: null };

/** Most samples per series a detail holds for charts `widthPx` wide (also under the store's budget). */
export function maxDetailSamples(widthPx: number, nSeries: number): number {
  const byWidth = SAMPLES_PER_PIXEL * Math.max(100, Math.floor(widthPx));
  return Math.max(2, Math.min(byWidth, Math.floor(STORE_BUCKETS / Math.max(1, nSeries))));
}

/** True when the held series no longer have every sample (their buckets have merged). */
export function isDownsampled(store: SeriesStore | null): boolean {
  return !!store && store.downsampled;
}

export function useZoomDetail(state: SimSnapshot, domain: [number, number] | null, widthPx: number): ZoomDetail {
  const [got, setGot] = useState<{ key: string; detail: ZoomDetail } | null>(null);
  const store = state.series;
  const sampleMs = state.sampleMs > 0 ? state.sampleMs : 100;
  const downsampled = isDownsampled(store);
  const nSeries = store ? store.seriesCount : 1;
  const max = maxDetailSamples(widthPx, nSeries);
  const live = state.status !== 'done';
  // The window with one sample on each side, so lines reach the plot's edges.
  const fromMs = domain ? Math.max(0, domain[0] - sampleMs) : 0;
  const toMs = domain ? domain[1] + sampleMs : 0;
  const samples = Math.floor((toMs - fromMs) / sampleMs) + 1;
  // A window past the live edge is asked for up to where the run is, again as the run moves on.
  const edge = live && state.nowMs < toMs ? Math.floor(state.nowMs / Math.max(sampleMs, (toMs - fromMs) / 4)) : -1;
  const wanted = !!domain && !!store && downsampled && !!state.zoomDetail;
  const tooWide = wanted && samples > max;
  const key = wanted && !tooWide ? `${state.runId}:${fromMs}:${toMs}:${max}:${edge}` : '';
  const nowRef = useRef(state.nowMs);
  nowRef.current = state.nowMs;
  const request = state.zoomDetail;

  useEffect(() => {
    if (!key || !request) return;
    let cancel: (() => void) | null = null;
    let alive = true;
    const timer = setTimeout(() => {
      const until = edge >= 0 ? Math.min(toMs, nowRef.current) : toMs;
      const r = request(fromMs, until, max);
      cancel = r.cancel;
      void r.result.then((res) => {
        if (!alive || res.kind === 'cancelled') return;
        const detail: ZoomDetail =
          res.kind === 'full'
            ? {
                status: 'full',
                store: res.store,
                note: `Full detail: every ${formatMs(sampleMs)} sample of this window`,
                wallMs: Math.round(res.wallMs),
              }
            : res.kind === 'tooMany'
              ? { status: 'too-wide', store: null, note: tooWideNote(max, sampleMs) }
              : { status: 'error', store: null, note: `Full detail is not available (${res.message}).` };
        setGot({ key, detail });
      });
    }, DEBOUNCE_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
      cancel?.();
    };
  }, [key, request, fromMs, toMs, max, edge, sampleMs]);

  if (!domain || !store || !downsampled) return OFF;
  if (tooWide) return { status: 'too-wide', store: null, note: tooWideNote(max, sampleMs) };
  if (got && got.key === key) return got.detail;
  // A window past the live edge keeps its last detail while the next one loads.
  if (got && got.detail.status === 'full' && sameWindow(got.key, key)) return got.detail;
  return { status: 'loading', store: null, note: 'Loading full detail…' };
}

/** Same run and window, another stretch of the live edge. */
function sameWindow(a: string, b: string): boolean {
  return a.slice(0, a.lastIndexOf(':')) === b.slice(0, b.lastIndexOf(':'));
}

function tooWideNote(max: number, sampleMs: number): string {
  return `Zoom in to under ${formatS(((max - 3) * sampleMs) / 1000)} s to see every sample (the lines show each stretch's lowest and highest values).`;
}

function formatMs(ms: number): string {
  return ms >= 1000 ? `${formatS(ms / 1000)} s` : `${formatS(ms)} ms`;
}

function formatS(x: number): string {
  return x >= 100 ? String(Math.round(x)) : String(Math.round(x * 10) / 10);
}
