/**
 * The simulation worker: loads the wasm once, says `hello` (core version), then hands
 * the sweep pool's messages to `SweepJobs` and every other message to a `SimRunner`.
 * Messages that arrive while the wasm is still loading wait for it, in order.
 */
import wasmUrl from './pkg/losslab_wasm_bg.wasm?url';
import { isSweepMessage, PROTOCOL_VERSION, type FromWorker, type ToWorker } from '../protocol';
import { errorMessage, SimRunner } from './runner';
import { SweepJobs } from './sweepJobs';
import { initWasm, wasmCore } from './wasmCore';

/** The parts of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib). */
declare const self: {
  postMessage(msg: FromWorker, transfer: Transferable[]): void;
  onmessage: ((event: MessageEvent<ToWorker>) => void) | null;
};

function post(msg: FromWorker, transfer: Transferable[]): void {
  self.postMessage(msg, transfer);
}

let sweepJobs: SweepJobs | null = null;

const runner: Promise<SimRunner> = initWasm({ module_or_path: wasmUrl }).then(() => {
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

runner.catch((e: unknown) => post({ type: 'fatal', message: `the simulator failed to load: ${errorMessage(e)}` }, []));

self.onmessage = (event: MessageEvent<ToWorker>) => {
  const msg = event.data;
  runner.then(
    (r) => (isSweepMessage(msg) ? sweepJobs?.handle(msg) : r.handle(msg)),
    () => {
      /* already reported as 'fatal' */
    },
  );
};
