// BBR's phases in LossLab and ns-3, step by step (docs/bbr-phases.md): one crosscheck scenario
// with a BBR flow run on both sides, each side's mode and pacing-gain changes traced (LossLab:
// sim-core/examples/bbr_phases.rs; ns-3: the harness's --events `bbr` rows) and summarised: when
// Startup and Drain end, the ProbeBW gain cycle (its gains in order, each phase's length beside
// RTprop), ProbeRTT (when it starts, how long it lasts), for the BBR v1 draft's rules.
//
//   node sim-core/crosscheck/bbr-phases.mjs <scenario id> [--seed 1]
//
// Needs the harness and the release build `npm run crosscheck` makes, and the example:
// cargo build --release -p sim-core --example bbr_phases.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { harnessBin } from './build.mjs';
import { harnessArgs } from './mapping.mjs';

const root = new URL('../../', import.meta.url).pathname;
const example = join(root, 'target', 'release', 'examples', 'bbr_phases');
const NS3_MODES = ['startup', 'drain', 'probe_bw', 'probe_rtt'];

const id = process.argv[2];
if (!id || id.startsWith('--')) {
  console.error('usage: node sim-core/crosscheck/bbr-phases.mjs <scenario id> [--seed N]');
  process.exit(2);
}
const i = process.argv.indexOf('--seed');
const seed = i > 0 ? Number(process.argv[i + 1]) : 1;
const file = join(root, 'content', 'crosscheck', 'scenarios', `${id}.json`);
const scenario = JSON.parse(readFileSync(file, 'utf8'));
const bbrFlow = scenario.flows.findIndex((f) => f.tcp.cc === 'bbr');
if (bbrFlow < 0) throw new Error(`${id}: no BBR flow`);

/** [{t, mode, gain}] of the first connection of the BBR flow group, on each side. */
function lossLab() {
  const csv = execFileSync(example, [file, String(seed)], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(1);
  const first = scenario.flows[bbrFlow].id;
  return csv
    .map((l) => l.split(','))
    .filter((c) => c[1] === first || c[1] === `${first}.0`)
    .map((c) => ({ t: Number(c[0]), mode: c[2], gain: Number(c[3]) }));
}
function ns3() {
  const tmp = mkdtempSync(join(tmpdir(), 'losslab-bbr-'));
  try {
    const events = join(tmp, 'events.csv');
    execFileSync(harnessBin, [...harnessArgs(scenario), `--run=${seed}`, `--events=${events}`], {
      stdio: ['ignore', 'ignore', 'ignore'],
    });
    // ns-3 numbers its flows in scenario order: the BBR group's first connection.
    const index = scenario.flows.slice(0, bbrFlow).reduce((n, f) => n + (f.count ?? 1), 0);
    return readFileSync(events, 'utf8')
      .trim()
      .split('\n')
      .slice(1)
      .map((l) => l.split(','))
      .filter((c) => c[2] === 'bbr' && Number(c[1]) === index)
      .map((c) => ({ t: Number(c[0]), mode: NS3_MODES[Number(c[3])], gain: Number(c[4]) }))
      .filter((r, k, all) => k === 0 || r.mode !== all[k - 1].mode || r.gain !== all[k - 1].gain);
  } finally {
    rmSync(tmp, { recursive: true, force: true });
  }
}

/** The summary the BBR v1 draft's rules are checked on; times from the connection's start. */
function summary(rows) {
  const start = scenario.flows[bbrFlow].start_s ?? 0;
  // Startup ends at the first row in another mode; Drain may end on the same ACK it began.
  const left = rows.find((r) => r.mode !== 'startup');
  const toProbeBw = rows.find((r) => r.mode === 'probe_bw');
  const drain = rows.find((r) => r.mode === 'drain');
  const probeBw = rows.filter((r) => r.mode === 'probe_bw');
  // Each ProbeBW phase's length: from its row to the next row.
  const lengths = { 1.25: [], 0.75: [], 1: [] };
  rows.forEach((r, k) => {
    const next = rows[k + 1];
    if (r.mode === 'probe_bw' && next && String(r.gain) in lengths) lengths[r.gain].push(next.t - r.t);
  });
  const mean = (x) => (x.length ? x.reduce((a, b) => a + b, 0) / x.length : NaN);
  const order = probeBw.slice(0, 9).map((r) => r.gain);
  const probeRtt = rows
    .map((r, k) => ({ r, next: rows[k + 1] }))
    .filter(({ r }) => r.mode === 'probe_rtt')
    .map(({ r, next }) => ({ t: r.t, lasts: next ? next.t - r.t : NaN }));
  return {
    startupEnds: (left?.t ?? NaN) - start,
    drainLasts: drain ? (toProbeBw?.t ?? NaN) - drain.t : 0,
    gainOrder: order,
    probeUpMs: mean(lengths[1.25]) * 1000,
    probeDownMs: mean(lengths[0.75]) * 1000,
    cruiseMs: mean(lengths[1]) * 1000,
    probeRtt,
  };
}

const ms = (x) => (Number.isFinite(x) ? `${(x * 1000).toFixed(0)} ms` : '—');
const sides = [
  ['LossLab', summary(lossLab())],
  ['ns-3.44', summary(ns3())],
];
console.log(`${id}, seed ${seed}: the first BBR connection's phases`);
console.log('');
console.log('| | LossLab | ns-3.44 |');
console.log('|---|---|---|');
const row = (label, f) => console.log(`| ${label} | ${sides.map(([, s]) => f(s)).join(' | ')} |`);
row('Startup ends (from the connection’s start)', (s) => ms(s.startupEnds));
row('Drain lasts (0: it ended on the ACK that began it)', (s) => ms(s.drainLasts));
row('ProbeBW gains, first nine phases', (s) => s.gainOrder.join(', '));
row(
  'ProbeBW phase at gain 1.25 / 0.75 / 1, mean',
  (s) =>
    [s.probeUpMs, s.probeDownMs, s.cruiseMs].map((x) => (Number.isFinite(x) ? x.toFixed(0) : '—')).join(' / ') + ' ms',
);
row('ProbeRTT starts at', (s) => s.probeRtt.map((p) => `${p.t.toFixed(2)} s`).join(', ') || 'never');
row('ProbeRTT lasts', (s) => s.probeRtt.map((p) => ms(p.lasts)).join(', ') || '—');
