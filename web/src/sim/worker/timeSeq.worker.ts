/**
 * The time-sequence worker: a reproduction's `timeseq` plots simulated and drawn off the
 * page's main thread (`timeSeqJobs.ts`). One per figure page, started by `../timeSeqWorker.ts` and
 * terminated when the plots leave the screen. Loads the wasm once, on its first message
 * (`requestWorker.ts`); plots asked while it loads wait for it, in order.
 */
import wasmUrl from './pkg/losslab_wasm_bg.wasm?url';
import { TimeSeqJobs, type TimeSeqFromWorker, type TimeSeqToWorker } from './timeSeqJobs';
import { serveRequests, type WorkerScope } from './requestWorker';

serveRequests<TimeSeqToWorker, TimeSeqFromWorker>(
  self as unknown as WorkerScope<TimeSeqToWorker, TimeSeqFromWorker>,
  wasmUrl,
  (post) => new TimeSeqJobs({ post, now: () => performance.now() }),
  (message) => ({ type: 'timeSeqFatal', message }),
);
