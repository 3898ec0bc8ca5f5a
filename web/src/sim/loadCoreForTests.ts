/**
 * Vitest helper: loads the simulator's wasm (built by `npm run build:wasm`) into this Node process,
 * as `main.tsx` does in the page, so tests use the real catalog, defaults and CSV writers.
 */
import { readFileSync } from 'node:fs';
import { initPageCoreSync } from './pageCore';
import { wasmCore } from './worker/wasmCore';
import type { SimCore } from './worker/wasmTypes';

export type { SimCore } from './worker/wasmTypes';

let loaded = false;

export function loadCoreForTests(): void {
  if (loaded) return;
  initPageCoreSync({ module: readFileSync(new URL('./worker/pkg/losslab_wasm_bg.wasm', import.meta.url)) });
  loaded = true;
}

/** The worker's view of the same module (create, validate, step), for tests that drive runs. */
export function simCoreForTests(): SimCore {
  loadCoreForTests();
  return wasmCore();
}
