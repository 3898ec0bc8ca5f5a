/**
 * Vitest helper: loads the simulator's wasm (built by `npm run build:wasm`) into this Node process,
 * as `main.tsx` does in the page, so tests use the real catalog, defaults and CSV writers.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { initPageCoreSync } from './pageCore';
import { wasmCore } from './worker/wasmCore';
import type { SimCore } from './worker/wasmTypes';

export type { SimCore } from './worker/wasmTypes';

let loaded = false;

export function loadCoreForTests(): void {
  if (loaded) return;
  // A path from this file's own, not `new URL('./…', import.meta.url)`: vite rewrites that
  // pattern to an http:// address in a jsdom test.
  const wasm = join(dirname(fileURLToPath(import.meta.url)), 'worker/pkg/losslab_wasm_bg.wasm');
  initPageCoreSync({ module: readFileSync(wasm) });
  loaded = true;
}

/** The worker's view of the same module (create, validate, step), for tests that drive runs. */
export function simCoreForTests(): SimCore {
  loadCoreForTests();
  return wasmCore();
}
