/**
 * The simulator's own facts on the page: the same wasm module the worker runs, loaded once in the
 * main thread (`loadPageCore`, before the app renders) for the small synchronous questions the UI
 * asks — the catalog, the packet error rate of a bit error rate, the resolved scenario (defaults filled in, flow ids expanded), the parser's
 * defaults, the series CSV writer and sweep planning / aggregation / CSV. Simulations still run
 * only in the worker. Every answer is computed by sim-core's Rust code, so nothing here keeps a
 * copy of the simulator's rules; errors are thrown with the CLI's messages.
 */
import * as glue from './worker/pkg/losslab_wasm.js';
import type { Board, Catalog } from './worker/core.generated';
import type { SeriesName } from './worker/wasmTypes';
import type { RateTraceJson } from '../scenario/types';

// The catalog's shapes, as the simulator's Rust types declare them (generated).
export type {
  Board as ScoreboardBoard,
  BoardLine as ScoreboardLine,
  Catalog as CoreCatalog,
  Entry as CoreEntry,
  ParamSpec as CoreParam,
  ProfileEntry as CoreProfile,
} from './worker/core.generated';

export { initSync as initPageCoreSync } from './worker/pkg/losslab_wasm.js';

/** The module the page compiled (`loadPageCore`), handed to the workers it starts (`coreWasmUrl.ts`). */
let compiled: WebAssembly.Module | null = null;

/**
 * Loads the wasm in the main thread (`url`: the `.wasm` file's address), compiled while it downloads,
 * and keeps the compiled module for the workers (`pageCoreModule`): they instantiate it rather than
 * compile it again.
 */
export async function loadPageCore(url: string | URL): Promise<void> {
  compiled = await WebAssembly.compileStreaming(fetch(url)).catch(async () =>
    // A server that does not send the file as `application/wasm`: compile its bytes.
    WebAssembly.compile(await (await fetch(url)).arrayBuffer()),
  );
  await glue.default({ module_or_path: compiled });
}

/** The simulator's module as the page compiled it; null before `loadPageCore` (and in tests that load it otherwise). */
export function pageCoreModule(): WebAssembly.Module | null {
  return compiled;
}

/** One link direction of a resolved scenario. */
export interface ResolvedDirection {
  rate_bps: number;
  delay_ms: number;
  /** The discipline's `kind` and knobs beside the shared ones, as in a scenario file. */
  queue: { kind: string; limit_pkts: number; counts_in_service: boolean; [param: string]: unknown };
  /** The model's `kind` (and `mode`) beside its knobs, as in a scenario file. */
  errors: { kind: string; [param: string]: unknown };
}

export interface ResolvedLink extends ResolvedDirection {
  framing_bytes: number;
  reverse: ResolvedDirection;
  /** Graph links only. */
  id?: string;
  /** Graph links only: index of end `a` in `topology.nodes`. */
  a?: number;
  /** Graph links only: index of end `b` in `topology.nodes`. */
  b?: number;
}

export interface ResolvedFlow {
  /** After `count` expansion: `ld`, or `ld.0`, `ld.1`, … */
  id: string;
  /** Index of the `flows[]` entry it came from. */
  group: number;
  start_s: number;
  bytes: number | null;
  /** When the flow stops sending new data, s; null = never. */
  stop_s: number | null;
  from: string | null;
  to: string | null;
  /** Bytes on the wire of a full data segment (MSS + headers + options). */
  data_packet_bytes: number;
  /** Every TCP option's value (profile defaults filled in). */
  tcp: Record<string, number | boolean | string>;
}

/** What the simulator makes of a scenario (sim-core `Scenario`'s serde derive, through wasm `resolve.rs`). */
export interface ResolvedScenario {
  id: string;
  title: string;
  seed: number;
  stop: { time_s: number; when_transfers_done: boolean };
  topology: {
    kind: 'dumbbell' | 'graph';
    access?: ResolvedLink;
    bottleneck?: ResolvedLink;
    nodes?: string[];
    links?: ResolvedLink[];
  };
  flows: ResolvedFlow[];
  cross_traffic: {
    id: string;
    /** The arrival process (`cbr`, `poisson`, `on_off`), its knobs beside it. */
    kind: string;
    rate_bps: number;
    packet_bytes: number;
    start_s: number;
    stop_s: number;
    [param: string]: unknown;
  }[];
  observe: {
    sample_ms: number;
    throughput_window_ms: number;
    trace: boolean;
    /** `[from_s, to_s]`, or null. */
    window: [number, number] | null;
    shadow_classifiers: string[];
  };
}

/** The core's catalog, as `losslab catalog --json` prints it. */
export function coreCatalog(): Catalog {
  return glue.catalog() as Catalog;
}

/**
 * The probability that a packet of `bytes` bytes is corrupted at bit error rate `ber`,
 * 1 − (1 − BER)^(8·bytes): the simulator's bit-error rule through wasm (NaN for bad input).
 */
export function packetErrorRate(ber: number, bytes: number): number {
  return glue.packetErrorRate(ber, bytes);
}

/**
 * A trace file the reader loads in the builder, read by the simulator's own reader (as the command
 * line reads a `file` a scenario names, docs/traces.md): `rate` gives the inline `rate_trace` with
 * the file's `name`; `loss` gives a `loss_trace`'s event times, ms. Throws an Error naming the file
 * and the line of the first problem.
 */
/** The most bytes a document or trace file may hold (the simulator's limit). */
export function maxInputBytes(): number {
  return glue.maxInputBytes();
}

export function traceFromFile(what: 'rate', name: string, text: string): RateTraceJson;
export function traceFromFile(what: 'loss', name: string, text: string): number[];
export function traceFromFile(what: 'rate' | 'loss', name: string, text: string): RateTraceJson | number[] {
  return JSON.parse(glue.traceFromFile(what, name, text)) as RateTraceJson | number[];
}

/**
 * `scenarioJson` with `value` placed at `path` (`flows[0].tcp.cc`), the path read and applied by
 * the simulator's own rules, as `losslab run --set` does; throws with the path's problem. The
 * result still needs the validator.
 */
export function setScenarioPath(scenarioJson: string, path: string, value: unknown): string {
  return glue.setScenarioPath(scenarioJson, path, JSON.stringify(value));
}

/** The resolved scenario; throws with every validator problem, one per line. */
export function resolveScenario(scenarioJson: string): ResolvedScenario {
  return glue.resolveScenario(scenarioJson) as ResolvedScenario;
}

/**
 * Every problem the simulator finds in scenario JSON (`"<path>: <message>"`, its budget
 * included); empty when valid. The page's own gate for links, saved and uploaded scenarios.
 */
export function validateScenario(scenarioJson: string): string[] {
  try {
    return glue.validate(scenarioJson);
  } catch (e) {
    return [`(root): the simulator could not read it (${e instanceof Error ? e.message : String(e)})`];
  }
}

/** Scenarios `tryResolve` remembers (the builder, the Lab's flow ids and the charts' captions ask about the same one). */
const RESOLVED_KEPT = 4;
const resolvedCache = new Map<string, ResolvedScenario | null>();

/**
 * The resolved scenario, or null when the validator rejects it. The last few answers are kept by
 * JSON text and shared (treat them as read-only): a thousand connections take 0.1–0.5 s to resolve
 * and the builder, the Lab's flow ids and the throughput caption each asked again when Run was
 * pressed.
 */
export function tryResolve(scenarioJson: string): ResolvedScenario | null {
  if (resolvedCache.has(scenarioJson)) {
    const kept = resolvedCache.get(scenarioJson)!;
    resolvedCache.delete(scenarioJson); // most recent last
    resolvedCache.set(scenarioJson, kept);
    return kept;
  }
  let r: ResolvedScenario | null;
  try {
    r = resolveScenario(scenarioJson);
  } catch {
    r = null;
  }
  resolvedCache.set(scenarioJson, r);
  if (resolvedCache.size > RESOLVED_KEPT) resolvedCache.delete(resolvedCache.keys().next().value!);
  return r;
}

/** Connection ids after `count` expansion (`ld.0`, `ld.1`, …), in scenario order; [] when invalid. */
export function flowIdsOf(scenario: unknown): string[] {
  return tryResolve(JSON.stringify(scenario))?.flows.map((f) => f.id) ?? [];
}

let defaults: ResolvedScenario | null = null;

/** The parser's defaults: the resolved smallest scenario (dumbbell links, stop time, sampling). */
export function scenarioDefaults(): ResolvedScenario {
  defaults ??= glue.scenarioDefaults() as ResolvedScenario;
  return defaults;
}

/**
 * The series file as `losslab run --series` writes it, one string part per chunk of samples
 * (ready for a Blob, so a long run never builds one huge string). No scenario id or seed in the
 * rows: `run/exportCsv.ts` names the files after them and adds a `…-meta.json`.
 */
export function seriesCsvParts(names: readonly SeriesName[], chunks: readonly Float64Array[]): string[] {
  const parts = [glue.seriesCsvHeader()];
  for (const c of chunks) {
    const rows = glue.seriesCsvRows(names, c);
    if (rows) parts.push(rows);
  }
  return parts;
}

/** Every metric a sweep can report (sim-core `sweep::FLOW_METRICS` then `RUN_METRICS`). */
export function sweepMetrics(): string[] {
  return Array.from(glue.sweepMetrics());
}

/** One CSV row of a sweep point. */
export interface SweepRowPlan {
  /** The row's name as reproductions address it: `throughput_kbps`, `ld.0.timeouts`, `sum.timeouts`, `normal.throughput_kbps` (a flow group), `jain_index`, … */
  name: string;
  metric: string;
  entity: 'flow' | 'sum' | 'run' | 'group';
  /** Flow index for `entity: 'flow'`. */
  flow: number | null;
}

export interface SweepPointPlan {
  index: number;
  /** Index into `vary[k].values` for every k. */
  choice: number[];
  values: unknown[];
  rows: SweepRowPlan[];
}

export interface SweepPlan {
  id: string;
  paths: string[];
  replications: number;
  metrics: string[];
  points: SweepPointPlan[];
}

/** One row's statistics over a point's replications (mean/low/high null when n = 0). */
export interface RowStats {
  name: string;
  mean: number | null;
  low: number | null;
  high: number | null;
  n: number;
}

/** One replication's value of every row of its point (null = undefined in that run). */
export type Sample = (number | null)[];

/** A validated sweep (sim-core `sweep`): planning, statistics and the CLI's CSV. */
export class SweepModel {
  private readonly sweep: glue.WasmSweep;
  readonly plan: SweepPlan;

  /** Throws with every problem, one per line, worded as `losslab sweep` words them. */
  constructor(readonly json: string) {
    this.sweep = new glue.WasmSweep(json);
    this.plan = this.sweep.plan() as SweepPlan;
  }

  aggregate(point: number, samples: readonly Sample[]): RowStats[] {
    return this.sweep.aggregate(point, samples) as RowStats[];
  }

  /**
   * As `aggregate`, from the replications' row values concatenated in replication order
   * (`NaN` = undefined; what the pool's workers answer).
   */
  aggregateFlat(point: number, values: Float64Array): RowStats[] {
    return this.sweep.aggregateFlat(point, values) as RowStats[];
  }

  /** The CSV header line of `losslab sweep` (with its newline). */
  csvHeader(): string {
    return this.sweep.csvHeader();
  }

  /** One point's CSV rows from its replications' flat values (as `aggregateFlat`). */
  pointCsvFlat(point: number, values: Float64Array): string {
    return this.sweep.pointCsvFlat(point, values);
  }

  /**
   * The sweep file's scoreboard (`losslab sweep --scoreboard`'s bytes and the ranked lines), from
   * every point's replications: `values[i]` holds the i-th plan point's, as `aggregateFlat` takes
   * them. Throws if the file has no scoreboard.
   */
  scoreboard(values: readonly Float64Array[]): { csv: string; board: Board } {
    return this.sweep.scoreboard(values as Float64Array[]) as { csv: string; board: Board };
  }

  /** `losslab sweep`'s CSV of the given points (in point order), each with all its samples. */
  csv(points: readonly { point: number; samples: readonly Sample[] }[]): string {
    let out = this.sweep.csvHeader();
    for (const p of [...points].sort((a, b) => a.point - b.point)) out += this.sweep.pointCsv(p.point, p.samples);
    return out;
  }

  free(): void {
    this.sweep.free();
  }
}
