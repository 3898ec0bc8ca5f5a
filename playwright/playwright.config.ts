/**
 * End-to-end tests in Debian's Chromium (/usr/bin/chromium; `npx playwright install` cannot
 * download browsers here). The server is `vite preview` over the built dist/, so run
 * `npm run build` first (`npm test` does).
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from '@playwright/test';

const repoRoot = fileURLToPath(new URL('..', import.meta.url));
const PORT = Number(process.env.LOSSLAB_E2E_PORT ?? 4173);
const chromium = process.env.LOSSLAB_CHROMIUM ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: './tests',
  outputDir: '../test-results/playwright',
  // Spec files are shared out over two workers; the tests of one file run in order in one worker.
  // LOSSLAB_E2E_WORKERS overrides the count (docs/performance.md, "The test suite", has the figures).
  fullyParallel: false,
  workers: Number(process.env.LOSSLAB_E2E_WORKERS ?? 2),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 15_000 },
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    viewport: { width: 1280, height: 900 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
    // Recording a trace costs about a quarter of the suite's time even when it is thrown away
    // (44 stories: 86 s with 'retain-on-failure', 64 s without); a failed story is traced on its
    // retry (CI), and `--trace on` records one for a local rerun.
    trace: 'on-first-retry',
  },
  webServer: {
    command: `npx vite preview --config web/vite.config.ts --host 127.0.0.1 --strictPort --port ${PORT}`,
    cwd: repoRoot,
    url: `http://127.0.0.1:${PORT}/`,
    reuseExistingServer: !process.env.CI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
