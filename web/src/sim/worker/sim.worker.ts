/**
 * The simulation worker: loads the wasm once, on its first message (the page's compiled module,
 * `coreModule`, when the page sends it: `wasmCore.loadWorkerWasm`), says `hello` (core version),
 * takes away what it no longer needs (`lockDown`: network, storage, script loading — the reader's
 * own code runs here), then hands the sweep pool's messages to `SweepJobs` and every other message
 * to a `SimRunner`.
 * Messages that arrive while the wasm is still loading wait for it, in order.
 */
import wasmUrl from './pkg/losslab_wasm_bg.wasm?url';
import { isSweepMessage, PROTOCOL_VERSION, type FromWorker, type ToWorker } from '../protocol';
import { lockDown } from './lockDown';
import { errorMessage, SimRunner } from './runner';
import { SweepJobs } from './sweepJobs';
import { isCoreModuleMessage, loadWorkerWasm, wasmCore, type CoreModuleMessage } from './wasmCore';

/** The parts of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib). */
declare const self: {
  postMessage(msg: FromWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker | CoreModuleMessage>) => void) | null;
};

function post(msg: FromWorker, transfer: Transferable[]): void {
  self.postMessage(msg, transfer);
}

let sweepJobs: SweepJobs | null = null;

/** The worker's runner once its wasm has loaded (from `first`: the page's module, or the file). */
function start(first: unknown): Promise<SimRunner> {
  const runner = loadWorkerWasm(first, wasmUrl).then(() => {
    // Loaded: from here on the worker needs no network or storage, and the reader's code runs here.
    const left = lockDown(self);
    if (left.length > 0) console.warn(`the simulation worker could not take away: ${left.join(', ')}`);
    const core = wasmCore();
    post({ type: 'hello', coreVersion: core.version(), protocol: PROTOCOL_VERSION }, []);
    sweepJobs = new SweepJobs(core, {
      post,
      now: () => performance.now(),
      defer: (fn, delayMs) => {
        setTimeout(fn, delayMs);
      },
    });
    return new SimRunner(core, {
      post,
      now: () => performance.now(),
      defer: (fn, delayMs) => {
        setTimeout(fn, delayMs);
      },
    });
  });
  runner.catch((e: unknown) =>
    post({ type: 'fatal', message: `the simulator failed to load: ${errorMessage(e)}` }, []),
  );
  return runner;
}

let runner: Promise<SimRunner> | null = null;

self.onmessage = (event: MessageEvent<ToWorker | CoreModuleMessage>) => {
  const msg = event.data;
  runner ??= start(msg);
  if (isCoreModuleMessage(msg)) return;
  runner.then(
    (r) => (isSweepMessage(msg) ? sweepJobs?.handle(msg) : r.handle(msg)),
    () => {
      /* already reported as 'fatal' */
    },
  );
};
