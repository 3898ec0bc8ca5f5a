// `npm run crosscheck`: a differential check of LossLab against ns-3.44 on the scenario grid in
// content/crosscheck/ (grid.json lists the scenarios and their explanations). Writes
// content/crosscheck/results.json (raw numbers, read by sim-core/tests/crosscheck.rs), its extract
// for the lab, content/crosscheck/sharing.json (the mixed rows' shares and notes), and
// docs/fidelity.md. Never part of `npm test`: it takes minutes.
//
//   npm run crosscheck [-- --seeds 10] [--jobs 2] [--only id1,id2] [--no-write]
//   npm run crosscheck -- --only id1,id2 --merge   (measure those rows and put them into
//                                                   results.json and the doc, keeping the others)
//   npm run crosscheck -- --render    (rewrite docs/fidelity.md from results.json and grid.json,
//                                      e.g. after editing an explanation; runs nothing)
//
// Installs only what is missing: ns-3's C++ headers and libraries from its PyPI wheel into
// .tools/ns3-venv, the release `losslab`, and our harness (sim-core/crosscheck/ns3/harness.cc,
// recompiled when its source or flags change; sim-core/crosscheck/build.mjs, shared with bench-ns3.mjs;
// see sim-core/crosscheck/README.md).
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, must, repoRoot } from './setup.mjs';
import { NS3_VERSION, ensureHarness, ensureNs3, harnessBin } from '../../sim-core/crosscheck/build.mjs';
import { flowGroups, harnessArgs } from '../../sim-core/crosscheck/mapping.mjs';
import { jain, mean95, renderFidelity, secondShare, sharingDoc } from '../../sim-core/crosscheck/report.mjs';

const losslab = join(repoRoot, 'target', 'release', 'losslab');
const gridDir = join(repoRoot, 'content', 'crosscheck');
const MIXED_METRIC =
  "the second flow group's share of the scenario's goodput (Σ goodput of group b / Σ goodput of all flows) and Jain's index over every flow's goodput, (Σx)² / (n·Σx²)";

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

/** Runs `cmd args`, resolving its stdout (rejects on a non-zero exit). */
function output(cmd, args) {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (err += d));
    child.on('error', reject);
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new Error(`${cmd} ${args.join(' ')} exited ${code}: ${err}`)),
    );
  });
}

/** Runs the thunks `jobs` at a time, keeping their order. */
async function pool(thunks, jobs) {
  const results = new Array(thunks.length);
  let next = 0;
  const worker = async () => {
    while (next < thunks.length) {
      const i = next++;
      results[i] = await thunks[i]();
    }
  };
  await Promise.all(Array.from({ length: Math.min(jobs, thunks.length) }, worker));
  return results;
}

/** Sum over flows of one run's per-flow counters. */
function total(flows, key) {
  return flows.reduce((s, f) => s + f[key], 0);
}

/** One simulator's side of a row; `groups` (flow i → its group) adds the mixed-variant metrics. */
function side(runs, groups) {
  const pick = (key) => mean95(runs.map((r) => total(r.flows, key)));
  const goodputs = (r) => r.flows.map((f) => f.goodput_kbps);
  const mixed = groups
    ? {
        share: mean95(runs.map((r) => secondShare(goodputs(r), groups))),
        jain: mean95(runs.map((r) => jain(goodputs(r)))),
      }
    : {};
  return {
    ...mixed,
    goodput_kbps: pick('goodput_kbps'),
    retransmissions: pick('retransmissions'),
    fast_recoveries: pick('fast_recoveries'),
    timeouts: pick('timeouts'),
    runs: runs.map((r) => ({ seed: r.seed, goodput_kbps: r.flows.map((f) => round(f.goodput_kbps, 3)) })),
  };
}

function round(x, d) {
  const k = 10 ** d;
  return Math.round(x * k) / k;
}

// --- main -----------------------------------------------------------------------------------

/** Writes results.json and the lab's extract of it, sharing.json. */
function writeResults(doc) {
  writeFileSync(join(gridDir, 'results.json'), JSON.stringify(doc, null, 2) + '\n');
  writeFileSync(join(gridDir, 'sharing.json'), JSON.stringify(sharingDoc(doc), null, 2) + '\n');
}

/**
 * `scenario` without the knobs grid.json's `ns3_settings` lists for each variant (LossLab's
 * defaults), or null when it sets none of them.
 */
function withoutNs3Settings(scenario, settings = {}) {
  const out = structuredClone(scenario);
  let changed = false;
  for (const f of out.flows) {
    const known = settings[f.tcp.cc];
    const params = f.tcp.cc_params;
    if (!known || typeof known !== 'object' || !params) continue;
    for (const k of Object.keys(known)) {
      if (k in params) {
        delete params[k];
        changed = true;
      }
    }
    if (Object.keys(params).length === 0) delete f.tcp.cc_params;
  }
  return changed ? out : null;
}

/**
 * What grid.json writes by hand for a row: its `explanation` (docs/fidelity.md), and for a mixed
 * row whose share departs from ns-3's, the `lab_note` the lab shows when those variants share a
 * link (web/src/scenario/sharingNotes.ts).
 */
function authored(grid, id) {
  const e = grid.scenarios.find((x) => x.id === id);
  return { explanation: e?.explanation ?? '', ...(e?.lab_note ? { lab_note: e.lab_note } : {}) };
}

if (process.argv.includes('--render')) {
  const grid = JSON.parse(readFileSync(join(gridDir, 'grid.json'), 'utf8'));
  const doc = JSON.parse(readFileSync(join(gridDir, 'results.json'), 'utf8'));
  doc.scenarios = doc.scenarios.map(({ lab_note: _old, ...s }) => ({ ...s, ...authored(grid, s.id) }));
  doc.tolerance = grid.tolerance;
  doc.regression = grid.regression;
  doc.mixed_tolerance = grid.mixed_tolerance;
  doc.ns3_settings = grid.ns3_settings;
  doc.mixed_metric ??= MIXED_METRIC;
  writeResults(doc);
  writeFileSync(join(repoRoot, 'docs', 'fidelity.md'), renderFidelity(doc, grid));
  log('rewrote docs/fidelity.md from content/crosscheck/results.json');
  process.exit(0);
}

const t0 = Date.now();
const seeds = Number(arg('seeds', '10'));
const jobs = Number(arg('jobs', '2'));
const only = arg('only', '').split(',').filter(Boolean);
const grid = JSON.parse(readFileSync(join(gridDir, 'grid.json'), 'utf8'));
const entries = grid.scenarios.filter((e) => only.length === 0 || only.includes(e.id));

const prefix = await ensureNs3();
await ensureHarness(prefix);
log('building the release losslab (cargo)…');
await must('cargo', ['build', '--release', '-q', '-p', 'sim-core']);

const tmp = mkdtempSync(join(tmpdir(), 'losslab-crosscheck-'));
const results = [];
try {
  for (const e of entries) {
    const scenario = JSON.parse(readFileSync(join(gridDir, 'scenarios', `${e.id}.json`), 'utf8'));
    const base = harnessArgs(scenario);
    const seedList = Array.from({ length: seeds }, (_, i) => i + 1);
    const ns3Runs = await pool(
      seedList.map((seed) => async () => {
        const out = await output(harnessBin, [...base, `--run=${seed}`]);
        return { seed, flows: JSON.parse(out).flows };
      }),
      jobs,
    );
    const lossLabRuns = (sc, tag) =>
      pool(
        seedList.map((seed) => async () => {
          const file = join(tmp, `${e.id}-${tag}-${seed}.json`);
          writeFileSync(file, JSON.stringify({ ...sc, seed }));
          const s = JSON.parse(await output(losslab, ['run', file, '--json']));
          return {
            seed,
            flows: s.flows.map((f) => ({
              goodput_kbps: f.goodput_kbps,
              retransmissions: f.retransmissions,
              fast_recoveries: f.fast_retransmits,
              timeouts: f.timeouts,
            })),
          };
        }),
        jobs,
      );
    const llRuns = await lossLabRuns(scenario, 'ns3-settings');
    const groups = scenario.flows.length > 1 ? flowGroups(scenario) : null;
    const ns3 = side(ns3Runs, groups);
    const lossLab = side(llRuns, groups);
    // A mixed row whose scenario sets ns-3-only knobs is run again with LossLab's defaults: what
    // the lab runs, and what its sharing note reports.
    const defaults = withoutNs3Settings(scenario, grid.ns3_settings);
    const lossLabDefault = groups && defaults ? side(await lossLabRuns(defaults, 'defaults'), groups) : null;
    const deviation = (lossLab.goodput_kbps.mean - ns3.goodput_kbps.mean) / ns3.goodput_kbps.mean;
    const row = { id: e.id, title: scenario.title, ns3, losslab: lossLab, deviation: round(deviation, 4), seeds };
    if (groups) {
      row.variants = scenario.flows.map((g) => g.tcp.cc);
      row.share_difference = round(lossLab.share.mean - ns3.share.mean, 4);
    }
    if (lossLabDefault) {
      row.losslab_default = lossLabDefault;
      row.default_share_difference = round(lossLabDefault.share.mean - ns3.share.mean, 4);
    }
    results.push(row);
    log(
      `${e.id}: ns-3 ${ns3.goodput_kbps.mean.toFixed(0)} ± ${ns3.goodput_kbps.ci.toFixed(0)} kbit/s, ` +
        `LossLab ${lossLab.goodput_kbps.mean.toFixed(0)} ± ${lossLab.goodput_kbps.ci.toFixed(0)} kbit/s ` +
        `(${(deviation * 100).toFixed(1)} %)` +
        (groups
          ? `; second variant's share ns-3 ${ns3.share.mean.toFixed(3)} ± ${ns3.share.ci.toFixed(3)}, ` +
            `LossLab ${lossLab.share.mean.toFixed(3)} ± ${lossLab.share.ci.toFixed(3)}; ` +
            `Jain ${ns3.jain.mean.toFixed(3)} / ${lossLab.jain.mean.toFixed(3)}`
          : '') +
        (lossLabDefault
          ? `; with LossLab's defaults ${lossLabDefault.share.mean.toFixed(3)} ± ${lossLabDefault.share.ci.toFixed(3)}`
          : ''),
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const wallS = (Date.now() - t0) / 1000;
const commit = spawnSync('git', ['rev-parse', 'HEAD'], { cwd: repoRoot, encoding: 'utf8' }).stdout.trim();
const dirty =
  spawnSync('git', ['status', '--porcelain', '--', 'sim-model/src', 'sim-core/src'], {
    cwd: repoRoot,
    encoding: 'utf8',
  }).stdout.trim() !== '';
const doc = {
  generated: new Date().toISOString().slice(0, 10),
  commit: dirty ? `${commit} (simulator sources modified)` : commit,
  ns3: NS3_VERSION,
  seeds,
  wall_s: round(wallS, 1),
  metric:
    "aggregate goodput of the scenario's flows, kbit/s (bytes delivered in order to the application × 8 / duration)",
  mixed_metric: MIXED_METRIC,
  tolerance: grid.tolerance,
  regression: grid.regression,
  mixed_tolerance: grid.mixed_tolerance,
  ns3_settings: grid.ns3_settings,
  scenarios: results.map((r) => ({ ...r, ...authored(grid, r.id) })),
};
if (process.argv.includes('--merge') && !process.argv.includes('--no-write')) {
  // Only some rows were measured: put them into the recorded results (grid order), keep the rest
  // and the header of the last full run; each row carries its own seed count and measurement.
  const old = JSON.parse(readFileSync(join(gridDir, 'results.json'), 'utf8'));
  const fresh = new Map(doc.scenarios.map((s) => [s.id, { ...s, measured: `${doc.generated} at ${doc.commit}` }]));
  const rows = new Map(old.scenarios.map((s) => [s.id, s]));
  for (const [id, s] of fresh) rows.set(id, s);
  const merged = {
    ...old,
    mixed_metric: doc.mixed_metric,
    tolerance: grid.tolerance,
    regression: grid.regression,
    mixed_tolerance: grid.mixed_tolerance,
    ns3_settings: grid.ns3_settings,
    mixed_run: doc.scenarios.some((s) => s.variants)
      ? { generated: doc.generated, commit: doc.commit, seeds, wall_s: doc.wall_s, rows: doc.scenarios.length }
      : old.mixed_run,
    scenarios: grid.scenarios
      .filter((e) => rows.has(e.id))
      .map((e) => {
        const { lab_note: _old, ...row } = rows.get(e.id);
        return { ...row, ...authored(grid, e.id) };
      }),
  };
  writeResults(merged);
  writeFileSync(join(repoRoot, 'docs', 'fidelity.md'), renderFidelity(merged, grid));
  log(`merged ${fresh.size} rows into content/crosscheck/results.json and docs/fidelity.md in ${wallS.toFixed(0)} s`);
} else if (process.argv.includes('--no-write') || only.length > 0) {
  log(`done in ${wallS.toFixed(0)} s (nothing written: --no-write or --only)`);
} else {
  writeResults(doc);
  mkdirSync(join(repoRoot, 'docs'), { recursive: true });
  writeFileSync(join(repoRoot, 'docs', 'fidelity.md'), renderFidelity(doc, grid));
  log(`wrote content/crosscheck/results.json and docs/fidelity.md in ${wallS.toFixed(0)} s`);
}
