/** Read-only columnar samples: indices `0 .. length-1` of `t` (time, ms) and `v` are valid. */
export interface SeriesView {
  readonly t: Float64Array;
  readonly v: Float64Array;
  readonly length: number;
}

/** Reduces a series for drawing over time `[t0Ms, t1Ms]` on `widthPx` pixel columns. */
export type Reducer = (series: SeriesView, t0Ms: number, t1Ms: number, widthPx: number) => SeriesView;

/** The identity reducer (no decimation). */
export const keepAll: Reducer = (series) => series;
