/**
 * A thousand connections' summary ("Drawing"): the table shows its first 20 rows and
 * says so, "Show all 1000 flows" shows every row and "Show the first 20 flows" folds it again
 * (a thousand rows rewritten on every live summary cost seconds of layout per second).
 */
import { expect, test } from '@playwright/test';
import { bulkDumbbell, openScenario, runToEnd, watchErrors } from './helpers';

const scenario = bulkDumbbell({
  id: 'thousand',
  seed: 1,
  timeS: 0.5,
  sampleMs: 100,
  rateBps: 10_000_000,
  limitPkts: 100,
  flowId: 'f',
  count: 1000,
});

test('a thousand connections: the summary shows its first 20 rows until asked for all', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openScenario(page, scenario);
  await runToEnd(page, 120_000);
  const region = page.getByRole('region', { name: 'Run summary' });
  const table = region.getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(20);
  await expect(table.locator('caption')).toContainText('the first 20 of 1000 flows');
  const all = region.getByRole('button', { name: 'Show all 1000 flows' });
  await expect(all).toHaveAttribute('aria-expanded', 'false');
  await all.click();
  await expect(table.locator('tbody tr')).toHaveCount(1000, { timeout: 30_000 });
  await expect(table.locator('caption')).not.toContainText('the first');
  await region.getByRole('button', { name: 'Show the first 20 flows' }).click();
  await expect(table.locator('tbody tr')).toHaveCount(20);
  errors.assertClean();
});
