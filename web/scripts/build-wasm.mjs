// `npm run build:wasm`: the simulator as wasm + JS glue in web/src/sim/worker/pkg (always rebuilds;
// cargo is incremental).
import { buildWasm, ensureWasmBindgen, ensureWasmTarget } from './setup.mjs';

try {
  await ensureWasmTarget();
  await ensureWasmBindgen();
  await buildWasm({ force: true });
} catch (e) {
  console.error(`[losslab] build:wasm failed: ${e.message}`);
  process.exit(1);
}
