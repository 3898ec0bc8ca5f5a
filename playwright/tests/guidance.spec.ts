/**
 * Guidance on first open. The preset selector says in plain words what the chosen
 * preset reproduces (paper and figure, set-up, assumptions; the technical notes behind a
 * disclosure); a first visit shows a one-line "start here" strip that opens the paired comparison
 * and stays dismissed across reloads (never in Embed); every chart says in one line what it shows,
 * and the throughput caption names the averaging window the scenario sets.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { expectNoAxeViolations, openLab, openPresets, runToEnd, watchErrors } from './helpers';

const content = (path: string) =>
  JSON.parse(readFileSync(new URL(`../../content/${path}`, import.meta.url), 'utf8')) as Record<string, unknown>;
const enc = (s: unknown) => LZString.compressToEncodedURIComponent(JSON.stringify(s));

/** The lab's default scenario, short, with the packet trace on (so the time–sequence panel shows) and a 1 s window. */
function shortTraced() {
  const s = content('default-scenario.json');
  return {
    ...s,
    id: 'guidance',
    stop: { time_s: 3, when_transfers_done: true },
    observe: { ...(s.observe as object), trace: true, throughput_window_ms: 1000 },
  };
}

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

const strip = (page: Page) => page.getByRole('region', { name: 'Start here' });

test('the preset selector describes the chosen preset in plain words, with the technical notes behind a disclosure', async ({
  page,
}) => {
  await openLab(page);
  await openPresets(page);
  const about = page.getByTestId('preset-summary');
  await expect(about).toContainText('not from a paper');

  await page.getByLabel('Preset').selectOption('gb04-s1-1mbps-10ms');
  await expect(about).toContainText('Garcia & Brunstrom 2004, Fig. 4');
  await expect(about).toContainText('1 Mbit/s');
  const gb04 = await about.innerText();
  for (const jargon of ['[GB04]', 'SPEC', '[ASSUME]', 'freebsd45', '4.274e-6']) expect(gb04).not.toContain(jargon);
  const notes = page.getByTestId('preset-about').locator('details');
  await expect(notes.getByText('[GB04] Fig. 4')).toBeHidden();
  await notes.getByText('Technical notes').click();
  await expect(notes.getByText('[GB04] Fig. 4', { exact: false })).toBeVisible();

  await page.getByLabel('Preset').selectOption('gurtov-per-5pct-7pkt');
  await expect(about).toContainText('Gurtov');
  await expect(about).toContainText('9600 bit/s');
  await expect(about).not.toContainText('Garcia');
  await expect(about).not.toContainText('[GUR]');

  // Loading a preset keeps it in the selector, so its description stays in view.
  await page.getByRole('button', { name: 'Load preset' }).click();
  await expect(page.getByLabel('Preset')).toHaveValue('gurtov-per-5pct-7pkt');
  await expect(about).toContainText('Gurtov');
  await expectNoAxeViolations(page, undefined, 'lab with a preset description');
});

test('a first visit shows a one-line start-here strip that opens the paired comparison; dismissal persists', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLab(page);
  const s = strip(page);
  await expect(s).toBeVisible();
  // One line above the results: no taller than one row of small buttons (plus padding).
  const box = (await s.boundingBox())!;
  expect(box.height).toBeLessThan(44);
  // … so the first chart still ends above the fold.
  const cwnd = (await page.getByRole('img', { name: 'Congestion window' }).boundingBox())!;
  expect(cwnd.y + cwnd.height).toBeLessThan(720);

  // It points to the lessons too.
  await expect(s.getByRole('link', { name: 'Lessons' })).toHaveAttribute('href', '#/learn');

  await s.getByRole('button', { name: 'What to watch' }).click();
  await expect(s.getByText('watch the congestion window')).toBeVisible();

  // It loads the plain-TCP preset here, whose "Compare with …" twin is then offered …
  await s.getByRole('button', { name: 'Load plain TCP' }).click();
  await expect(page.getByTestId('pair-links')).toContainText('B: with loss differentiation');
  await expect(page.getByLabel('Bit error rate', { exact: true })).toHaveValue('4.274e-6');

  // … and opens the pair in Compare, overlaid.
  await s.getByRole('link', { name: 'Compare them' }).click();
  await expect(page.getByRole('heading', { name: 'A versus B' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Overlay' })).toHaveAttribute('aria-pressed', 'true');
  await expect(strip(page)).toHaveCount(0);

  await page.goto('/#/lab');
  await expect(strip(page)).toBeVisible();
  await strip(page).getByRole('button', { name: 'Dismiss the start-here strip' }).click();
  await expect(strip(page)).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('heading', { name: 'Live run' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  await expect(strip(page)).toHaveCount(0);
});

test('the start-here strip never shows in Embed, and fits a 390 px screen', async ({ page }) => {
  await page.goto(`/#/embed?s=${enc(shortTraced())}&panels=cwnd`);
  await expect(page.getByRole('img', { name: 'Congestion window' })).toBeVisible();
  await expect(strip(page)).toHaveCount(0);

  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/#/lab');
  await expect(strip(page)).toBeVisible();
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await expectNoAxeViolations(page, undefined, 'lab at 390 px with the start-here strip');
});

test('every chart of a Lab run says in one line what it shows; throughput names its averaging window', async ({
  page,
}) => {
  await openLab(page, `#/lab?s=${enc(shortTraced())}`);
  await runToEnd(page);
  const figures = page.locator('.results figure.chart');
  await expect(page.getByRole('img', { name: 'Time–sequence' })).toBeVisible();
  const n = await figures.count();
  expect(n).toBe(6); // cwnd, throughput, queue, fairness, time–sequence, classifier
  for (let i = 0; i < n; i++) {
    const about = figures.nth(i).getByTestId('chart-about');
    await expect(about).toHaveCount(1);
    expect((await about.boundingBox())!.height, 'one line at 1280 px').toBeLessThan(26);
  }
  const thr = page.locator('figure.chart', { has: page.getByRole('img', { name: 'Throughput', exact: true }) });
  await expect(thr.getByTestId('chart-about')).toContainText('averaged over the last 1 s');
  await expect(thr.locator('.chart-note')).toContainText('above the link rate');
});

test('the Compare overlay charts say what they show, too', async ({ page }) => {
  const s = shortTraced();
  await page.goto(`/#/compare?a=${enc(s)}&b=${enc({ ...s, id: 'guidance-b' })}&view=overlay`);
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  for (const side of ['a', 'b'])
    await expect(page.getByTestId(`run-status-${side}`)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const figures = page.locator('figure.chart[data-view="overlay"]');
  await expect(figures).toHaveCount(3);
  for (let i = 0; i < 3; i++) await expect(figures.nth(i).getByTestId('chart-about')).toHaveCount(1);
  await expect(figures.nth(1).getByTestId('chart-about')).toContainText('averaged over the last 1 s');
});
