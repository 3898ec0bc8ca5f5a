/**
 * Test-only helpers shared by the charts' Vitest files (jsdom): the `ResizeObserver` jsdom lacks,
 * and a made-up growing series to draw.
 */
import type { SeriesView } from '../lib/seriesView';

/** Gives jsdom a `ResizeObserver` that observes nothing (call in `beforeAll`). */
export function stubResizeObserver(): void {
  globalThis.ResizeObserver ??= class {
    observe() {}
    unobserve() {}
    disconnect() {}
  } as unknown as typeof ResizeObserver;
}

/** `n` samples every 10 ms, values between 10 and 50 (`step` varies the shape between lines). */
export function sampleSeries(n: number, step = 7): SeriesView {
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = 10 * i;
    v[i] = 10 + ((i * step) % 41);
  }
  return { t, v, length: n };
}
