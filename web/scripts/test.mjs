// `npm test`: install what is missing (Chromium included), then every suite in order:
//   1. cargo test (Rust unit, property and integration tests of every crate, each test binary run
//      even after another fails, so the count is of all of them), then the
//      Rust gates: `cargo fmt --check` and `cargo clippy --all-targets -D warnings`
//   2. Vitest (including the native-vs-wasm parity test), then the Python package (pytest in
//      .tools/venv: the wheel, pandas, a Dask LocalCluster sweep equal to the CLI CSV, the notebook),
//      then the @losslab/core tarball test and the crosscheck mapping's `node --test` (no ns-3 needed)
//   3. tsc --noEmit and vite build
//   4. ESLint and Prettier gates
//   5. Playwright (end-to-end, in Debian's Chromium; two workers, LOSSLAB_E2E_WORKERS=1 for one)
// Each suite streams its usual output. The summary gives each suite's tests and wall time; the
// gates (format, lint, typecheck, build) say clean or not and count no tests: a gate with problems
// counts as one failure, so it still fails the run. The run ends with one line `N passed, N failed`
// (tests only) and exits non-zero if anything failed or a suite could not run.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, relative } from 'node:path';
import { eslintSuite, prettierSuite } from './lint-suites.mjs';
import { log, npmBin, pythonSuite, repoRoot, run, runCapture, setup } from './setup.mjs';

const resultsDir = join(repoRoot, 'test-results');
mkdirSync(resultsDir, { recursive: true });

let passed = 0;
let failed = 0;
/** Suites that could not run (or whose results could not be read); each also counts as one failure. */
const broken = [];
const table = [];

/** Wall-clock start of the suite whose banner was printed last (each row's time runs from it). */
let suiteStart = Date.now();
const runStart = Date.now();

function record(suite, p, f, note = '') {
  passed += p;
  failed += f;
  table.push({ suite, passed: p, failed: f, note, seconds: (Date.now() - suiteStart) / 1000 });
}

/**
 * A gate (format, lint, typecheck, build): no tests to count. Clean adds nothing; a gate with
 * problems counts as one failure, so the run still fails.
 */
function recordGate(suite, clean, note) {
  passed += 0;
  failed += clean ? 0 : 1;
  table.push({ suite, gate: true, clean, note, seconds: (Date.now() - suiteStart) / 1000 });
}

function brokenSuite(suite, why) {
  broken.push(`${suite}: ${why}`);
  record(suite, 0, 1, `could not run: ${why}`);
}

function banner(title) {
  suiteStart = Date.now();
  console.log(`\n\x1b[1m━━ ${title} ${'━'.repeat(Math.max(0, 70 - title.length))}\x1b[0m`);
}

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch {
    return null;
  }
}

function freePort(start) {
  return new Promise((resolvePort) => {
    const tryPort = (port) => {
      const srv = createServer();
      srv.once('error', () => tryPort(port + 1));
      srv.listen(port, '127.0.0.1', () => srv.close(() => resolvePort(port)));
    };
    tryPort(start);
  });
}

/** Every Rust source file of the workspace (for the per-file counts of the gate). */
function rustFiles() {
  const out = [];
  const walk = (dir) => {
    for (const e of readdirSync(dir, { withFileTypes: true })) {
      // fuzz/ is a crate of its own outside the workspace (cargo-fuzz), which `cargo fmt --all` does not reach.
      if (['target', 'pkg', 'fuzz'].includes(e.name) || e.name.startsWith('.')) continue;
      const p = join(dir, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.name.endsWith('.rs')) out.push(relative(repoRoot, p));
    }
  };
  walk(join(repoRoot, 'sim-model'));
  walk(join(repoRoot, 'sim-core'));
  return out;
}

/**
 * The Rust gates: `cargo fmt --check` and `cargo clippy --all-targets -- -D warnings`, each clean or
 * not, naming the files with findings.
 */
async function rustGate() {
  const files = rustFiles();
  banner('cargo fmt --check');
  const fmt = await runCapture('cargo', ['fmt', '--all', '--check']);
  const unformatted = new Set(
    [...fmt.output.matchAll(/^Diff in (.+?\.rs)(?::| at line)/gm)].map((m) => relative(repoRoot, m[1])),
  );
  if (fmt.code !== 0 && unformatted.size === 0) brokenSuite('cargo fmt', `exit ${fmt.code}`);
  else
    recordGate(
      'cargo fmt',
      unformatted.size === 0,
      unformatted.size
        ? `${unformatted.size} of ${files.length} files not formatted (run \`cargo fmt --all\`)`
        : `clean (${files.length} files)`,
    );
  banner('cargo clippy');
  const clippy = await runCapture('cargo', [
    'clippy',
    '--workspace',
    '--all-targets',
    '--message-format=short',
    '--',
    '-D',
    'warnings',
  ]);
  const flagged = new Set([...clippy.output.matchAll(/^([^\s:]+\.rs):\d+:\d+: (?:error|warning)/gm)].map((m) => m[1]));
  if (clippy.code !== 0 && flagged.size === 0) brokenSuite('cargo clippy', `exit ${clippy.code} (compile error?)`);
  else
    recordGate(
      'cargo clippy',
      flagged.size === 0,
      flagged.size ? `findings in ${[...flagged].join(', ')}` : `clean (${files.length} files)`,
    );
}

// --- setup ----------------------------------------------------------------------------------
banner('setup');
const setupFailures = await setup({ chromium: true, wasm: true, lint: true, keepGoing: true });
const haveNodeModules = !setupFailures.includes('npm-ci');
const haveWasm = !setupFailures.includes('build-wasm');
for (const f of setupFailures) brokenSuite(`setup:${f}`, 'see the messages above');

/**
 * The `losslab` binary `cargo test --workspace` built (cargo's own artifact report, no compiling:
 * everything is fresh by then), or null when cargo names none.
 */
function testBuiltCli() {
  const r = spawnSync('cargo', ['test', '--workspace', '--no-run', '--message-format=json'], {
    cwd: repoRoot,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  if (r.status !== 0) return null;
  for (const line of r.stdout.split('\n')) {
    if (!line.startsWith('{')) continue;
    const m = JSON.parse(line);
    const bin = m.target?.name === 'losslab' && m.target.kind.includes('bin') && !m.profile?.test;
    if (m.reason === 'compiler-artifact' && bin && m.executable) return m.executable;
  }
  return null;
}

// --- 1. cargo test --------------------------------------------------------------------------
if (existsSync(join(repoRoot, 'Cargo.toml'))) {
  banner('cargo test');
  const { code, output } = await runCapture('cargo', ['test', '--workspace', '--no-fail-fast']);
  let p = 0;
  let f = 0;
  let seen = 0;
  for (const m of output.matchAll(/test result: \w+\. (\d+) passed; (\d+) failed/g)) {
    p += Number(m[1]);
    f += Number(m[2]);
    seen += 1;
  }
  if (seen === 0) brokenSuite('cargo test', `exit ${code}, no test results (compile error?)`);
  else if (code !== 0 && f === 0) {
    record('cargo test', p, 1, `exit ${code} although no test failed`);
    broken.push(`cargo test: exit ${code}`);
  } else record('cargo test', p, f);
  await rustGate();
} else {
  log('no Cargo.toml: skipping cargo test');
}

// --- 2. vitest ------------------------------------------------------------------------------
if (haveNodeModules) {
  if (haveWasm && existsSync(join(repoRoot, 'Cargo.toml'))) {
    // The parity tests, pytest and the stories compare with the native CLI. `cargo test` has
    // just built it for its own command-line tests (the dev profile is optimized, and the numbers
    // are the same at every optimization level): cargo names that binary, and LOSSLAB_CLI hands it
    // on. (A separate `cargo build -p sim-core` would compile again: its features differ from the
    // whole workspace's.) Without it the tests fall back to a release build.
    const cli = testBuiltCli();
    if (cli) process.env.LOSSLAB_CLI = cli;
  }
  banner('vitest');
  const out = join(resultsDir, 'vitest.json');
  rmSync(out, { force: true });
  const code = await run(npmBin('vitest'), [
    'run',
    '--config',
    'web/vite.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${out}`,
  ]);
  const r = readJson(out);
  if (!r) brokenSuite('vitest', `exit ${code}, no JSON report`);
  else {
    const f = r.numFailedTests + (r.numTotalTests === 0 ? 1 : 0);
    record('vitest', r.numPassedTests, f, r.numTotalTests === 0 ? 'no tests ran' : '');
    if (code !== 0 && f === 0) {
      record('vitest', 0, 1, `exit ${code} although no test failed (failed suite file?)`);
      broken.push(`vitest: exit ${code}`);
    }
  }
} else {
  brokenSuite('vitest', 'npm ci failed');
}

// --- 2b. python: the losslab package (setup.mjs pythonSuite: venv, wheel, pytest) -----------
if (existsSync(join(repoRoot, 'python', 'pyproject.toml'))) {
  banner('python (pytest)');
  const r = await pythonSuite({ resultsDir });
  if (r.broken && r.passed === 0) brokenSuite('python', r.broken);
  else {
    record('python', r.passed, r.failed, r.broken ?? '');
    if (r.broken) broken.push(`python: ${r.broken}`);
  }
}

/** A `node --test` suite over `dir` (TAP counts). */
async function nodeTestSuite(suite, dir) {
  const { code, output } = await runCapture(process.execPath, ['--test', '--test-reporter=tap', dir]);
  const count = (k) => Number(output.match(new RegExp(`^# ${k} (\\d+)$`, 'm'))?.[1] ?? NaN);
  const p = count('pass');
  const f = count('fail') + count('cancelled');
  if (Number.isNaN(p + f) || p + f === 0) brokenSuite(suite, `exit ${code}, no test counts`);
  else record(suite, p, f);
}

// --- 2c. the @losslab/core npm package: packed, installed into a temp project, imported --------
if (haveNodeModules && haveWasm) {
  banner('npm package (@losslab/core tarball)');
  await nodeTestSuite('npm package', 'sim-core/wasm/npm/test/');
} else {
  brokenSuite('npm package', haveWasm ? 'npm ci failed' : 'the wasm did not build');
}

// --- 2d. the crosscheck's scenario → ns-3 mapping (plain Node, no ns-3 needed) ----------------
banner('crosscheck mapping (node --test)');
await nodeTestSuite('crosscheck mapping', 'sim-core/crosscheck/');

// --- 3. typecheck + vite build -------------------------------------------------------------
let built = false;
if (haveNodeModules && haveWasm) {
  banner('typecheck (tsc --noEmit)');
  const tsc = await run(npmBin('tsc'), ['-p', 'web/tsconfig.json', '--noEmit']);
  recordGate('typecheck', tsc === 0, tsc === 0 ? 'clean' : `tsc exited with ${tsc}`);
  banner('vite build');
  const code = await run(npmBin('vite'), ['build', '--config', 'web/vite.config.ts']);
  built = code === 0;
  recordGate('vite build', built, built ? 'built dist/' : `exit ${code}`);
} else {
  brokenSuite('vite build', haveWasm ? 'npm ci failed' : 'the wasm did not build');
}

// --- 4. eslint + prettier gates: clean or not, the files with problems printed --------------
for (const [suite, check] of Object.entries({ eslint: eslintSuite, prettier: prettierSuite })) {
  if (!haveNodeModules) {
    brokenSuite(suite, 'npm ci failed');
    continue;
  }
  banner(suite);
  try {
    const r = await check();
    for (const line of r.problems) console.log(`  ${line}`);
    const files = r.passed + r.failed;
    recordGate(
      suite,
      r.failed === 0,
      r.failed === 0 ? `clean (${files} files)` : `${r.failed} of ${files} files with problems`,
    );
  } catch (e) {
    brokenSuite(suite, e.message);
  }
}

// --- 5. playwright --------------------------------------------------------------------------
if (built && !setupFailures.includes('chromium')) {
  banner('playwright');
  const out = join(resultsDir, 'playwright.json');
  rmSync(out, { force: true });
  const port = await freePort(4173);
  const code = await run(
    npmBin('playwright'),
    ['test', '--config', 'playwright/playwright.config.ts', '--reporter=list,json'],
    {
      env: { ...process.env, PLAYWRIGHT_JSON_OUTPUT_NAME: out, LOSSLAB_E2E_PORT: String(port) },
    },
  );
  const r = readJson(out);
  if (!r || !r.stats) brokenSuite('playwright', `exit ${code}, no JSON report`);
  else {
    const s = r.stats;
    const p = (s.expected ?? 0) + (s.flaky ?? 0);
    let f = s.unexpected ?? 0;
    const errors = (r.errors ?? []).length;
    if (p + f === 0) f += 1;
    if (errors > 0 && f === 0) f += errors;
    record('playwright', p, f, s.flaky ? `${s.flaky} flaky (passed on retry)` : '');
    if (code !== 0 && f === 0) {
      record('playwright', 0, 1, `exit ${code}`);
      broken.push(`playwright: exit ${code}`);
    }
  }
} else {
  brokenSuite('playwright', built ? 'no Chromium' : 'the app did not build');
}

// --- summary --------------------------------------------------------------------------------
banner('summary');
const clock = (sec) => (sec >= 60 ? `${Math.floor(sec / 60)} min ${Math.round(sec % 60)} s` : `${sec.toFixed(1)} s`);
for (const t of table) {
  const counts = t.gate
    ? `${(t.clean ? 'clean' : 'FAILED').padStart(18)}`
    : `${String(t.passed).padStart(5)} passed ${String(t.failed).padStart(4)} failed`;
  console.log(`  ${t.suite.padEnd(28)} ${counts}  ${clock(t.seconds).padStart(12)}  ${t.note}`);
}
console.log(`  ${'all suites'.padEnd(28)} ${''.padStart(18)}  ${clock((Date.now() - runStart) / 1000).padStart(12)}`);
for (const b of broken) console.log(`  ! ${b}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed > 0 || broken.length > 0 ? 1 : 0);
