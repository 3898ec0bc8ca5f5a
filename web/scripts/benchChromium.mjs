// The wasm side of `npm run bench -- --browser`: the same `benchPasses` (sim-core/wasm/src/bench.rs)
// run in Debian's Chromium, on the page's main thread, as the lab's users run the simulator.
// Chromium has no per-process CPU clock a page can read, so this side is timed by wall clock
// (`performance.now()`), and `bench.mjs` then times the native side by wall clock too.
//
// The page is served from memory (Playwright routes `http://bench.losslab/`): the bound glue and the
// `.wasm` exactly as the lab loads them, and nothing else.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { CHROMIUM, wasmPkgDir } from './setup.mjs';

const ORIGIN = 'http://bench.losslab';

const FILES = {
  '/': ['text/html', () => '<!doctype html><title>LossLab bench</title>'],
  '/losslab_wasm.js': ['text/javascript', () => readFileSync(join(wasmPkgDir, 'losslab_wasm.js'))],
  '/losslab_wasm_bg.wasm': ['application/wasm', () => readFileSync(join(wasmPkgDir, 'losslab_wasm_bg.wasm'))],
};

/**
 * Each workload of `ids` run `passes` times in Chromium: `{ version, rows: [{ id, events, ms }] }`,
 * `ms[0]` the cold pass.
 */
export async function benchInChromium(ids, quick, passes) {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
  try {
    const page = await browser.newPage();
    await page.route(`${ORIGIN}/**`, (route) => {
      const file = FILES[new URL(route.request().url()).pathname];
      if (!file) return route.fulfill({ status: 404 });
      return route.fulfill({ status: 200, contentType: file[0], body: file[1]() });
    });
    await page.goto(`${ORIGIN}/`);
    const rows = [];
    // One workload per evaluate: a long pass list in one call would hold the page for seconds.
    for (const id of ids) {
      rows.push(
        await page.evaluate(
          async ({ id, quick, passes }) => {
            const glue = await import('/losslab_wasm.js');
            await glue.default({ module_or_path: '/losslab_wasm_bg.wasm' });
            const [, events, ...ms] = glue.benchPasses(id, quick, passes, () => performance.now());
            return { id, events, ms };
          },
          { id, quick, passes },
        ),
      );
    }
    return { version: browser.version(), rows };
  } finally {
    await browser.close();
  }
}
