/**
 * The scenario JSON (DESIGN §4, schema 1) as the builder edits it. Deliberately loose: the Rust
 * validator is the single source of truth, so these types only name what the UI reads and writes;
 * unknown keys pass through untouched.
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

export interface DirectionJson {
  rate_bps?: number;
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
  [extra: string]: unknown;
}

/** Parser defaults (sim-core `scenario/parse.rs`) for the values the UI derives things from. */
export const PARSER_DEFAULTS = {
  time_s: 60,
  sample_ms: 100,
  throughput_window_ms: 500,
  access: { rate_bps: 100e6, delay_ms: 0.1, limit_pkts: 1000 },
  bottleneck: { rate_bps: 1e6, delay_ms: 10, limit_pkts: 100 },
} as const;

/** Connection ids after `count` expansion (`ld` or `ld.0`, `ld.1`, …), in scenario order. */
export function expandFlowIds(s: Pick<ScenarioJson, 'flows'>): string[] {
  const ids: string[] = [];
  (s.flows ?? []).forEach((f, i) => {
    const id = f.id ?? `f${i}`;
    const count = Math.max(1, Math.floor(f.count ?? 1));
    if (count === 1) ids.push(id);
    else for (let k = 0; k < Math.min(count, 1000); k++) ids.push(`${id}.${k}`);
  });
  return ids;
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
