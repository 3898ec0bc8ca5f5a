/**
 * The scenario JSON (docs/design.md §D4, schema 1) as the builder edits it. Deliberately loose: the Rust
 * validator is the single source of truth, so these types only name what the UI reads and writes;
 * unknown keys pass through untouched. What the simulator makes of a scenario (defaults, expanded
 * flow ids) comes from the simulator itself: `resolveScenario` / `scenarioDefaults` in
 * `sim/pageCore.ts`.
 */

export interface QueueJson {
  kind?: string;
  limit_pkts?: number;
  counts_in_service?: boolean;
  congestion_warning?: { w_q?: number; threshold_pkts?: number; instantaneous?: boolean } | null;
  [param: string]: unknown;
}

export interface ErrorsJson {
  kind?: string;
  [param: string]: unknown;
}

/**
 * A capacity trace (docs/traces.md): inline (`format` with `ms`, or `time_s` and `rate_bps`), or a
 * `file` the command line reads — in the page, a trace a share link left out by name.
 */
export interface RateTraceJson {
  format?: 'mahimahi' | 'steps';
  ms?: number[];
  time_s?: number[];
  rate_bps?: number[];
  file?: string;
  /** The file the trace came from, for people. */
  name?: string;
}

export interface DirectionJson {
  rate_bps?: number;
  rate_trace?: RateTraceJson | null;
  delay_ms?: number;
  queue?: QueueJson;
  errors?: ErrorsJson;
}

export interface LinkJson extends DirectionJson {
  framing_bytes?: number;
  reverse?: DirectionJson;
}

export interface TcpJson {
  cc?: string;
  classifier?: string;
  profile?: string;
  [option: string]: unknown;
}

export interface FlowJson {
  id?: string;
  count?: number;
  start_s?: number;
  bytes?: number | null;
  tcp?: TcpJson;
  from?: string;
  to?: string;
}

export interface CrossJson {
  id?: string;
  kind?: string;
  rate_bps?: number;
  packet_bytes?: number;
  start_s?: number;
  stop_s?: number;
  direction?: 'forward' | 'reverse';
  /** Graph topology: the source's and the sink's node ids. */
  from?: string;
  to?: string;
  [param: string]: unknown;
}

export interface ScenarioJson {
  schema: number;
  id: string;
  title?: string;
  /** Plain-language summary for people (paper, set-up, assumptions); shown under the preset selector. */
  summary?: string;
  /** Technical notes for researchers (the paper's figure, docs/design.md assumptions). */
  description?: string;
  seed?: number;
  stop?: { time_s?: number; when_transfers_done?: boolean };
  topology?: {
    kind?: string;
    access?: LinkJson;
    bottleneck?: LinkJson;
    nodes?: string[];
    links?: unknown[];
  };
  flows: FlowJson[];
  cross_traffic?: CrossJson[];
  observe?: { sample_ms?: number; throughput_window_ms?: number; shadow_classifiers?: string[]; trace?: boolean };
  /** The reader's own JavaScript, run where the scenario names "custom" (docs/design.md §1.15). */
  code?: { classifier?: string; cc?: string };
  [extra: string]: unknown;
}

/** True for a JSON object (not an array, not null). */
export function isObject(v: unknown): v is Record<string, unknown> {
  return v !== null && typeof v === 'object' && !Array.isArray(v);
}

/** Shape check before a value is treated as a scenario (the validator does the real checking). */
export function asScenario(v: unknown): ScenarioJson | null {
  if (!isObject(v)) return null;
  if (!Array.isArray(v.flows)) return null;
  return v as unknown as ScenarioJson;
}
