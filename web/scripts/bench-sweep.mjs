// `npm run bench:sweep`: a paper sweep in the browser against `losslab sweep --jobs 2` on the same
// file, measured in the same run (the browser within 2× of the CLI).
// Never part of `npm test`: wall times are measured and reported, not asserted.
//
//   npm run bench:sweep [-- --sweep gb04-fig4-normal-vs-ld --repeat 3 --no-build --trace out.json]
//                       [--profile] [--dist <a built site, default dist/>] [--js-flags <V8 flags>]
//                       [--settle <ms>] [--pause <ms>] [--sched] [--driver-click]
//
// The CLI: `target/release/losslab sweep content/sweeps/<id>.json --jobs 2` (built with cargo when
// missing), timed from spawn to exit. The browser: the built app (vite preview over dist/) in
// Debian's Chromium, one page for every repeat (the pool stays warm between sweeps, as for a user),
// timed from the Run sweep click to the animation frame that shows this sweep's progress row at
// `data-state="done"` (page clock; the page marks the finished sweep drawn, `losslab:sweep:drawn`,
// as the row of the previous sweep says "done" too until then). Frames come every 16.7 ms, so this
// time moves in steps of a frame; the time to the commit (the mark) is printed beside it. The
// click and the wait run inside the page, in one call the harness waits on, so the harness (Node,
// and the browser process relaying its protocol) takes no CPU from the sweep; `--driver-click`
// clicks and waits through Playwright instead, as before (on 2 cores, during a 30–45 ms sweep, that
// took 15–20 ms of CPU in the harness's Node and about as much on the page's main thread relaying
// it). `--settle <ms>` leaves the page open that long before the first click (the workers' warm-up
// runs then), `--pause <ms>` that long between sweeps (a user's pause); `--sched` prints each
// thread's CPU time and time waiting for a CPU during the last browser run (Linux `/proc`,
// `schedStat.mjs`). The file is loaded as a user loads it — "Open sweep file…" with the file itself, any number of varied
// paths and zipped axes (the GB04 scenario-1 study: `--sweep studies/gb04-s1-study`, or just
// `--sweep gb04-s1-study`, found in `studies/`) — and started with the Run sweep button. Each side
// runs `--repeat` times (default 3) and the best run of each is compared (the machine is shared). Per browser run the page's own marks (`losslab:sweep:*`) give
// the phases: click → start (the page plans the sweep), start → first answer, first → last answer,
// last answer → done drawn; and the workers' busy time (their own clocks). `--trace <file>` records
// a Chromium trace of the last browser run (page and workers) and prints where each thread's time
// went. `--profile` records a CPU profile of the page's main thread over the last browser run (CDP,
// 0.1 ms samples) and prints its busy time and the functions that took most of it (self time, and
// the page's own modules inclusive): what the page does while the workers run. `--js-flags` passes
// V8 flags to Chromium, as a probe only (e.g. `--no-liftoff`: the sweep on optimized wasm alone).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium } from '@playwright/test';
import { schedLines, schedSnapshot } from './schedStat.mjs';
import { must, repoRoot, startPreview } from './setup.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const sweepId = arg('sweep', 'gb04-fig4-normal-vs-ld');
const repeat = Math.max(1, Number(arg('repeat', 3)));
/** Ms the page stays open, the file loaded, before the first Run sweep (`--settle`; default 0). */
const settleMs = Math.max(0, Number(arg('settle', 0)));
/** Ms between one sweep's end and the next click (`--pause`, a user's pause; default 0). */
const pauseMs = Math.max(0, Number(arg('pause', 0)));
const port = Number(process.env.LOSSLAB_BENCH_PORT ?? 4398);
const inSweeps = join('content', 'sweeps', `${sweepId}.json`);
const sweepFile = existsSync(join(repoRoot, inSweeps))
  ? inSweeps
  : join('content', 'sweeps', 'studies', `${sweepId}.json`);
const losslab = join(repoRoot, 'target', 'release', 'losslab');
const tracePath = arg('trace', null);
const profileMain = process.argv.includes('--profile');
/** The built site to serve (`--dist`: e.g. a copy of an earlier build, for a before/after pair). */
const dist = arg('dist', null);
/** V8 flags for Chromium (`--js-flags`, a probe: e.g. `--no-liftoff` to see the sweep on optimized wasm only). */
const jsFlags = arg('js-flags', null);
/** The printed summary of `--profile` (set by `summarizeProfile`). */
let profileText = '';
/**
 * `--driver-click`: click Run sweep and wait for the result through Playwright (its checks and
 * protocol traffic on the machine during the sweep), as this bench did before 2026-11-24.
 */
const driverClick = process.argv.includes('--driver-click');
/** `--sched`: each thread's CPU and wait for one during the last browser run (Linux `/proc`). */
const schedThreads = process.argv.includes('--sched');
/** The lines of `--sched`. */
let schedText = null;

/** Trace categories: tasks per thread, V8 (compile, GC, wasm tier-up), the page's marks. */
const TRACE_CATEGORIES = [
  'toplevel',
  'devtools.timeline',
  'disabled-by-default-devtools.timeline',
  'v8',
  'v8.execute',
  'v8.wasm',
  'disabled-by-default-v8.wasm.detailed',
  'blink.user_timing',
];

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

const server = await startPreview(port, dist);
try {
  const browser = await chromium.launch({
    executablePath: process.env.LOSSLAB_CHROMIUM ?? '/usr/bin/chromium',
    args: ['--headless', '--no-sandbox', ...(jsFlags ? [`--js-flags=${jsFlags}`] : [])],
  });
  const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
  await page.goto(`http://127.0.0.1:${port}/#/sweep`);
  await page.getByLabel('Open sweep file').setInputFiles(join(repoRoot, sweepFile));
  await page.getByText(`(the file ${sweepId.split('/').pop()}.json)`).waitFor();
  const progress = page.getByTestId('sweep-progress');
  if (settleMs > 0) await page.waitForTimeout(settleMs);

  const browserOnce = async (sched) => {
    await page.evaluate(() => {
      performance.clearMarks();
      const b = document.querySelector('button.primary');
      b.addEventListener('click', () => (window.__sweepT0 = performance.now()), { once: true, capture: true });
      // The previous sweep's row says "done" until this one is drawn: this sweep is done when the
      // page marks it drawn (`losslab:sweep:drawn`), or, on a build without that mark (which drew
      // the running state at the click), when the row says "done" after it said anything else.
      window.__sweepMoved = false;
      window.__sweepWatch?.disconnect();
      window.__sweepWatch = new MutationObserver(() => {
        const el = document.querySelector('[data-testid="sweep-progress"]');
        if (el && el.getAttribute('data-state') !== 'done') window.__sweepMoved = true;
      });
      window.__sweepWatch.observe(document.body, { subtree: true, childList: true, attributes: true });
      window.__sweepDone = () => {
        const el = document.querySelector('[data-testid="sweep-progress"]');
        if (el?.getAttribute('data-state') !== 'done') return false;
        const drawn = performance.getEntriesByName('losslab:sweep:drawn', 'mark').length > 0;
        return drawn || window.__sweepMoved;
      };
    });
    const before = sched ? schedSnapshot() : null;
    if (driverClick) {
      // Playwright's own click and wait: its checks and protocol traffic run during the sweep.
      await page.getByRole('button', { name: 'Run sweep' }).click();
      await progress.waitFor();
      await page.waitForFunction(
        () => (window.__sweepDone() ? (window.__sweepT1 ??= performance.now()) : false),
        null,
        {
          timeout: 600_000,
          polling: 'raf',
        },
      );
    } else {
      // The click and the wait inside the page, one call the harness waits on: nothing of the
      // harness runs on the two cores while the sweep does (a user's click costs the page nothing
      // more than this). Checked once per animation frame, as Playwright's `polling: 'raf'` does.
      await page.evaluate(
        () =>
          new Promise((resolve) => {
            const frame = () => {
              if (!window.__sweepDone()) return requestAnimationFrame(frame);
              window.__sweepT1 = performance.now();
              resolve();
            };
            document.querySelector('button.primary').click();
            requestAnimationFrame(frame);
          }),
      );
    }
    if (before) schedText = schedLines(before, schedSnapshot());
    const r = await page.evaluate(() => {
      const ms = window.__sweepT1 - window.__sweepT0;
      window.__sweepT1 = undefined;
      const el = document.querySelector('[data-testid="sweep-progress"]');
      const mark = (name) => performance.getEntriesByName(`losslab:sweep:${name}`, 'mark').at(-1);
      const at = (name) => (mark(name)?.startTime ?? NaN) - window.__sweepT0;
      const last = mark('last')?.detail ?? {};
      const phases = { start: at('start'), first: at('first'), last: at('last'), drawn: at('drawn'), done: ms };
      return { ms, runs: Number(el.getAttribute('data-total')), text: el.textContent, phases, ...last };
    });
    return r;
  };
  const f = (x) => x.toFixed(0);
  const phaseText = (x) => {
    const p = x.phases;
    const busy = x.workerMs / x.workers;
    return (
      `click→start ${f(p.start)} · start→first answer ${f(p.first - p.start)} · first→last answer ` +
      `${f(p.last - p.first)} · last→committed ${f(p.drawn - p.last)} · committed→shown ${f(p.done - p.drawn)} ms; ` +
      `workers busy ${f(busy)} ms each (${x.workers}; ${((100 * busy) / (p.last - p.start)).toFixed(0)} % of start→last)`
    );
  };

  const cli = [];
  const web = [];
  // Interleaved, so both sides see the same machine load; the first browser run includes the
  // workers' start-up (a fresh pool), as a user's first sweep does.
  for (let k = 0; k < repeat; k++) {
    if (k > 0 && pauseMs > 0) await page.waitForTimeout(pauseMs);
    cli.push(cliOnce());
    const traced = tracePath && k === repeat - 1;
    if (traced) await browser.startTracing(page, { path: tracePath, categories: TRACE_CATEGORIES });
    const cdp = profileMain && k === repeat - 1 ? await page.context().newCDPSession(page) : null;
    if (cdp) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
      await cdp.send('Profiler.start');
    }
    web.push(await browserOnce(schedThreads && k === repeat - 1));
    if (cdp) summarizeProfile((await cdp.send('Profiler.stop')).profile);
    if (traced) await browser.stopTracing();
  }
  await browser.close();
  const best = (xs) => Math.min(...xs);
  const c = best(cli);
  const w = best(web.map((x) => x.ms));
  const wc = best(web.map((x) => x.phases.drawn));
  console.log(`bench:sweep  ${sweepId}  (${web[0].runs} runs, best of ${repeat}${dist ? `; site ${dist}` : ''})`);
  console.log(`  losslab sweep --jobs 2: ${cli.map(f).join(', ')} ms  → best ${f(c)} ms`);
  console.log(`  browser Sweep view:     ${web.map((x) => f(x.ms)).join(', ')} ms  → best ${f(w)} ms`);
  console.log(`  browser / CLI: ${(w / c).toFixed(2)}×`);
  if (Number.isFinite(wc))
    console.log(
      `  to the commit (click → the done state in the page, before the frame that shows it): ` +
        `${web.map((x) => f(x.phases.drawn)).join(', ')} ms → best ${f(wc)} ms, ${(wc / c).toFixed(2)}× the CLI`,
    );
  web.forEach((x, k) => console.log(`  browser run ${k + 1}: ${phaseText(x)}`));
  console.log(`  page says: ${web[web.length - 1].text.replace(/\s+/g, ' ').trim()}`);
  if (profileText) console.log(profileText);
  if (schedText)
    console.log(
      `  threads during the last browser run (ms on a CPU / ms waiting for one):\n    ${schedText.slice(0, 14).join('\n    ')}`,
    );
  if (tracePath) summarizeTrace(tracePath);
} finally {
  server.kill();
}

/**
 * Keeps, for printing after the figures, the page's main-thread CPU profile of one run: busy time
 * (samples not idle), the functions with most self time, and the page's own modules' inclusive time.
 */
function summarizeProfile(profile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const self = new Map();
  const incl = new Map();
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const dt = (profile.timeDeltas[i + 1] ?? 0) / 1000;
    const n = byId.get(id);
    const name = n.callFrame.functionName || '(anonymous)';
    if (name === '(idle)' || name === '(program)') return;
    busy += dt;
    const where = n.callFrame.url.split('/').pop();
    self.set(`${name} ${where}`, (self.get(`${name} ${where}`) ?? 0) + dt);
    const seen = new Set();
    for (let x = id; x !== undefined; x = parent.get(x)) {
      const f = byId.get(x).callFrame;
      const file = f.url
        .split('/')
        .pop()
        .replace(/-[\w-]{8}\.js$/, '.js');
      if (!file || seen.has(file)) continue;
      seen.add(file);
      incl.set(file, (incl.get(file) ?? 0) + dt);
    }
  });
  const top = (m, k) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, k)
      .map(([n, d]) => `${n} ${d.toFixed(1)}`)
      .join(' · ');
  profileText =
    `  page main thread, last run: busy ${busy.toFixed(0)} ms\n    self: ${top(self, 12)}\n` +
    `    by file (inclusive): ${top(incl, 8)}`;
}

/** Prints, per renderer thread (page, workers), its busy time and the events that took most of it. */
function summarizeTrace(path) {
  const raw = JSON.parse(readFileSync(path, 'utf8'));
  const events = Array.isArray(raw) ? raw : raw.traceEvents;
  const names = new Map();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') names.set(`${e.pid}:${e.tid}`, e.args.name);
  const threads = new Map();
  for (const e of events) {
    if (e.ph !== 'X' || !e.dur) continue;
    const key = `${e.pid}:${e.tid}`;
    const name = names.get(key) ?? key;
    if (!/CrRendererMain|Worker|V8/i.test(name)) continue;
    const t = threads.get(key) ?? threads.set(key, { name, top: 0, by: new Map() }).get(key);
    if (e.name === 'ThreadControllerImpl::RunTask' || e.name === 'RunTask') t.top += e.dur;
    t.by.set(e.name, (t.by.get(e.name) ?? 0) + e.dur);
  }
  console.log(`  trace ${path}:`);
  for (const t of threads.values()) {
    if (t.top < 1000 && [...t.by.values()].every((d) => d < 5000)) continue;
    const top = [...t.by.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, 8)
      .map(([n, d]) => `${n} ${(d / 1000).toFixed(0)}`)
      .join(' · ');
    console.log(`    ${t.name}: tasks ${(t.top / 1000).toFixed(0)} ms — ${top} (ms, inclusive)`);
  }
}
