/**
 * A thousand connections' summary (issue 15, "Drawing"): the table shows its first 20 rows and
 * says so, "Show all 1000 flows" shows every row and "Show the first 20 flows" folds it again
 * (a thousand rows rewritten on every live summary cost seconds of layout per second).
 */
import { expect, test } from '@playwright/test';
import LZString from 'lz-string';
import { openLab, runToEnd, watchErrors } from './helpers';

const scenario = {
  schema: 1,
  id: 'thousand',
  seed: 1,
  stop: { time_s: 0.5 },
  topology: {
    kind: 'dumbbell',
    bottleneck: {
      rate_bps: 10_000_000,
      delay_ms: 20,
      queue: { kind: 'drop_tail', limit_pkts: 100 },
      errors: { kind: 'bit_error', ber: 1e-6 },
    },
  },
  flows: [{ id: 'f', count: 1000, bytes: null, tcp: { cc: 'new_reno', classifier: 'always_congestion' } }],
  observe: { sample_ms: 100 },
};

test('a thousand connections: the summary shows its first 20 rows until asked for all', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openLab(page, `#/lab?s=${LZString.compressToEncodedURIComponent(JSON.stringify(scenario))}`);
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
