/**
 * The packet view's worker ("Watch the packets"): the lab's scenario re-run with the simulator's
 * path trace on, answered one time window at a time (`packetTraceJobs.ts`), off the page's main
 * thread. Started by `../packetTrace.ts` when a packet view opens, terminated when it goes. Loads
 * the wasm once, on its first message (the page's compiled module when the page sends it).
 */
import wasmUrl from './pkg/losslab_wasm_bg.wasm?url';
import { errorMessage } from './runner';
import { PacketTraceJobs, type PacketTraceFromWorker, type PacketTraceToWorker } from './packetTraceJobs';
import { isCoreModuleMessage, loadWorkerWasm, type CoreModuleMessage } from './wasmCore';

/** The parts of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib). */
declare const self: {
  postMessage(msg: PacketTraceFromWorker): void;
  onmessage: ((event: MessageEvent<PacketTraceToWorker | CoreModuleMessage>) => void) | null;
};

const post = (msg: PacketTraceFromWorker) => self.postMessage(msg);

function start(first: unknown): Promise<PacketTraceJobs> {
  const jobs = loadWorkerWasm(first, wasmUrl).then(() => new PacketTraceJobs({ post, now: () => performance.now() }));
  jobs.catch((e: unknown) => post({ type: 'pathFatal', message: `the simulator failed to load: ${errorMessage(e)}` }));
  return jobs;
}

let jobs: Promise<PacketTraceJobs> | null = null;

self.onmessage = (event: MessageEvent<PacketTraceToWorker | CoreModuleMessage>) => {
  const msg = event.data;
  jobs ??= start(msg);
  if (isCoreModuleMessage(msg)) return;
  jobs.then(
    (j) => j.handle(msg),
    () => {
      /* already reported as 'pathFatal' */
    },
  );
};
