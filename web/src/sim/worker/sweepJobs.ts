/**
 * The pool worker's sweep jobs (issue 15), free of worker globals so tests can drive it with the
 * real wasm or a fake. `sweepOpen` validates and plans the sweep once (wasm `WasmSweep`); each
 * `sweepRun` then runs one replication whole, summary-only, inside its message handler (a pool
 * worker runs nothing else; the pool cancels by terminating it) and answers with the point's row
 * values as one transferred `Float64Array`. A sweep that fails to open answers each of its jobs
 * with the problems.
 */
import { transferList, type FromWorker, type SweepToWorker } from '../protocol';
import { errorMessage, isTrap } from './runner';
import type { SimCore, SweepBatch } from './wasmTypes';

export class SweepJobs {
  private sweepId = -1;
  private batch: SweepBatch | null = null;
  private openError: string | null = null;
  private prepared = -1;

  constructor(
    private readonly core: SimCore,
    private readonly env: { post(msg: FromWorker, transfer: Transferable[]): void; now(): number },
  ) {}

  handle(msg: SweepToWorker): void {
    if (msg.type === 'sweepOpen') return this.open(msg.sweepId, msg.sweepJson);
    if (msg.sweepId !== this.sweepId) {
      this.post({ type: 'sweepError', sweepId: msg.sweepId, jobId: msg.jobId, message: 'this sweep was not opened' });
      return;
    }
    const start = this.env.now();
    try {
      if (!this.batch) throw new Error(this.openError ?? 'this sweep was not opened');
      if (msg.point !== this.prepared) {
        this.batch.prepare(msg.point);
        this.prepared = msg.point;
      }
      const got = this.batch.runReplication(msg.point, msg.rep);
      // Transfer exactly these values: a view into a larger buffer (or wasm memory) is copied first.
      const values = got.byteOffset === 0 && got.buffer.byteLength === got.byteLength ? got : got.slice();
      this.post({ type: 'sweepDone', sweepId: msg.sweepId, jobId: msg.jobId, values, wallMs: this.env.now() - start });
    } catch (e) {
      const trapped = isTrap(e) || undefined;
      this.post({ type: 'sweepError', sweepId: msg.sweepId, jobId: msg.jobId, message: errorMessage(e), trapped });
    }
  }

  private open(sweepId: number, json: string): void {
    this.batch?.free();
    this.batch = null;
    this.openError = null;
    this.prepared = -1;
    this.sweepId = sweepId;
    try {
      if (!this.core.openSweepBatch) throw new Error('this simulator build cannot run sweeps');
      this.batch = this.core.openSweepBatch(json);
    } catch (e) {
      this.openError = errorMessage(e);
    }
  }

  private post(msg: FromWorker): void {
    this.env.post(msg, transferList(msg));
  }
}
