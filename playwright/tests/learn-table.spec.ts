/**
 * A lesson figure keeps the runs made on it and shows the numbers its prose quotes: two settings
 * run on `loss-as-congestion` figure 1 stay on the same axes, named by their setting; the results
 * table fills in each run setting's mean of 4 runs (the worker pool), and each cell is the number
 * the prose links to it — the number `sim-core/tests/lessons.rs` checks against the same cell of
 * the same sweep natively. Pointing at a prose number lights its cell up. Screenshots at
 * 1280×720, 1024×768 and 390 px.
 */
import { expect, test, type Locator } from '@playwright/test';
import { watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

/** The number a prose link quotes and its decimals (as the Rust check reads it). */
function quoted(text: string): { value: number; decimals: number } {
  const m = /\d+(?:\.\d+)?/.exec(text);
  if (!m) throw new Error(`no number in "${text}"`);
  return { value: Number(m[0]), decimals: m[0].split('.')[1]?.length ?? 0 };
}

async function cellValue(cell: Locator): Promise<number> {
  await expect(cell).toHaveAttribute('data-value', /\d/, { timeout: 120_000 });
  return Number(await cell.getAttribute('data-value'));
}

test('a figure keeps two runs on the same axes, and its table holds the numbers the prose quotes', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/learn/loss-as-congestion');
  const fig = page.locator('figure[data-figure="ld"]');
  await page.locator('[data-predict="which-first"]').getByRole('radio').nth(1).check();
  await fig.scrollIntoViewIfNeeded();
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const table = fig.getByTestId('results-table');
  // The note above the table says what a cell is.
  await expect(fig.locator('.results-note')).toContainText('mean of 4 runs');
  // Only the setting that ran shows its numbers.
  const plain = fig.locator('[data-cell="ld/plain-5/completion"]');
  const ld = fig.locator('[data-cell="ld/ld-5/completion"]');
  await cellValue(plain);
  await expect(ld).toHaveText('run it');

  // A second setting: both runs stay, on the same axes, named by their setting.
  const firstRun = await fig.getAttribute('data-run');
  await fig
    .getByLabel('What the sender does with a damaged packet')
    .selectOption({ label: 'Checksum LD: retransmit, keep the window' });
  await expect(fig).not.toHaveAttribute('data-run', firstRun ?? '');
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const kept = fig.getByTestId('kept-runs');
  await expect(kept.locator('[data-kept-run]')).toHaveText([
    /^Plain TCP · 4\.27e-6 \(5 % of packets\)/,
    /^Checksum LD · 4\.27e-6 \(5 % of packets\) \(latest\)/,
  ]);
  const overlay = kept.getByRole('figure', { name: 'Throughput of your runs' });
  await expect(overlay.getByRole('list', { name: /legend/i })).toContainText('Plain TCP · 4.27e-6');
  await expect(overlay.getByRole('list', { name: /legend/i })).toContainText('Checksum LD · 4.27e-6');
  const runs = await overlay
    .locator('path[data-entity^="run"]')
    .evaluateAll((ps) => [...new Set(ps.map((p) => p.getAttribute('data-entity')))]);
  expect(runs).toHaveLength(2);

  // The table's cells are the numbers the prose quotes (the Rust check holds the prose to the
  // same cells of the same sweep), shown at the table's precision.
  const explanation = page.locator('[data-predict="which-first"]').getByTestId('explanation');
  await expect(explanation).toBeVisible();
  for (const [link, cell] of [
    [explanation.locator('[data-cell-link="ld/ld-5/completion"]'), ld],
    [explanation.locator('[data-cell-link="ld/plain-5/completion"]'), plain],
  ] as const) {
    const q = quoted(await link.innerText());
    const v = await cellValue(cell);
    expect(Math.abs(v - q.value), `${await link.innerText()} vs ${v}`).toBeLessThanOrEqual(
      0.5 * 10 ** -q.decimals + 1e-9,
    );
    await expect(cell).toHaveText(v.toFixed(1));
  }
  // The 10 % rows have not run: no numbers yet.
  await expect(fig.locator('[data-cell="ld/plain-10/throughput"]')).toHaveText('run it');

  // Pointing at a prose number lights its cell up.
  const link = explanation.locator('[data-cell-link="ld/ld-5/completion"]');
  await link.hover();
  await expect(ld).toHaveClass(/lit/);
  await expect(plain).not.toHaveClass(/lit/);
  await page.mouse.move(0, 0);
  await expect(ld).not.toHaveClass(/lit/);
  await link.focus();
  await expect(ld).toHaveClass(/lit/);

  // Clearing forgets the kept runs.
  await kept.getByRole('button', { name: 'Remove the run Plain TCP · 4.27e-6 (5 % of packets)' }).click();
  await expect(kept.locator('[data-kept-run]')).toHaveCount(1);

  for (const [w, h] of [
    [1280, 720],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`learn-table-${w}.png`), fullPage: false });
  }
});

test('the fairness chart draws the whole-run Jain index beside the per-window line; the prose counts read the table', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await page.goto('/#/learn/slow-start-aimd');
  const predict = page.locator('[data-predict="many-flows"]');
  await predict.getByRole('radio').nth(1).check();
  const fig = page.locator('figure[data-figure="sharing"]');
  await fig.getByLabel('Downloads sharing the link').selectOption('10');
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  const fairness = fig.locator('.run-chart').filter({ hasText: 'Fairness' });
  const legend = fairness.getByRole('list', { name: /legend/i });
  await expect(legend).toContainText('Jain index, per 500 ms window');
  await expect(legend).toContainText(/Jain index, whole run: \d\.\d\d/);
  // Drawn as an SVG path, or on the canvas that holds many lines (ten flows' shares here).
  await expect(
    fairness.locator('path[data-series="jain_whole_run"], canvas[data-series~="jain_whole_run"]'),
  ).toHaveCount(1);

  // "about 84 timeouts in 30 s": the ten-flow cell of the table, a mean of 2 runs.
  const link = predict.getByTestId('explanation').locator('[data-cell-link="sharing/flows-10/timeouts"]');
  const q = /\d+(?:\.\d+)?/.exec(await link.innerText())!;
  const cell = fig.locator('[data-cell="sharing/flows-10/timeouts"]');
  await expect(cell).toHaveAttribute('data-value', /\d/, { timeout: 120_000 });
  const v = Number(await cell.getAttribute('data-value'));
  expect(Math.abs(v - Number(q[0]))).toBeLessThanOrEqual(0.5 + 1e-9);
  await expect(fig.locator('.results-note')).toContainText('mean of 2 runs');
  // Five flows never ran here: that row waits.
  await expect(fig.locator('[data-cell="sharing/flows-5/timeouts"]')).toHaveText('run it');
  await fairness.scrollIntoViewIfNeeded();
  await page.screenshot({ path: info.outputPath('learn-fairness-whole-run-1280.png') });
});
