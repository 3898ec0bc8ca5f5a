/**
 * Vitest helper: loads the simulator's wasm (built by `npm run build:wasm`) into this Node process,
 * as `main.tsx` does in the page, so tests use the real catalog, defaults and CSV writers.
 */
import { readFileSync } from 'node:fs';
import { initPageCoreSync } from './pageCore';

let loaded = false;

export function loadCoreForTests(): void {
  if (loaded) return;
  initPageCoreSync({ module: readFileSync(new URL('./pkg/losslab_wasm_bg.wasm', import.meta.url)) });
  loaded = true;
}
