/**
 * The browser's sweep path against `losslab sweep`, byte for byte: the pool
 * (`WorkerPool`) over in-process workers that run the real wasm (`worker/sweepJobs.ts`), the
 * results collected as the page collects them (`SweepResults`, answers in any order) and written
 * by the simulator's CSV writer, against the CLI's file for the same small sweep. Needs
 * `npm run build:wasm` and cargo.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { defaultScenario } from '../scenario/defaultScenario';
import { loadCoreForTests } from './loadCoreForTests';
import { nativeCli } from './nativeCliForTests';
import { SweepModel } from './pageCore';
import type { FromWorker, SweepToWorker, ToWorker } from './protocol';
import type { WorkerLike } from './simController';
import { SweepJobs } from './worker/sweepJobs';
import { wasmCore } from './worker/wasmCore';
import { WorkerPool } from './workerPool';
import { SweepResults } from './workerPoolResults';

const dir = mkdtempSync(join(tmpdir(), 'losslab-pool-'));
beforeAll(loadCoreForTests);
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * A worker in this process: messages go through structured cloning both ways and are handled
 * later, after a random pause, but in the order they were posted — as a real worker's are (a
 * `sweepOpen` is never overtaken by the jobs posted after it).
 */
function inProcessWorker(): WorkerLike {
  let inbox = Promise.resolve();
  const w: WorkerLike = {
    onmessage: null,
    onerror: null,
    postMessage: (msg: ToWorker) => {
      const copy = structuredClone(msg) as SweepToWorker;
      inbox = inbox
        .then(() => new Promise<void>((resolve) => setTimeout(resolve, Math.random() * 3)))
        .then(() => jobs.handle(copy));
    },
    terminate: () => {},
  };
  const jobs = new SweepJobs(wasmCore(), {
    post: (msg: FromWorker, transfer: Transferable[]) =>
      w.onmessage?.({ data: structuredClone(msg, { transfer }) } as MessageEvent<FromWorker>),
    now: () => performance.now(),
  });
  return w;
}

describe('a sweep over the worker pool gives losslab sweep’s CSV, byte for byte', () => {
  it('two varied paths, two replications, flow and run rows', { timeout: 900_000 }, async () => {
    const base = {
      ...defaultScenario(),
      stop: { time_s: 6, when_transfers_done: true },
      flows: [{ id: 'ld', count: 2, start_s: 0, bytes: null, tcp: { cc: 'new_reno', classifier: 'spike' } }],
    };
    const sweep = {
      schema: 1,
      base,
      vary: [
        { path: 'topology.bottleneck.errors.ber', values: [0, 1e-6, 1e-5] },
        { path: 'flows[0].tcp.cc', values: ['new_reno', 'reno'] },
      ],
      replications: 2,
      metrics: [
        'throughput_kbps',
        'timeouts',
        'accuracy_congestion',
        'accuracy_wireless',
        'jain_index',
        'completion_s',
      ],
    };
    const json = JSON.stringify(sweep);
    const model = new SweepModel(json);
    const results = new SweepResults(model);
    const points = results.points;
    const jobs: { point: number; rep: number }[] = [];
    for (let r = 0; r < results.replications; r++) for (const pt of points) jobs.push({ point: pt.index, rep: r });
    const pool = new WorkerPool(inProcessWorker, 2);
    await new Promise<void>((resolve, reject) =>
      pool.run(json, jobs, {
        onResult: (k, res) => {
          if (!res.ok) reject(new Error(res.error));
          else results.add(k % points.length, Math.floor(k / points.length), res.values);
        },
        onIdle: resolve,
      }),
    );
    const page = results.csv();

    const file = join(dir, 'sweep.json');
    writeFileSync(file, json);
    nativeCli(['sweep', file, '--out', join(dir, 'o.csv')]);
    expect(page).toBe(readFileSync(join(dir, 'o.csv'), 'utf8'));
    expect(results.completePositions()).toHaveLength(6);
    // The group rows are there and measured (an accuracy of the pooled confusion matrix).
    expect(page.split('\n').some((l) => /,sum,accuracy_wireless,[\d.]+,/.test(l))).toBe(true);
    // The statistics the charts draw are the simulator's, from the same values.
    const stats = results.aggregate(0)!;
    expect(stats.map((s) => s.name)).toEqual(points[0].rows.map((r) => r.name));
    model.free();
  });
});
