/**
 * The pool of simulation workers that runs sweeps (docs/design.md §D7). Each worker gets the
 * sweep once (`sweepOpen`: validated and planned there), then batches of jobs that name only a
 * point and a replication (`sweepRun`); it answers finished jobs together, their row values in one
 * transferred `Float64Array` (`sweepDone`, every `FLUSH_MS` and at a batch's end). Results arrive
 * in completion order, one `onResult` per job.
 *
 * Batches are sized by guided self-scheduling: the queue's remaining jobs divided by
 * `CHUNK_SHARE` × workers (at most `MAX_CHUNK`, at least one), so the first batches are large (few
 * messages, and a worker never waits for a page busy drawing) and the last ones small (the workers
 * finish together). `CHUNKS_AHEAD` batches are queued at each worker, so the next one is already
 * there when it finishes one.
 *
 * Workers: `navigator.hardwareConcurrency`, at most `MAX_WORKERS`, at least one, never more than
 * jobs. Idle workers are kept for the next sweep (their wasm is loaded and warm); `run` while jobs
 * are pending, and `cancel`, terminate the workers (a replication in progress cannot be stopped
 * more cheaply). A worker that traps or throws is replaced by a fresh one: the job it was running
 * reports the failure in words (`workerTrouble`), the jobs queued behind it go back to the queue.
 */
import type { FromWorker, SweepFromWorker, SweepToWorker } from './protocol';
import { workerTrouble, type WorkerLike } from './simController';

/** Batches queued at one worker at a time (one running, the next waiting). */
export const CHUNKS_AHEAD = 2;
/** A batch is the remaining jobs / (`CHUNK_SHARE` × workers). */
export const CHUNK_SHARE = 2;
/** Most jobs in one batch. */
export const MAX_CHUNK = 256;
/** More workers than this only add memory (each holds its own wasm instance). */
export const MAX_WORKERS = 8;

/** The default pool size on this machine. */
export function poolSize(): number {
  return Math.max(1, Math.min(MAX_WORKERS, globalThis.navigator?.hardwareConcurrency ?? 2));
}

/** One replication of one point (`point`: the point's index in the plan). */
export interface SweepJob {
  point: number;
  rep: number;
}

export type JobResult = { ok: true; values: Float64Array; wallMs: number } | { ok: false; error: string };

export interface PoolCallbacks {
  /** `job`: the job's position in the `run` call's list. */
  onResult(job: number, result: JobResult): void;
  /** Every job answered (not called after `cancel`). */
  onIdle?(): void;
}

interface Slot {
  w: WorkerLike;
  /** The sweep this worker has been given (`sweepOpen`), 0 = none. */
  opened: number;
  /** Batches sent, each with its jobs not yet answered, in the order sent (the worker runs them in that order). */
  chunks: number[][];
}

function inFlight(slot: Slot): number[] {
  return slot.chunks.flat();
}

export class WorkerPool {
  private workers: Slot[] = [];
  private queue: number[] = [];
  private jobs: SweepJob[] = [];
  private sweepJson = '';
  private sweepId = 0;
  private callbacks: PoolCallbacks | null = null;

  constructor(
    private readonly createWorker: () => WorkerLike,
    readonly size: number = poolSize(),
  ) {}

  /**
   * Starts the workers ahead of a first sweep, so their wasm loads while the user sets it up; with
   * `warmUp`, each new worker then runs that sweep in the background until its wasm is optimized
   * (`sweepWarm`; the first real sweep message stops it).
   */
  warm(warmUp?: { sweepJson: string; points: number; passes: number; maxMs: number }): void {
    while (this.workers.length < this.size) {
      this.spawn();
      if (warmUp) this.send(this.workers.at(-1)!, { type: 'sweepWarm', ...warmUp });
    }
  }

  /** Runs `jobs` of the sweep `sweepJson` (replacing any sweep still running). */
  run(sweepJson: string, jobs: SweepJob[], callbacks: PoolCallbacks): void {
    if (this.pending > 0) this.cancel();
    this.sweepId += 1;
    this.sweepJson = sweepJson;
    this.jobs = jobs;
    this.queue = jobs.map((_, i) => i);
    this.callbacks = callbacks;
    while (this.workers.length < Math.min(this.size, Math.max(1, jobs.length))) this.spawn();
    this.pump();
  }

  /** Jobs queued or running. */
  get pending(): number {
    return this.queue.length + this.workers.reduce((n, s) => n + s.chunks.reduce((m, c) => m + c.length, 0), 0);
  }

  /** Workers started (kept between sweeps). */
  get started(): number {
    return this.workers.length;
  }

  /** Drops queued jobs and terminates every worker; no more results are delivered. */
  cancel(): void {
    this.sweepId += 1;
    this.queue = [];
    for (const s of this.workers) s.w.terminate();
    this.workers = [];
    this.callbacks = null;
  }

  dispose(): void {
    this.cancel();
  }

  private spawn(): void {
    const slot: Slot = { w: this.createWorker(), opened: 0, chunks: [] };
    this.attach(slot);
    this.workers.push(slot);
  }

  /** Terminates a failed worker and puts a fresh one in its slot; its queued jobs go back first. */
  private replace(slot: Slot): void {
    slot.w.terminate();
    this.queue.unshift(...inFlight(slot));
    slot.chunks = [];
    slot.opened = 0;
    slot.w = this.createWorker();
    this.attach(slot);
  }

  private live(slot: Slot, w: WorkerLike): boolean {
    return slot.w === w && this.workers.includes(slot);
  }

  private attach(slot: Slot): void {
    const w = slot.w;
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      if (!this.live(slot, w)) return;
      const msg = ev.data;
      if (msg.type === 'sweepDone' || msg.type === 'sweepError') this.answer(slot, msg);
      else if (msg.type === 'fatal') {
        // The wasm failed to load: this worker will never run anything.
        const lost = inFlight(slot);
        slot.chunks = [];
        slot.w.terminate();
        this.workers.splice(this.workers.indexOf(slot), 1);
        if (this.workers.length === 0) lost.push(...this.queue.splice(0));
        else this.queue.unshift(...lost.splice(1));
        for (const job of lost) this.callbacks?.onResult(job, { ok: false, error: msg.message });
        this.pump();
      }
    };
    w.onerror = (ev: ErrorEvent) => {
      ev.preventDefault?.();
      if (!this.live(slot, w)) return;
      const job = slot.chunks[0]?.[0];
      if (job !== undefined) this.take(slot, job);
      this.replace(slot);
      if (job !== undefined) this.callbacks?.onResult(job, { ok: false, error: workerTrouble(ev.message || '') });
      this.pump();
    };
  }

  /** Removes `job` from the slot's batches (false when it is not there: an answer to drop). */
  private take(slot: Slot, job: number): boolean {
    for (const [i, chunk] of slot.chunks.entries()) {
      const k = chunk.indexOf(job);
      if (k < 0) continue;
      chunk.splice(k, 1);
      if (chunk.length === 0) slot.chunks.splice(i, 1);
      return true;
    }
    return false;
  }

  private answer(slot: Slot, msg: SweepFromWorker): void {
    if (msg.sweepId !== this.sweepId) return;
    if (msg.type === 'sweepDone') {
      const wallMs = msg.wallMs / Math.max(1, msg.jobIds.length);
      msg.jobIds.forEach((job, k) => {
        if (!this.take(slot, job)) return;
        const values = msg.values.subarray(k === 0 ? 0 : msg.ends[k - 1], msg.ends[k]);
        this.callbacks?.onResult(job, { ok: true, values, wallMs });
      });
    } else {
      if (!this.take(slot, msg.jobId)) return;
      if (msg.trapped) this.replace(slot);
      this.callbacks?.onResult(msg.jobId, {
        ok: false,
        error: msg.trapped ? workerTrouble(msg.message) : msg.message,
      });
    }
    this.pump();
  }

  /** The next batch's size: guided self-scheduling over the jobs still queued. */
  private chunkSize(): number {
    const share = Math.ceil(this.queue.length / (CHUNK_SHARE * Math.max(1, this.workers.length)));
    return Math.max(1, Math.min(MAX_CHUNK, share));
  }

  private pump(): void {
    if (!this.callbacks) return;
    // Round robin, so each worker gets its first batch before any gets a second.
    for (let ahead = 1; ahead <= CHUNKS_AHEAD; ahead++)
      for (const slot of this.workers) {
        if (slot.chunks.length >= ahead || this.queue.length === 0) continue;
        if (slot.opened !== this.sweepId) {
          this.send(slot, { type: 'sweepOpen', sweepId: this.sweepId, sweepJson: this.sweepJson });
          slot.opened = this.sweepId;
        }
        const ids = this.queue.splice(0, this.chunkSize());
        slot.chunks.push(ids);
        const jobs = ids.map((jobId) => ({ jobId, point: this.jobs[jobId].point, rep: this.jobs[jobId].rep }));
        this.send(slot, { type: 'sweepRun', sweepId: this.sweepId, jobs });
      }
    if (this.pending === 0) {
      const cb = this.callbacks;
      this.callbacks = null;
      cb?.onIdle?.();
    }
  }

  private send(slot: Slot, msg: SweepToWorker): void {
    slot.w.postMessage(msg);
  }
}
