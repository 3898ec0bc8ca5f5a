// `npm run bench:sweep`: a paper sweep in the browser's Sweep view against `losslab sweep --jobs 2`
// on the same file, measured in the same run (issue 15: the browser within 2× of the CLI).
// Never part of `npm test`: wall times are measured and reported, not asserted.
//
//   npm run bench:sweep [-- --sweep gb04-fig4-normal-vs-ld --repeat 3 --no-build]
//
// The CLI: `target/release/losslab sweep content/sweeps/<id>.json --jobs 2` (built with cargo when
// missing), timed from spawn to exit. The browser: the built app (vite preview over dist/) in
// Debian's Chromium, the file loaded as a "Paper sweep", timed from the Run sweep click to the
// progress row's `data-state="done"` (page clock), plus the page's own elapsed figure. Each side
// runs `--repeat` times (default 3) and the best run of each is compared (the machine is shared).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import { must, npmBin, repoRoot } from './setup.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const sweepId = arg('sweep', 'gb04-fig4-normal-vs-ld');
const repeat = Math.max(1, Number(arg('repeat', 3)));
const port = Number(process.env.LOSSLAB_BENCH_PORT ?? 4398);
const sweepFile = join('content', 'sweeps', `${sweepId}.json`);
const losslab = join(repoRoot, 'target', 'release', 'losslab');

if (!process.argv.includes('--no-build')) await must('node', ['web/scripts/build.mjs']);
if (!existsSync(losslab)) await must('cargo', ['build', '--release', '-q', '-p', 'sim-core', '--bin', 'losslab']);

/** Wall ms of one `losslab sweep --jobs 2` on the file. */
function cliOnce() {
  const out = join(mkdtempSync(join(tmpdir(), 'losslab-bench-sweep-')), 'out.csv');
  const t0 = performance.now();
  const r = spawnSync(losslab, ['sweep', sweepFile, '--jobs', '2', '--out', out], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const ms = performance.now() - t0;
  if (r.status !== 0) throw new Error(`losslab sweep exited with ${r.status}`);
  return ms;
}

const server = spawn(
  npmBin('vite'),
  ['preview', '--config', 'web/vite.config.ts', '--host', '127.0.0.1', '--strictPort', '--port', String(port)],
  { cwd: repoRoot, stdio: 'ignore' },
);
try {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(`http://127.0.0.1:${port}/`)).ok) break;
    } catch {
      /* not up yet */
    }
    await sleep(100);
  }
  const browser = await chromium.launch({
    executablePath: process.env.LOSSLAB_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox'],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/#/sweep`);
  await page.getByLabel('Paper sweep', { exact: true }).selectOption(sweepId);
  const progress = page.getByTestId('sweep-progress');

  const browserOnce = async () => {
    await page.evaluate(() => {
      const b = document.querySelector('button.primary');
      b.addEventListener('click', () => (window.__sweepT0 = performance.now()), { once: true, capture: true });
    });
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await progress.waitFor();
    await page.waitForFunction(
      () => {
        const el = document.querySelector('[data-testid="sweep-progress"]');
        if (el?.getAttribute('data-state') !== 'done') return false;
        window.__sweepT1 ??= performance.now();
        return true;
      },
      null,
      { timeout: 600_000, polling: 'raf' },
    );
    const r = await page.evaluate(() => {
      const ms = window.__sweepT1 - window.__sweepT0;
      window.__sweepT1 = undefined;
      const el = document.querySelector('[data-testid="sweep-progress"]');
      return { ms, runs: Number(el.getAttribute('data-total')), text: el.textContent };
    });
    return r;
  };

  const cli = [];
  const web = [];
  // Interleaved, so both sides see the same machine load; the first browser run includes the
  // workers' start-up (a fresh pool), as a user's first sweep does.
  for (let k = 0; k < repeat; k++) {
    cli.push(cliOnce());
    web.push(await browserOnce());
  }
  await browser.close();
  const best = (xs) => Math.min(...xs);
  const c = best(cli);
  const w = best(web.map((x) => x.ms));
  const f = (x) => x.toFixed(0);
  console.log(`bench:sweep  ${sweepId}  (${web[0].runs} runs, best of ${repeat})`);
  console.log(`  losslab sweep --jobs 2: ${cli.map(f).join(', ')} ms  → best ${f(c)} ms`);
  console.log(`  browser Sweep view:     ${web.map((x) => f(x.ms)).join(', ')} ms  → best ${f(w)} ms`);
  console.log(`  browser / CLI: ${(w / c).toFixed(2)}×`);
  console.log(`  page says: ${web[web.length - 1].text.replace(/\s+/g, ' ').trim()}`);
} finally {
  server.kill();
}
