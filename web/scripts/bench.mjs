// `npm run bench`: the four benchmark workloads natively (release build) and as wasm in Node.
// Never part of `npm test`: benchmarks are measured, not asserted.
//
//   npm run bench [-- --quick] [--passes N] [--wall] [--browser]
//
// Both sides run the same code (sim-core/wasm/src/bench.rs): natively the `bench_native` example,
// as wasm the module's `benchPasses`. Each workload runs its quick variant once untimed, then N
// timed passes (default 8). `wasm_cold_ms` is the first wasm pass (what a fresh worker pays: V8
// compiles hot wasm functions with its optimising tier only after they ran a while);
// `native_ms` and `wasm_ms` are the best of the later passes, and `wasm/native` their ratio. Best,
// not mean: on a shared machine other processes only ever add time. The clock is CPU time
// (natively the thread's, in Node the process's, which also counts V8's compiler threads: never in
// wasm's favour), so a loaded machine does not inflate one side more than the other; `--wall`
// times wall-clock on both. The load average is printed with the figures.
//
// `--browser` also runs the wasm in Debian's Chromium (`benchChromium.mjs`: where the lab's users
// run it, with a newer V8 than Node's) and adds its best pass and its ratio to native. A page has no
// CPU clock, so `--browser` times every side by wall clock.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { loadavg } from 'node:os';
import { benchInChromium } from './benchChromium.mjs';
import { buildWasm, ensureChromium, ensureWasmBindgen, ensureWasmTarget, repoRoot, wasmPkgDir } from './setup.mjs';

const args = process.argv.slice(2);
const quick = args.includes('--quick');
const at = args.indexOf('--passes');
const passes = at >= 0 ? Number(args[at + 1]) : 8;
const browser = args.includes('--browser');
const wall = browser || args.includes('--wall');
if (!Number.isInteger(passes) || passes < 2) {
  console.error('--passes takes a whole number ≥ 2 (the first pass is the cold one)');
  process.exit(2);
}
await ensureWasmTarget();
await ensureWasmBindgen();
await buildWasm();

const native = spawnSync(
  'cargo',
  [
    'run',
    '--release',
    '-q',
    '-p',
    'losslab-wasm',
    '--example',
    'bench_native',
    '--',
    '--passes',
    String(passes),
    ...(quick ? ['--quick'] : []),
    ...(wall ? ['--wall'] : []),
  ],
  { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (native.status !== 0) process.exit(native.status ?? 1);
const { clock, rows: nativeRows } = JSON.parse(native.stdout);
const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};
const now = clock === 'cpu' ? cpuMs : () => performance.now();

const glue = await import(pathToFileURL(join(wasmPkgDir, 'losslab_wasm.js')).href);
glue.initSync({ module: readFileSync(join(wasmPkgDir, 'losslab_wasm_bg.wasm')) });

const best = (xs) => Math.min(...xs.slice(1));
console.log(
  `\nload average ${loadavg()
    .map((x) => x.toFixed(2))
    .join(' ')}; ${clock === 'cpu' ? 'CPU' : 'wall-clock'} ms, ${passes} passes each, best of the last ${passes - 1}`,
);
const inChromium = browser
  ? await ensureChromium().then(() =>
      benchInChromium(
        nativeRows.map((r) => r.id),
        quick,
        passes,
      ),
    )
  : null;
if (inChromium) console.log(`Chromium ${inChromium.version}: the same passes on a page's main thread`);
console.log(
  `id    native_ms  wasm_cold_ms    wasm_ms   wasm/native   wasm_events_per_s${browser ? '  chromium_ms  chromium/native' : ''}`,
);
for (const row of nativeRows) {
  const [, events, ...ms] = glue.benchPasses(row.id, quick, passes, now);
  const nativeMs = best(row.ms);
  const wasmMs = best(ms);
  const page = inChromium?.rows.find((r) => r.id === row.id);
  const pageMs = page ? best(page.ms) : NaN;
  console.log(
    `${row.id.padEnd(5)} ${nativeMs.toFixed(1).padStart(10)} ${ms[0].toFixed(1).padStart(13)} ${wasmMs.toFixed(1).padStart(10)} ${(wasmMs / nativeMs).toFixed(2).padStart(13)} ${Math.round(
      events / (wasmMs / 1000),
    )
      .toString()
      .padStart(19)}${page ? `${pageMs.toFixed(1).padStart(13)} ${(pageMs / nativeMs).toFixed(2).padStart(16)}` : ''}`,
  );
  if (page && page.events !== events) {
    console.error(`${row.id}: Chromium counted ${page.events} events, Node ${events}: not the same work`);
    process.exitCode = 1;
  }
}
