/**
 * What the request/answer workers share (the packet view's `packetTrace.worker.ts` and the
 * reproductions' `timeSeq.worker.ts`): each loads the wasm once, on its first message (the page's
 * compiled module when the page sends it, else the `.wasm` file), then hands every request to its
 * jobs object, in order; a wasm that fails to load is reported once as the worker's fatal message.
 * And each job answers one request the same way: its result with the wall time it took, or its
 * error — with `trapped` when the wasm instance broke (the job then drops what lived on it, and
 * the page starts a fresh worker). Free of worker globals except in `serveRequests`.
 */
import { errorMessage, isTrap } from './runner';
import { isCoreModuleMessage, loadWorkerWasm, type CoreModuleMessage } from './wasmCore';

/** The answer to one request: its value and wall ms, or why it failed. */
export type JobAnswer<T> =
  { ok: true; value: T; wallMs: number } | { ok: false; message: string; trapped: true | undefined };

/**
 * Runs one request's `work`, timed by `now` (ms). A trap (the wasm instance is broken) calls
 * `onTrap` first, so the jobs object forgets what it held on that instance.
 */
export function answerJob<T>(now: () => number, work: () => T, onTrap: () => void): JobAnswer<T> {
  const start = now();
  try {
    const value = work();
    return { ok: true, value, wallMs: now() - start };
  } catch (e) {
    const trapped = isTrap(e) || undefined;
    if (trapped) onTrap();
    return { ok: false, message: errorMessage(e), trapped };
  }
}

/** The parts of DedicatedWorkerGlobalScope used here (the app compiles against the DOM lib). */
export interface WorkerScope<In, Out> {
  postMessage(msg: Out): void;
  onmessage: ((event: MessageEvent<In | CoreModuleMessage>) => void) | null;
}

/**
 * Makes `scope` (the worker's `self`) serve requests: the wasm at `wasmUrl` loads on the first
 * message, then `makeJobs` builds the jobs object that handles every request; a failed load is
 * posted once as `fatal(message)` and later requests get no answer. `init` loads the wasm (tests
 * pass a stand-in; the glue's loader by default).
 */
export function serveRequests<In, Out>(
  scope: WorkerScope<In, Out>,
  wasmUrl: string,
  makeJobs: (post: (msg: Out) => void) => { handle(msg: In): void },
  fatal: (message: string) => Out,
  init?: Parameters<typeof loadWorkerWasm>[2],
): void {
  const post = (msg: Out) => scope.postMessage(msg);
  let jobs: Promise<{ handle(msg: In): void }> | null = null;
  scope.onmessage = (event) => {
    const msg = event.data;
    if (!jobs) {
      jobs = loadWorkerWasm(msg, wasmUrl, init).then(() => makeJobs(post));
      jobs.catch((e: unknown) => post(fatal(`the simulator failed to load: ${errorMessage(e)}`)));
    }
    if (isCoreModuleMessage(msg)) return;
    jobs.then(
      (j) => j.handle(msg),
      () => {
        /* already reported by `fatal` */
      },
    );
  };
}
