// `npm run build`: setup (no Chromium), then the static site in dist/.
import { log, must, npmBin, setup } from './setup.mjs';

try {
  await setup();
  await must(npmBin('vite'), ['build', '--config', 'web/vite.config.ts']);
  log('built dist/');
} catch (e) {
  console.error(`[losslab] build failed: ${e.message}`);
  process.exit(1);
}
