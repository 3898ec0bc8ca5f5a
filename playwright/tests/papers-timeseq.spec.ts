/**
 * The Papers view draws a reproduction's time-sequence plots: open Gurtov Fig. 8,
 * and its `timeseq` plot (the start-up overflow over a 20-packet buffer, first 60 s) appears below
 * the figure with retransmission and drop marks, counted in the drawn SVG and equal to the counts
 * the page states; the picture is byte for byte the SVG `losslab reproduce` writes for it (one
 * source of truth: the simulator's run and drawing through wasm), and "Save SVG" saves those bytes.
 * Axe clean.
 *
 * The run happens in the time-sequence worker: while the worker is held back (its
 * script's request is paused here), the plot's place shows "Simulating…" in a box of the plot's
 * size, and the drawn picture then takes exactly that box. Leaving the page while a plot is being
 * simulated terminates that worker, with no error; coming back draws it again.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { downloadText, downloads, expectNoAxeViolations, watchErrors, losslab, repoRoot } from './helpers';

const file = JSON.parse(readFileSync(join(repoRoot, 'content/reproductions/gurtov/fig8.json'), 'utf8'));
const spec = file.timeseq[0];

/** The SVG `losslab reproduce` writes for the plot (one replication: Fig. 8 is deterministic). */
function cliSvg(): string {
  const out = mkdtempSync(join(tmpdir(), 'losslab-timeseq-'));
  losslab(['reproduce', '--paper', 'gurtov', '--figure', 'fig8', '--replications', '1', '--jobs', '1', '--out', out]);
  return readFileSync(join(out, 'gurtov', `fig8-${spec.id}.svg`), 'utf8');
}

const count = (svg: string, cls: string) => svg.split(`class="${cls}"`).length - 1;

const TIMESEQ_WORKER = /timeSeq\.worker[^/]*\.js/;

/** Holds the time-sequence worker's script until `release` is called (the plot stays "Simulating…"). */
async function holdTimeSeqWorker(page: Page): Promise<() => void> {
  let release = () => {};
  const released = new Promise<void>((r) => (release = r));
  await page.route(TIMESEQ_WORKER, async (route) => {
    await released;
    await route.continue().catch(() => {}); // the page may have gone on meanwhile
  });
  return release;
}

let cli = '';

// The CLI's SVG first, with its own time: cargo may rebuild the CLI (a new commit changes its
// version), which on a loaded machine can take minutes.
test.beforeAll(() => {
  test.setTimeout(900_000);
  cli = cliSvg();
});

test('Gurtov Fig. 8 shows its time-sequence plot with retransmissions and drops, the report’s SVG', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const release = await holdTimeSeqWorker(page);
  await page.goto('/#/papers/gurtov/fig8');
  const fig = page.getByTestId('papers-timeseq');
  await expect(fig).toHaveCount(1);

  // While the worker simulates: a box of the plot's size says so; nothing is drawn yet.
  const placeholder = fig.getByTestId('papers-timeseq-placeholder');
  await expect(fig).toHaveAttribute('data-state', 'running');
  await expect(placeholder.getByRole('status')).toContainText('Simulating…');
  await expect(fig.getByRole('img')).toHaveCount(0);
  await expect(fig.getByRole('button', { name: 'Save SVG' })).toBeDisabled();
  const box = (await placeholder.boundingBox())!;
  expect(Math.abs(box.width / box.height - 720 / 420)).toBeLessThan(0.01);

  release();
  await expect(fig).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(placeholder).toHaveCount(0);
  // The picture takes the box's place exactly.
  const drawn = (await fig.getByRole('img').boundingBox())!;
  expect(drawn.x).toBeCloseTo(box.x, 0);
  expect(drawn.y).toBeCloseTo(box.y, 0);
  expect(drawn.width).toBeCloseTo(box.width, 0);
  expect(drawn.height).toBeCloseTo(box.height, 0);
  await expect(fig.getByRole('heading', { name: spec.title })).toBeVisible();
  // Plain words: the point, the flow, the window.
  await expect(fig).toContainText('Flow tcp · Router buffer size 20 packets · 0–60 s');
  await expect(fig).toContainText(`What to look for: ${file.summary.claim}`);

  // The drawn marks: retransmissions and drops present, as many as the page says.
  const img = fig.getByRole('img');
  await expect(img).toBeVisible();
  const src = (await img.getAttribute('src')) ?? '';
  const svg = decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  const retx = count(svg, 'retx');
  const drops = count(svg, 'drop');
  expect(retx).toBeGreaterThan(0);
  expect(drops).toBeGreaterThan(0);
  await expect(fig).toHaveAttribute('data-retransmits', String(retx));
  await expect(fig).toHaveAttribute('data-drops', String(drops));
  await expect(fig).toHaveAttribute('data-timeouts', String(count(svg, 'timeout')));
  expect(svg).toContain('Time (s)');
  expect(svg).toContain('Sequence number (segments)');
  expect(svg).toContain(`retransmitted (${retx})`);
  expect(svg).toContain(`dropped (${drops})`);

  // One source of truth: the report's SVG, byte for byte; Save SVG saves the same bytes.
  expect(svg).toBe(cli);
  const [dl] = await downloads(page, 1, () => fig.getByRole('button', { name: 'Save SVG' }).click());
  expect(dl.suggestedFilename()).toBe(`gurtov-fig8-${spec.id}.svg`);
  expect(await downloadText(dl)).toBe(cli);

  await expectNoAxeViolations(page, info, 'papers-timeseq');
  errors.assertClean();
});

test('leaving a figure page while its plot is simulated stops the time-sequence worker', async ({ page }) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  const timeSeqWorkers = () => page.workers().filter((w) => TIMESEQ_WORKER.test(w.url()));
  // A first visit starts the worker and draws the plot.
  await page.goto('/#/papers/gurtov/fig8');
  const fig = page.getByTestId('papers-timeseq');
  await expect(fig).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect.poll(() => timeSeqWorkers().length).toBe(1);
  // Leaving terminates it.
  await page.getByRole('link', { name: '← All papers' }).click();
  await expect(page.getByTestId('papers-timeseq')).toHaveCount(0);
  await expect.poll(() => timeSeqWorkers().length).toBe(0);

  // Leaving while the plot is being simulated: the worker goes, and nothing is drawn or reported.
  const release = await holdTimeSeqWorker(page);
  await page.goto('/#/papers/gurtov/fig3');
  await expect(page.getByTestId('papers-timeseq').first()).toHaveAttribute('data-state', 'running');
  await page.getByRole('link', { name: '← All papers' }).click();
  await expect(page.getByTestId('papers-timeseq')).toHaveCount(0);
  release();
  await expect.poll(() => timeSeqWorkers().length).toBe(0);

  // Coming back draws the plots again.
  await page.unrouteAll();
  await page.goto('/#/papers/gurtov/fig8');
  await expect(page.getByTestId('papers-timeseq')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  errors.assertClean();
});
