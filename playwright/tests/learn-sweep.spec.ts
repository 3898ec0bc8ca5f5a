/**
 * A lesson figure's sweep panel: `throughput-vs-loss` figure 1 runs its sweep over the worker
 * pool once the reader has made the prediction it answers and pressed Run, draws one mean dot with a CI bar per loss rate, and the
 * Mathis and Padhye lines the simulator computes; moving the window control runs it again.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('the sweep panel draws a dot per loss rate and the two theory lines', async ({ page }) => {
  test.setTimeout(180_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/learn/throughput-vs-loss');
  const fig = page.locator('figure[data-figure="sqrt-law"]');
  await page.locator('[data-predict="where-they-part"]').getByRole('radio').first().check();
  await fig.scrollIntoViewIfNeeded();
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  const panel = fig.getByTestId('figure-sweep');
  await expect(panel).toHaveAttribute('data-status', 'done', { timeout: 150_000 });
  await expect(panel.locator('circle.mean-dot')).toHaveCount(8);
  await expect(panel.locator('path.ci-bar')).toHaveCount(8);
  for (const m of ['mathis', 'padhye']) await expect(panel.locator(`path[data-theory="${m}"]`)).toHaveCount(1);
  await expect(panel.getByText('Mathis et al. 1997')).toBeVisible();
  await expect(panel.getByText('Padhye et al. 1998')).toBeVisible();
  // The x control is the chart's axis, not a select; the window is a control.
  await expect(fig.locator('select[data-path="topology.bottleneck.errors.per"]')).toHaveCount(0);
  // The sweep's throughput at 1 % loss is near the Mathis rate the lesson states (1716 kbit/s).
  const mean = Number(await panel.locator('circle.mean-dot').nth(3).getAttribute('data-mean'));
  expect(mean).toBeGreaterThan(1287);
  expect(mean).toBeLessThan(2145);
  await page.screenshot({ path: 'test-results/learn-sweep-1280.png', fullPage: false });
  // A smaller window: the sweep runs again and Padhye's line flattens at the window cap.
  const before = await panel.locator('path[data-theory="padhye"]').getAttribute('d');
  await fig.locator('select[data-path="flows[0].tcp.rwnd_bytes"]').selectOption({ label: '8 kB (small)' });
  await expect(panel).toHaveAttribute('data-status', 'done', { timeout: 150_000 });
  await expect(panel.locator('circle.mean-dot')).toHaveCount(8);
  expect(await panel.locator('path[data-theory="padhye"]').getAttribute('d')).not.toBe(before);
});
