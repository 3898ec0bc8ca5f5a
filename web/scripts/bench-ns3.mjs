// `npm run bench:ns3`: the ratio to ns-3 on the benchmark workloads W1–W4 ("Scaling
// profile"; docs/performance.md "ns-3 ratio"). Never part of `npm test`: it is measured, not
// asserted, and takes minutes.
//
//   npm run bench:ns3 [-- --quick] [--only w1,w3]
//
// The runs come from the simulator: `losslab bench --scenarios DIR` writes each workload's
// scenarios (seeds included, profile values written out; sim-core/src/bench.rs), and
// sim-core/crosscheck/mapping.mjs maps each to the ns-3.44 harness (sim-core/crosscheck/ns3/
// harness.cc, installed and compiled by sim-core/crosscheck/build.mjs as for the crosscheck).
// W1/W2's finite 1 MB transfers map to the harness's `--maxBytes` (BulkSend MaxBytes, the run
// stopping when every sink has the bytes). A run the mapping refuses makes its workload's row say
// why instead of showing a number.
//
// Timing, both sides one process at a time on one core each, as `losslab bench` runs:
// - ns-3: the harness's `--timing` line, the wall time of Simulator::Run() alone (steady clock),
//   summed over the workload's runs; the process wall (spawn, ns-3's library loading, topology
//   set-up, Run, teardown) is reported beside it.
// - LossLab: `losslab bench --json --only wN`'s `wall_ms` (in-process, the runs alone); the
//   process wall of that command beside it.
// The ratio is ns-3 Run() time / LossLab in-process time (> 1: LossLab is faster); W1/W2 end when
// their transfers are done, which takes different simulated times on the two sides, so the ratio
// of wall time per simulated second is shown as well. The machine is
// often shared, so the CPU time (user + sys) of both processes is reported too (GNU time, when
// /usr/bin/time exists), with its own ratio, and the load average at start and end.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { log, must, repoRoot } from './setup.mjs';
import { ensureHarness, ensureNs3, harnessBin, NS3_VERSION } from '../../sim-core/crosscheck/build.mjs';
import { harnessArgs } from '../../sim-core/crosscheck/mapping.mjs';

const losslab = join(repoRoot, 'target', 'release', 'losslab');
const quick = process.argv.includes('--quick');
const onlyAt = process.argv.indexOf('--only');
const only = onlyAt > 0 ? ['--only', process.argv[onlyAt + 1]] : [];
const q = quick ? ['--quick'] : [];

const gnuTime = existsSync('/usr/bin/time') ? '/usr/bin/time' : null;
let cpuFile = null;

/**
 * Runs `cmd args` to completion; returns stdout, stderr, the process wall and (with GNU time)
 * the process CPU time (user + sys), in seconds (cpu NaN without GNU time).
 */
function timed(cmd, args) {
  const [c, a] = gnuTime ? [gnuTime, ['-f', '%U %S', '-o', cpuFile, cmd, ...args]] : [cmd, args];
  const t0 = performance.now();
  const r = spawnSync(c, a, { cwd: repoRoot, encoding: 'utf8', maxBuffer: 1 << 28 });
  const wall = (performance.now() - t0) / 1000;
  if (r.status !== 0) throw new Error(`${cmd} ${args.join(' ')} exited ${r.status}: ${r.stderr}`);
  const cpu = gnuTime
    ? readFileSync(cpuFile, 'utf8')
        .trim()
        .split('\n')
        .pop()
        .split(' ')
        .reduce((s, x) => s + Number(x), 0)
    : NaN;
  return { out: r.stdout, err: r.stderr, wall, cpu };
}

const load = () =>
  loadavg()
    .map((x) => x.toFixed(2))
    .join(' ');

const prefix = await ensureNs3();
await ensureHarness(prefix);
log('building the release losslab (cargo)…');
await must('cargo', ['build', '--release', '-q', '-p', 'sim-core', '--bin', 'losslab']);

const tmp = mkdtempSync(join(tmpdir(), 'losslab-bench-ns3-'));
const scenDir = join(tmp, 'scenarios');
cpuFile = join(tmp, 'cpu.txt');
const rows = [];
const loadStart = load();
try {
  timed(losslab, ['bench', '--scenarios', scenDir, ...q, ...only]);
  const ids = readdirSync(scenDir)
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -5))
    .sort();
  for (const id of ids) {
    const doc = JSON.parse(readFileSync(join(scenDir, `${id}.json`), 'utf8'));
    const row = { id, title: doc.title, runs: doc.runs.length };
    // ns-3: every run, one after the other.
    let mapped;
    try {
      mapped = doc.runs.map((sc) => [...harnessArgs(sc, { finite: true, anyFraming: true }), `--run=${sc.seed}`]);
    } catch (e) {
      row.refused = e.message;
    }
    if (mapped) {
      const ns3 = { run_s: 0, run_cpu_s: 0, process_s: 0, cpu_s: 0, simulated_s: 0, events: 0 };
      for (const args of mapped) {
        const r = timed(harnessBin, [...args, '--timing']);
        const t = JSON.parse(r.err.trim().split('\n').pop());
        ns3.run_s += t.run_wall_s;
        ns3.run_cpu_s += t.run_cpu_s;
        ns3.cpu_s += r.cpu;
        ns3.simulated_s += t.simulated_s;
        ns3.events += t.events;
        ns3.process_s += r.wall;
      }
      row.ns3 = ns3;
      log(`${id}: ns-3 ${ns3.run_s.toFixed(2)} s in Run() (${ns3.process_s.toFixed(2)} s process), load ${load()}`);
    }
    // LossLab: the same runs, as `losslab bench` times them.
    const r = timed(losslab, ['bench', '--json', '--only', id, ...q]);
    const m = JSON.parse(r.out)[0];
    row.losslab = {
      run_s: m.wall_ms / 1000,
      process_s: r.wall,
      cpu_s: r.cpu,
      simulated_s: m.simulated_s,
      events: m.events,
    };
    log(`${id}: LossLab ${row.losslab.run_s.toFixed(3)} s in-process (${r.wall.toFixed(2)} s process), load ${load()}`);
    rows.push(row);
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}

const f = (x, d = 2) => x.toFixed(d);
const lines = [
  `ns-3 ${NS3_VERSION} vs LossLab ${quick ? '(--quick workloads)' : ''}; load average (1/5/15 min) at start ${loadStart}, at end ${load()}`,
  '',
  '| workload | runs | simulated s (ns-3 / LossLab) | ns-3 Run() s | LossLab s | ratio | ratio per simulated s | process wall s (ns-3 / LossLab) | process CPU s (ns-3 / LossLab) | CPU ratio | events (ns-3 / LossLab) |',
  '|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
];
for (const r of rows) {
  const ll = r.losslab;
  if (r.refused) {
    lines.push(
      `| ${r.id} | ${r.runs} | — / ${f(ll.simulated_s, 1)} | not modelled: ${r.refused} | ${f(ll.run_s, 3)} | — | — | — / ${f(ll.process_s)} | — / ${f(ll.cpu_s)} | — | — / ${ll.events} |`,
    );
    continue;
  }
  const n = r.ns3;
  lines.push(
    `| ${r.id} | ${r.runs} | ${f(n.simulated_s, 1)} / ${f(ll.simulated_s, 1)} | ${f(n.run_s)} | ${f(ll.run_s, 3)} | ${f(n.run_s / ll.run_s, 0)}× | ${f(n.run_s / n.simulated_s / (ll.run_s / ll.simulated_s), 0)}× | ${f(n.process_s)} / ${f(ll.process_s)} | ${f(n.cpu_s)} / ${f(ll.cpu_s)} | ${ll.cpu_s >= 0.05 ? `${f(n.cpu_s / ll.cpu_s, 0)}×` : '— (LossLab < 0.05 s: GNU time counts 10 ms ticks)'} | ${n.events} / ${ll.events} |`,
  );
}
lines.push(
  '',
  `ns-3 CPU time inside Run() (std::clock), summed: ${rows
    .filter((r) => r.ns3)
    .map((r) => `${r.id} ${f(r.ns3.run_cpu_s)} s`)
    .join(', ')}`,
);
console.log('\n' + lines.join('\n'));
