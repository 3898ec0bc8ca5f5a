/**
 * The contract of the `losslab-wasm` crate (sim-core/wasm), as seen from TypeScript.
 *
 * The generated `pkg/losslab_wasm.d.ts` is the source of truth once the crate is built; these
 * interfaces describe the subset the worker relies on, so the rest of the app (and its tests with
 * fake simulators) compiles against a stable shape. Methods marked optional are ones a test's fake
 * simulator may leave out; the real core always has them. The page side names
 * the data types (summary, trace event, series name) through `../protocol`, which carries them.
 */

/** One plotted quantity: `entity` is a flow id (`"f0"`), a link id (`"bottleneck"`) or `"all"`. */
export interface SeriesName {
  entity: string;
  /**
   * `cwnd_bytes`, `ssthresh_bytes`, `srtt_ms`, `throughput_kbps`, `queue_pkts`, `jain_index`, the
   * counters `drops_queue_pkts_total`, `drops_aqm_pkts_total`, `corrupted_pkts_total`,
   * `lost_pkts_total` (`docs/csv.md`); a value is NaN while undefined (srtt before the first RTT sample).
   */
  metric: string;
}

/** A confusion matrix: true cause × verdict. */
export interface Confusion {
  congestion_as_congestion: number;
  congestion_as_wireless: number;
  wireless_as_congestion: number;
  wireless_as_wireless: number;
  unknown_as_congestion: number;
  unknown_as_wireless: number;
}

/** How one shadow classifier judged a flow's losses. */
export interface ShadowSummary {
  classifier: string;
  confusion: Confusion;
  accuracy_congestion: number | null;
  accuracy_wireless: number | null;
}

/** One row of the docs/design.md §D6 summary CSV, keyed by column name (+ `shadows`). */
export interface FlowSummary {
  [column: string]: unknown;
  shadows?: ShadowSummary[];
}

export interface RunNotice {
  /** Stable id, e.g. `phase_locked`. */
  id: string;
  flows: string[];
  message: string;
}

export interface RunSummary {
  scenario_id: string;
  seed: number;
  end_s?: number;
  events?: number;
  /** All bytes · 8 / (last completion − first start) / 1000 (not the sum of the flows' own rates). */
  aggregate_throughput_kbps?: number;
  aggregate_goodput_kbps?: number;
  /** Jain's index of the flows' whole-run throughputs (null with no flow delivering). */
  jain_index?: number | null;
  /** Plain-language warnings the simulator raises about these results (sim-core `notices.rs`). */
  notices?: RunNotice[];
  flows: FlowSummary[];
  /** The summary file of these results, written by the simulator (`losslab run --summary`). */
  csv?: string;
}

/** One discrete event of the packet trace (`takeTrace`). */
export interface TraceEvent {
  t_ms: number;
  /** The connection: its index in series order, or its id. */
  flow: string | number;
  kind: 'send' | 'ack' | 'drop' | 'retransmit' | 'timeout' | 'verdict' | string;
  seq: number;
  /** True cause of a drop (`queue`, `aqm`, `corruption`, …). */
  cause?: string | null;
  /** A classifier verdict (`congestion` / `wireless`). */
  verdict?: string | null;
  /** The link a drop happened on, when the core says. */
  link?: string;
}

/** A simulation handle (`new WasmSim(json)`); one per run. */
export interface WasmSimHandle {
  /** Advances until `tMs` or `maxEvents`; returns true when the run is finished. */
  runUntil(tMs: number, maxEvents: number): boolean;
  nowMs(): number;
  /** The run's end-time limit. */
  stopMs(): number;
  /** Events processed so far (optional in fakes). */
  eventsDone?(): number;
  /** Fixed for the run; index = series id used in `takePoints`. */
  seriesNames(): SeriesName[];
  /** New samples since the last call, flat triplets `[seriesId, tMs, value, …]`; a fresh copy. */
  takePoints(): Float64Array;
  /** New trace events since the last call (optional in fakes). */
  takeTrace?(): TraceEvent[];
  summary(): RunSummary;
  free(): void;
}

/** What the worker needs from the loaded wasm module. */
export interface SimCore {
  version(): string;
  /** Every problem as `"<json path>: <message>"`; empty when the scenario is valid. */
  validate(scenarioJson: string): string[];
  /** Throws an Error whose message lists the problems, one per line. */
  createSim(scenarioJson: string): WasmSimHandle;
  /** The series CSV header, as `losslab run --series` writes it. */
  seriesCsvHeader?(): string;
  /** Rows of the series CSV for flat `[seriesId, tMs, value, …]` points of a run. */
  seriesCsvRows?(names: SeriesName[], points: Float64Array): string;
  /**
   * Why the series file up to `untilMs` (Infinity: the run's end) is too big for the browser, in
   * words; "" when it fits (sim-core `budget::series_export_refusal`).
   */
  seriesExportProblem?(scenarioJson: string, untilMs: number): string;
  /** A sweep (JSON, `base` a scenario object) for the pool's workers (`worker/sweepJobs.ts`). Throws with its problems. */
  openSweepBatch?(sweepJson: string): SweepBatch;
}

/**
 * A validated sweep in a pool worker (wasm `WasmSweep`): replications run whole and
 * summary-only, each answered with its point's row values in plan order (`NaN` = undefined).
 */
export interface SweepBatch {
  /** Makes `point` the current one (checked once); returns its number of rows. */
  prepare(point: number): number;
  /** Replication `rep` (seed + rep) of `point`, run to its end: the point's row values. */
  runReplication(point: number, rep: number): Float64Array;
  free(): void;
}
