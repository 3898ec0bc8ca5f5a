/**
 * The worker's run loop, free of worker globals so tests can drive it with a fake simulator.
 *
 * One `WasmSimHandle` per run id. While playing, the loop calls `runUntil` in slices of at most
 * `SLICE_MS` of wall time, posts at most one frame per `FRAME_MS` (plus one when the run pauses or
 * ends), and yields to the event loop between slices so `pause`, `load` and `validate` messages
 * get through.
 */
import { makeFrame, transferList, type FromWorker, type ToWorker } from './protocol';
import type { SimCore, WasmSimHandle } from './wasmTypes';

/** Longest stretch of simulation between two yields, in ms of wall time. */
export const SLICE_MS = 8;
/** Shortest interval between two frames, in ms of wall time (about one display refresh). */
export const FRAME_MS = 16;

export interface RunnerEnv {
  post(msg: FromWorker, transfer: Transferable[]): void;
  /** Wall clock in ms (`performance.now`). */
  now(): number;
  /** Run `fn` later (`setTimeout(fn, delayMs)`). */
  defer(fn: () => void, delayMs: number): void;
}

interface ActiveRun {
  runId: number;
  sim: WasmSimHandle;
  stopMs: number;
  playing: boolean;
  done: boolean;
  /** Simulated ms per wall ms; Infinity = as fast as possible. */
  speed: number;
  /** Pacing anchor: at wall time `wallAnchor` the simulation was at `simAnchor`. */
  wallAnchor: number;
  simAnchor: number;
  lastFrameWall: number;
  /** Event budget per `runUntil` call, adapted so one call takes about a millisecond. */
  eventsPerCall: number;
}

export class SimRunner {
  private run: ActiveRun | null = null;
  private scheduled = false;

  constructor(
    private readonly core: SimCore,
    private readonly env: RunnerEnv,
  ) {}

  handle(msg: ToWorker): void {
    switch (msg.type) {
      case 'validate': {
        let problems: string[];
        try {
          problems = this.core.validate(msg.scenarioJson);
        } catch (e) {
          problems = [errorMessage(e)];
        }
        this.post({ type: 'validation', requestId: msg.requestId, problems });
        return;
      }
      case 'load':
        this.load(msg.runId, msg.scenarioJson, msg.play, msg.simMsPerWallMs);
        return;
      case 'play': {
        const r = this.current(msg.runId);
        if (!r || r.done) return;
        r.speed = msg.simMsPerWallMs;
        r.playing = true;
        r.wallAnchor = this.env.now();
        r.simAnchor = r.sim.nowMs();
        this.schedule(0);
        return;
      }
      case 'pause': {
        const r = this.current(msg.runId);
        if (!r || r.done || !r.playing) return;
        r.playing = false;
        this.postFrame(r, false);
        return;
      }
      case 'dispose':
        if (this.current(msg.runId)) this.disposeRun();
        return;
    }
  }

  private load(runId: number, scenarioJson: string, play: boolean, speed: number): void {
    this.disposeRun();
    let sim: WasmSimHandle;
    try {
      sim = this.core.createSim(scenarioJson);
    } catch (e) {
      this.post({ type: 'error', runId, message: errorMessage(e) });
      return;
    }
    const now = this.env.now();
    const r: ActiveRun = {
      runId,
      sim,
      stopMs: sim.stopMs(),
      playing: play,
      done: false,
      speed,
      wallAnchor: now,
      simAnchor: sim.nowMs(),
      lastFrameWall: now,
      eventsPerCall: 2000,
    };
    this.run = r;
    this.post({
      type: 'ready',
      runId,
      seriesNames: sim.seriesNames(),
      stopMs: r.stopMs,
      coreVersion: this.core.version(),
    });
    if (play) this.schedule(0);
  }

  private current(runId: number): ActiveRun | null {
    return this.run && this.run.runId === runId ? this.run : null;
  }

  private disposeRun(): void {
    const r = this.run;
    this.run = null;
    if (r) r.sim.free();
  }

  private schedule(delayMs: number): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.env.defer(() => {
      this.scheduled = false;
      this.tick();
    }, delayMs);
  }

  /** One slice: simulate for up to SLICE_MS, maybe post a frame, then yield. */
  private tick(): void {
    const r = this.run;
    if (!r || !r.playing || r.done) return;
    const start = this.env.now();
    const paced = Number.isFinite(r.speed);
    const target = paced ? Math.min(r.stopMs, r.simAnchor + (start - r.wallAnchor) * r.speed) : r.stopMs;
    let finished = false;
    let caughtUp = false;
    try {
      for (;;) {
        const before = r.sim.nowMs();
        const t0 = this.env.now();
        finished = r.sim.runUntil(target, r.eventsPerCall);
        const took = this.env.now() - t0;
        if (took < 0.5 && r.eventsPerCall < 1 << 22) r.eventsPerCall *= 2;
        else if (took > 3 && r.eventsPerCall > 64) r.eventsPerCall = Math.floor(r.eventsPerCall / 2);
        const after = r.sim.nowMs();
        if (finished) break;
        if (paced && (after >= target || after === before)) {
          caughtUp = true;
          break;
        }
        if (this.env.now() - start >= SLICE_MS) break;
      }
    } catch (e) {
      this.post({ type: 'error', runId: r.runId, message: errorMessage(e) });
      this.disposeRun();
      return;
    }
    if (this.run !== r) return; // replaced while running (cannot happen synchronously, but be safe)
    const wall = this.env.now();
    if (finished) {
      r.done = true;
      r.playing = false;
      this.postFrame(r, true);
      let summary;
      try {
        summary = r.sim.summary();
      } catch (e) {
        this.post({ type: 'error', runId: r.runId, message: errorMessage(e) });
        return;
      }
      this.post({ type: 'summary', runId: r.runId, summary });
      return;
    }
    if (wall - r.lastFrameWall >= FRAME_MS) this.postFrame(r, false);
    // Paced and ahead of the clock: wait for wall time to catch up; otherwise just yield.
    this.schedule(caughtUp ? Math.min(FRAME_MS, Math.max(1, SLICE_MS)) : 0);
  }

  private postFrame(r: ActiveRun, done: boolean): void {
    r.lastFrameWall = this.env.now();
    this.post(makeFrame(r.runId, r.sim.nowMs(), r.sim.takePoints(), done));
  }

  private post(msg: FromWorker): void {
    this.env.post(msg, transferList(msg));
  }
}

export function errorMessage(e: unknown): string {
  if (e instanceof Error) return e.message;
  if (typeof e === 'string') return e;
  try {
    return JSON.stringify(e);
  } catch {
    return String(e);
  }
}
