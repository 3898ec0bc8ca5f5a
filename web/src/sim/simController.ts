/**
 * The page's side of the worker protocol, independent of React: owns the worker, the current run
 * id, the run status and the run's series, trace and summary. `useSimulation` subscribes to it.
 *
 * Frames from a superseded run (an older `runId`) are dropped. Listeners are notified at most once
 * per animation frame, however many frames arrive.
 *
 * A worker that traps (a WebAssembly `unreachable`, an out-of-memory), throws outside the run loop
 * or stops answering while an answer is due (`hangMs`, checked by a watchdog) is terminated; the
 * next command starts a fresh one, and the user reads a sentence saying what happened
 * (`workerTrouble`) instead of "unreachable". Reset always works: it also replaces a
 * worker that has stopped answering.
 */
import { AS_FAST_AS_POSSIBLE, isStale, type FromWorker, type TestFault, type ToWorker } from './protocol';
import { SeriesStore } from './series';
import type { RunSummary, TraceEvent } from './worker/wasmTypes';

/** Most trace events kept per run (beyond that the diagram stops growing; a note says so). */
export const MAX_TRACE = 2_000_000;

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
  /** Events the simulator processed so far in this run. */
  eventsDone: number;
  /** Simulator events per wall-clock second, smoothed over recent frames. */
  eventsPerSec: number;
  /** Trace events of this run so far (empty when the core does not record a trace). */
  trace: TraceEvent[];
  /** `observe.sample_ms` of the run (the Step size). */
  sampleMs: number;
  /**
   * The worker has answered `pause` with its last frame: the plot will not change until Run or
   * Step (`status` turns 'paused' at once, before the frames already on their way have landed).
   */
  workerPaused: boolean;
  /**
   * The run's series file with every sample up to now (the worker re-simulates the run with its
   * seed; the page keeps only a downsampled copy): CSV parts, header first. Null before a run.
   */
  seriesCsv: (() => Promise<string[]>) | null;
  /**
   * A zoomed window at full resolution: every sample of every series with time in
   * `[fromMs, toMs]`, re-simulated by the worker with the run's seed (`sim/worker/zoomDetail.ts`),
   * in a store of its own (derived series included). Null before a run.
   */
  zoomDetail: ((fromMs: number, toMs: number, maxPerSeries: number) => ZoomDetailRequest) | null;
}

/** What a zoom-detail request gives: the window's samples, or why not. */
export type ZoomDetailResult =
  | { kind: 'full'; store: SeriesStore; fromMs: number; toMs: number; wallMs: number }
  | { kind: 'tooMany' }
  | { kind: 'cancelled' }
  | { kind: 'error'; message: string };

/** A zoom-detail request under way; `cancel` tells the worker to drop it. */
export interface ZoomDetailRequest {
  result: Promise<ZoomDetailResult>;
  cancel(): void;
}

/** A worker silent this long while an answer is due is taken for stuck (ms of wall time). */
export const HANG_MS = 10_000;
/** A worker that has not said hello (wasm still loading) gets this long (ms of wall time). */
export const START_MS = 30_000;

/** The sentence shown when the simulator's worker failed (`detail`: what the browser said). */
export function workerTrouble(detail: string): string {
  const what = /unreachable|out of memory|memory access|allocat|RuntimeError|RangeError/i.test(detail)
    ? 'ran out of memory or hit an internal error'
    : `failed (${detail || 'unknown error'})`;
  return `The simulator ${what} and was restarted. Reduce the scenario's size — fewer connections, a larger sampling interval (observe.sample_ms), a shorter duration — and run it again; the lab itself is fine.`;
}

/** Options of the controller (tests shorten the watchdog and drive its clock). */
export interface ControllerOptions {
  /** See `HANG_MS`. */
  hangMs?: number;
  /** Calls `cb` every `ms`; returns a function that stops it. */
  every?(cb: () => void, ms: number): () => void;
}

/** The parts of `Worker` the controller uses (tests pass a fake). */
export interface WorkerLike {
  postMessage(msg: ToWorker): void;
  onmessage: ((ev: MessageEvent<FromWorker>) => void) | null;
  onerror: ((ev: ErrorEvent) => void) | null;
  terminate(): void;
}

/** The snapshot before any run (also the base of tests' snapshots). */
export const IDLE_SNAPSHOT: SimSnapshot = {
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
  eventsDone: 0,
  eventsPerSec: 0,
  trace: [],
  sampleMs: 100,
  workerPaused: false,
  seriesCsv: null,
  zoomDetail: null,
};

export class SimController {
  private worker: WorkerLike | null = null;
  private snapshot: SimSnapshot = IDLE_SNAPSHOT;
  private readonly listeners = new Set<() => void>();
  private readonly statusListeners = new Set<(s: SimSnapshot) => void>();
  private notifyPending = false;
  private nextRunId = 1;
  private nextRequestId = 1;
  private readonly pendingValidations = new Map<number, (problems: string[]) => void>();
  private readonly pendingExports = new Map<number, { resolve(parts: string[]): void; reject(e: Error): void }>();
  private readonly pendingDetails = new Map<
    number,
    { resolve(r: ZoomDetailResult): void; store: SeriesStore; max: number }
  >();
  private speed = AS_FAST_AS_POSSIBLE;
  private fatal: string | null = null;
  /** Wall time and event count of the last frame (events/s). */
  private lastRate: { wall: number; events: number } | null = null;
  /** Wall time of the last message from the worker (or of its creation). */
  private lastHeard = 0;
  /** Wall time the current wait for an answer began (null: none due, e.g. paused or done). */
  private waitingSince: number | null = null;
  /** The worker said hello (its wasm loaded). */
  private started = false;
  private stopWatchdog: (() => void) | null = null;
  private readonly hangMs: number;
  private readonly every: (cb: () => void, ms: number) => () => void;

  constructor(
    private readonly createWorker: () => WorkerLike,
    private readonly scheduleNotify: (cb: () => void) => void = (cb) => requestAnimationFrame(() => cb()),
    private readonly wallNow: () => number = () => performance.now(),
    options: ControllerOptions = {},
  ) {
    this.hangMs = options.hangMs ?? HANG_MS;
    this.every =
      options.every ??
      ((cb, ms) => {
        const id = setInterval(cb, ms);
        return () => clearInterval(id);
      });
  }

  // --- store interface (useSyncExternalStore) -------------------------------------------------

  getSnapshot = (): SimSnapshot => this.snapshot;

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  /**
   * Calls `listener` synchronously on every status change (not coalesced per frame like
   * `subscribe`), so a fast run still reports loading → running → done.
   */
  onStatus(listener: (s: SimSnapshot) => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  // --- commands ------------------------------------------------------------------------------

  /** Starts a new run of `scenarioJson` (superseding any current run) and plays it. */
  run(scenarioJson: string, play = true): number {
    const runId = this.nextRunId++;
    this.lastRate = null;
    this.update({
      ...IDLE_SNAPSHOT,
      status: this.fatal ? 'error' : play ? 'loading' : 'paused',
      error: this.fatal,
      runId,
      scenarioJson,
      coreVersion: this.snapshot.coreVersion,
      staleDropped: this.snapshot.staleDropped,
      trace: [],
    });
    if (!this.fatal) {
      this.send({ type: 'load', runId, scenarioJson, play, simMsPerWallMs: this.speed });
    }
    return runId;
  }

  /**
   * Advances one sample period (or to simulated time `toMs`) and stays paused. From a paused run
   * of the same scenario it steps that run; otherwise it loads `scenarioJson` paused and steps.
   */
  step(scenarioJson: string, toMs?: number): void {
    const s = this.snapshot;
    if (s.status === 'running' || s.status === 'loading') return;
    const runId = s.status === 'paused' && s.scenarioJson === scenarioJson ? s.runId : this.run(scenarioJson, false);
    if (!this.fatal) this.send(toMs === undefined ? { type: 'step', runId } : { type: 'step', runId, toMs });
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
    this.update({ ...s, status: 'running', workerPaused: false });
  }

  /**
   * Drops the current run and clears the plots. A worker that failed to start, is in the middle of
   * a run, or has not answered for a second while an answer was due, is replaced (the next command
   * starts a fresh one).
   */
  reset(): void {
    const s = this.snapshot;
    // A worker in the middle of a run may be stuck in it (a hang cannot be told from a long slice
    // at once): it is replaced, so Reset always works; an idle one just drops the run.
    const busy = s.status === 'running' || s.status === 'loading' || this.stepDue;
    const silent = this.waitingSince !== null && this.wallNow() - Math.max(this.lastHeard, this.waitingSince) > 1000;
    if (this.fatal || silent || busy) {
      this.fatal = null;
      this.dropWorker();
    } else if (s.runId !== 0 && this.worker) this.send({ type: 'dispose', runId: s.runId });
    this.waitingSince = null;
    this.stepDue = false;
    // A fresh id so any frame still in flight for the old run is dropped.
    const runId = this.nextRunId++;
    this.update({
      ...IDLE_SNAPSHOT,
      runId,
      coreVersion: s.coreVersion,
      staleDropped: s.staleDropped,
      error: this.fatal,
      trace: [],
    });
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

  /**
   * Test-only (documented in protocol.ts): makes the worker trap on its next slice or stop
   * answering, so a story can check that the page recovers. Reached from Playwright through
   * `window.__losslabSim` (see useSimulation), which exists only when localStorage holds
   * `losslab.testHooks` = `1`.
   */
  injectTestFault(fault: TestFault): void {
    this.send({ type: 'testFault', fault });
  }

  dispose(): void {
    this.dropWorker();
  }

  /** The series export of run `runId` (see `SimSnapshot.seriesCsv`). */
  private seriesCsvOf(runId: number): () => Promise<string[]> {
    return () => {
      const s = this.snapshot;
      if (s.runId !== runId || !s.scenarioJson) return Promise.reject(new Error('this run has been replaced'));
      const scenarioJson = s.scenarioJson;
      const untilMs = s.status === 'done' ? null : s.nowMs;
      const requestId = this.nextRequestId++;
      return new Promise((resolve, reject) => {
        this.pendingExports.set(requestId, { resolve, reject });
        this.send({ type: 'exportSeries', requestId, scenarioJson, untilMs });
      });
    };
  }

  /** The zoom detail of run `runId` (see `SimSnapshot.zoomDetail`). */
  private zoomDetailOf(runId: number): (fromMs: number, toMs: number, maxPerSeries: number) => ZoomDetailRequest {
    return (fromMs, toMs, maxPerSeries) => {
      const s = this.snapshot;
      if (s.runId !== runId || !s.scenarioJson || !s.series)
        return { result: Promise.resolve({ kind: 'cancelled' }), cancel: () => {} };
      const requestId = this.nextRequestId++;
      const scenarioJson = s.scenarioJson;
      const store = s.series;
      const result = new Promise<ZoomDetailResult>((resolve) => {
        this.pendingDetails.set(requestId, { resolve, store, max: maxPerSeries });
      });
      this.send({ type: 'zoomDetail', requestId, scenarioJson, fromMs, toMs, maxPerSeries });
      return {
        result,
        cancel: () => {
          const p = this.pendingDetails.get(requestId);
          if (!p) return;
          this.pendingDetails.delete(requestId);
          p.resolve({ kind: 'cancelled' });
          if (this.worker) this.worker.postMessage({ type: 'zoomCancel', requestId });
        },
      };
    };
  }

  /** Terminates the worker (if any) and stops the watchdog; the next command starts a new one. */
  private dropWorker(): void {
    for (const p of this.pendingExports.values()) p.reject(new Error('the simulator was restarted'));
    this.pendingExports.clear();
    for (const p of this.pendingDetails.values()) p.resolve({ kind: 'cancelled' });
    this.pendingDetails.clear();
    this.stopWatchdog?.();
    this.stopWatchdog = null;
    this.worker?.terminate();
    this.worker = null;
    this.started = false;
  }

  /** The worker failed or stopped answering: replace it and say so in words. */
  private restart(message: string): void {
    this.dropWorker();
    this.waitingSince = null;
    for (const resolve of this.pendingValidations.values()) resolve([message]);
    this.pendingValidations.clear();
    this.update({ ...this.snapshot, status: 'error', error: message });
  }

  /** True while the worker owes an answer (a run loading or playing, a step, a validation). */
  private answerDue(): boolean {
    const st = this.snapshot.status;
    return st === 'loading' || st === 'running' || this.pendingValidations.size > 0 || this.stepDue;
  }
  private stepDue = false;

  private watch(): void {
    if (this.waitingSince === null) return;
    if (!this.answerDue()) {
      this.waitingSince = null;
      return;
    }
    const quiet = this.wallNow() - Math.max(this.lastHeard, this.waitingSince);
    const limit = this.started ? this.hangMs : Math.max(this.hangMs, START_MS);
    if (quiet > limit)
      this.restart(
        `The simulator stopped answering for ${Math.round(quiet / 1000)} s and was restarted. A scenario this heavy may need a smaller size (fewer connections, a larger sampling interval, a shorter duration); Run starts it again.`,
      );
  }

  // --- worker messages -----------------------------------------------------------------------

  handle(msg: FromWorker): void {
    this.lastHeard = this.wallNow();
    if (msg.type === 'validation') {
      const resolve = this.pendingValidations.get(msg.requestId);
      this.pendingValidations.delete(msg.requestId);
      resolve?.(msg.problems);
      return;
    }
    if (msg.type === 'seriesCsv') {
      const p = this.pendingExports.get(msg.requestId);
      this.pendingExports.delete(msg.requestId);
      if (p) {
        if (msg.parts) p.resolve(msg.parts);
        else p.reject(new Error(msg.error ?? 'the series file could not be written'));
      }
      return;
    }
    if (msg.type === 'zoomDetail') {
      const p = this.pendingDetails.get(msg.requestId);
      this.pendingDetails.delete(msg.requestId);
      if (!p) return;
      if (msg.points) {
        // A store of its own, large enough to keep every sample exactly (no bucket merges).
        const store = new SeriesStore(p.store.names, Math.max(2, 2 * Math.ceil(p.max / 2)));
        store.append(msg.points);
        p.resolve({ kind: 'full', store, fromMs: msg.fromMs ?? 0, toMs: msg.toMs ?? 0, wallMs: msg.wallMs ?? 0 });
      } else if (msg.tooMany) p.resolve({ kind: 'tooMany' });
      else p.resolve({ kind: 'error', message: msg.error ?? 'the window could not be re-simulated' });
      return;
    }
    if (msg.type === 'fatal') {
      this.fail(msg.message);
      return;
    }
    if (msg.type === 'hello') {
      this.started = true;
      this.update({ ...this.snapshot, coreVersion: msg.coreVersion });
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
          seriesCsv: this.seriesCsvOf(s.runId),
          zoomDetail: this.zoomDetailOf(s.runId),
          stopMs: msg.stopMs,
          sampleMs: msg.sampleMs ?? s.sampleMs,
          coreVersion: msg.coreVersion,
        });
        return;
      case 'frame': {
        this.stepDue = false;
        if (!s.series) return; // a frame before 'ready' cannot happen; ignore defensively
        s.series.append(msg.points);
        if (msg.trace && s.trace.length < MAX_TRACE) for (const ev of msg.trace) s.trace.push(ev);
        this.update({
          ...s,
          nowMs: msg.nowMs,
          eventsDone: msg.eventsDone ?? s.eventsDone,
          eventsPerSec: this.rate(msg.eventsDone ?? 0, s.eventsPerSec),
          summary: msg.summary ?? s.summary,
          revision: s.revision + 1,
          status: msg.done ? 'done' : s.status,
          workerPaused: msg.paused === true,
        });
        return;
      }
      case 'error':
        this.stepDue = false;
        if (msg.trapped) this.restart(workerTrouble(msg.message));
        else this.update({ ...s, status: 'error', error: msg.message });
        return;
    }
  }

  /** Events per second between this frame and the last, smoothed (EMA over ~4 frames). */
  private rate(events: number, previous: number): number {
    const wall = this.wallNow();
    const last = this.lastRate;
    this.lastRate = { wall, events };
    if (!last || wall - last.wall < 1 || events < last.events) return previous;
    const inst = ((events - last.events) * 1000) / (wall - last.wall);
    return previous > 0 ? previous + 0.25 * (inst - previous) : inst;
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
      w.onmessage = (ev) => {
        if (this.worker === w) this.handle(ev.data);
      };
      w.onerror = (ev) => {
        ev.preventDefault?.();
        if (this.worker === w) this.restart(workerTrouble(ev.message || ''));
      };
      this.worker = w;
      this.lastHeard = this.wallNow();
      this.stopWatchdog = this.every(() => this.watch(), 1000);
    }
    if (msg.type === 'step') this.stepDue = true;
    if (msg.type !== 'dispose' && msg.type !== 'pause') this.waitingSince ??= this.wallNow();
    this.worker.postMessage(msg);
  }

  private update(next: SimSnapshot): void {
    const before = this.snapshot.status;
    this.snapshot = next;
    if (next.status !== before) for (const l of [...this.statusListeners]) l(next);
    if (this.notifyPending) return;
    this.notifyPending = true;
    this.scheduleNotify(() => {
      this.notifyPending = false;
      for (const l of [...this.listeners]) l();
    });
  }
}
