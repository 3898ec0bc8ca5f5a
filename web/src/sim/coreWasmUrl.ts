/**
 * The address of the simulator's `.wasm` file (generated into `worker/pkg/`), for `loadPageCore`
 * in `main.tsx`: the page loads the same module the worker runs.
 */
export { default as coreWasmUrl } from './worker/pkg/losslab_wasm_bg.wasm?url';
