// `npm run bench:ui`: how smoothly the lab page plays a many-flow run in Debian's Chromium.
// Never part of `npm test`: frame timings are measured and reported, not asserted.
//
//   npm run bench:ui [-- --flows 30 --speed "10× real time" --seconds 8 --no-build --dist <built site>]
//
// Opens the built lab (vite preview over dist/) with a dumbbell scenario of N bulk flows
// (10 Mbit/s, 20 ms, BER 1e-6, 60 s), presses Run and, for a fixed wall-clock window, records
//   - frames: requestAnimationFrame callbacks per second and the longest gap between two,
//   - long tasks (PerformanceObserver 'longtask', > 50 ms on the main thread): count, longest,
//     and total blocking time (the part of each beyond 50 ms),
//   - how far the simulation got (simulated seconds).
//
//   npm run bench:ui -- --heap [--flows 1 --duration 3600 --no-build]
//
// runs the same dumbbell for `--duration` simulated seconds (default 3600) at `--sample-ms` (10) as
// fast as possible to its end, then reports the page's heap after a forced garbage collection (CDP
// `Runtime.getHeapUsage`: the JS heap plus typed-array storage, which `Performance.getMetrics`
// JSHeapUsedSize leaves out), the peak seen while running, and how many points the page holds.
import { spawn } from 'node:child_process';
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import LZString from 'lz-string';
import { must, npmBin, repoRoot } from './setup.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const flows = Number(arg('flows', 30));
const speed = arg('speed', 'As fast as possible');
const seconds = Number(arg('seconds', 8));
const port = Number(process.env.LOSSLAB_BENCH_PORT ?? 4399);
const heapMode = process.argv.includes('--heap');
/** A built site other than dist/ (e.g. a copy built before a change), for before/after runs. */
const distDir = arg('dist', null);
const duration = Number(arg('duration', heapMode ? 3600 : 60));
/** Longest wait for a heap run to end, in s of wall time. */
const heapTimeoutS = Number(arg('timeout', 900));
const sampleMs = Number(arg('sample-ms', 10));

if (!process.argv.includes('--no-build')) await must('node', ['web/scripts/build.mjs']);

const scenario = {
  schema: 1,
  id: 'bench_ui',
  seed: 1,
  stop: { time_s: duration },
  topology: {
    kind: 'dumbbell',
    bottleneck: {
      rate_bps: 10_000_000,
      delay_ms: 20,
      queue: { kind: 'drop_tail', limit_pkts: 100 },
      errors: { kind: 'bit_error', ber: 1e-6 },
    },
  },
  flows: [{ id: 'f', count: flows, bytes: null, tcp: { cc: 'new_reno', classifier: 'always_congestion' } }],
  observe: { sample_ms: sampleMs, shadow_classifiers: ['oracle'] },
};
const hash = `#/lab?s=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`;

const server = spawn(
  npmBin('vite'),
  [
    'preview',
    '--config',
    'web/vite.config.ts',
    '--host',
    '127.0.0.1',
    '--strictPort',
    '--port',
    String(port),
    ...(distDir ? ['--outDir', distDir] : []),
  ],
  {
    cwd: repoRoot,
    stdio: 'ignore',
  },
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
  // The controller as `window.__losslabSim` (the page's point count for --heap).
  await page.addInitScript(() => localStorage.setItem('losslab.testHooks', '1'));
  await page.goto(`http://127.0.0.1:${port}/${hash}`);
  await page.getByRole('button', { name: 'Run', exact: true }).waitFor({ timeout: 180_000 });
  await page.getByLabel('Speed').selectOption({ label: speed });
  if (heapMode) {
    console.log(await heapRun(page));
    await browser.close();
  } else await fpsRun(page, browser);
} finally {
  server.kill();
}

/** Runs for `seconds` of wall time and prints frames per second and long tasks. */
async function fpsRun(page, browser) {
  await page.evaluate(() => {
    const w = window;
    w.__bench = { frames: [], long: [] };
    new PerformanceObserver((list) => {
      for (const e of list.getEntries()) w.__bench.long.push(e.duration);
    }).observe({ type: 'longtask', buffered: false });
    const tick = (t) => {
      w.__bench.frames.push(t);
      requestAnimationFrame(tick);
    };
    requestAnimationFrame(tick);
  });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await sleep(seconds * 1000);
  const r = await page.evaluate(() => {
    const { frames, long } = window.__bench;
    let gap = 0;
    for (let i = 1; i < frames.length; i++) gap = Math.max(gap, frames[i] - frames[i - 1]);
    const span = (frames[frames.length - 1] - frames[0]) / 1000;
    return {
      fps: frames.length / span,
      maxFrameGapMs: gap,
      longTasks: long.length,
      longestTaskMs: Math.max(0, ...long),
      blockingMs: long.reduce((a, d) => a + Math.max(0, d - 50), 0),
      simulated: document.querySelector('[data-testid="run-status"]')?.textContent ?? '',
    };
  });
  await browser.close();
  const f = (x) => x.toFixed(1);
  console.log(`bench:ui  flows=${flows}  speed="${speed}"  window=${seconds} s`);
  console.log(`  frames ${f(r.fps)}/s, longest gap ${f(r.maxFrameGapMs)} ms`);
  console.log(`  long tasks ${r.longTasks}, longest ${f(r.longestTaskMs)} ms, total blocking ${f(r.blockingMs)} ms`);
  console.log(`  status: ${r.simulated.replace(/\s+/g, ' ').trim()}`);
}

/** The page's JS heap plus its ArrayBuffer storage (typed arrays live outside the JS heap). */
async function heapBytes(cdp) {
  const u = await cdp.send('Runtime.getHeapUsage').catch(() => null);
  return u ? u.usedSize + (u.backingStorageSize ?? 0) : 0;
}

/** Runs to the end (or the time limit), collects garbage and reads the page's heap. */
async function heapRun(page) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Performance.enable');
  const started = Date.now();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const status = page.getByTestId('run-status');
  let ended = 'finished';
  let crashed = false;
  let peak = 0;
  page.on('crash', () => (crashed = true));
  for (;;) {
    if (crashed) {
      ended = 'the page crashed';
      break;
    }
    const st = await status.getAttribute('data-status', { timeout: 5000 }).catch(() => null);
    if (st === 'done') break;
    if (st === 'error') {
      ended = `error: ${((await status.textContent().catch(() => '')) ?? '').trim()}`;
      break;
    }
    if (Date.now() - started > heapTimeoutS * 1000) {
      ended = `stopped after ${heapTimeoutS} s`;
      break;
    }
    peak = Math.max(peak, await heapBytes(cdp));
    await sleep(1000);
  }
  const wallS = (Date.now() - started) / 1000;
  if (crashed)
    return `bench:ui --heap  flows=${flows}  duration=${duration} s: ${ended} after ${wallS.toFixed(0)} s (heap peak seen ${(peak / 1e6).toFixed(1)} MB)`;
  const text = ((await status.textContent().catch(() => '')) ?? '').replace(/\s+/g, ' ').trim();
  await cdp.send('HeapProfiler.collectGarbage');
  const { metrics } = await cdp.send('Performance.getMetrics');
  const m = Object.fromEntries(metrics.map((x) => [x.name, x.value]));
  const usage = await cdp.send('Runtime.getHeapUsage');
  const points = await page.evaluate(() => window.__losslabSim?.getSnapshot().series?.pointsHeld ?? null);
  const mb = (x) => (x / 1e6).toFixed(1);
  return [
    `bench:ui --heap  flows=${flows}  duration=${duration} s  sample=${sampleMs} ms  (${ended}, ${wallS.toFixed(0)} s wall)`,
    `  page heap ${mb(usage.usedSize + (usage.backingStorageSize ?? 0))} MB after GC: JS heap ${mb(m.JSHeapUsedSize)} MB + typed-array storage ${mb(usage.backingStorageSize ?? 0)} MB (peak seen while running ${mb(peak)} MB)`,
    `  points held by the page: ${points ?? 'n/a'}`,
    `  status: ${text}`,
  ].join('\n');
}
