/**
 * The pool of simulation workers that runs sweeps (DESIGN §7, issue 15). Each worker gets the
 * sweep once (`sweepOpen`: validated and planned there), then jobs that name only a point and a
 * replication (`sweepRun`); it answers each with the point's row values as a transferred
 * `Float64Array` (`sweepDone`). `IN_FLIGHT` jobs are queued at each worker so it never waits for
 * the page between runs; results arrive in completion order.
 *
 * Workers: `navigator.hardwareConcurrency`, at most `MAX_WORKERS`, at least one, never more than
 * jobs. Idle workers are kept for the next sweep (their wasm is loaded and warm); `run` while jobs
 * are pending, and `cancel`, terminate the workers (a replication in progress cannot be stopped
 * more cheaply). A worker that traps or throws is replaced by a fresh one: the job it was running
 * reports the failure in words (`workerTrouble`), the jobs queued behind it go back to the queue.
 */
import type { FromWorker, SweepFromWorker, SweepToWorker } from './protocol';
import { workerTrouble, type WorkerLike } from './simController';

/** Jobs queued at one worker at a time. */
export const IN_FLIGHT = 4;
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
  /** Jobs sent and not answered, in the order sent (the worker runs them in that order). */
  inFlight: number[];
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

  /** Starts the workers ahead of a first sweep, so their wasm loads while the user sets it up. */
  warm(): void {
    while (this.workers.length < this.size) this.spawn();
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
    return this.queue.length + this.workers.reduce((n, s) => n + s.inFlight.length, 0);
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
    const slot: Slot = { w: this.createWorker(), opened: 0, inFlight: [] };
    this.attach(slot);
    this.workers.push(slot);
  }

  /** Terminates a failed worker and puts a fresh one in its slot; its queued jobs go back first. */
  private replace(slot: Slot): void {
    slot.w.terminate();
    this.queue.unshift(...slot.inFlight);
    slot.inFlight = [];
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
        const lost = slot.inFlight;
        slot.inFlight = [];
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
      const job = slot.inFlight.shift();
      this.replace(slot);
      if (job !== undefined) this.callbacks?.onResult(job, { ok: false, error: workerTrouble(ev.message || '') });
      this.pump();
    };
  }

  private answer(slot: Slot, msg: SweepFromWorker): void {
    if (msg.sweepId !== this.sweepId) return;
    const k = slot.inFlight.indexOf(msg.jobId);
    if (k < 0) return;
    slot.inFlight.splice(k, 1);
    let result: JobResult;
    if (msg.type === 'sweepDone') result = { ok: true, values: msg.values, wallMs: msg.wallMs };
    else {
      if (msg.trapped) this.replace(slot);
      result = { ok: false, error: msg.trapped ? workerTrouble(msg.message) : msg.message };
    }
    this.callbacks?.onResult(msg.jobId, result);
    this.pump();
  }

  private pump(): void {
    if (!this.callbacks) return;
    for (const slot of this.workers) {
      while (slot.inFlight.length < IN_FLIGHT && this.queue.length > 0) {
        if (slot.opened !== this.sweepId) {
          this.send(slot, { type: 'sweepOpen', sweepId: this.sweepId, sweepJson: this.sweepJson });
          slot.opened = this.sweepId;
        }
        const id = this.queue.shift()!;
        const { point, rep } = this.jobs[id];
        slot.inFlight.push(id);
        this.send(slot, { type: 'sweepRun', sweepId: this.sweepId, jobId: id, point, rep });
      }
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
