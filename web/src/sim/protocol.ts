/**
 * The message protocol between the page and the simulation worker (STYLE §3.6).
 *
 * Every run-scoped message carries the `runId` the page chose when it sent `load`; the worker echoes
 * it on everything it sends back, so the page can drop frames from a run that a later `load`
 * replaced. Sample data travels as one `Float64Array` per frame whose buffer is *transferred*
 * (zero-copy), never cloned.
 */
import type { RunSummary, SeriesName } from './wasmTypes';

export const PROTOCOL_VERSION = 1;

/** `simMsPerWallMs` for "as fast as possible" (still yielding between slices). */
export const AS_FAST_AS_POSSIBLE = Number.POSITIVE_INFINITY;

export type ToWorker =
  /** Create the run's simulator; start playing at once when `play` is true. */
  | { type: 'load'; runId: number; scenarioJson: string; play: boolean; simMsPerWallMs: number }
  | { type: 'play'; runId: number; simMsPerWallMs: number }
  | { type: 'pause'; runId: number }
  | { type: 'dispose'; runId: number }
  /** Validation is not tied to a run; answers carry the same `requestId`. */
  | { type: 'validate'; requestId: number; scenarioJson: string };

export type FromWorker =
  | { type: 'ready'; runId: number; seriesNames: SeriesName[]; stopMs: number; coreVersion: string }
  | { type: 'frame'; runId: number; nowMs: number; points: Float64Array; done: boolean }
  | { type: 'summary'; runId: number; summary: RunSummary }
  | { type: 'error'; runId: number; message: string }
  | { type: 'validation'; requestId: number; problems: string[] }
  /** The worker itself could not start (the wasm failed to load); nothing will run. */
  | { type: 'fatal'; message: string };

export type FrameMessage = Extract<FromWorker, { type: 'frame' }>;

/** The buffers to transfer with a message (frames only); everything else is structured-cloned. */
export function transferList(msg: FromWorker): Transferable[] {
  return msg.type === 'frame' ? [msg.points.buffer as ArrayBuffer] : [];
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
export function makeFrame(runId: number, nowMs: number, points: Float64Array, done: boolean): FrameMessage {
  const owned =
    points.byteOffset === 0 && points.buffer.byteLength === points.byteLength && points.buffer instanceof ArrayBuffer
      ? points
      : points.slice();
  return { type: 'frame', runId, nowMs, points: owned, done };
}

/** Splits validator problems (`"<json path>: <message>"`) into path and message. */
export function splitProblem(problem: string): { path: string; message: string } {
  const i = problem.indexOf(': ');
  return i < 0 ? { path: '', message: problem } : { path: problem.slice(0, i), message: problem.slice(i + 2) };
}
