/**
 * Adapts the generated wasm-bindgen glue (`pkg/losslab_wasm.js`, built by `npm run build:wasm`)
 * to the `SimCore` contract. Used by the worker and by the Node tests (through
 * `../loadCoreForTests`); the page itself never imports it, so the simulator only ever runs inside
 * the worker.
 *
 * The wasm is built from the same commit as the page, so every method is called directly (no
 * feature detection). Summaries carry the simulator's own summary CSV.
 *
 * A worker loads the wasm on its first message (`loadWorkerWasm`): the page's compiled module when
 * that message hands it over (`coreModule`, sent by `../coreWasmUrl.ts` as the page starts the
 * worker), else the `.wasm` file fetched and compiled again.
 */
import * as glue from './pkg/losslab_wasm.js';
import { codeForCore, type AckFields } from './customCode';
import type { RunSummary, SeriesName, SimCore, SweepBatch, TraceEvent, WasmSimHandle } from './wasmTypes';

export { default as initWasm, initSync as initWasmSync } from './pkg/losslab_wasm.js';

/**
 * The page's first message to a worker it starts: the simulator's module as the page compiled it
 * (`pageCore.loadPageCore`). The worker instantiates it instead of fetching and compiling the
 * `.wasm` again, and V8 keeps one copy of its code for the page and all its workers — one tier-up
 * to optimized code, not one per worker.
 */
export interface CoreModuleMessage {
  type: 'coreModule';
  module: WebAssembly.Module;
}

export function isCoreModuleMessage(msg: unknown): msg is CoreModuleMessage {
  return (msg as { type?: unknown } | null)?.type === 'coreModule';
}

/**
 * Loads the worker's wasm when its first message arrives: from the module that message hands over
 * (`coreModule`), else from the `.wasm` file at `url`. `init` is the glue's loader (tests pass a spy).
 */
export function loadWorkerWasm(
  first: unknown,
  url: string,
  init: (arg: { module_or_path: WebAssembly.Module | string }) => Promise<unknown> = glue.default,
): Promise<unknown> {
  return init({ module_or_path: isCoreModuleMessage(first) ? first.module : url });
}

/**
 * `sim` with the scenario's own JavaScript attached where it names "custom" (`customCode.ts`);
 * freed before the error is thrown on when the code does not compile or cannot be attached.
 */
function withCode(sim: glue.WasmSim): glue.WasmSim {
  try {
    const code = sim.codeToAttach() as { classifier?: string; cc?: string } | null;
    if (code) sim.attachCustom(codeForCore(code, glue.ackFields() as AckFields));
  } catch (e) {
    sim.free();
    throw e;
  }
  return sim;
}

function wrap(sim: glue.WasmSim): WasmSimHandle {
  return {
    runUntil: (tMs, maxEvents) => sim.runUntil(tMs, maxEvents),
    nowMs: () => sim.nowMs(),
    stopMs: () => sim.stopMs(),
    eventsDone: () => sim.eventsDone(),
    seriesNames: () => sim.seriesNames() as SeriesName[],
    takePoints: () => sim.takePoints(),
    takeTrace: () => (sim.takeTrace() as TraceEvent[]) ?? [],
    summary: () => sim.summaryWithCsv() as RunSummary,
    attachCustom: (code) => sim.attachCustom(code),
    free: () => sim.free(),
  };
}

function openSweepBatch(json: string): SweepBatch {
  const sweep = new glue.WasmSweep(json);
  // A point whose scenario names "custom" runs the reader's code, compiled anew for each run.
  const fields = glue.ackFields() as AckFields;
  sweep.setCodeCompiler((code: { classifier?: string; cc?: string }) => codeForCore(code, fields));
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
    createSim: (json) => wrap(withCode(new glue.WasmSim(json))),
    ackFields: () => glue.ackFields() as AckFields,
    seriesCsvHeader: () => glue.seriesCsvHeader(),
    seriesCsvRows: (names, points) => glue.seriesCsvRows(names, points),
    seriesExportProblem: (json, untilMs) => glue.seriesExportProblem(json, untilMs),
    openSweepBatch,
  };
}
