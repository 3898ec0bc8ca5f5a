/**
 * The time-sequence worker: a reproduction's `timeseq` plots simulated and drawn off the
 * page's main thread (`timeSeqJobs.ts`). One per figure page, started by `../timeSeqWorker.ts` and
 * terminated when the plots leave the screen. Loads the wasm once, on its first message: the page's
 * compiled module (`coreModule`, `wasmCore.loadWorkerWasm`) when the page sends it, else the `.wasm`
 * file; plots asked while it loads wait for it, in order.
 */
import wasmUrl from './pkg/losslab_wasm_bg.wasm?url';
import { errorMessage } from './runner';
import { TimeSeqJobs, type TimeSeqFromWorker, type TimeSeqToWorker } from './timeSeqJobs';
import { isCoreModuleMessage, loadWorkerWasm, type CoreModuleMessage } from './wasmCore';

/** The parts of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib). */
declare const self: {
  postMessage(msg: TimeSeqFromWorker): void;
  onmessage: ((event: MessageEvent<TimeSeqToWorker | CoreModuleMessage>) => void) | null;
};

const post = (msg: TimeSeqFromWorker) => self.postMessage(msg);

/** The worker's jobs once its wasm has loaded (from `first`: the page's module, or the file). */
function start(first: unknown): Promise<TimeSeqJobs> {
  const jobs = loadWorkerWasm(first, wasmUrl).then(() => new TimeSeqJobs({ post, now: () => performance.now() }));
  jobs.catch((e: unknown) =>
    post({ type: 'timeSeqFatal', message: `the simulator failed to load: ${errorMessage(e)}` }),
  );
  return jobs;
}

let jobs: Promise<TimeSeqJobs> | null = null;

self.onmessage = (event: MessageEvent<TimeSeqToWorker | CoreModuleMessage>) => {
  const msg = event.data;
  jobs ??= start(msg);
  if (isCoreModuleMessage(msg)) return;
  jobs.then(
    (j) => j.handle(msg),
    () => {
      /* already reported as 'timeSeqFatal' */
    },
  );
};
