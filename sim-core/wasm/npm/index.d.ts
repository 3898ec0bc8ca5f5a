// Types of @losslab/core (index.js): the LossLab simulator as WebAssembly. Scenario and sweep files
// follow the JSON Schemas the lab serves under /schema/ (scenario.schema.json, sweep.schema.json).
export { WasmSim, WasmSweep } from './losslab_wasm.js';

/** A scenario (schema 1) as an object; see scenario.schema.json for every field. */
export type Scenario = { schema?: 1 | null; id?: string; seed?: number; [field: string]: unknown };

/** A sweep (schema 1): a scenario object as `base`, varied paths, replications. */
export type SweepSpec = {
  schema?: 1 | null;
  base: Scenario;
  vary: { path: string; values: unknown[] }[];
  replications?: number;
  metrics?: string[];
  [field: string]: unknown;
};

/** One knob of a catalog entry: name, unit, range, default. */
export interface CatalogParam {
  name: string;
  unit?: string;
  kind?: string;
  min?: number | null;
  max?: number | null;
  default?: unknown;
  description?: string;
  options?: string[];
  required?: boolean;
}

/** A variant, classifier, queue, error model, profile or cross-traffic source. */
export interface CatalogEntry {
  id: string;
  mode?: string;
  title?: string;
  description?: string;
  reference?: string;
  params?: CatalogParam[];
  defaults?: Record<string, unknown>;
}

/** What a scenario can choose (the JSON of `losslab catalog --json`). */
export interface Catalog {
  variants: CatalogEntry[];
  classifiers: CatalogEntry[];
  queues: CatalogEntry[];
  errors: CatalogEntry[];
  profiles: CatalogEntry[];
  cross_traffic: CatalogEntry[];
  [section: string]: unknown;
}

/**
 * One sampled series of a run: an entity (flow, link, …), a metric and its samples. Metric names
 * as in `docs/csv.md` (gauges with their unit, `cwnd_bytes`; counters with unit and `_total`,
 * `drops_queue_pkts_total`); a `value` is NaN while undefined (`srtt_ms` before the first RTT
 * sample, the first `throughput_kbps`).
 */
export interface Series {
  entity: string;
  /** `cwnd_bytes`, `ssthresh_bytes`, `srtt_ms`, `throughput_kbps`, `queue_pkts`, `drops_queue_pkts_total`, `drops_aqm_pkts_total`, `corrupted_pkts_total`, `lost_pkts_total`, `jain_index`. */
  metric: string;
  t_ms: number[];
  value: number[];
}

/** A finished run. */
export interface RunResult {
  /** The scenario with every default filled in. */
  scenario: Scenario & { id: string; seed: number };
  /** Events the simulator processed. */
  events: number;
  /** Per-flow results, keyed by the summary CSV's column names. */
  summary: { flows: Record<string, unknown>[]; [key: string]: unknown };
  /** The summary file exactly as `losslab run --summary` writes it. */
  summaryCsv: string;
  series: Series[];
  /** The series file exactly as `losslab run --series` writes it (no scenario id or seed on the rows: they are `scenario.id` and `scenario.seed`). */
  seriesCsv(): string;
}

/** Mean and 95 % confidence bounds of one row of a sweep point (null where undefined). */
export interface PointStats {
  name: string;
  mean: number | null;
  low: number | null;
  high: number | null;
  n: number;
}

export interface SweepResult {
  plan: {
    id: string;
    paths: string[];
    replications: number;
    metrics: string[];
    points: { index: number; choice: number[]; values: unknown[]; rows: unknown[] }[];
  };
  points: { index: number; values: unknown[]; stats: PointStats[] }[];
  /** The aggregate CSV `losslab sweep` writes for the same file. */
  csv: string;
}

/** What `init` accepts: where the .wasm is, its bytes, or a compiled module. */
export type WasmSource = string | URL | Request | Response | BufferSource | WebAssembly.Module;

/** Loads the WebAssembly module once (automatic on first use; call it to load from elsewhere). */
export function init(source?: WasmSource): Promise<void>;
export function version(): Promise<string>;
export function catalog(): Promise<Catalog>;
export function sweepMetrics(): Promise<string[]>;
/** Every problem as `"<path>: <message>"`; empty when the scenario is valid. */
export function validate(scenario: Scenario | string): Promise<string[]>;
/** Runs a scenario to the end; rejects with every problem (one per line) when it is invalid. */
export function run(scenario: Scenario | string, options?: { seed?: number }): Promise<RunResult>;
/** Runs every point and replication of a sweep. */
export function sweep(spec: SweepSpec | string): Promise<SweepResult>;
