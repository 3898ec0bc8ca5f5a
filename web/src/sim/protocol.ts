/**
 * The message protocol between the page and the simulation worker (docs/design.md §D7).
 *
 * Every run-scoped message carries the `runId` the page chose when it sent `load`; the worker echoes
 * it on everything it sends back, so the page can drop frames from a run that a later `load`
 * replaced. Sample data travels as one `Float64Array` per frame whose buffer is *transferred*
 * (zero-copy), never cloned. Sweep messages (`SweepToWorker`, `SweepFromWorker`) go to the pool's
 * workers, which run each replication whole and answer with the point's row values.
 */
import type { RunSummary, SeriesName, TraceEvent } from './worker/wasmTypes';

/** The simulator's data shapes that travel in these messages, for the page side to name. */
export type {
  Confusion,
  FlowSummary,
  RunNotice,
  RunSummary,
  SeriesName,
  ShadowSummary,
  TraceEvent,
} from './worker/wasmTypes';

export const PROTOCOL_VERSION = 3;

/** `simMsPerWallMs` for "as fast as possible" (still yielding between slices). */
export const AS_FAST_AS_POSSIBLE = Number.POSITIVE_INFINITY;

export type ToWorker =
  /** Create the run's simulator; start playing at once when `play` is true. */
  | { type: 'load'; runId: number; scenarioJson: string; play: boolean; simMsPerWallMs: number }
  | { type: 'play'; runId: number; simMsPerWallMs: number }
  | { type: 'pause'; runId: number }
  /**
   * Advance by one sample period (`observe.sample_ms`), or to simulated time `toMs` when given
   * (never backwards, never past the stop time), then stay paused.
   */
  | { type: 'step'; runId: number; toMs?: number }
  | { type: 'dispose'; runId: number }
  /** Validation is not tied to a run; answers carry the same `requestId`. */
  | { type: 'validate'; requestId: number; scenarioJson: string }
  | SweepToWorker
  /**
   * The series file of a run (`losslab run --series`), every sample: the worker re-simulates
   * `scenarioJson` (same seed, so the same packets) to `untilMs` (null: to its end) and writes the
   * rows with the simulator's CSV writer, a part per slice; answered by `seriesCsv`.
   */
  | {
      type: 'exportSeries';
      requestId: number;
      scenarioJson: string;
      untilMs: number | null;
    }
  /**
   * Full resolution of a zoomed window (`worker/zoomDetail.ts`): the worker re-simulates
   * `scenarioJson` (same seed, so the same samples as the run and its CSV export) and answers
   * with every sample of every series whose time is in `[fromMs, toMs]`, refusing when one series
   * has more than `maxPerSeries` there; a newer request or `zoomCancel` drops the one under way.
   */
  | {
      type: 'zoomDetail';
      requestId: number;
      scenarioJson: string;
      fromMs: number;
      toMs: number;
      maxPerSeries: number;
    }
  | { type: 'zoomCancel'; requestId: number }
  /**
   * Test-only: `trap` makes the next slice of the run (or job) fail as a WebAssembly trap does;
   * `hang` makes the worker stop answering (a busy loop). Sent only by `SimController.
   * injectTestFault`, reachable from a Playwright story when localStorage holds
   * `losslab.testHooks` = `1` (useSimulation); no user path sends it.
   */
  | { type: 'testFault'; fault: TestFault };

/**
 * The sweep pool's messages (`workerPool.ts`, `worker/sweepJobs.ts`): `sweepOpen` gives
 * a worker the sweep (JSON, `base` a scenario object) once, validated and planned there; every
 * `sweepRun` then hands it a batch of jobs, each naming only a replication of a point, run in the
 * order given. Finished jobs are answered in batches by `sweepDone` (every `FLUSH_MS` of the
 * worker's wall time and at the batch's end): their ids, and their points' row values in plan
 * order (`NaN` = undefined in that run) concatenated in one transferred `Float64Array`, job k's
 * values ending at `ends[k]`. A failed job is answered alone by `sweepError` (after the finished
 * jobs before it). Messages carry the `sweepId` of their `sweepOpen`, so answers from an older
 * sweep are dropped.
 */
export type SweepToWorker =
  | { type: 'sweepOpen'; sweepId: number; sweepJson: string }
  | { type: 'sweepRun'; sweepId: number; jobs: SweepJobRef[] }
  /**
   * Warm-up (no answer): run the `points` points of this small sweep `passes` times (pass k runs
   * replication k of each), in short tasks, until the passes are done, `maxMs` have passed or a
   * real sweep message arrives — so the wasm's hot functions are tiered up (optimized) before the
   * user's first sweep instead of during it.
   */
  | { type: 'sweepWarm'; sweepJson: string; points: number; passes: number; maxMs: number };

/** One job of a `sweepRun` batch: replication `rep` of the point with index `point`. */
export interface SweepJobRef {
  jobId: number;
  point: number;
  rep: number;
}

export type SweepFromWorker =
  | {
      type: 'sweepDone';
      sweepId: number;
      jobIds: number[];
      /** Where each job's values end in `values`. */
      ends: number[];
      values: Float64Array;
      /** The worker's wall ms for these jobs, in all. */
      wallMs: number;
    }
  /** `trapped`: the wasm instance trapped (the pool replaces the worker). */
  | { type: 'sweepError'; sweepId: number; jobId: number; message: string; trapped?: boolean };

/** True for the sweep pool's messages to the worker. */
export function isSweepMessage(msg: ToWorker): msg is SweepToWorker {
  return msg.type === 'sweepOpen' || msg.type === 'sweepRun' || msg.type === 'sweepWarm';
}

/** What `testFault` does to the worker. */
export type TestFault = 'trap' | 'hang';

export type FrameMessage = {
  type: 'frame';
  runId: number;
  nowMs: number;
  /** Events processed so far (0 when the core cannot tell). */
  eventsDone: number;
  points: Float64Array;
  /** Trace events since the last frame (cores with `takeTrace`). */
  trace?: TraceEvent[];
  /**
   * The summary so far, every ~250 ms of wall time (~1 s above 40 flows) and on pause / step; the
   * final summary on the last frame (`done`), the only place it travels.
   */
  summary?: RunSummary;
  done: boolean;
  /** The worker's answer to `pause`: its last frame; none follows until `play` or `step`. */
  paused?: boolean;
};

export type FromWorker =
  /** Sent once, when the wasm has loaded. */
  | { type: 'hello'; coreVersion: string; protocol: number }
  | { type: 'ready'; runId: number; seriesNames: SeriesName[]; stopMs: number; sampleMs?: number; coreVersion: string }
  | FrameMessage
  /** The run failed; `trapped`: the wasm instance trapped (the page must replace the worker). */
  | { type: 'error'; runId: number; message: string; trapped?: boolean }
  | { type: 'validation'; requestId: number; problems: string[] }
  /** The series file's parts (header first), or why it could not be written. */
  | { type: 'seriesCsv'; requestId: number; parts?: string[]; error?: string }
  /**
   * A zoomed window's samples, flat `[seriesId, tMs, value, …]` (transferred), covering
   * `[fromMs, toMs]` (`toMs` clipped to the run's end); or why not (`tooMany`: over the bound).
   */
  | {
      type: 'zoomDetail';
      requestId: number;
      points?: Float64Array;
      fromMs?: number;
      toMs?: number;
      /** Wall time the worker spent, ms. */
      wallMs?: number;
      tooMany?: boolean;
      error?: string;
    }
  | SweepFromWorker
  /** The worker itself could not start (the wasm failed to load); nothing will run. */
  | { type: 'fatal'; message: string };

/** The buffers to transfer with a message (frames, sweep rows, zoom detail); everything else is structured-cloned. */
export function transferList(msg: FromWorker): Transferable[] {
  if (msg.type === 'frame') return [msg.points.buffer as ArrayBuffer];
  if (msg.type === 'sweepDone') return [msg.values.buffer as ArrayBuffer];
  if (msg.type === 'zoomDetail' && msg.points) return [msg.points.buffer as ArrayBuffer];
  return [];
}

/** True when `msg` belongs to a run other than `currentRunId` and must be ignored. */
export function isStale(msg: FromWorker, currentRunId: number): boolean {
  return 'runId' in msg && msg.runId !== currentRunId;
}

/**
 * A frame whose points own their whole buffer, so transferring the buffer moves exactly these
 * samples. wasm-bindgen already returns a fresh copy; a view (into wasm memory or a larger
 * buffer) is copied first, because transferring wasm memory would detach it.
 */
export function makeFrame(
  runId: number,
  nowMs: number,
  points: Float64Array,
  done: boolean,
  extra: { eventsDone?: number; trace?: TraceEvent[]; summary?: RunSummary; paused?: boolean } = {},
): FrameMessage {
  const owned =
    points.byteOffset === 0 && points.buffer.byteLength === points.byteLength && points.buffer instanceof ArrayBuffer
      ? points
      : points.slice();
  const frame: FrameMessage = { type: 'frame', runId, nowMs, eventsDone: extra.eventsDone ?? 0, points: owned, done };
  if (extra.trace && extra.trace.length > 0) frame.trace = extra.trace;
  if (extra.summary) frame.summary = extra.summary;
  if (extra.paused) frame.paused = true;
  return frame;
}

/** Splits validator problems (`"<json path>: <message>"`) into path and message. */
export function splitProblem(problem: string): { path: string; message: string } {
  const i = problem.indexOf(': ');
  return i < 0 ? { path: '', message: problem } : { path: problem.slice(0, i), message: problem.slice(i + 2) };
}

/** `observe.sample_ms` of a scenario (the parser's default, 100 ms, when absent or unreadable). */
export function sampleMsOf(scenarioJson: string): number {
  try {
    const v = JSON.parse(scenarioJson)?.observe?.sample_ms;
    return typeof v === 'number' && v > 0 ? v : 100;
  } catch {
    return 100;
  }
}
