// `npm run bench:packets`: how smoothly the packet view ("Watch the packets") animates with about
// 10, 100, 200 and 1000 packets in flight, in Debian's Chromium. Never part of `npm test`: frame rates
// are measured and reported, not asserted (the target is 60 frames/s with 200 in flight).
//
//   npm run bench:packets [-- --no-build --seconds 5 --dist <built site>]
//
// For each load it opens the built lab (vite preview over dist/) with a dumbbell of bulk NewReno
// flows sized so that about that many packets (data and ACKs) are on the path, runs it, opens the
// packet view, moves it to the middle of the run (its "Time in the run" slider), animates at 1/100
// of real time and, for `--seconds` of wall time, counts requestAnimationFrame callbacks (frames
// per second, longest gap) and reads how many packets were in flight and whether every packet was
// drawn or, above the view's limit, queue occupancy and losses only.
import { setTimeout as sleep } from 'node:timers/promises';
import { chromium } from '@playwright/test';
import LZString from 'lz-string';
import { CHROMIUM, must, startPreview } from './setup.mjs';

const arg = (name, dflt) => {
  const i = process.argv.indexOf(`--${name}`);
  return i >= 0 ? process.argv[i + 1] : dflt;
};
const seconds = Number(arg('seconds', 5));
const port = Number(process.env.LOSSLAB_BENCH_PORT ?? 4398);
const distDir = arg('dist', null);

/**
 * The loads: packets in flight ≈ bandwidth × round trip / packet size + the queue, plus the ACKs
 * coming back (one per two segments with delayed ACKs).
 */
const LOADS = [
  { target: 10, rateBps: 1e6, delayMs: 10, limit: 8, flows: 1 },
  { target: 100, rateBps: 10e6, delayMs: 50, limit: 40, flows: 4 },
  { target: 200, rateBps: 20e6, delayMs: 50, limit: 80, flows: 8 },
  { target: 1000, rateBps: 100e6, delayMs: 40, limit: 400, flows: 20 },
];

const scenario = (l) => ({
  schema: 1,
  id: `bench_packets_${l.target}`,
  seed: 1,
  stop: { time_s: 20 },
  topology: {
    kind: 'dumbbell',
    bottleneck: {
      rate_bps: l.rateBps,
      delay_ms: l.delayMs,
      queue: { kind: 'drop_tail', limit_pkts: l.limit },
      errors: { kind: 'bit_error', ber: 1e-7 },
    },
  },
  flows: [{ id: 'f', count: l.flows, bytes: null, tcp: { cc: 'new_reno', classifier: 'always_congestion' } }],
  observe: { sample_ms: 100 },
});

if (!process.argv.includes('--no-build')) await must('node', ['web/scripts/build.mjs']);

const server = await startPreview(port, distDir);
const rows = [];
try {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--headless', '--no-sandbox'] });
  for (const l of LOADS) {
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    const hash = `#/lab?s=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario(l)))}`;
    await page.goto(`http://127.0.0.1:${port}/${hash}`);
    const run = page.getByRole('button', { name: 'Run', exact: true });
    await run.waitFor({ timeout: 180_000 });
    await page.waitForFunction(
      () => {
        const b = [...document.querySelectorAll('button')].find((x) => x.textContent?.trim() === 'Run');
        return b && !b.disabled;
      },
      null,
      { timeout: 180_000 },
    );
    await page.getByLabel('Speed').selectOption({ label: 'As fast as possible' });
    await run.click();
    await page.getByTestId('run-status').and(page.locator('[data-status="done"]')).waitFor({ timeout: 300_000 });
    const view = page.locator('figure.packet-view');
    await view.scrollIntoViewIfNeeded();
    await view.getByRole('button', { name: 'Next packet' }).click();
    await view.and(page.locator('[data-packets-status="ready"]')).waitFor({ timeout: 120_000 });
    // The slider moved as a hand moves it (an input event; React reads the element's own value).
    await view.getByLabel('Time in the run').evaluate((el) => {
      Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value').set.call(el, '12');
      el.dispatchEvent(new Event('input', { bubbles: true }));
    });
    await page.waitForFunction(
      () => {
        const v = document.querySelector('figure.packet-view');
        return v?.getAttribute('data-packets-status') === 'ready' && Number(v.getAttribute('data-t-ms')) >= 11_999;
      },
      null,
      { timeout: 120_000 },
    );
    await view.getByRole('button', { name: 'Animate' }).click();
    await sleep(500);
    const m = await page.evaluate(async (ms) => {
      const v = document.querySelector('figure.packet-view');
      const inFlight = [];
      const modes = new Set();
      let frames = 0;
      let longest = 0;
      const t0 = performance.now();
      let last = t0;
      await new Promise((done) => {
        const tick = (now) => {
          frames++;
          longest = Math.max(longest, now - last);
          last = now;
          inFlight.push(Number(v.getAttribute('data-in-flight')));
          modes.add(v.getAttribute('data-mode'));
          if (now - t0 < ms) requestAnimationFrame(tick);
          else done();
        };
        requestAnimationFrame(tick);
      });
      const wall = performance.now() - t0;
      inFlight.sort((a, b) => a - b);
      return {
        fps: (frames / wall) * 1000,
        longestMs: longest,
        inFlightMedian: inFlight[inFlight.length >> 1],
        modes: [...modes].join('+'),
      };
    }, seconds * 1000);
    rows.push({ target: l.target, ...m });
    console.log(
      `bench:packets  ~${l.target} in flight: ${m.fps.toFixed(1)} frames/s (longest gap ${m.longestMs.toFixed(0)} ms), median ${m.inFlightMedian} packets in flight, drawn as ${m.modes}`,
    );
    await page.close();
  }
  await browser.close();
} finally {
  server.kill();
}
console.log('\n| packets in flight (target) | median measured | frames/s | longest gap (ms) | drawn as |');
console.log('|---|---|---|---|---|');
for (const r of rows)
  console.log(`| ${r.target} | ${r.inFlightMedian} | ${r.fps.toFixed(1)} | ${r.longestMs.toFixed(0)} | ${r.modes} |`);
