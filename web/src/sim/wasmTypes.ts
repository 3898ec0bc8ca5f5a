/**
 * The contract of the `losslab-wasm` crate (sim-core/wasm), as seen from TypeScript.
 *
 * The generated `pkg/losslab_wasm.d.ts` is the source of truth once the crate is built; these
 * interfaces describe the subset the worker relies on, so the rest of the app (and its tests with
 * fake simulators) compiles against a stable shape. `sim/wasmContract.test.ts` checks the real
 * module against it.
 */

/** One plotted quantity: `entity` is a flow id (`"f0"`), a link id (`"bottleneck"`) or `"all"`. */
export interface SeriesName {
  entity: string;
  /** `cwnd_bytes`, `ssthresh_bytes`, `srtt_ms`, `throughput_kbps`, `queue_pkts`, `jain_index`, … */
  metric: string;
}

/** One row of the DESIGN §6 summary CSV, keyed by column name. */
export type FlowSummary = Record<string, number | string | null>;

export interface RunSummary {
  scenario_id: string;
  seed: number;
  flows: FlowSummary[];
}

/** A simulation handle (`new WasmSim(json)`); one per run. */
export interface WasmSimHandle {
  /** Advances until `tMs` or `maxEvents`; returns true when the run is finished. */
  runUntil(tMs: number, maxEvents: number): boolean;
  nowMs(): number;
  /** The run's end-time limit. */
  stopMs(): number;
  /** Fixed for the run; index = series id used in `takePoints`. */
  seriesNames(): SeriesName[];
  /** New samples since the last call, flat triplets `[seriesId, tMs, value, …]`; a fresh copy. */
  takePoints(): Float64Array;
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
}
