/**
 * The contract of the `losslab-wasm` crate (sim-core/wasm), as seen from TypeScript.
 *
 * The data a run hands over (summary, series names, trace events) is typed by declarations
 * generated from the simulator's Rust types (`core.generated.ts`). The handles' methods are
 * described here: wasm-bindgen's `pkg/losslab_wasm.d.ts` types their values as `any`, and these
 * interfaces are the subset the worker relies on, so the rest of the app (and its tests with fake
 * simulators) compiles against a stable shape. Methods marked optional are ones a test's fake
 * simulator may leave out; the real core always has them. The page side names the data types
 * through `../protocol`, which carries them.
 */

import type {
  Confusion,
  FlowSummary as CoreFlowSummary,
  Notice,
  SeriesName,
  ShadowSummary,
  Summary,
  TraceEvent,
} from './core.generated';
import type { AckFields, CodeForCore } from './customCode';

// What a run hands over is declared by the simulator's own Rust types (`core.generated.ts`,
// written by `cargo run -p sim-core --example write_schemas`); these names are the page's.
export type { Confusion, SeriesName, ShadowSummary, TraceEvent };

/** One row of the summary (docs/csv.md), whose columns the summary table also reads by name. */
export type FlowSummary = CoreFlowSummary & { [column: string]: unknown };

/** A plain-language warning the simulator raises about a run's results. */
export type RunNotice = Notice;

/** A run's summary, with the summary file itself when asked for (`summaryWithCsv`). */
export type RunSummary = Omit<Summary, 'flows'> & {
  flows: FlowSummary[];
  /** The summary file of these results, written by the simulator (`losslab run --summary`). */
  csv?: string;
};

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
  /**
   * Puts the reader's own classifier or congestion control (`customCode.ts`) where the scenario
   * names "custom"; before the first `runUntil` (optional in fakes).
   */
  attachCustom?(code: CodeForCore): void;
  free(): void;
}

/** What the worker needs from the loaded wasm module. */
export interface SimCore {
  version(): string;
  /** Every problem as `"<json path>: <message>"`; empty when the scenario is valid. */
  validate(scenarioJson: string): string[];
  /** Throws an Error whose message lists the problems, one per line. */
  createSim(scenarioJson: string): WasmSimHandle;
  /** How the core packs a batch of ACKs for the reader's classifier (optional in fakes). */
  ackFields?(): AckFields;
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
