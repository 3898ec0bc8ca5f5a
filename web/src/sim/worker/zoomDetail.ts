/**
 * Full resolution on zoom: the samples of one time window, re-simulated.
 *
 * The page holds a bounded, downsampled copy of each live series (`sim/series.ts`). When the charts
 * zoom into a window narrower than what those points resolve, the page asks for the window's
 * samples (`zoomDetail` in `protocol.ts`): a fresh simulator is built from the run's scenario JSON
 * — same seed, so the same packets and the same samples as the live run and the CSV export — run
 * up to the window (its samples before `fromMs` are dropped as they come), then sampled to `toMs`.
 * The answer is the window's samples of every series as one transferred `Float64Array` of flat
 * `[seriesId, tMs, value, …]` triplets, as frames carry them.
 *
 * It runs in slices on the worker's event loop, like the live run: at most `DETAIL_SLICE_MS` of
 * wall time while a live run plays (less than one display frame, so the live run keeps its pace),
 * longer when nothing else runs; a newer request or `zoomCancel` drops the one under way. The
 * answer is bounded: more than `maxPerSeries` samples of one series in the window is refused
 * (`tooMany`), never held.
 */
import { transferList, type FromWorker, type ToWorker } from '../protocol';
import type { SimCore, WasmSimHandle } from './wasmTypes';

/** Longest slice of detail simulation while a live run plays (ms of wall time; under one frame). */
export const DETAIL_SLICE_MS = 10;
/** Longest slice when no live run plays (messages still get through between slices). */
export const DETAIL_IDLE_SLICE_MS = 50;

export type ZoomDetailMessage = Extract<ToWorker, { type: 'zoomDetail' | 'zoomCancel' }>;

export interface DetailEnv {
  post(msg: FromWorker, transfer: Transferable[]): void;
  now(): number;
  defer(fn: () => void, delayMs: number): void;
}

interface Job {
  requestId: number;
  sim: WasmSimHandle;
  fromMs: number;
  toMs: number;
  maxPerSeries: number;
  /** Samples kept per series id. */
  counts: Int32Array;
  /** Kept triplets so far (grown by doubling; at most maxPerSeries × series × 3 numbers). */
  out: Float64Array;
  used: number;
  eventsPerCall: number;
  startWall: number;
}

export class ZoomDetail {
  private job: Job | null = null;
  private scheduled = false;

  constructor(
    private readonly core: SimCore,
    private readonly env: DetailEnv,
    /** True while a live run plays (detail slices then stay under a frame). */
    private readonly liveBusy: () => boolean,
  ) {}

  handle(msg: ZoomDetailMessage): void {
    if (msg.type === 'zoomCancel') {
      if (this.job?.requestId === msg.requestId) this.drop();
      return;
    }
    this.drop();
    let sim: WasmSimHandle;
    try {
      sim = this.core.createSim(msg.scenarioJson);
    } catch (e) {
      this.env.post({ type: 'zoomDetail', requestId: msg.requestId, error: messageOf(e) }, []); // nothing to transfer
      return;
    }
    const n = sim.seriesNames().length;
    const toMs = Math.min(msg.toMs, sim.stopMs());
    this.job = {
      requestId: msg.requestId,
      sim,
      fromMs: msg.fromMs,
      toMs,
      maxPerSeries: Math.max(1, Math.floor(msg.maxPerSeries)),
      counts: new Int32Array(n),
      out: new Float64Array(Math.min(3 * n * 256, 3 * n * msg.maxPerSeries) || 3),
      used: 0,
      eventsPerCall: 2000,
      startWall: this.env.now(),
    };
    this.schedule();
  }

  /** Frees the job under way (a newer request, a cancel, the end). */
  private drop(): void {
    this.job?.sim.free();
    this.job = null;
  }

  private schedule(): void {
    if (this.scheduled) return;
    this.scheduled = true;
    this.env.defer(() => {
      this.scheduled = false;
      this.slice();
    }, 0);
  }

  /** Simulates for one slice of wall time; answers when the window is complete. */
  private slice(): void {
    const job = this.job;
    if (!job) return;
    const start = this.env.now();
    const budget = this.liveBusy() ? DETAIL_SLICE_MS : DETAIL_IDLE_SLICE_MS;
    try {
      for (;;) {
        const before = job.sim.nowMs();
        const t0 = this.env.now();
        const finished = job.sim.runUntil(job.toMs, job.eventsPerCall);
        const took = this.env.now() - t0;
        if (took < 0.5 && job.eventsPerCall < 1 << 22) job.eventsPerCall *= 2;
        else if (took > 3 && job.eventsPerCall > 64) job.eventsPerCall = Math.floor(job.eventsPerCall / 2);
        if (!this.keep(job, job.sim.takePoints())) {
          this.answer({
            type: 'zoomDetail',
            requestId: job.requestId,
            tooMany: true,
            error: `more than ${job.maxPerSeries} samples per series in this window`,
          });
          return;
        }
        const after = job.sim.nowMs();
        if (finished || after >= job.toMs || after === before) {
          const points = job.out.slice(0, job.used);
          this.answer({
            type: 'zoomDetail',
            requestId: job.requestId,
            points,
            fromMs: job.fromMs,
            toMs: Math.min(job.toMs, after),
            wallMs: this.env.now() - job.startWall,
          });
          return;
        }
        if (this.env.now() - start >= budget) break;
      }
    } catch (e) {
      this.answer({ type: 'zoomDetail', requestId: job.requestId, error: messageOf(e) });
      return;
    }
    this.schedule();
  }

  /** Keeps the triplets of `points` inside the window; false when a series has too many. */
  private keep(job: Job, points: Float64Array): boolean {
    const n = points.length - (points.length % 3);
    for (let i = 0; i < n; i += 3) {
      const t = points[i + 1];
      if (t < job.fromMs || t > job.toMs) continue;
      const id = points[i];
      if (++job.counts[id] > job.maxPerSeries) return false;
      if (job.used + 3 > job.out.length) {
        const grown = new Float64Array(2 * job.out.length);
        grown.set(job.out.subarray(0, job.used));
        job.out = grown;
      }
      job.out[job.used] = id;
      job.out[job.used + 1] = t;
      job.out[job.used + 2] = points[i + 2];
      job.used += 3;
    }
    return true;
  }

  private answer(msg: FromWorker): void {
    this.drop();
    this.env.post(msg, transferList(msg));
  }
}

function messageOf(e: unknown): string {
  return e instanceof Error ? e.message : String(e);
}
