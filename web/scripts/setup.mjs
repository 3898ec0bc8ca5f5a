// Shared setup for `npm start`, `npm test` and friends. Node built-ins only: this runs before
// `npm ci` on a fresh clone. Every step is idempotent and skipped when already satisfied
// (see shared TOOLCHAIN.md for why each step looks the way it does).
//
//   node web/scripts/setup.mjs [--chromium] [--no-wasm]
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import {
  chmodSync,
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { homedir } from 'node:os';
import { delimiter, dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
export const toolsBin = join(repoRoot, '.tools', 'bin');
export const wasmCrate = 'losslab-wasm';
export const wasmPkgDir = join(repoRoot, 'web', 'src', 'sim', 'worker', 'pkg');
export const CHROMIUM = process.env.LOSSLAB_CHROMIUM || '/usr/bin/chromium';
const DEFAULT_WASM_BINDGEN_VERSION = '0.2.130';

// Our own tools first, then cargo's usual home (a non-login shell may lack it).
process.env.PATH = [toolsBin, join(homedir(), '.cargo', 'bin'), process.env.PATH].join(delimiter);

export function log(msg) {
  console.log(`\x1b[36m[losslab]\x1b[0m ${msg}`);
}

/**
 * Runs a command with inherited stdout and stderr; resolves with its exit code (rejects only if it
 * cannot start). Standard input is /dev/null: no step reads it.
 */
export function run(cmd, args, opts = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: repoRoot, stdio: ['ignore', 'inherit', 'inherit'], ...opts });
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise(code ?? (signal ? 1 : 0)));
  });
}

/** Runs a command, streaming its output to ours while keeping a copy; resolves { code, output }. */
export function runCapture(cmd, args, opts = {}) {
  return new Promise((resolvePromise, reject) => {
    const child = spawn(cmd, args, { cwd: repoRoot, stdio: ['ignore', 'pipe', 'pipe'], ...opts });
    let output = '';
    child.stdout.on('data', (d) => {
      process.stdout.write(d);
      output += d;
    });
    child.stderr.on('data', (d) => {
      process.stderr.write(d);
      output += d;
    });
    child.on('error', reject);
    child.on('close', (code, signal) => resolvePromise({ code: code ?? (signal ? 1 : 0), output }));
  });
}

/** Runs a command, failing the setup if it fails. */
export async function must(cmd, args, opts = {}) {
  const code = await run(cmd, args, opts);
  if (code !== 0) throw new Error(`${cmd} ${args.join(' ')} exited with ${code}`);
}

function quiet(cmd, args) {
  const r = spawnSync(cmd, args, { cwd: repoRoot, encoding: 'utf8' });
  return r.error ? { code: -1, out: '' } : { code: r.status ?? 1, out: `${r.stdout ?? ''}${r.stderr ?? ''}` };
}

/** Path to a binary installed by npm into node_modules/.bin. */
export function npmBin(name) {
  return join(repoRoot, 'node_modules', '.bin', name);
}

/**
 * Serves a built site (`dist/`, or `outDir`) with `vite preview` on 127.0.0.1:`port` for the
 * benches, and resolves with the server's process once it answers (kill it when done).
 */
export async function startPreview(port, outDir = null) {
  const args = [
    'preview',
    '--config',
    'web/vite.config.ts',
    '--host',
    '127.0.0.1',
    '--strictPort',
    '--port',
    String(port),
  ];
  const server = spawn(npmBin('vite'), [...args, ...(outDir ? ['--outDir', outDir] : [])], {
    cwd: repoRoot,
    stdio: 'ignore',
  });
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) return server;
    } catch {
      /* not up yet */
    }
    await new Promise((done) => setTimeout(done, 100));
  }
  server.kill();
  throw new Error(`vite preview did not answer on port ${port}`);
}

function mtime(path) {
  try {
    return statSync(path).mtimeMs;
  } catch {
    return 0;
  }
}

function newestMtime(dir) {
  let newest = 0;
  const walk = (d) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === 'target' || e.name.startsWith('.')) continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else newest = Math.max(newest, mtime(p));
    }
  };
  if (existsSync(dir)) walk(dir);
  return newest;
}

/**
 * The newest change to what the simulator library is compiled from (the model, sim-model, and the
 * experiments floor, sim-core): their sources, build script and
 * manifests (not its tests, benches, fuzz targets or docs, which no wasm or wheel is built from).
 * Editing a test file thus rebuilds neither the release wasm nor the Python wheel.
 */
function simCoreSourcesMtime() {
  return Math.max(
    newestMtime(join(repoRoot, 'sim-model', 'src')),
    newestMtime(join(repoRoot, 'sim-core', 'src')),
    ...[
      'Cargo.toml',
      'Cargo.lock',
      'rust-toolchain.toml',
      'sim-model/Cargo.toml',
      'sim-core/Cargo.toml',
      'sim-core/build.rs',
    ].map((f) => mtime(join(repoRoot, f))),
  );
}

// --- steps ----------------------------------------------------------------------------------

/** (a) Debian's Chromium for the end-to-end tests (Playwright cannot download browsers here). */
export async function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  if (!isRoot) {
    throw new Error(
      `no Chromium at ${CHROMIUM}; install it (apt-get install chromium) or set LOSSLAB_CHROMIUM to a Chromium binary`,
    );
  }
  log('installing Chromium from Debian (apt-get)…');
  await must('apt-get', ['update', '-qq']);
  await must('apt-get', ['install', '-y', '--no-install-recommends', 'chromium'], {
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
  if (!existsSync(CHROMIUM)) throw new Error(`apt-get installed chromium but ${CHROMIUM} is missing`);
}

/** (b) The wasm32 target of the Rust toolchain. */
export async function ensureWasmTarget() {
  const { code, out } = quiet('rustup', ['target', 'list', '--installed']);
  if (code === 0 && out.split(/\s+/).includes('wasm32-unknown-unknown')) return;
  if (code === -1) {
    // No rustup: the toolchain may still have the target (e.g. a distro Rust); let cargo decide.
    log('rustup not found; assuming the Rust toolchain has wasm32-unknown-unknown');
    return;
  }
  log('adding the wasm32-unknown-unknown target (rustup)…');
  await must('rustup', ['target', 'add', 'wasm32-unknown-unknown']);
}

/** (b2) rustfmt and clippy, for the format and lint gate of `npm test`. */
export async function ensureRustLintTools() {
  const { code, out } = quiet('rustup', ['component', 'list', '--installed']);
  if (code === -1) {
    log('rustup not found; assuming the Rust toolchain has rustfmt and clippy');
    return;
  }
  const have = out.split(/\s+/);
  const missing = ['rustfmt', 'clippy'].filter((c) => !have.some((h) => h.startsWith(`${c}-`)));
  if (missing.length === 0) return;
  log(`adding the Rust components ${missing.join(', ')} (rustup)…`);
  await must('rustup', ['component', 'add', ...missing]);
}

/** The wasm-bindgen version the workspace locks (the CLI must match it exactly). */
export function wasmBindgenVersion() {
  const lock = join(repoRoot, 'Cargo.lock');
  if (existsSync(lock)) {
    const m = readFileSync(lock, 'utf8').match(/\[\[package\]\]\s*name = "wasm-bindgen"\s*version = "([^"]+)"/);
    if (m) return m[1];
  }
  return DEFAULT_WASM_BINDGEN_VERSION;
}

/**
 * Tools compiled once per user rather than once per clone (a fresh clone then copies them):
 * `$LOSSLAB_TOOL_CACHE`, else `$XDG_CACHE_HOME/losslab`, else `~/.cache/losslab`.
 */
export function toolCache() {
  return process.env.LOSSLAB_TOOL_CACHE || join(process.env.XDG_CACHE_HOME || join(homedir(), '.cache'), 'losslab');
}

/** True when the wasm-bindgen at `bin` is `version`. */
function wasmBindgenIs(bin, version) {
  const { code, out } = quiet(bin, ['--version']);
  return code === 0 && out.trim().split(/\s+/).includes(version);
}

/**
 * (c) The wasm-bindgen CLI in .tools/bin, at the locked version: copied from the user's tool cache,
 * where it is compiled the first time any clone needs that version (into a temporary folder
 * renamed into place, so two clones setting up at once never see half a tool).
 */
export async function ensureWasmBindgen() {
  const version = wasmBindgenVersion();
  const bin = join(toolsBin, 'wasm-bindgen');
  if (wasmBindgenIs(bin, version)) return;
  const cached = join(toolCache(), `wasm-bindgen-${version}`);
  const cachedBin = join(cached, 'bin', 'wasm-bindgen');
  if (!wasmBindgenIs(cachedBin, version)) {
    log(`installing wasm-bindgen-cli ${version} into ${cached} (compiles once per user, about 2 minutes)…`);
    const tmp = `${cached}.tmp-${process.pid}`;
    rmSync(tmp, { recursive: true, force: true });
    // No --locked: the CLI's own lockfile pins a crate release the registry mirror lacks.
    await must('cargo', [
      'install',
      'wasm-bindgen-cli',
      '--version',
      `=${version}`,
      '--no-default-features',
      '--bin',
      'wasm-bindgen',
      '--root',
      tmp,
    ]);
    rmSync(cached, { recursive: true, force: true });
    renameSync(tmp, cached);
  }
  mkdirSync(toolsBin, { recursive: true });
  copyFileSync(cachedBin, bin);
  chmodSync(bin, 0o755);
}

/**
 * (d) JavaScript dependencies, when node_modules is missing or was installed from another
 * package-lock.json. The lock's content hash is stamped into node_modules after each install and
 * compared, not file dates: a checkout (a new git worktree, a branch switch) gives the lock a new
 * date without changing it, and `npm ci` would then empty node_modules for nothing — under every
 * other checkout that links to the same folder. Without a stamp (installed before stamps existed)
 * the old date rule decides once, and the stamp is written.
 */
export async function ensureNodeModules() {
  const modules = join(repoRoot, 'node_modules');
  const lock = join(repoRoot, 'package-lock.json');
  if (nodeModulesCurrent(modules, lock)) return;
  log('installing JavaScript dependencies (npm ci)…');
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  await must(npm, ['ci', '--no-audit', '--no-fund']);
  stampNodeModules(modules, lock);
}

const LOCK_STAMP = '.losslab-lock-sha256';
const lockHash = (lock) => createHash('sha256').update(readFileSync(lock)).digest('hex');

/** Whether `modules` was installed from this `lock` (see above); writes the stamp when it was. */
export function nodeModulesCurrent(modules, lock) {
  const marker = join(modules, '.package-lock.json');
  const stamp = join(modules, LOCK_STAMP);
  if (!existsSync(marker)) return false;
  if (existsSync(stamp)) return readFileSync(stamp, 'utf8').trim() === lockHash(lock);
  if (mtime(marker) < mtime(lock)) return false;
  stampNodeModules(modules, lock);
  return true;
}

/** Records which lock `modules` was installed from. */
export function stampNodeModules(modules, lock) {
  writeFileSync(join(modules, LOCK_STAMP), `${lockHash(lock)}\n`);
}

/**
 * /dev/null must be the null device. Cargo learns about rustc by compiling `-` with standard input
 * from /dev/null; when /dev/null is an ordinary file, that file's text (whatever any program last
 * wrote to "/dev/null") is compiled as Rust and every cargo step fails with "failed to run `rustc`
 * to learn about target-specific information". It happened on this project's machines: a command
 * run as root renamed a file over /dev/null (the CLI's atomic output did that to `--out /dev/null`
 * until `files.rs` learned to write devices in place). As root, the device is re-created;
 * otherwise the problem is reported before anything is built.
 */
export function ensureNullDevice() {
  if (process.platform !== 'linux') return;
  let st;
  try {
    st = statSync('/dev/null');
  } catch {
    st = null;
  }
  if (st && st.isCharacterDevice()) return;
  const what = st ? 'an ordinary file' : 'missing';
  if (process.getuid?.() !== 0) {
    throw new Error(
      `/dev/null is ${what}, not the null device: cargo cannot build until it is restored ` +
        '(as root: rm -f /dev/null && mknod -m 666 /dev/null c 1 3)',
    );
  }
  log(`/dev/null is ${what}, not the null device; re-creating it (mknod c 1 3)`);
  rmSync('/dev/null', { force: true });
  const made = spawnSync('mknod', ['-m', '666', '/dev/null', 'c', '1', '3'], { stdio: 'inherit' });
  if (made.status !== 0) throw new Error('could not re-create /dev/null with mknod');
}

/**
 * Cargo caches its rustc probes in `<target>/.rustc_info.json`, failures included, and trusts the
 * cache for as long as rustc is unchanged: one failed probe fails every later build of that target
 * dir. Probes failed here while /dev/null was an ordinary file (see `ensureNullDevice`); a cache
 * holding a failure is removed so cargo probes again.
 */
export function forgetFailedRustcProbes() {
  const file = join(cargoTargetDir(), '.rustc_info.json');
  if (!existsSync(file)) return;
  let failed = true;
  try {
    const outputs = JSON.parse(readFileSync(file, 'utf8')).outputs ?? {};
    failed = Object.values(outputs).some((o) => o && o.success === false);
  } catch {
    // unreadable: treat as failed
  }
  if (!failed) return;
  log(`removing ${relative(repoRoot, file)}: it cached a failed rustc probe`);
  rmSync(file, { force: true });
}

/** Builds the wasm crate and generates the JS glue into web/src/sim/worker/pkg. */
export async function buildWasm({ force = false } = {}) {
  if (!existsSync(join(repoRoot, 'sim-core', 'wasm', 'Cargo.toml'))) {
    throw new Error('sim-core/wasm/Cargo.toml not found: cannot build the simulator');
  }
  const targetDir = process.env.CARGO_TARGET_DIR
    ? resolve(repoRoot, process.env.CARGO_TARGET_DIR)
    : join(repoRoot, 'target');
  const wasm = join(targetDir, 'wasm32-unknown-unknown', 'release', 'losslab_wasm.wasm');
  const out = join(wasmPkgDir, 'losslab_wasm_bg.wasm');
  const sources = Math.max(
    simCoreSourcesMtime(),
    newestMtime(join(repoRoot, 'sim-core', 'wasm', 'src')),
    mtime(join(repoRoot, 'sim-core', 'wasm', 'Cargo.toml')),
  );
  if (!force && existsSync(join(wasmPkgDir, 'losslab_wasm.js')) && mtime(out) > sources) {
    log('wasm is up to date');
    return;
  }
  log('building the simulator for wasm32…');
  forgetFailedRustcProbes();
  await must('cargo', ['build', '--release', '--target', 'wasm32-unknown-unknown', '-p', wasmCrate]);
  await must(join(toolsBin, 'wasm-bindgen'), ['--target', 'web', '--out-dir', wasmPkgDir, wasm]);
  await optimiseWasm(out);
}

/**
 * binaryen's `wasm-opt -O3` over the bound module, in place, when the devDependency is installed
 * (887 kB → 745 kB on 2026-11-24). It rewrites code, never behaviour: the native-vs-wasm parity
 * tests (`web/src/sim/worker/wasmParity.test.ts`, `csvParity.test.ts`) run on the optimised file.
 * The features enabled are the ones rustc's wasm32 target emits by default.
 */
async function optimiseWasm(file) {
  const bin = npmBin('wasm-opt');
  if (!existsSync(bin)) {
    log('wasm-opt not installed (npm ci installs binaryen): the wasm stays as cargo built it');
    return;
  }
  await must(bin, [
    '-O3',
    '--enable-bulk-memory',
    '--enable-nontrapping-float-to-int',
    '--enable-sign-ext',
    '--enable-mutable-globals',
    '--enable-multivalue',
    '--enable-reference-types',
    file,
    '-o',
    file,
  ]);
}

// --- the Python package (python/README.md) ------------------------------------------------------

export const venvDir = join(repoRoot, '.tools', 'venv');

export function cargoTargetDir() {
  return process.env.CARGO_TARGET_DIR ? resolve(repoRoot, process.env.CARGO_TARGET_DIR) : join(repoRoot, 'target');
}

/**
 * (e) The Python package's test environment: a virtualenv in .tools/venv holding the pinned tools
 * of python/requirements-test.txt (reinstalled only when that file changes), and the `losslab`
 * wheel built by maturin (in cargo's target dir, with the Cargo `profile`) and installed — rebuilt
 * only when sim-core or python/ changed since the last install, or the profile differs. The test
 * suite takes `wheel-test` (release without whole-program LTO: 71 s to build instead of 89 s, the
 * same numbers); the benchmark takes `release`, as `pip install` builds it. Returns the venv's python.
 */
export async function ensurePythonPackage({ profile = 'release' } = {}) {
  const py = join(venvDir, 'bin', 'python');
  if (!existsSync(py)) {
    const base = process.env.LOSSLAB_PYTHON || 'python3';
    const { code, out } = quiet(base, ['-c', 'import sys; print(sys.version_info >= (3, 9))']);
    if (code !== 0 || !out.includes('True')) throw new Error(`${base}: a Python ≥ 3.9 is needed (set LOSSLAB_PYTHON)`);
    log(`creating the Python virtualenv in ${relative(repoRoot, venvDir)}…`);
    await must(base, ['-m', 'venv', venvDir]);
  }
  const reqs = readFileSync(join(repoRoot, 'python', 'requirements-test.txt'), 'utf8');
  const stamp = join(venvDir, '.requirements-test.txt');
  if (!existsSync(stamp) || readFileSync(stamp, 'utf8') !== reqs) {
    log('installing the Python test tools (python/requirements-test.txt)…');
    await must(py, [
      '-m',
      'pip',
      'install',
      '--quiet',
      '--disable-pip-version-check',
      '-r',
      'python/requirements-test.txt',
    ]);
    writeFileSync(stamp, reqs);
  }
  const installed = join(venvDir, '.losslab-wheel');
  const sources = Math.max(
    simCoreSourcesMtime(),
    newestMtime(join(repoRoot, 'python', 'src')),
    newestMtime(join(repoRoot, 'python', 'losslab')),
    // The built-in scenarios and sweeps are compiled into the extension (python/build.rs).
    newestMtime(join(repoRoot, 'content', 'scenarios')),
    newestMtime(join(repoRoot, 'content', 'sweeps')),
    ...['Cargo.toml', 'Cargo.lock', 'python/Cargo.toml', 'python/pyproject.toml', 'python/build.rs'].map((f) =>
      mtime(join(repoRoot, f)),
    ),
  );
  const built = existsSync(installed) ? readFileSync(installed, 'utf8').split('\n')[1] : '';
  if (mtime(installed) > sources && built === profile) {
    log('losslab wheel is up to date');
    return py;
  }
  const wheels = join(cargoTargetDir(), 'python-wheels');
  rmSync(wheels, { recursive: true, force: true });
  log(`building the losslab wheel (maturin, profile ${profile})…`);
  await must(py, [
    '-m',
    'maturin',
    'build',
    '--profile',
    profile,
    '--manifest-path',
    'python/Cargo.toml',
    '--out',
    wheels,
  ]);
  const wheel = readdirSync(wheels).find((f) => f.endsWith('.whl'));
  if (!wheel) throw new Error(`maturin built no wheel in ${wheels}`);
  await must(py, [
    '-m',
    'pip',
    'install',
    '--quiet',
    '--disable-pip-version-check',
    '--force-reinstall',
    '--no-deps',
    join(wheels, wheel),
  ]);
  writeFileSync(installed, `${wheel}\n${profile}\n`);
  return py;
}

/**
 * The Python suite of `npm test`: sets up the venv and the wheel, builds the native CLI the tests
 * compare against, runs pytest (python/tests/, the notebook included) and reads its JUnit XML.
 * Resolves `{ passed, failed, broken }` (`broken`: why the suite could not run, or null).
 */
export async function pythonSuite({ resultsDir = join(repoRoot, 'test-results') } = {}) {
  let py;
  try {
    py = await ensurePythonPackage({ profile: 'wheel-test' });
    // The CLI the tests compare with: the one LOSSLAB_CLI names (npm test's), else a release build.
    if (!process.env.LOSSLAB_CLI) await must('cargo', ['build', '--release', '-p', 'sim-core', '--bin', 'losslab']);
  } catch (e) {
    return { passed: 0, failed: 1, broken: `setup: ${e.message}` };
  }
  const xml = join(resultsDir, 'pytest.xml');
  rmSync(xml, { force: true });
  const code = await run(py, ['-m', 'pytest', '-q', '-p', 'no:cacheprovider', `--junitxml=${xml}`, 'python/tests'], {
    env: { ...process.env, LOSSLAB_CLI: process.env.LOSSLAB_CLI ?? join(cargoTargetDir(), 'release', 'losslab') },
  });
  let report = '';
  try {
    report = readFileSync(xml, 'utf8');
  } catch {
    return { passed: 0, failed: 1, broken: `pytest exited with ${code} and wrote no report` };
  }
  const attr = (name) =>
    [...report.matchAll(new RegExp(`<testsuite\\b[^>]*\\b${name}="(\\d+)"`, 'g'))].reduce(
      (n, m) => n + Number(m[1]),
      0,
    );
  const [tests, failures, errors, skipped] = ['tests', 'failures', 'errors', 'skipped'].map(attr);
  const failed = failures + errors;
  const passed = tests - failed - skipped;
  if (tests === 0) return { passed: 0, failed: 1, broken: 'pytest collected no tests' };
  if (code !== 0 && failed === 0)
    return { passed, failed: 1, broken: `pytest exited with ${code} although no test failed` };
  return { passed, failed, broken: null };
}

/**
 * Everything `npm start` / `npm test` need. Options: chromium (install it), wasm (build it),
 * lint (rustfmt and clippy for the gate).
 * Returns the list of steps that failed when `keepGoing`, otherwise throws on the first failure.
 */
export async function setup({ chromium = false, wasm = true, lint = false, keepGoing = false } = {}) {
  const failures = [];
  ensureNullDevice();
  forgetFailedRustcProbes();
  const step = async (name, fn) => {
    try {
      await fn();
    } catch (e) {
      if (!keepGoing) throw e;
      console.error(`\x1b[31m[losslab] setup step "${name}" failed:\x1b[0m ${e.message}`);
      failures.push(name);
    }
  };
  if (chromium) await step('chromium', ensureChromium);
  if (lint) await step('rust-lint-tools', ensureRustLintTools);
  if (wasm) {
    await step('wasm-target', ensureWasmTarget);
    await step('wasm-bindgen', ensureWasmBindgen);
  }
  await step('npm-ci', ensureNodeModules);
  if (wasm && !failures.includes('wasm-target') && !failures.includes('wasm-bindgen')) {
    await step('build-wasm', () => buildWasm());
  } else if (wasm) {
    failures.push('build-wasm');
  }
  return failures;
}

// Run directly: `node web/scripts/setup.mjs [--chromium] [--no-wasm]`.
if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const args = new Set(process.argv.slice(2));
  setup({ chromium: args.has('--chromium'), wasm: !args.has('--no-wasm') }).then(
    () => log('setup done'),
    (e) => {
      console.error(`[losslab] setup failed: ${e.message}`);
      process.exit(1);
    },
  );
}
