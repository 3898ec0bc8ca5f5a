// Phase check of a mixed-variant crosscheck scenario: is a zero-loss share gap a phase effect?
// With no random loss both simulators are deterministic, and which flow a full drop-tail queue
// drops depends on the relative timing of the two sawtooths. This reruns one scenario on both
// sides with flow group b starting at several offsets (LossLab `flows[1].start_s`, the harness's
// `--starts`), and LossLab alone with a random per-segment send delay (`tcp.send_overhead_ms`,
// ns-2's overhead_: no ns-3 counterpart) over several seeds, and prints b's share for each run
// with the mean ± 95 % interval over runs. A gap that shrinks within the intervals once the phase
// is randomised is a phase effect; one that stays is a difference of mechanism.
//
//   node sim-core/crosscheck/phase.mjs <scenario id> [--starts 0.001,0.1,0.2,0.3,0.5,1]
//        [--overhead-ms 2.4] [--seeds 6]
//
// Needs the harness and the release losslab that `npm run crosscheck` builds; runs one process at
// a time.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { harnessBin } from './build.mjs';
import { flowGroups, harnessArgs } from './mapping.mjs';
import { mean95, secondShare } from './report.mjs';

const root = new URL('../../', import.meta.url).pathname;
const losslab = join(root, 'target', 'release', 'losslab');

function arg(name, fallback) {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 && process.argv[i + 1] !== undefined ? process.argv[i + 1] : fallback;
}

const id = process.argv[2];
if (!id || id.startsWith('--')) {
  console.error(
    'usage: node sim-core/crosscheck/phase.mjs <scenario id> [--starts s1,s2,…] [--overhead-ms MS] [--seeds N]',
  );
  process.exit(2);
}
const starts = arg('starts', '0.001,0.1,0.2,0.3,0.5,1').split(',').map(Number);
const overheadMs = Number(arg('overhead-ms', '0'));
const seeds = Number(arg('seeds', '6'));
const scenario = JSON.parse(readFileSync(join(root, 'content', 'crosscheck', 'scenarios', `${id}.json`), 'utf8'));
if (scenario.flows.length < 2) throw new Error(`${id}: not a mixed-variant scenario (one flow group)`);
const groups = flowGroups(scenario);
const tmp = mkdtempSync(join(tmpdir(), 'losslab-phase-'));

/** b's share in LossLab for scenario `s`. */
function lossLabShare(s) {
  const file = join(tmp, 'run.json');
  writeFileSync(file, JSON.stringify(s));
  const out = JSON.parse(execFileSync(losslab, ['run', file, '--json'], { encoding: 'utf8' }));
  return secondShare(
    out.flows.map((f) => f.goodput_kbps),
    groups,
  );
}

/** b's share in ns-3 for scenario `s` (run 1). */
function ns3Share(s) {
  const out = JSON.parse(execFileSync(harnessBin, [...harnessArgs(s), '--run=1'], { encoding: 'utf8' }));
  return secondShare(
    out.flows.map((f) => f.goodput_kbps),
    groups,
  );
}

const fmt = (m) => `${m.mean.toFixed(3)} ± ${m.ci.toFixed(3)}`;
try {
  const ns3 = [];
  const ll = [];
  for (const st of starts) {
    const s = structuredClone(scenario);
    s.flows[1].start_s = st;
    ns3.push(ns3Share(s));
    ll.push(lossLabShare(s));
    console.log(`b starts at ${st} s: share ns-3 ${ns3.at(-1).toFixed(3)}, LossLab ${ll.at(-1).toFixed(3)}`);
  }
  console.log(`staggered starts (${starts.length}): ns-3 ${fmt(mean95(ns3))}, LossLab ${fmt(mean95(ll))}`);
  if (overheadMs > 0) {
    const jit = [];
    for (let seed = 1; seed <= seeds; seed++) {
      const s = structuredClone(scenario);
      s.seed = seed;
      for (const g of s.flows) g.tcp.send_overhead_ms = overheadMs;
      jit.push(lossLabShare(s));
    }
    console.log(
      `LossLab with send_overhead_ms ${overheadMs} (${seeds} seeds): ${fmt(mean95(jit))} ` +
        `[${jit.map((x) => x.toFixed(3)).join(', ')}]`,
    );
  }
} finally {
  rmSync(tmp, { recursive: true, force: true });
}
