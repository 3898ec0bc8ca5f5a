// `npm run bench:timeseq`: what the Papers view's time-sequence plots cost the page's
// main thread, in Debian's Chromium. Never part of `npm test`: measured, not asserted.
//
//   node web/scripts/bench-timeseq.mjs [--dist dist --dist /tmp/before-dist ...] [--rounds 3]
//                                      [--figures fig3,fig6,fig8]
//
// Serves each built site (default: dist/) under its own path on one port (LOSSLAB_BENCH_PORT,
// default 4399) and opens Gurtov's figure pages in a fresh context each, sites interleaved round
// by round so a before/after pair sees the same machine load. For each load it records, from the
// moment the time-sequence figure is on the page until every plot is drawn (or failed):
//   - the wall time (appear → done) and the run's own time (`data-run-ms`),
//   - long tasks (PerformanceObserver 'longtask', > 50 ms on the main thread) that start in that
//     window (not the task that rendered the figure): count, longest and total blocking time (the
//     part of each beyond 50 ms),
//   - the longest gap between two animation frames (how long the page could not paint),
// and, over the whole load, the main thread's CPU time inside the wasm glue's `timeSequence` (the
// time-sequence run and drawing; CDP CPU profile sampled every 0.2 ms): what moving the plots to a
// worker takes off the page's thread, whatever else the machine is doing.
// Prints one line per load and the median per site and figure.
import { createServer } from 'node:http';
import { readFile } from 'node:fs/promises';
import { extname, join, resolve } from 'node:path';
import { chromium } from '@playwright/test';
import { repoRoot } from './setup.mjs';

const args = process.argv.slice(2);
const all = (name) => args.flatMap((a, i) => (a === `--${name}` ? [args[i + 1]] : []));
const dists = (all('dist').length ? all('dist') : ['dist']).map((d) => resolve(repoRoot, d));
const rounds = Number(all('rounds')[0] ?? 3);
const figures = (all('figures')[0] ?? 'fig3,fig6,fig8').split(',');
const port = Number(process.env.LOSSLAB_BENCH_PORT ?? 4399);

const MIME = {
  '.html': 'text/html',
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.wasm': 'application/wasm',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
  '.webmanifest': 'application/manifest+json',
  '.png': 'image/png',
};

// /s<i>/<path> → dists[i]/<path>
const server = createServer(async (req, res) => {
  const m = /^\/s(\d+)(\/[^?#]*)/.exec(req.url ?? '');
  const dir = m && dists[Number(m[1])];
  if (!dir) return res.writeHead(404).end();
  const path = m[2].endsWith('/') ? `${m[2]}index.html` : m[2];
  try {
    const body = await readFile(join(dir, decodeURIComponent(path)));
    res.writeHead(200, { 'content-type': MIME[extname(path)] ?? 'application/octet-stream' }).end(body);
  } catch {
    res.writeHead(404).end();
  }
});
await new Promise((ok) => server.listen(port, '127.0.0.1', ok));

const INIT = () => {
  const ts = { appear: null, done: null, long: [], maxGap: 0 };
  window.__ts = ts;
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) ts.long.push([e.startTime, e.duration]);
  }).observe({ type: 'longtask', buffered: true });
  const check = () => {
    const figs = [...document.querySelectorAll('[data-testid=papers-timeseq]')];
    if (figs.length === 0) return;
    const now = performance.now();
    if (ts.appear === null) {
      ts.appear = now;
      let last = now;
      const frame = (t) => {
        ts.maxGap = Math.max(ts.maxGap, t - last);
        last = t;
        if (ts.done === null) requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    }
    if (ts.done === null && figs.every((f) => f.dataset.state !== 'running')) ts.done = now;
  };
  new MutationObserver(check).observe(document, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ['data-state'],
  });
};

/** CPU time (ms) of a CDP profile's samples with a frame named `name` on their stack. */
function msInside(profile, name) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const inside = new Map();
  const isInside = (id) => {
    if (inside.has(id)) return inside.get(id);
    const n = byId.get(id);
    const v = n.callFrame.functionName === name || (parent.has(id) && isInside(parent.get(id)));
    inside.set(id, v);
    return v;
  };
  let us = 0;
  profile.samples.forEach((id, i) => {
    if (isInside(id)) us += profile.timeDeltas[i + 1] ?? 0;
  });
  return us / 1000;
}

const browser = await chromium.launch({
  executablePath: process.env.LOSSLAB_CHROMIUM ?? '/usr/bin/chromium',
  args: ['--headless', '--no-sandbox', '--disable-gpu', '--no-first-run', '--disable-background-networking'],
});
const rows = [];
try {
  for (let round = 0; round < rounds; round++)
    for (const fig of figures)
      for (const [site, dir] of dists.entries()) {
        const context = await browser.newContext({ viewport: { width: 1280, height: 720 }, serviceWorkers: 'block' });
        const page = await context.newPage();
        await page.addInitScript(INIT);
        const cdp = await context.newCDPSession(page);
        await cdp.send('Profiler.enable');
        await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
        await cdp.send('Profiler.start');
        await page.goto(`http://127.0.0.1:${port}/s${site}/#/papers/gurtov/${fig}`);
        await page.waitForFunction(() => window.__ts?.done !== null, null, { timeout: 120_000 });
        const { profile } = await cdp.send('Profiler.stop');
        const r = await page.evaluate(() => {
          const ts = window.__ts;
          const long = ts.long.filter(([s]) => s >= ts.appear && s < ts.done + 1);
          const runMs = [...document.querySelectorAll('[data-testid=papers-timeseq]')].map((f) =>
            Number(f.dataset.runMs),
          );
          return {
            wallMs: ts.done - ts.appear,
            runMs,
            longCount: long.length,
            longestMs: Math.max(0, ...long.map(([, d]) => d)),
            blockingMs: long.reduce((n, [, d]) => n + Math.max(0, d - 50), 0),
            maxGapMs: ts.maxGap,
          };
        });
        await context.close();
        r.mainTimeSeqMs = msInside(profile, 'timeSequence');
        const row = { round, fig, site: dir, ...r };
        rows.push(row);
        console.log(
          `${dir} ${fig} round ${round}: ${r.wallMs.toFixed(0)} ms to drawn (run ${r.runMs.join(', ')} ms), ` +
            `${r.longCount} long tasks (longest ${r.longestMs.toFixed(0)} ms, blocking ${r.blockingMs.toFixed(0)} ms), ` +
            `longest frame gap ${r.maxGapMs.toFixed(0)} ms; main thread in timeSequence ${r.mainTimeSeqMs.toFixed(0)} ms`,
        );
      }
} finally {
  await browser.close();
  server.close();
}

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};
console.log(
  '\nmedians (site, figure: to drawn, runs summed, long tasks, longest task, blocking, longest frame gap, main thread in timeSequence)',
);
for (const dir of dists)
  for (const fig of figures) {
    const rs = rows.filter((r) => r.site === dir && r.fig === fig);
    const m = (k) => median(rs.map(k)).toFixed(0);
    console.log(
      `${dir} ${fig}: ${m((r) => r.wallMs)} ms, runs ${m((r) => r.runMs.reduce((a, b) => a + b, 0))} ms, ${m((r) => r.longCount)} long, ` +
        `${m((r) => r.longestMs)} ms longest, ${m((r) => r.blockingMs)} ms blocking, ${m((r) => r.maxGapMs)} ms frame gap, ${m((r) => r.mainTimeSeqMs)} ms in timeSequence`,
    );
  }
