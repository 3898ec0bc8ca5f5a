/**
 * The worker's run loop, free of worker globals so tests can drive it with a fake simulator.
 *
 * One `WasmSimHandle` per run id. While playing, the loop calls `runUntil` in slices of at most
 * `SLICE_MS` of wall time, posts at most one frame per `FRAME_MS` (plus one when the run pauses,
 * steps or ends), and yields to the event loop between slices so `pause`, `load` and `validate`
 * messages get through. The run's last frame (`done`) carries its final summary; nothing follows
 * it. Frames carry the summary so far every `SUMMARY_MS` of wall time (the
 * classifier panel is live; every `SUMMARY_MANY_MS` above `SUMMARY_MANY_FLOWS` flows, whose
 * summary is large) and the trace events since the last frame when the core records them.
 *
 * A series export (`exportSeries`) re-simulates the run's scenario with its seed in a fresh
 * simulator (the page keeps only a downsampled copy of the samples) and writes every sample with
 * the simulator's CSV writer, one part per slice of points, so no full copy of the samples is held.
 *
 * A zoomed window's samples (`zoomDetail`) are re-simulated the same way, in slices between the
 * live run's (`zoomDetail.ts`).
 *
 * Sweeps do not run here: the pool's workers run them whole (`sweepJobs.ts`).
 */
import { makeFrame, sampleMsOf, transferList, type FromWorker, type ToWorker } from '../protocol';
import type { RunSummary, SeriesName, SimCore, WasmSimHandle } from './wasmTypes';
import { ZoomDetail } from './zoomDetail';

/** Longest stretch of simulation between two yields, in ms of wall time. */
export const SLICE_MS = 8;
/** Shortest interval between two frames, in ms of wall time (about one display refresh). */
export const FRAME_MS = 16;
/** Events per `runUntil` call of a series export (one CSV part each). */
export const EXPORT_EVENTS = 200_000;
/** Shortest interval between two summaries riding on frames, in ms of wall time. */
export const SUMMARY_MS = 250;
/**
 * Above this many flows a live run's summary rides on a frame at most every {@link SUMMARY_MANY_MS}:
 * a thousand connections' summary is ~760 kB, cloned into the page (and written by the simulator)
 * each time, while the page shows it once a second (`run/SummaryTable.tsx`). Pause, step and the
 * end always carry the latest.
 */
export const SUMMARY_MANY_FLOWS = 40;
export const SUMMARY_MANY_MS = 1000;

/** Wall ms between two live summaries of a run with these series (see {@link SUMMARY_MANY_FLOWS}). */
export function summaryEveryMs(names: readonly SeriesName[]): number {
  let flows = 0;
  for (const n of names) if (n.metric === 'cwnd_bytes') flows++;
  return flows > SUMMARY_MANY_FLOWS ? SUMMARY_MANY_MS : SUMMARY_MS;
}

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
  lastSummaryWall: number;
  /** Wall ms between two summaries on the frames of a playing run (`summaryEveryMs`). */
  summaryMs: number;
  /** `observe.sample_ms`: how far one step goes. */
  sampleMs: number;
  /** Event budget per `runUntil` call, adapted so one call takes about a millisecond. */
  eventsPerCall: number;
}

export class SimRunner {
  private run: ActiveRun | null = null;
  private scheduled = false;
  /** Test-only (`testFault: trap`): the next slice fails as a WebAssembly trap does. */
  private faultNext = false;
  /** Zoomed windows at full resolution, re-simulated in slices between the live run's. */
  private readonly detail: ZoomDetail;

  constructor(
    private readonly core: SimCore,
    private readonly env: RunnerEnv,
  ) {
    this.detail = new ZoomDetail(core, env, () => this.run !== null && this.run.playing && !this.run.done);
  }

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
        this.postFrame(r, false, true, undefined, true);
        return;
      }
      case 'step': {
        const r = this.current(msg.runId);
        if (!r || r.done) return;
        r.playing = false;
        this.step(r, msg.toMs);
        return;
      }
      case 'dispose':
        if (this.current(msg.runId)) this.disposeRun();
        return;
      case 'testFault':
        if (msg.fault === 'hang') for (;;) this.env.now(); // test-only: never answers again
        this.faultNext = true;
        return;
      case 'exportSeries':
        this.post(this.exportSeries(msg.requestId, msg.scenarioJson, msg.untilMs));
        return;
      case 'zoomDetail':
      case 'zoomCancel':
        this.detail.handle(msg);
        return;
    }
  }

  private load(runId: number, scenarioJson: string, play: boolean, speed: number): void {
    this.disposeRun();
    let sim: WasmSimHandle;
    try {
      sim = this.core.createSim(scenarioJson);
    } catch (e) {
      this.post({ type: 'error', runId, message: errorMessage(e), trapped: isTrap(e) || undefined });
      return;
    }
    const now = this.env.now();
    const seriesNames = sim.seriesNames();
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
      lastSummaryWall: now,
      summaryMs: summaryEveryMs(seriesNames),
      sampleMs: sampleMsOf(scenarioJson),
      eventsPerCall: 2000,
    };
    this.run = r;
    this.post({
      type: 'ready',
      runId,
      seriesNames,
      stopMs: r.stopMs,
      sampleMs: r.sampleMs,
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
        this.maybeFault();
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
      this.post({ type: 'error', runId: r.runId, message: errorMessage(e), trapped: isTrap(e) || undefined });
      this.disposeRun();
      return;
    }
    if (this.run !== r) return; // replaced while running (cannot happen synchronously, but be safe)
    const wall = this.env.now();
    if (finished) {
      this.finish(r);
      return;
    }
    if (wall - r.lastFrameWall >= FRAME_MS) this.postFrame(r, false, wall - r.lastSummaryWall >= r.summaryMs);
    // Paced and ahead of the clock: wait for wall time to catch up; otherwise just yield.
    this.schedule(caughtUp ? Math.min(FRAME_MS, Math.max(1, SLICE_MS)) : 0);
  }

  /** One sample period from the current time, or to `toMs` (or to the end), then a frame; stays paused. */
  private step(r: ActiveRun, toMs?: number): void {
    const now = r.sim.nowMs();
    const wanted = toMs !== undefined && Number.isFinite(toMs) ? Math.max(now, toMs) : now + r.sampleMs;
    const target = Math.min(r.stopMs, wanted);
    let finished = false;
    try {
      for (let calls = 0; calls < 1_000_000; calls++) {
        const before = r.sim.nowMs();
        finished = r.sim.runUntil(target, r.eventsPerCall);
        const after = r.sim.nowMs();
        if (finished || after >= target || after === before) break;
      }
    } catch (e) {
      this.post({ type: 'error', runId: r.runId, message: errorMessage(e), trapped: isTrap(e) || undefined });
      this.disposeRun();
      return;
    }
    if (finished) this.finish(r);
    else this.postFrame(r, false, true);
  }

  private finish(r: ActiveRun): void {
    r.done = true;
    r.playing = false;
    let summary: RunSummary;
    try {
      summary = r.sim.summary();
    } catch (e) {
      this.postFrame(r, true, false);
      this.post({ type: 'error', runId: r.runId, message: errorMessage(e) });
      return;
    }
    // The last frame carries the final summary, once (a 1000-flow summary is ~760 kB to clone).
    this.postFrame(r, true, false, summary);
  }

  private postFrame(r: ActiveRun, done: boolean, withSummary = true, summary?: RunSummary, paused = false): void {
    const now = this.env.now();
    r.lastFrameWall = now;
    let s = summary;
    if (!s && withSummary) {
      try {
        s = r.sim.summary();
        r.lastSummaryWall = now;
      } catch {
        s = undefined; // a summary is a bonus on a frame; the final one reports errors
      }
    }
    let trace;
    try {
      trace = r.sim.takeTrace?.();
    } catch {
      trace = undefined;
    }
    this.post(
      makeFrame(r.runId, r.sim.nowMs(), r.sim.takePoints(), done, {
        eventsDone: r.sim.eventsDone?.() ?? 0,
        trace,
        summary: s,
        paused,
      }),
    );
  }

  /** Every sample of `scenarioJson` up to `untilMs` (null: its end) as series CSV parts. */
  private exportSeries(requestId: number, scenarioJson: string, untilMs: number | null): FromWorker {
    const core = this.core;
    if (!core.seriesCsvHeader || !core.seriesCsvRows)
      return { type: 'seriesCsv', requestId, error: 'this simulator build cannot write series files' };
    // Every point goes in the file, however few the page keeps: refuse one the browser cannot hold.
    const tooBig = core.seriesExportProblem?.(scenarioJson, untilMs ?? Infinity);
    if (tooBig) return { type: 'seriesCsv', requestId, error: tooBig };
    let sim: WasmSimHandle | null = null;
    try {
      sim = core.createSim(scenarioJson);
      const names = sim.seriesNames();
      const stop = untilMs === null ? sim.stopMs() : Math.min(untilMs, sim.stopMs());
      const parts = [core.seriesCsvHeader()];
      for (;;) {
        const before = sim.nowMs();
        const finished = sim.runUntil(stop, EXPORT_EVENTS);
        const points = sim.takePoints();
        if (points.length > 0) {
          const rows = core.seriesCsvRows(names, points);
          if (rows) parts.push(rows);
        }
        const after = sim.nowMs();
        if (finished || (untilMs !== null && (after >= stop || after === before))) break;
      }
      return { type: 'seriesCsv', requestId, parts };
    } catch (e) {
      return { type: 'seriesCsv', requestId, error: errorMessage(e) };
    } finally {
      sim?.free();
    }
  }

  private maybeFault(): void {
    if (!this.faultNext) return;
    this.faultNext = false;
    throw new WebAssembly.RuntimeError('unreachable');
  }

  private post(msg: FromWorker): void {
    this.env.post(msg, transferList(msg));
  }
}

/**
 * True for a failure that leaves the wasm instance unusable: a trap (`unreachable` after an
 * allocation failure or a panic, an out-of-bounds access) or a failed memory growth.
 */
export function isTrap(e: unknown): boolean {
  return (
    (typeof WebAssembly !== 'undefined' && e instanceof WebAssembly.RuntimeError) ||
    (e instanceof RangeError && /memory/i.test(e.message))
  );
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
