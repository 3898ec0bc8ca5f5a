/**
 * Adapts the generated wasm-bindgen glue (`pkg/losslab_wasm.js`, built by `npm run build:wasm`)
 * to the `SimCore` contract. Used by the worker and by the Node tests (through
 * `../loadCoreForTests`); the page itself never imports it, so the simulator only ever runs inside
 * the worker.
 *
 * `WasmSim.takeTrace()` is detected at run time: cores built before it existed still load, and
 * the app falls back to series-only charts. Summaries carry the simulator's own summary CSV.
 */
import * as glue from './pkg/losslab_wasm.js';
import type { RunSummary, SeriesName, SimCore, SweepBatch, TraceEvent, WasmSimHandle } from './wasmTypes';

export { default as initWasm, initSync as initWasmSync } from './pkg/losslab_wasm.js';

type MaybeSim = { takeTrace?: () => unknown; eventsDone?: () => number };

function wrap(sim: glue.WasmSim): WasmSimHandle {
  const maybe = sim as unknown as MaybeSim;
  const handle: WasmSimHandle = {
    runUntil: (tMs, maxEvents) => sim.runUntil(tMs, maxEvents),
    nowMs: () => sim.nowMs(),
    stopMs: () => sim.stopMs(),
    seriesNames: () => sim.seriesNames() as SeriesName[],
    takePoints: () => sim.takePoints(),
    summary: () => ({ ...(sim.summary() as RunSummary), csv: sim.summaryCsv() }),
    free: () => sim.free(),
  };
  if (typeof maybe.eventsDone === 'function') handle.eventsDone = () => maybe.eventsDone!.call(sim);
  if (typeof maybe.takeTrace === 'function')
    handle.takeTrace = () => (maybe.takeTrace!.call(sim) as TraceEvent[]) ?? [];
  return handle;
}

function openSweepBatch(json: string): SweepBatch {
  const sweep = new glue.WasmSweep(json);
  return {
    prepare: (point) => sweep.prepare(point),
    runReplication: (point, rep) => sweep.runReplication(point, rep),
    free: () => sweep.free(),
  };
}

export function wasmCore(): SimCore {
  return {
    version: () => glue.version(),
    validate: (json) => Array.from(glue.validate(json) as string[]),
    createSim: (json) => wrap(new glue.WasmSim(json)),
    seriesCsvHeader: () => glue.seriesCsvHeader(),
    seriesCsvRows: (names, points) => glue.seriesCsvRows(names, points),
    seriesExportProblem: (json, untilMs) => glue.seriesExportProblem(json, untilMs),
    openSweepBatch,
  };
}
