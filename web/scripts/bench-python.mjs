// `npm run bench:python`: the Python package's benchmark (python/benches/series_frame.py) — the
// series DataFrame's cost against the simulation — in the project's virtualenv, which setup
// builds or refreshes first (web/scripts/setup.mjs, ensurePythonPackage).
import { spawnSync } from 'node:child_process';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensurePythonPackage } from './setup.mjs';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..', '..');
const py = await ensurePythonPackage();
const r = spawnSync(py, [join(repoRoot, 'python', 'benches', 'series_frame.py'), ...process.argv.slice(2)], {
  stdio: 'inherit',
});
process.exit(r.status ?? 1);
