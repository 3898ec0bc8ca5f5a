// @losslab/core: the LossLab simulator (sim-core compiled to WebAssembly) as an ES module for Node,
// browsers and Observable notebooks. A thin wrapper over the wasm-bindgen glue the lab itself uses
// (losslab_wasm.js): it loads the wasm once, then runs scenarios and sweeps to the end. Every fact,
// check and CSV comes from the simulator; nothing is computed here.
import initGlue, {
  catalog as coreCatalog,
  checkArgument,
  initSync,
  resolveScenario,
  seriesCsvHeader,
  seriesCsvRows,
  sweepMetrics as coreSweepMetrics,
  validate as coreValidate,
  version as coreVersion,
  WasmSim,
  WasmSweep,
} from './losslab_wasm.js';

export { WasmSim, WasmSweep };

/** Events per slice of a run (keeps each call into wasm short). */
const SLICE_EVENTS = 500_000;

let loading = null;

/**
 * Loads the WebAssembly module (once; later calls return the same promise). Without an argument it
 * reads `losslab_wasm_bg.wasm` beside this file: from disk in Node, with fetch elsewhere. Pass a URL,
 * a Response, the bytes or a compiled `WebAssembly.Module` to load it from somewhere else.
 */
export function init(source) {
  if (!loading) loading = load(source);
  return loading;
}

async function load(source) {
  if (source !== undefined) {
    if (source instanceof WebAssembly.Module || ArrayBuffer.isView(source) || source instanceof ArrayBuffer) {
      initSync({ module: source });
    } else {
      await initGlue({ module_or_path: source });
    }
    return;
  }
  const url = new URL('./losslab_wasm_bg.wasm', import.meta.url);
  if (url.protocol === 'file:') {
    // Node (or Deno) reading the package from disk: fetch() cannot read file: URLs there.
    const fsModule = 'node:fs/promises';
    const { readFile } = await import(/* @vite-ignore */ fsModule);
    initSync({ module: await readFile(url) });
  } else {
    await initGlue({ module_or_path: url });
  }
}

/** What a message calls a value of the wrong type. */
function kindOf(v) {
  if (v === null) return 'null';
  if (Array.isArray(v)) return 'an array';
  return (
    { undefined: 'undefined', number: 'a number', boolean: 'a boolean', bigint: 'a BigInt', function: 'a function' }[
      typeof v
    ] ?? `a ${typeof v}`
  );
}

/** A scenario or sweep as JSON text: an object (not an array) or JSON text, else a TypeError. */
function text(doc, what = 'scenario') {
  if (typeof doc === 'string') return doc;
  if (doc === null || typeof doc !== 'object' || Array.isArray(doc))
    throw new TypeError(`${what}: must be an object or JSON text (got ${kindOf(doc)})`);
  return JSON.stringify(doc);
}

/**
 * The options of `run`, checked by the simulator's own rules (the words of `losslab run --seed`
 * and of the scenario's `seed` field): unknown keys and bad values throw with every problem.
 */
function checkOptions(options) {
  if (options === undefined) return {};
  if (options === null || typeof options !== 'object' || Array.isArray(options))
    throw new TypeError(`options: must be an object (got ${kindOf(options)})`);
  const problems = [];
  for (const key of Object.keys(options)) {
    if (key !== 'seed') problems.push(`options.${key}: unknown option (the options are: seed)`);
    else if (options.seed !== undefined) {
      const p = checkArgument('seed', options.seed);
      if (p) problems.push(p);
    }
  }
  if (problems.length > 0) throw new Error(problems.join('\n'));
  return options;
}

/** The simulator's version (sim-core). */
export async function version() {
  await init();
  return coreVersion();
}

/** Every variant, classifier, queue, error model, profile and TCP option with its knobs. */
export async function catalog() {
  await init();
  return coreCatalog();
}

/** The sweep metric ids (per flow, then per run). */
export async function sweepMetrics() {
  await init();
  return coreSweepMetrics();
}

/** Every problem of a scenario (object or JSON text) as `"<path>: <message>"`; empty when valid. */
export async function validate(scenario) {
  await init();
  return coreValidate(text(scenario));
}

/**
 * Runs a scenario (object or JSON text) to the end. `options.seed` replaces the scenario's seed.
 * Throws an Error whose message lists every problem, one per line, when the scenario or an option
 * is invalid (a seed of NaN, Infinity, −1, 1.5 or "7" included: nothing is quietly replaced).
 */
export async function run(scenario, options) {
  await init();
  const opts = checkOptions(options);
  let doc = typeof scenario === 'string' ? JSON.parse(scenario) : JSON.parse(text(scenario));
  if (opts.seed !== undefined) doc = { ...doc, seed: opts.seed };
  const json = JSON.stringify(doc);
  const sim = new WasmSim(json);
  try {
    const resolved = resolveScenario(json);
    const names = sim.seriesNames();
    const chunks = [];
    let done = false;
    while (!done) {
      done = sim.runUntil(sim.stopMs(), SLICE_EVENTS);
      chunks.push(sim.takePoints());
    }
    const points = concat(chunks);
    const series = names.map((n) => ({ entity: n.entity, metric: n.metric, t_ms: [], value: [] }));
    for (let i = 0; i + 2 < points.length; i += 3) {
      const s = series[points[i]];
      s.t_ms.push(points[i + 1]);
      s.value.push(points[i + 2]);
    }
    const summary = sim.summary();
    const summaryCsv = sim.summaryCsv();
    return {
      scenario: resolved,
      events: sim.eventsDone(),
      summary,
      summaryCsv,
      series,
      /** The series file exactly as `losslab run --series` writes it. */
      seriesCsv: () => seriesCsvHeader() + seriesCsvRows(names, points),
    };
  } finally {
    sim.free();
  }
}

function concat(chunks) {
  const out = new Float64Array(chunks.reduce((n, c) => n + c.length, 0));
  let at = 0;
  for (const c of chunks) {
    out.set(c, at);
    at += c.length;
  }
  return out;
}

/**
 * Runs a sweep (object or JSON text; `base` must be a scenario object, not a preset id): every
 * point, every replication. Returns the plan, each point's statistics and the CSV `losslab sweep`
 * writes for the same file.
 */
export async function sweep(spec) {
  await init();
  const sw = new WasmSweep(text(spec, 'sweep'));
  try {
    const plan = sw.plan();
    let csv = sw.csvHeader();
    const points = [];
    for (const point of plan.points) {
      const samples = [];
      for (let rep = 0; rep < plan.replications; rep += 1) {
        const sim = sw.replication(point.index, rep);
        try {
          while (!sim.runUntil(sim.stopMs(), SLICE_EVENTS));
          samples.push(sw.measure(point.index, sim));
        } finally {
          sim.free();
        }
      }
      csv += sw.pointCsv(point.index, samples);
      points.push({ index: point.index, values: point.values, stats: sw.aggregate(point.index, samples) });
    }
    return { plan, points, csv };
  } finally {
    sw.free();
  }
}
