/**
 * The simulator's wasm for the page and the workers it starts: the `.wasm` file's
 * address (generated into `worker/pkg/`), for `loadPageCore` in `main.tsx`, and `withCoreModule`,
 * which hands a new worker the module the page has already compiled, as its first message — the
 * worker instantiates it (`worker/wasmCore.ts` `loadWorkerWasm`) instead of fetching and compiling
 * the file again, and V8 shares one copy of the code, optimized once, between the page and its
 * workers.
 */
import { pageCoreModule } from './pageCore';
import type { CoreModuleMessage } from './worker/wasmCore';

export { default as coreWasmUrl } from './worker/pkg/losslab_wasm_bg.wasm?url';

/** Sends `w` the page's compiled module (when the page has loaded it) and returns `w`. */
export function withCoreModule<W extends { postMessage(msg: CoreModuleMessage): void }>(
  w: W,
  module: WebAssembly.Module | null = pageCoreModule(),
): W {
  if (module) w.postMessage({ type: 'coreModule', module });
  return w;
}
