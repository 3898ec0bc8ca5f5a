/**
 * Adapts the generated wasm-bindgen glue (`pkg/losslab_wasm.js`, built by `npm run build:wasm`)
 * to the `SimCore` contract. Used by the worker and by the Node tests; the page itself never
 * imports it, so the simulator only ever runs inside the worker.
 */
import * as glue from './pkg/losslab_wasm.js';
import type { RunSummary, SeriesName, SimCore, WasmSimHandle } from './wasmTypes';

export { default as initWasm, initSync as initWasmSync } from './pkg/losslab_wasm.js';

export function wasmCore(): SimCore {
  return {
    version: () => glue.version(),
    validate: (json) => Array.from(glue.validate(json) as string[]),
    createSim: (json): WasmSimHandle => {
      const sim = new glue.WasmSim(json);
      return {
        runUntil: (tMs, maxEvents) => sim.runUntil(tMs, maxEvents),
        nowMs: () => sim.nowMs(),
        stopMs: () => sim.stopMs(),
        seriesNames: () => sim.seriesNames() as SeriesName[],
        takePoints: () => sim.takePoints(),
        summary: () => sim.summary() as RunSummary,
        free: () => sim.free(),
      };
    },
  };
}
