/**
 * Compare says what differs: a fresh Compare names B's one change at the top ("B differs from A
 * in: TCP variant — Westwood (A: NewReno)"), titles its panes by the configurations, lists every
 * difference in words once there are several, and its Δ table is rounded with one minus sign.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('a fresh Compare names B’s change, titles its panes by it, and rounds its Δ table', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/compare');
  await expect(page.getByRole('heading', { name: 'A versus B' })).toBeVisible();
  const differs = page.getByTestId('compare-differs');
  await expect(differs).toHaveText('B differs from A in: TCP variant — TCP Westwood (A: TCP NewReno)');
  const titles = page.locator('.pair-title');
  await expect(titles).toHaveText(['A: TCP NewReno', 'B: TCP Westwood']);
  await page.screenshot({ path: 'test-results/shots/compare-1280x720.png' });

  // A second change: the line counts it and the list names both, in words with units.
  await page.getByLabel('Duration', { exact: true }).fill('8'); // both sides: not a difference
  await page.getByLabel('Duration', { exact: true }).press('Tab');
  await page.getByRole('tabpanel').getByLabel('Buffer', { exact: true }).fill('20');
  await page.getByRole('tabpanel').getByLabel('Buffer', { exact: true }).press('Tab');
  await expect(differs).toContainText('and 1 more setting');
  await differs.getByText('Every difference (2)').click();
  await expect(page.getByTestId('compare-diff-list').locator('li')).toHaveText([
    // In the scenario's order: the topology before the flows.
    'Bottleneck: Buffer — 20 packets (A: 99 packets)',
    'TCP variant — TCP Westwood (A: TCP NewReno)',
  ]);

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status-a')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('run-status-b')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const table = page.getByRole('region', { name: 'Differences' }).getByRole('table');
  await expect(table).toContainText('B versus A');
  const cells = await table.locator('td.num').allTextContents();
  expect(cells.length).toBeGreaterThan(20);
  for (const c of cells) {
    // Rounded (at most two decimals), grouped, the minus sign U+2212, never a hyphen-minus.
    expect(c, `cell “${c}”`).toMatch(/^(—|[+\u2212]?\d{1,3}(,\d{3})*(\.\d{1,2})?( %)?)$/);
    expect(c).not.toContain('-');
  }
  const row = table.locator('tr[data-flow="f0"][data-metric="throughput_kbps"]');
  const num = (t: string) => Number(t.replace(/,/g, '').replace('\u2212', '-').replace(' %', ''));
  const [a, b, d] = (await row.locator('td.num').allTextContents()).map(num);
  expect(a).toBeGreaterThan(0);
  expect(Math.abs(d - (b - a))).toBeLessThanOrEqual(0.1 + 1e-9);
  await expect(table.locator('thead')).toContainText('Metric');
  await expect(table).toContainText('Accuracy on congestion (%)');
  await expect(table).not.toContainText('Verdicts C');
  await table.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/shots/compare-table-1280x720.png' });
  for (const [w, h] of [
    [1024, 768],
    [390, 844],
  ] as const) {
    await page.setViewportSize({ width: w, height: h });
    await page.screenshot({ path: `test-results/shots/compare-${w}x${h}.png` });
  }
});
