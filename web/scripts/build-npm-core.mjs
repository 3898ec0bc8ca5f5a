// `npm run build:npm-core`: the @losslab/core npm package (sources in sim-core/wasm/npm/) staged in
// target/npm/core/ with the wasm-bindgen output the lab uses (web/src/sim/worker/pkg, built when
// stale), then packed by `npm pack` into target/npm/losslab-core-<version>.tgz. Prints the tarball path.
import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildWasm, ensureWasmBindgen, ensureWasmTarget, log, repoRoot, wasmPkgDir } from './setup.mjs';

export const npmSrc = join(repoRoot, 'sim-core', 'wasm', 'npm');
export const npmOut = join(repoRoot, 'target', 'npm');

/** The workspace version (Cargo.toml [workspace.package]), the package's version too. */
function workspaceVersion() {
  const m = readFileSync(join(repoRoot, 'Cargo.toml'), 'utf8').match(/\[workspace\.package\][^[]*?version = "([^"]+)"/);
  if (!m) throw new Error('no version in Cargo.toml [workspace.package]');
  return m[1];
}

/** Stages and packs the package; resolves with the tarball's path. */
export async function buildNpmCore() {
  await ensureWasmTarget();
  await ensureWasmBindgen();
  await buildWasm();
  const stage = join(npmOut, 'core');
  rmSync(stage, { recursive: true, force: true });
  mkdirSync(stage, { recursive: true });
  const pkg = JSON.parse(readFileSync(join(npmSrc, 'package.json'), 'utf8'));
  pkg.version = workspaceVersion();
  writeFileSync(join(stage, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  for (const f of ['index.js', 'index.d.ts', 'README.md']) copyFileSync(join(npmSrc, f), join(stage, f));
  copyFileSync(join(repoRoot, 'LICENSE'), join(stage, 'LICENSE'));
  for (const f of ['losslab_wasm.js', 'losslab_wasm.d.ts', 'losslab_wasm_bg.wasm', 'losslab_wasm_bg.wasm.d.ts']) {
    copyFileSync(join(wasmPkgDir, f), join(stage, f));
  }
  const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  const r = spawnSync(npm, ['pack', '--json', '--pack-destination', npmOut], { cwd: stage, encoding: 'utf8' });
  if (r.status !== 0) throw new Error(`npm pack exited with ${r.status}: ${r.stderr}`);
  const name = JSON.parse(r.stdout)[0].filename;
  const tarball = join(npmOut, name);
  log(`packed ${tarball}`);
  return tarball;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  buildNpmCore().catch((e) => {
    console.error(`[losslab] build:npm-core failed: ${e.message}`);
    process.exit(1);
  });
}
