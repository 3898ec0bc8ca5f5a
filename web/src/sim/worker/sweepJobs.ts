/**
 * The pool worker's sweep jobs, free of worker globals so tests can drive it with the
 * real wasm or a fake. `sweepOpen` validates and plans the sweep once (wasm `WasmSweep`); each
 * `sweepRun` hands over a batch of jobs, which run one after another, each replication whole and
 * summary-only, inside the message handler (a pool worker runs nothing else; the pool cancels by
 * terminating it). Finished jobs are answered together (`sweepDone`: ids, and their row values
 * concatenated in one transferred `Float64Array`) every `FLUSH_MS` and at the batch's end, so the
 * page handles a few messages a second however short the runs. A failed job is answered alone, after
 * the finished jobs before it. A sweep that fails to open answers each of its jobs with the problems.
 * The same sweep opened again (Run pressed again on an unchanged sweep) keeps its plan: it is not
 * validated and planned again (1–5 ms a worker, on the 2-core machine, of a 100 ms sweep).
 * `sweepWarm` runs a small sweep in the background for a fixed number of passes, in tasks of at most
 * `WARM_SLICE_MS`, or until its time is up; any other sweep message stops it. A fixed amount of work,
 * not "until a pass is no faster": V8 tiers a wasm function up once it has run a fixed amount of
 * baseline code, while the first passes' times jump about (lazy compilation), so "no faster twice"
 * ended the warm-up after 4–8 passes, long before the hot functions were optimized.
 */
import { transferList, type FromWorker, type SweepJobRef, type SweepToWorker } from '../protocol';
import { errorMessage, isTrap } from './runner';
import type { SimCore, SweepBatch } from './wasmTypes';

/** Longest a finished job waits in the worker before it is sent to the page, in ms of wall time. */
export const FLUSH_MS = 100;
/** A warm-up task runs passes until this many ms have passed, then yields to the worker's messages. */
export const WARM_SLICE_MS = 10;

export class SweepJobs {
  private sweepId = -1;
  private batch: SweepBatch | null = null;
  /** The JSON `batch` was opened from. */
  private batchJson = '';
  private openError: string | null = null;
  private prepared = -1;
  /** Finished jobs not yet sent. */
  private done: { jobIds: number[]; ends: number[]; parts: Float64Array[]; length: number; wallMs: number } =
    SweepJobs.empty();

  /** The warm-up under way (`sweepWarm`), stopped by any other sweep message. */
  private warming: {
    batch: SweepBatch;
    points: number;
    pass: number;
    passes: number;
    until: number;
  } | null = null;

  constructor(
    private readonly core: SimCore,
    private readonly env: {
      post(msg: FromWorker, transfer: Transferable[]): void;
      now(): number;
      /** Runs `fn` in a later task (the warm-up's passes; without it there is no warm-up). */
      defer?(fn: () => void, delayMs: number): void;
    },
  ) {}

  private static empty() {
    return { jobIds: [] as number[], ends: [] as number[], parts: [] as Float64Array[], length: 0, wallMs: 0 };
  }

  handle(msg: SweepToWorker): void {
    if (msg.type === 'sweepWarm') return this.warmUp(msg.sweepJson, msg.points, msg.passes, msg.maxMs);
    this.stopWarming();
    if (msg.type === 'sweepOpen') return this.open(msg.sweepId, msg.sweepJson);
    if (msg.sweepId !== this.sweepId) {
      for (const job of msg.jobs)
        this.post({ type: 'sweepError', sweepId: msg.sweepId, jobId: job.jobId, message: 'this sweep was not opened' });
      return;
    }
    let flushed = this.env.now();
    for (const job of msg.jobs) {
      // A trapped instance runs nothing more: the pool replaces this worker.
      if (!this.runOne(job)) break;
      const now = this.env.now();
      if (now - flushed >= FLUSH_MS) {
        this.flush();
        flushed = now;
      }
    }
    this.flush();
  }

  /** Runs one job; false when the wasm trapped. */
  private runOne(job: SweepJobRef): boolean {
    const start = this.env.now();
    try {
      if (!this.batch) throw new Error(this.openError ?? 'this sweep was not opened');
      if (job.point !== this.prepared) {
        this.batch.prepare(job.point);
        this.prepared = job.point;
      }
      const got = this.batch.runReplication(job.point, job.rep);
      const d = this.done;
      d.jobIds.push(job.jobId);
      d.parts.push(got);
      d.length += got.length;
      d.ends.push(d.length);
      d.wallMs += this.env.now() - start;
      return true;
    } catch (e) {
      this.flush();
      const trapped = isTrap(e) || undefined;
      this.post({ type: 'sweepError', sweepId: this.sweepId, jobId: job.jobId, message: errorMessage(e), trapped });
      return !trapped;
    }
  }

  /** Sends the finished jobs not yet sent, if any, as one `sweepDone`. */
  private flush(): void {
    const d = this.done;
    if (d.jobIds.length === 0) return;
    this.done = SweepJobs.empty();
    const values = new Float64Array(d.length);
    let at = 0;
    for (const part of d.parts) {
      values.set(part, at);
      at += part.length;
    }
    this.post({ type: 'sweepDone', sweepId: this.sweepId, jobIds: d.jobIds, ends: d.ends, values, wallMs: d.wallMs });
  }

  /** Whether a warm-up is running (tests). */
  get warmingUp(): boolean {
    return this.warming !== null;
  }

  private warmUp(json: string, points: number, passes: number, maxMs: number): void {
    this.stopWarming();
    if (!this.env.defer || !this.core.openSweepBatch) return;
    try {
      const batch = this.core.openSweepBatch(json);
      this.warming = { batch, points, pass: 0, passes, until: this.env.now() + maxMs };
    } catch {
      return; // a warm-up that cannot start changes nothing
    }
    this.env.defer(() => this.warmSlice(), 0);
  }

  /**
   * Passes over the warm-up's points (pass k runs replication k of each) for up to `WARM_SLICE_MS`,
   * then the next slice in a later task, so a real sweep's message waits at most one slice.
   */
  private warmSlice(): void {
    const w = this.warming;
    if (!w) return;
    const start = this.env.now();
    let now = start;
    try {
      while (w.pass < w.passes && now < w.until && now - start < WARM_SLICE_MS) {
        for (let point = 0; point < w.points; point++) {
          w.batch.prepare(point);
          w.batch.runReplication(point, w.pass);
        }
        w.pass += 1;
        now = this.env.now();
      }
    } catch {
      this.stopWarming();
      return;
    }
    if (w.pass >= w.passes || now >= w.until) this.stopWarming();
    else this.env.defer!(() => this.warmSlice(), 0);
  }

  private stopWarming(): void {
    this.warming?.batch.free();
    this.warming = null;
  }

  private open(sweepId: number, json: string): void {
    this.done = SweepJobs.empty();
    this.sweepId = sweepId;
    // A replication is a function of its point and number only: the same sweep's plan serves again.
    if (this.batch && json === this.batchJson) return;
    this.batch?.free();
    this.batch = null;
    this.openError = null;
    this.prepared = -1;
    try {
      if (!this.core.openSweepBatch) throw new Error('this simulator build cannot run sweeps');
      this.batch = this.core.openSweepBatch(json);
      this.batchJson = json;
    } catch (e) {
      this.openError = errorMessage(e);
    }
  }

  private post(msg: FromWorker): void {
    this.env.post(msg, transferList(msg));
  }
}
