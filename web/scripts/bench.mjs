// `npm run bench`: the four benchmark workloads natively (release build) and as wasm in Node.
// Never part of `npm test`: benchmarks are measured, not asserted.
//
//   npm run bench [-- --quick]
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { spawnSync } from 'node:child_process';
import { buildWasm, ensureWasmBindgen, ensureWasmTarget, repoRoot, wasmPkgDir } from './setup.mjs';

const quick = process.argv.includes('--quick');
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
    'sim-core',
    '--bin',
    'losslab',
    '--',
    'bench',
    '--json',
    ...(quick ? ['--quick'] : []),
  ],
  { cwd: repoRoot, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
);
if (native.status !== 0) process.exit(native.status ?? 1);
const nativeRows = JSON.parse(native.stdout);

const glue = await import(pathToFileURL(join(wasmPkgDir, 'losslab_wasm.js')).href);
glue.initSync({ module: readFileSync(join(wasmPkgDir, 'losslab_wasm_bg.wasm')) });

// V8 compiles wasm in tiers: a function runs as baseline code until it is hot, then as optimised
// code. The quick variant alone does not get the hot paths optimised, so the first full pass of
// the first workload ran mostly on baseline code (W1 measured ≈ 5× native that way, and ≈ 1× on
// its second pass; issue 15). Each workload is therefore run twice: `cold` is the first full pass
// (what a fresh worker pays), `wasm_ms` the second (steady state), and the ratio uses the second.
console.log('\nid    native_ms  wasm_cold_ms    wasm_ms   wasm/native   wasm_events_per_s');
for (const row of nativeRows) {
  const now = () => performance.now();
  glue.benchRun(row.id, true, now); // warm up the JIT on the small variant
  const [, , , cold] = glue.benchRun(row.id, quick, now);
  const [, events, , ms] = glue.benchRun(row.id, quick, now);
  console.log(
    `${row.id.padEnd(5)} ${row.wall_ms.toFixed(1).padStart(10)} ${cold.toFixed(1).padStart(13)} ${ms.toFixed(1).padStart(10)} ${(ms / row.wall_ms).toFixed(2).padStart(13)} ${Math.round(
      events / (ms / 1000),
    )
      .toString()
      .padStart(19)}`,
  );
}
