/** Shared pieces of the end-to-end stories: console-error guard, waiting for runs, downloads, axe. */
import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Download, type Locator, type Page, type TestInfo } from '@playwright/test';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';

/** Collects console errors and page errors; `assertClean` fails the test if there were any. */
export function watchErrors(page: Page) {
  const problems: string[] = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  return {
    problems,
    assertClean: () => expect(problems, 'console errors or page errors').toEqual([]),
  };
}

export async function openLab(page: Page, hash = '') {
  await page.goto(`/${hash}`);
  await expect(page.getByRole('heading', { name: 'LossLab', level: 1 })).toBeVisible();
}

/** Opens the lab with `scenario` in its link, as a shared link opens it. */
export async function openScenario(page: Page, scenario: unknown) {
  await openLab(page, `#/lab?s=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`);
}

/**
 * The stories' load: a dumbbell (one-way delay 20 ms, drop-tail, BER 1e-6) carrying `count` bulk
 * NewReno connections judged by `always_congestion`. Two sizes are used: 10 Mbit/s with 100
 * packets of buffer for many flows, 2 Mbit/s with 50 for one long run.
 */
export function bulkDumbbell(o: {
  id: string;
  seed: number;
  timeS: number;
  sampleMs: number;
  rateBps: number;
  limitPkts: number;
  flowId: string;
  count?: number;
}) {
  return {
    schema: 1,
    id: o.id,
    seed: o.seed,
    stop: { time_s: o.timeS },
    topology: {
      kind: 'dumbbell',
      bottleneck: {
        rate_bps: o.rateBps,
        delay_ms: 20,
        queue: { kind: 'drop_tail', limit_pkts: o.limitPkts },
        errors: { kind: 'bit_error', ber: 1e-6 },
      },
    },
    flows: [{ id: o.flowId, count: o.count, bytes: null, tcp: { cc: 'new_reno', classifier: 'always_congestion' } }],
    observe: { sample_ms: o.sampleMs },
  };
}

export async function setSpeed(page: Page, label: string) {
  await page.getByLabel('Speed').selectOption({ label });
}

export async function runToEnd(page: Page, timeout = 60_000) {
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout });
}

/**
 * Thirty bulk flows over 10 Mbit/s (100 packets of buffer, 20 s, 10 ms samples) played to their end
 * at 10× real time: the load under which the live charts draw frame by frame (strips, new marks).
 */
export async function playThirtyFlows(page: Page, id: string) {
  const scenario = bulkDumbbell({
    id,
    seed: 5,
    timeS: 20,
    sampleMs: 10,
    rateBps: 10_000_000,
    limitPkts: 100,
    flowId: 'f',
    count: 30,
  });
  await openScenario(page, scenario);
  await setSpeed(page, '10× real time');
  await runToEnd(page);
}

/** A canvas's RGBA bytes, read off the page. */
export function canvasPixels(canvas: Locator): Promise<number[]> {
  return canvas.evaluate((c: HTMLCanvasElement) =>
    Array.from(c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data),
  );
}

/**
 * A canvas's RGBA bytes once two reads agree: a run that has just ended may still have a frame's
 * drawing (a strip of lines, new drop marks) on its way. One read copies every pixel out of the
 * page (seconds on a loaded machine: two of them did not fit in 15 s beside a release build with
 * two workers), so the wait is up to 45 s, and the story's time limit grows by as much.
 */
export async function settledCanvasPixels(canvas: Locator): Promise<number[]> {
  const info = test.info();
  info.setTimeout(info.timeout + 45_000);
  let built = await canvasPixels(canvas);
  await expect
    .poll(
      async () => {
        const again = await canvasPixels(canvas);
        const settled = again.every((v, i) => v === built[i]);
        built = again;
        return settled;
      },
      { timeout: 45_000 },
    )
    .toBe(true);
  return built;
}

export function chart(page: Page | Locator, name: string): Locator {
  return page.getByRole('img', { name, exact: true });
}

export async function downloadText(d: Download): Promise<string> {
  const path = await d.path();
  return readFileSync(path!, 'utf8');
}

export async function downloadBytes(d: Download): Promise<Buffer> {
  const path = await d.path();
  return readFileSync(path!);
}

/** Every download the page starts while `action` runs, waiting until `count` have started. */
export async function downloads(page: Page, count: number, action: () => Promise<void>): Promise<Download[]> {
  const got: Download[] = [];
  const on = (d: Download) => got.push(d);
  page.on('download', on);
  try {
    await action();
    await expect.poll(() => got.length, { timeout: 15_000 }).toBe(count);
  } finally {
    page.off('download', on);
  }
  return got;
}

/**
 * One axe-core scan of the whole page, failing the test on any violation. A scan of a page after a
 * run takes seconds of CPU, many more on a loaded machine, so each scan adds its own 20 s to the
 * test's time limit: a story with three scans is not squeezed into the limit meant for one run
 * (the two-flow lab story with three scans ran past 60 s on the loaded 2-core machine).
 *
 * The scan runs `axe.run` in the page itself (axe's "legacy mode") and gathers violations only:
 * the same rules and the same verdicts as the default mode, which runs the rules frame by frame and
 * then merges the results in a second, blank page — 4 s against 1.4 s for the lab after a run on
 * this machine. Legacy mode cannot reach a frame of another origin, so a page that has one is
 * scanned the default way.
 */
export async function expectNoAxeViolations(page: Page, testInfo?: TestInfo, what = 'page') {
  const info = test.info();
  info.setTimeout(info.timeout + 20_000);
  const origin = new URL(page.url()).origin;
  const crossOrigin = page.frames().some((f) => f.url().startsWith('http') && new URL(f.url()).origin !== origin);
  const r = await new AxeBuilder({ page })
    .setLegacyMode(!crossOrigin)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const summary = r.violations.map(
    (v) =>
      `${v.id}: ${v.help} (${v.nodes.length}) ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(' | ')}`,
  );
  if (summary.length && testInfo)
    await testInfo.attach(`axe-${what}`, {
      body: JSON.stringify(r.violations, null, 2),
      contentType: 'application/json',
    });
  expect(summary, `axe violations on ${what}`).toEqual([]);
}

/** Parses simple CSV (no quoted commas in the values these tests read). */
export function parseCsv(text: string): { header: string[]; rows: Record<string, string>[] } {
  const lines = text.trimEnd().split('\n');
  const header = lines[0].split(',');
  const rows = lines.slice(1).map((l) => {
    const cells = l.split(',');
    return Object.fromEntries(header.map((h, i) => [h, cells[i]]));
  });
  return { header, rows };
}

/** Opens the builder's "Presets and file" part unless it is open already (it opens by default). */
export async function openPresets(page: Page) {
  const part = page.locator('details[data-part="file"]').first();
  if (!(await part.evaluate((d) => (d as HTMLDetailsElement).open)))
    await page.getByRole('heading', { name: 'Presets and file' }).click();
  await expect(page.getByLabel('Preset').first()).toBeVisible();
}

/**
 * Runs the `losslab` CLI with `args` from the repository's root (`repoRoot`), its own output
 * discarded and its errors shown: the stories compare what the page writes with what the CLI
 * writes to the files `args` name. `LOSSLAB_CLI` names the binary; without it cargo builds the
 * release one (web/src/sim/nativeCliForTests.ts).
 */
export { nativeCli as losslab, repoRoot } from '../../web/src/sim/nativeCliForTests';
