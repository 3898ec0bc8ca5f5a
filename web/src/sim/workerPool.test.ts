/**
 * The sweep pool with fake workers: the plan goes to each worker once, jobs name only a point and
 * a replication and go out in batches (guided: large first, one job at the end; `CHUNKS_AHEAD` of
 * them wait at each worker), batched answers are split back into jobs, a trapped worker is replaced
 * (its queued jobs run elsewhere), cancel silences everything, also mid-batch, and idle workers
 * are kept for the next sweep.
 */
import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from './protocol';
import type { WorkerLike } from './simController';
import { CHUNKS_AHEAD, WorkerPool, type JobResult } from './workerPool';

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
  /** Jobs sent to `w` (in the order sent). */
  const sent = (w: Fake) => w.got.flatMap((m) => (m.type === 'sweepRun' ? m.jobs : []));
  /** Answers the `n` oldest unanswered jobs of `w` (as a worker does, in order) in one `sweepDone`. */
  const finishMany = (w: Fake, answered: Set<number>, n: number, values = [1]) => {
    const runs = sent(w)
      .filter((j) => !answered.has(j.jobId))
      .slice(0, n);
    for (const j of runs) answered.add(j.jobId);
    const sweepId = [...w.got].reverse().find((m) => m.type === 'sweepRun')!.sweepId;
    answer(w, {
      type: 'sweepDone',
      sweepId,
      jobIds: runs.map((j) => j.jobId),
      ends: runs.map((_, k) => (k + 1) * values.length),
      values: new Float64Array(runs.flatMap(() => values)),
      wallMs: runs.length,
    });
    return runs.map((j) => j.jobId);
  };
  const finish = (w: Fake, answered: Set<number>, values = [1]) => finishMany(w, answered, 1, values)[0];
  return { workers, create, answer, finish, finishMany, sent };
}

const jobs = (n: number) => Array.from({ length: n }, (_, i) => ({ point: i % 3, rep: Math.floor(i / 3) }));
const types = (w: Fake) => w.got.map((m) => m.type);

describe('WorkerPool', () => {
  it('sends the sweep once per worker, then batches of jobs, large first and single jobs at the end', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 2);
    const results: [number, JobResult][] = [];
    let idle = 0;
    pool.run('{"sweep":1}', jobs(40), { onResult: (k, r) => results.push([k, r]), onIdle: () => idle++ });
    expect(f.workers).toHaveLength(2);
    for (const w of f.workers) {
      expect(types(w)).toEqual(['sweepOpen', ...Array(CHUNKS_AHEAD).fill('sweepRun')]);
      expect(w.got[0]).toMatchObject({ sweepJson: '{"sweep":1}' });
      expect(JSON.stringify(w.got.slice(1))).not.toContain('sweep":1'); // jobs carry no plan
    }
    // Guided batches over 40 jobs and 2 workers: 10, 8 | 6, 4 (round robin), in queue order.
    const sizes = (w: Fake) => w.got.flatMap((m) => (m.type === 'sweepRun' ? [m.jobs.length] : []));
    expect(sizes(f.workers[0])).toEqual([10, 6]);
    expect(sizes(f.workers[1])).toEqual([8, 4]);
    expect(f.sent(f.workers[0])[0]).toEqual({ jobId: 0, point: 0, rep: 0 });
    expect(f.sent(f.workers[1])[0]).toEqual({ jobId: 10, point: 1, rep: 3 });
    const answered = new Set<number>();
    // Part of a batch answered: nothing new is sent; the batch finished: the next one goes out.
    f.finishMany(f.workers[1], answered, 5, [7, NaN]);
    expect(sizes(f.workers[1])).toEqual([8, 4]);
    expect(results).toHaveLength(5);
    expect(Array.from((results[0][1] as { values: Float64Array }).values)).toEqual([7, NaN]);
    f.finishMany(f.workers[1], answered, 3);
    expect(sizes(f.workers[1])).toEqual([8, 4, 3]);
    expect(types(f.workers[1]).filter((t) => t === 'sweepOpen')).toHaveLength(1);
    while (pool.pending > 0) for (const w of f.workers) f.finishMany(w, answered, 100);
    expect(sizes(f.workers[0]).at(-1)).toBe(1);
    expect(results.map((r) => r[0]).sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => i));
    expect(results.every((r) => r[1].ok)).toBe(true);
    expect(idle).toBe(1);
    expect(pool.pending).toBe(0);
  });

  it('never queues more than MAX_CHUNK jobs in one batch', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 1);
    pool.run('{}', jobs(5000), { onResult: () => {} });
    expect(f.workers[0].got.flatMap((m) => (m.type === 'sweepRun' ? [m.jobs.length] : []))).toEqual([256, 256]);
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
    pool.run('{}', jobs(6), { onResult: (k, r) => results.push([k, r]) });
    const first = f.workers[0];
    expect(f.sent(first).map((j) => j.jobId)).toEqual([0, 1, 2, 3, 4]);
    // Job 0 answered, job 1 trapped inside the first batch; 2, 3 (same batch) and 4, 5 were queued.
    f.finish(first, new Set());
    f.answer(first, { type: 'sweepError', sweepId: 1, jobId: 1, message: 'unreachable', trapped: true });
    expect(first.terminated).toBe(true);
    expect(f.workers).toHaveLength(2);
    expect(types(f.workers[1])).toEqual(['sweepOpen', 'sweepRun', 'sweepRun']);
    expect(results[1][1].ok).toBe(false);
    const answered = new Set<number>();
    // The jobs queued behind the trap go out first again (2, 3 | 4), then the rest (5).
    expect(f.sent(f.workers[1]).map((j) => j.jobId)).toEqual([2, 3, 4]);
    while (pool.pending > 0) f.finishMany(f.workers[1], answered, 10);
    expect(results.map((r) => r[0])).toEqual([0, 1, 2, 3, 4, 5]);
    // A late answer from the replaced worker is dropped.
    f.finishMany(first, new Set([0]), 10);
    expect(results).toHaveLength(6);
  });

  it('cancel terminates the workers and silences late answers; never more workers than jobs', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 3);
    const results: number[] = [];
    pool.run('{}', jobs(1), { onResult: (k) => results.push(k) });
    expect(f.workers).toHaveLength(1);
    pool.cancel();
    expect(f.workers[0].terminated).toBe(true);
    f.answer(f.workers[0], done(1, [0]));
    expect(results).toEqual([]);
    pool.run('{}', jobs(1), { onResult: (k) => results.push(k) });
    expect(f.workers).toHaveLength(2);
    // An answer of the cancelled sweep arriving at the new worker is dropped too.
    f.answer(f.workers[1], done(1, [0]));
    expect(results).toEqual([]);
    f.finish(f.workers[1], new Set());
    expect(results).toEqual([0]);
  });

  it('cancel mid-batch: the rest of the batch is never reported, the next sweep starts fresh', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 2);
    const results: number[] = [];
    pool.run('{}', jobs(100), { onResult: (k) => results.push(k), onIdle: () => results.push(-1) });
    const answered = new Set<number>();
    f.finishMany(f.workers[0], answered, 3);
    expect(results).toHaveLength(3);
    pool.cancel();
    expect(f.workers.every((w) => w.terminated)).toBe(true);
    expect(pool.pending).toBe(0);
    f.finishMany(f.workers[0], answered, 10);
    expect(results).toHaveLength(3);
    pool.run('{}', jobs(2), { onResult: (k) => results.push(k), onIdle: () => results.push(-1) });
    expect(f.workers).toHaveLength(4);
    for (const w of f.workers.slice(2)) f.finishMany(w, new Set(), 10);
    expect(results.slice(3).sort()).toEqual([-1, 0, 1]);
  });
});

function done(sweepId: number, jobIds: number[]): FromWorker {
  return {
    type: 'sweepDone',
    sweepId,
    jobIds,
    ends: jobIds.map((_, k) => k + 1),
    values: new Float64Array(jobIds.length),
    wallMs: 1,
  };
}
