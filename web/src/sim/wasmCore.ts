/**
 * Adapts the generated wasm-bindgen glue (`pkg/losslab_wasm.js`, built by `npm run build:wasm`)
 * to the `SimCore` contract. Used by the worker and by the Node tests; the page itself never
 * imports it, so the simulator only ever runs inside the worker.
 *
 * `catalog()` and `WasmSim.takeTrace()` are detected at run time: cores built before they existed
 * still load, and the app falls back to its built-in catalog and to series-only charts.
 */
import * as glue from './pkg/losslab_wasm.js';
import type { RunSummary, SeriesName, SimCore, TraceEvent, WasmSimHandle } from './wasmTypes';

export { default as initWasm, initSync as initWasmSync } from './pkg/losslab_wasm.js';

type MaybeGlue = { catalog?: () => unknown; studentTQuantile?: (p: number, df: number) => number };
type MaybeSim = { takeTrace?: () => unknown; eventsDone?: () => number };

export function wasmCore(): SimCore {
  const g = glue as unknown as MaybeGlue;
  const core: SimCore = {
    version: () => glue.version(),
    validate: (json) => Array.from(glue.validate(json) as string[]),
    createSim: (json): WasmSimHandle => {
      const sim = new glue.WasmSim(json);
      const maybe = sim as unknown as MaybeSim;
      const handle: WasmSimHandle = {
        runUntil: (tMs, maxEvents) => sim.runUntil(tMs, maxEvents),
        nowMs: () => sim.nowMs(),
        stopMs: () => sim.stopMs(),
        seriesNames: () => sim.seriesNames() as SeriesName[],
        takePoints: () => sim.takePoints(),
        summary: () => sim.summary() as RunSummary,
        free: () => sim.free(),
      };
      if (typeof maybe.eventsDone === 'function') handle.eventsDone = () => maybe.eventsDone!.call(sim);
      if (typeof maybe.takeTrace === 'function') handle.takeTrace = () => (maybe.takeTrace!.call(sim) as TraceEvent[]) ?? [];
      return handle;
    },
  };
  if (typeof g.catalog === 'function') core.catalog = () => g.catalog!();
  if (typeof g.studentTQuantile === 'function') core.studentTQuantile = (p, df) => g.studentTQuantile!(p, df);
  return core;
}
