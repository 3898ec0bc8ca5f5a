/**
 * The time-sequence worker (issue 15): a reproduction's `timeseq` plots simulated and drawn off the
 * page's main thread (`timeSeqJobs.ts`). One per figure page, started by `../timeSeqWorker.ts` and
 * terminated when the plots leave the screen. Loads the wasm once; plots asked while it loads wait
 * for it, in order.
 */
import wasmUrl from './pkg/losslab_wasm_bg.wasm?url';
import { errorMessage } from './runner';
import { TimeSeqJobs, type TimeSeqFromWorker, type TimeSeqToWorker } from './timeSeqJobs';
import { initWasm } from './wasmCore';

/** The parts of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib). */
declare const self: {
  postMessage(msg: TimeSeqFromWorker): void;
  onmessage: ((event: MessageEvent<TimeSeqToWorker>) => void) | null;
};

const post = (msg: TimeSeqFromWorker) => self.postMessage(msg);

const jobs: Promise<TimeSeqJobs> = initWasm({ module_or_path: wasmUrl }).then(
  () => new TimeSeqJobs({ post, now: () => performance.now() }),
);

jobs.catch((e: unknown) => post({ type: 'timeSeqFatal', message: `the simulator failed to load: ${errorMessage(e)}` }));

self.onmessage = (event: MessageEvent<TimeSeqToWorker>) => {
  const msg = event.data;
  jobs.then(
    (j) => j.handle(msg),
    () => {
      /* already reported as 'timeSeqFatal' */
    },
  );
};
