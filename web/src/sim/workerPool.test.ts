/**
 * The sweep pool with fake workers: the plan goes to each worker once, jobs name only a point and
 * a replication, `IN_FLIGHT` of them wait at each worker, answers are matched to jobs, a trapped
 * worker is replaced (its queued jobs run elsewhere), cancel silences everything, and idle workers
 * are kept for the next sweep.
 */
import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from './protocol';
import type { WorkerLike } from './simController';
import { IN_FLIGHT, WorkerPool, type JobResult } from './workerPool';

type Fake = WorkerLike & { got: ToWorker[]; terminated: boolean };

function fakes() {
  const workers: Fake[] = [];
  const create = () => {
    const w: Fake = {
      got: [],
      terminated: false,
      onmessage: null,
      onerror: null,
      postMessage(m: ToWorker) {
        this.got.push(m);
      },
      terminate() {
        this.terminated = true;
      },
    };
    workers.push(w);
    return w;
  };
  const answer = (w: WorkerLike, msg: FromWorker) => w.onmessage!({ data: msg } as MessageEvent<FromWorker>);
  /** Answers the oldest unanswered job of `w` (as a worker does, in order). */
  const finish = (w: Fake, answered: Set<number>, values = [1]) => {
    const run = w.got.find(
      (m): m is Extract<ToWorker, { type: 'sweepRun' }> => m.type === 'sweepRun' && !answered.has(m.jobId),
    )!;
    answered.add(run.jobId);
    answer(w, {
      type: 'sweepDone',
      sweepId: run.sweepId,
      jobId: run.jobId,
      values: new Float64Array(values),
      wallMs: 1,
    });
    return run.jobId;
  };
  return { workers, create, answer, finish };
}

const jobs = (n: number) => Array.from({ length: n }, (_, i) => ({ point: i % 3, rep: Math.floor(i / 3) }));
const types = (w: Fake) => w.got.map((m) => m.type);

describe('WorkerPool', () => {
  it('sends the sweep once per worker, then IN_FLIGHT jobs each, and refills as answers come', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 2);
    const results: [number, JobResult][] = [];
    let idle = 0;
    pool.run('{"sweep":1}', jobs(12), { onResult: (k, r) => results.push([k, r]), onIdle: () => idle++ });
    expect(f.workers).toHaveLength(2);
    for (const w of f.workers) {
      expect(types(w)).toEqual(['sweepOpen', ...Array(IN_FLIGHT).fill('sweepRun')]);
      expect(w.got[0]).toMatchObject({ sweepJson: '{"sweep":1}' });
      expect(JSON.stringify(w.got.slice(1))).not.toContain('sweep":1'); // jobs carry no plan
    }
    expect(f.workers[0].got[1]).toMatchObject({ type: 'sweepRun', jobId: 0, point: 0, rep: 0 });
    const answered = new Set<number>();
    f.finish(f.workers[1], answered, [7, NaN]);
    expect(types(f.workers[1]).filter((t) => t === 'sweepOpen')).toHaveLength(1);
    expect(f.workers[1].got.at(-1)).toMatchObject({ type: 'sweepRun', jobId: 2 * IN_FLIGHT });
    for (let i = 0; i < 11; i++) f.finish(f.workers[i % 2], answered);
    expect(results).toHaveLength(12);
    expect(results[0][1]).toMatchObject({ ok: true });
    expect(Array.from((results[0][1] as { values: Float64Array }).values)).toEqual([7, NaN]);
    expect(idle).toBe(1);
    expect(pool.pending).toBe(0);
  });

  it('keeps idle workers for the next sweep and gives them the new plan', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 1);
    const answered = new Set<number>();
    pool.run('{"a":1}', jobs(1), { onResult: () => {} });
    f.finish(f.workers[0], answered);
    pool.run('{"b":2}', jobs(1), { onResult: () => {} });
    expect(f.workers).toHaveLength(1);
    expect(f.workers[0].terminated).toBe(false);
    expect(
      f.workers[0].got.filter((m) => m.type === 'sweepOpen').map((m) => (m as { sweepJson: string }).sweepJson),
    ).toEqual(['{"a":1}', '{"b":2}']);
  });

  it('replaces a trapped worker, reports its job in words and runs the jobs queued behind it elsewhere', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 1);
    const results: [number, JobResult][] = [];
    pool.run('{}', jobs(3), { onResult: (k, r) => results.push([k, r]) });
    const first = f.workers[0];
    f.answer(first, { type: 'sweepError', sweepId: 1, jobId: 0, message: 'unreachable', trapped: true });
    expect(first.terminated).toBe(true);
    expect(f.workers).toHaveLength(2);
    expect(types(f.workers[1])).toEqual(['sweepOpen', 'sweepRun', 'sweepRun']);
    expect(results[0][1].ok).toBe(false);
    const answered = new Set<number>();
    expect([f.finish(f.workers[1], answered), f.finish(f.workers[1], answered)]).toEqual([1, 2]);
    expect(results.map((r) => r[0])).toEqual([0, 1, 2]);
  });

  it('cancel terminates the workers and silences late answers; never more workers than jobs', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 3);
    const results: number[] = [];
    pool.run('{}', jobs(1), { onResult: (k) => results.push(k) });
    expect(f.workers).toHaveLength(1);
    pool.cancel();
    expect(f.workers[0].terminated).toBe(true);
    f.answer(f.workers[0], { type: 'sweepDone', sweepId: 1, jobId: 0, values: new Float64Array(1), wallMs: 1 });
    expect(results).toEqual([]);
    pool.run('{}', jobs(1), { onResult: (k) => results.push(k) });
    expect(f.workers).toHaveLength(2);
    // An answer of the cancelled sweep arriving at the new worker is dropped too.
    f.answer(f.workers[1], { type: 'sweepDone', sweepId: 1, jobId: 0, values: new Float64Array(1), wallMs: 1 });
    expect(results).toEqual([]);
    f.finish(f.workers[1], new Set());
    expect(results).toEqual([0]);
  });
});
