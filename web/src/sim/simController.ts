/**
 * The page's side of the worker protocol, independent of React: owns the worker, the current run
 * id, the run status and the run's series buffers. `useSimulation` subscribes to it.
 *
 * Frames from a superseded run (an older `runId`) are dropped. Listeners are notified at most once
 * per animation frame, however many frames arrive.
 */
import { AS_FAST_AS_POSSIBLE, isStale, type FromWorker, type ToWorker } from './protocol';
import { SeriesStore } from './series';
import type { RunSummary } from './wasmTypes';

export type SimStatus = 'idle' | 'loading' | 'running' | 'paused' | 'done' | 'error';

export interface SimSnapshot {
  status: SimStatus;
  /** Id of the current run; 0 before the first run. */
  runId: number;
  /** The scenario the current run was loaded with (exactly what the worker received). */
  scenarioJson: string | null;
  nowMs: number;
  stopMs: number;
  series: SeriesStore | null;
  /** Bumped whenever series data arrives (memo key for charts). */
  revision: number;
  summary: RunSummary | null;
  error: string | null;
  coreVersion: string | null;
  /** Frames dropped because they belonged to a superseded run. */
  staleDropped: number;
}

/** The parts of `Worker` the controller uses (tests pass a fake). */
export interface WorkerLike {
  postMessage(msg: ToWorker): void;
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
  terminate(): void;
}

const INITIAL: SimSnapshot = {
  status: 'idle',
  runId: 0,
  scenarioJson: null,
  nowMs: 0,
  stopMs: 0,
  series: null,
  revision: 0,
  summary: null,
  error: null,
  coreVersion: null,
  staleDropped: 0,
};

export class SimController {
  private worker: WorkerLike | null = null;
  private snapshot: SimSnapshot = INITIAL;
  private readonly listeners = new Set<() => void>();
  private notifyPending = false;
  private nextRunId = 1;
  private nextRequestId = 1;
  private readonly pendingValidations = new Map<number, (problems: string[]) => void>();
  private speed = AS_FAST_AS_POSSIBLE;
  private fatal: string | null = null;

  constructor(
    private readonly createWorker: () => WorkerLike,
    private readonly scheduleNotify: (cb: () => void) => void = (cb) => requestAnimationFrame(() => cb()),
  ) {}

  // --- store interface (useSyncExternalStore) -------------------------------------------------

  getSnapshot = (): SimSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  // --- commands ------------------------------------------------------------------------------

  /** Starts a new run of `scenarioJson` (superseding any current run) and plays it. */
  run(scenarioJson: string): number {
    const runId = this.nextRunId++;
    this.update({
      ...INITIAL,
      status: this.fatal ? 'error' : 'loading',
      error: this.fatal,
      runId,
      scenarioJson,
      coreVersion: this.snapshot.coreVersion,
      staleDropped: this.snapshot.staleDropped,
    });
    if (!this.fatal) {
      this.send({ type: 'load', runId, scenarioJson, play: true, simMsPerWallMs: this.speed });
    }
    return runId;
  }

  pause(): void {
    const s = this.snapshot;
    if (s.status !== 'running' && s.status !== 'loading') return;
    this.send({ type: 'pause', runId: s.runId });
    this.update({ ...s, status: 'paused' });
  }

  resume(): void {
    const s = this.snapshot;
    if (s.status !== 'paused') return;
    this.send({ type: 'play', runId: s.runId, simMsPerWallMs: this.speed });
    this.update({ ...s, status: 'running' });
  }

  /** Drops the current run and clears the plots. */
  reset(): void {
    const s = this.snapshot;
    if (s.runId !== 0) this.send({ type: 'dispose', runId: s.runId });
    // A fresh id so any frame still in flight for the old run is dropped.
    const runId = this.nextRunId++;
    this.update({ ...INITIAL, runId, coreVersion: s.coreVersion, staleDropped: s.staleDropped, error: this.fatal });
  }

  /** Simulated ms per wall ms; `AS_FAST_AS_POSSIBLE` (Infinity) = no pacing. Applies to the current run. */
  setSpeed(simMsPerWallMs: number): void {
    this.speed = simMsPerWallMs;
    const s = this.snapshot;
    if (s.status === 'running') this.send({ type: 'play', runId: s.runId, simMsPerWallMs });
  }

  /** Every validator problem for `scenarioJson` (`"<json path>: <message>"`); empty when valid. */
  validate(scenarioJson: string): Promise<string[]> {
    if (this.fatal) return Promise.resolve([this.fatal]);
    const requestId = this.nextRequestId++;
    return new Promise((resolve) => {
      this.pendingValidations.set(requestId, resolve);
      this.send({ type: 'validate', requestId, scenarioJson });
    });
  }

  dispose(): void {
    this.worker?.terminate();
    this.worker = null;
  }

  // --- worker messages -----------------------------------------------------------------------

  handle(msg: FromWorker): void {
    if (msg.type === 'validation') {
      const resolve = this.pendingValidations.get(msg.requestId);
      this.pendingValidations.delete(msg.requestId);
      resolve?.(msg.problems);
      return;
    }
    if (msg.type === 'fatal') {
      this.fail(msg.message);
      return;
    }
    const s = this.snapshot;
    if (isStale(msg, s.runId)) {
      if (msg.type === 'frame') this.update({ ...s, staleDropped: s.staleDropped + 1 });
      return;
    }
    switch (msg.type) {
      case 'ready':
        this.update({
          ...s,
          status: s.status === 'loading' ? 'running' : s.status,
          series: new SeriesStore(msg.seriesNames),
          stopMs: msg.stopMs,
          coreVersion: msg.coreVersion,
        });
        return;
      case 'frame': {
        if (!s.series) return; // a frame before 'ready' cannot happen; ignore defensively
        s.series.append(msg.points);
        this.update({
          ...s,
          nowMs: msg.nowMs,
          revision: s.revision + 1,
          status: msg.done ? 'done' : s.status,
        });
        return;
      }
      case 'summary':
        this.update({ ...s, summary: msg.summary, status: 'done' });
        return;
      case 'error':
        this.update({ ...s, status: 'error', error: msg.message });
        return;
    }
  }

  private fail(message: string): void {
    this.fatal = message;
    for (const resolve of this.pendingValidations.values()) resolve([message]);
    this.pendingValidations.clear();
    this.update({ ...this.snapshot, status: 'error', error: message });
  }

  private send(msg: ToWorker): void {
    if (!this.worker) {
      const w = this.createWorker();
      w.onmessage = (ev) => this.handle(ev.data);
      w.onerror = (ev) => {
        ev.preventDefault?.();
        this.fail(`the simulation worker failed: ${ev.message || 'unknown error'}`);
      };
      this.worker = w;
    }
    this.worker.postMessage(msg);
  }

  private update(next: SimSnapshot): void {
    this.snapshot = next;
    if (this.notifyPending) return;
    this.notifyPending = true;
    this.scheduleNotify(() => {
      this.notifyPending = false;
      for (const l of [...this.listeners]) l();
    });
  }
}
