import { describe, expect, it } from 'vitest';
import type { FromWorker, ToWorker } from './protocol';
import type { WorkerLike } from './simController';
import { WorkerPool } from './workerPool';

function fakes() {
  const workers: (WorkerLike & { got: ToWorker[]; terminated: boolean })[] = [];
  const create = () => {
    const w = {
      got: [] as ToWorker[],
      terminated: false,
      onmessage: null as WorkerLike['onmessage'],
      onerror: null as WorkerLike['onerror'],
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
  return { workers, create, answer };
}

const sample = (x: number) => [x, null];

describe('WorkerPool', () => {
  it('keeps one job in flight per worker and hands out the rest as answers come', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 2);
    const results: number[] = [];
    let idle = 0;
    pool.run(
      [1, 2, 3, 4, 5].map((id) => ({ id, sweepJson: '{}', point: id, rep: 0 })),
      { onResult: (id, r) => r.ok && results.push(id), onIdle: () => idle++ },
    );
    expect(f.workers).toHaveLength(2);
    expect(f.workers.map((w) => w.got.map((m) => (m as { jobId: number }).jobId))).toEqual([[1], [2]]);
    f.answer(f.workers[1], { type: 'jobDone', jobId: 2, sample: sample(2), wallMs: 5 });
    expect(f.workers[1].got.at(-1)).toMatchObject({ type: 'runJob', jobId: 3, sweepJson: '{}', point: 3, rep: 0 });
    f.answer(f.workers[0], { type: 'jobError', jobId: 1, message: 'boom' });
    f.answer(f.workers[0], { type: 'jobDone', jobId: 4, sample: sample(4), wallMs: 5 });
    f.answer(f.workers[1], { type: 'jobDone', jobId: 3, sample: sample(3), wallMs: 5 });
    expect(pool.pending).toBe(1);
    f.answer(f.workers[0], { type: 'jobDone', jobId: 5, sample: sample(5), wallMs: 5 });
    expect(results).toEqual([2, 4, 3, 5]);
    expect(idle).toBe(1);
  });

  it('cancel terminates the workers and silences late answers', () => {
    const f = fakes();
    const pool = new WorkerPool(f.create, 3);
    const results: number[] = [];
    pool.run([{ id: 1, sweepJson: '{}', point: 0, rep: 0 }], { onResult: (id) => results.push(id) });
    expect(f.workers).toHaveLength(1); // never more workers than jobs
    pool.cancel();
    expect(f.workers[0].terminated).toBe(true);
    f.answer(f.workers[0], { type: 'jobDone', jobId: 1, sample: sample(24), wallMs: 1 });
    expect(results).toEqual([]);
    pool.run([{ id: 2, sweepJson: '{}', point: 0, rep: 1 }], { onResult: (id) => results.push(id) });
    expect(f.workers).toHaveLength(2);
    f.answer(f.workers[1], { type: 'jobDone', jobId: 2, sample: sample(25), wallMs: 1 });
    expect(results).toEqual([2]);
  });
});
