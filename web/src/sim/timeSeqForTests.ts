/**
 * Vitest helper: the time-sequence worker run in this process (`worker/timeSeqJobs.ts` with the
 * real wasm, loaded by `loadCoreForTests`), behind the same `TimeSeqWorkerLike` the page's
 * `TimeSeqClient` talks to; answers arrive in a later task, as a worker's would.
 */
import { loadCoreForTests } from './loadCoreForTests';
import type { TimeSeqWorkerLike } from './timeSeqWorker';
import { TimeSeqJobs, type TimeSeqFromWorker } from './worker/timeSeqJobs';

export function inProcessTimeSeqWorker(): TimeSeqWorkerLike & { terminated: boolean } {
  loadCoreForTests();
  const w: TimeSeqWorkerLike & { terminated: boolean } = {
    onmessage: null,
    onerror: null,
    terminated: false,
    postMessage: (msg) => setTimeout(() => !w.terminated && jobs.handle(msg), 0),
    terminate: () => {
      w.terminated = true;
    },
  };
  const jobs = new TimeSeqJobs({
    now: () => performance.now(),
    post: (msg: TimeSeqFromWorker) => {
      if (!w.terminated) w.onmessage?.({ data: msg } as MessageEvent<TimeSeqFromWorker>);
    },
  });
  return w;
}
