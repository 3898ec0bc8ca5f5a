/**
 * A lesson figure names its flows as the prose does and shows the numbers the prose quotes:
 * `fairness-jain` figure 1 (near and far download) run with the far sender 100 ms away. Its legends
 * say "near download" and "far download", not the scenario's flow ids; its results table holds the
 * throughputs and the whole-run Jain index the explanation links to, each equal to the linked
 * number at the precision written (the same cells `sim-core/tests/lessons.rs` checks natively).
 * Screenshots at 1280×720, 1024×768 and 390 px.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('the fairness lesson names its flows as the prose does, and its table holds the quoted numbers', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/learn/fairness-jain');
  const predict = page.locator('[data-predict="near-far"]');
  await predict.getByRole('radio').nth(1).check();
  const fig = page.locator('figure[data-figure="rtt"]');
  await fig.getByLabel("Extra delay on the far sender's own link (one way)").selectOption({ index: 2 });
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 90_000 });

  // The legends use the prose's names for the two flows.
  const throughput = fig.locator('.run-chart').filter({ hasText: 'Throughput' }).first();
  const legend = throughput.getByRole('list', { name: /legend/i });
  await expect(legend).toContainText('near download');
  await expect(legend).toContainText('far download');

  // Every number the explanation links is its cell's mean at the precision written.
  const explanation = predict.getByTestId('explanation');
  await expect(explanation).toBeVisible({ timeout: 30_000 });
  const links = explanation.locator('[data-cell-link^="rtt/far-100/"]');
  await expect(links).toHaveCount(3);
  for (const link of await links.all()) {
    const key = (await link.getAttribute('data-cell-link'))!;
    const m = /\d+(?:\.\d+)?/.exec(await link.innerText())!;
    const decimals = m[0].split('.')[1]?.length ?? 0;
    const cell = fig.locator(`[data-cell="${key}"]`);
    await expect(cell).toHaveAttribute('data-value', /\d/, { timeout: 120_000 });
    const v = Number(await cell.getAttribute('data-value'));
    expect(Math.abs(v - Number(m[0])), `${key}: "${m[0]}" vs ${v}`).toBeLessThanOrEqual(0.5 * 10 ** -decimals + 1e-9);
  }
  // The 50-packet buffer has not run here: its row waits.
  await expect(fig.locator('[data-cell="rtt/far-100-b50/jain"]')).toHaveText('run it');

  const table = fig.getByTestId('results-table');
  for (const [w, h] of [
    [1280, 720],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await table.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`learn-flow-names-table-${w}.png`) });
    await throughput.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`learn-flow-names-legend-${w}.png`) });
  }
});
