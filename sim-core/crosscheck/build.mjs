// Installing ns-3.44 (headers and libraries from its PyPI wheel) and compiling the harness
// (ns3/harness.cc), shared by `npm run crosscheck` (web/scripts/crosscheck.mjs) and
// `npm run bench:ns3` (web/scripts/bench-ns3.mjs). Both only do work when something is missing or
// the harness source / compiler flags changed (SHA-256 stamp); see README.md.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { log, must, repoRoot } from '../../web/scripts/setup.mjs';

export const NS3_VERSION = '3.44.post0';
const venv = join(repoRoot, '.tools', 'ns3-venv');
const buildDir = join(repoRoot, '.tools', 'crosscheck');
const harnessSrc = join(repoRoot, 'sim-core', 'crosscheck', 'ns3', 'harness.cc');
/** The compiled harness. */
export const harnessBin = join(buildDir, 'harness');
const NS3_LIBS = ['core', 'network', 'internet', 'point-to-point', 'applications', 'traffic-control'];

/** The wheel's ns3/ folder (include/, lib64/) inside the venv's site-packages, or null. */
function ns3Prefix() {
  const lib = join(venv, 'lib');
  if (!existsSync(lib)) return null;
  for (const py of spawnSync('ls', [lib], { encoding: 'utf8' }).stdout.split('\n').filter(Boolean)) {
    const p = join(lib, py, 'site-packages', 'ns3');
    if (existsSync(join(p, 'include', 'ns3', 'core-module.h'))) return p;
  }
  return null;
}

/** (1) ns-3's headers and shared libraries from the PyPI wheel (bindings unused). */
export async function ensureNs3() {
  if (ns3Prefix()) return ns3Prefix();
  log(`installing ns3==${NS3_VERSION} (headers and libraries) into .tools/ns3-venv…`);
  if (!existsSync(join(venv, 'bin', 'pip'))) await must('python3', ['-m', 'venv', venv]);
  await must(join(venv, 'bin', 'pip'), ['install', '--no-deps', `ns3==${NS3_VERSION}`]);
  const p = ns3Prefix();
  if (!p) throw new Error('the ns3 wheel installed but its include/ns3/core-module.h is missing');
  return p;
}

/** (2) Our harness, compiled with g++ only when the source or the flags changed. */
export async function ensureHarness(prefix) {
  const lib = join(prefix, 'lib64');
  const args = [
    '-std=c++20',
    '-O2',
    `-I${join(prefix, 'include')}`,
    '-o',
    harnessBin,
    harnessSrc,
    `-L${lib}`,
    `-Wl,-rpath,${lib}`,
    ...NS3_LIBS.map((l) => `-lns3.44-${l}`),
  ];
  const hash = createHash('sha256').update(readFileSync(harnessSrc)).update(args.join(' ')).digest('hex');
  const stamp = join(buildDir, 'harness.sha256');
  if (existsSync(harnessBin) && existsSync(stamp) && readFileSync(stamp, 'utf8') === hash) return;
  mkdirSync(buildDir, { recursive: true });
  log('compiling the ns-3 harness (g++)…');
  await must('g++', args);
  writeFileSync(stamp, hash);
}
