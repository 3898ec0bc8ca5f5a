// `npm run dev`: setup (no Chromium), then Vite's dev server with hot reload.
import { npmBin, run, setup } from './setup.mjs';

try {
  await setup();
} catch (e) {
  console.error(`[losslab] setup failed: ${e.message}`);
  process.exit(1);
}
process.exit(await run(npmBin('vite'), ['--config', 'web/vite.config.ts', ...process.argv.slice(2)]));
