/**
 * A pool of simulation workers for sweeps (DESIGN §7): whole runs fan out over
 * `navigator.hardwareConcurrency` workers, one job in flight per worker so the load balances.
 * Cancel terminates the workers (a run in progress cannot be interrupted more cheaply) and the
 * next `run` starts fresh ones. A worker that traps or throws is replaced by a fresh one (its job
 * reports the failure in words, `workerTrouble`) and the queue goes on.
 */
import type { FromWorker, ToWorker } from './protocol';
import { workerTrouble, type WorkerLike } from './simController';

export interface PoolJob {
  id: number;
  /** The sweep (JSON) and which replication of which point to run. */
  sweepJson: string;
  point: number;
  rep: number;
}

export type JobResult = { ok: true; sample: (number | null)[]; wallMs: number } | { ok: false; error: string };

export interface PoolCallbacks {
  onResult(jobId: number, result: JobResult): void;
  /** Every job answered (not called after `cancel`). */
  onIdle?(): void;
}

export class WorkerPool {
  private workers: { w: WorkerLike; busy: number | null }[] = [];
  private queue: PoolJob[] = [];
  private callbacks: PoolCallbacks | null = null;
  private generation = 0;

  constructor(
    private readonly createWorker: () => WorkerLike,
    readonly size: number = Math.max(1, Math.min(16, globalThis.navigator?.hardwareConcurrency ?? 2)),
  ) {}

  /** Queues `jobs`; results arrive through `callbacks` in completion order. */
  run(jobs: PoolJob[], callbacks: PoolCallbacks): void {
    this.callbacks = callbacks;
    this.queue.push(...jobs);
    while (this.workers.length < Math.min(this.size, Math.max(1, this.queue.length))) this.spawn();
    this.pump();
  }

  /** Jobs queued or running. */
  get pending(): number {
    return this.queue.length + this.workers.filter((x) => x.busy !== null).length;
  }

  /** Drops queued jobs and terminates every worker; no more results are delivered. */
  cancel(): void {
    this.generation++;
    this.queue = [];
    for (const x of this.workers) x.w.terminate();
    this.workers = [];
    this.callbacks = null;
  }

  dispose(): void {
    this.cancel();
  }

  private spawn(): void {
    const slot = { w: this.createWorker(), busy: null as number | null };
    this.attach(slot);
    this.workers.push(slot);
  }

  /** Terminates a failed worker and puts a fresh one in its slot. */
  private replace(slot: { w: WorkerLike; busy: number | null }): void {
    slot.w.terminate();
    slot.w = this.createWorker();
    this.attach(slot);
  }

  private attach(slot: { w: WorkerLike; busy: number | null }): void {
    const gen = this.generation;
    const w = slot.w;
    w.onmessage = (ev: MessageEvent<FromWorker>) => {
      if (gen !== this.generation) return;
      const msg = ev.data;
      if (msg.type === 'jobDone' || msg.type === 'jobError') {
        slot.busy = null;
        const trapped = msg.type === 'jobError' && msg.trapped === true;
        if (trapped) this.replace(slot);
        const cb = this.callbacks;
        cb?.onResult(
          msg.jobId,
          msg.type === 'jobDone'
            ? { ok: true, sample: msg.sample, wallMs: msg.wallMs }
            : { ok: false, error: trapped ? workerTrouble(msg.message) : msg.message },
        );
        this.pump();
      } else if (msg.type === 'fatal') {
        const job = slot.busy;
        slot.busy = null;
        if (job !== null) this.callbacks?.onResult(job, { ok: false, error: msg.message });
      }
    };
    w.onerror = (ev: ErrorEvent) => {
      ev.preventDefault?.();
      if (gen !== this.generation) return;
      const job = slot.busy;
      slot.busy = null;
      this.replace(slot);
      if (job !== null) this.callbacks?.onResult(job, { ok: false, error: workerTrouble(ev.message || '') });
      this.pump();
    };
  }

  private pump(): void {
    for (const slot of this.workers) {
      if (slot.busy !== null) continue;
      const job = this.queue.shift();
      if (!job) break;
      slot.busy = job.id;
      const msg: ToWorker = { type: 'runJob', jobId: job.id, sweepJson: job.sweepJson, point: job.point, rep: job.rep };
      slot.w.postMessage(msg);
    }
    if (this.pending === 0) this.callbacks?.onIdle?.();
  }
}
