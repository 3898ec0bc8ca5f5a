/**
 * Paired presets compare. The GB04 preset offers "Compare with …" its twin with
 * loss differentiation; Compare matches their flows (`tcp`, `ld`) by position and says so, every Δ
 * has a value, both run to the same stop time, and the charts can overlay A (solid) and B (dashed)
 * on one set of axes, a choice the compare link keeps.
 */
import { expect, test } from '@playwright/test';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { chart, expectNoAxeViolations, watchErrors } from './helpers';

const enc = (id: string) =>
  LZString.compressToEncodedURIComponent(
    JSON.stringify(JSON.parse(readFileSync(new URL(`../../content/scenarios/${id}.json`, import.meta.url), 'utf8'))),
  );

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('a preset with a twin opens Compare with it; flows are matched by position and every Δ has a value', async ({
  page,
}) => {
  await page.goto(`/#/lab?s=${enc('gb04-s1-1mbps-10ms')}`);
  await page.getByRole('link', { name: 'Compare with its twin (B: with loss differentiation)' }).click();
  await expect(page.getByRole('heading', { name: 'A versus B' })).toBeVisible();
  await expect(page.getByText('Both run with seed 1 for 1800 s')).toBeVisible();
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  for (const s of ['a', 'b'])
    await expect(page.getByTestId(`run-status-${s}`)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const table = page.getByRole('region', { name: 'Differences' });
  await expect(table.getByRole('caption')).toContainText('matched by position');
  const thr = table.locator('tr[data-flow="tcp"][data-metric="throughput_kbps"]');
  await expect(thr.locator('td').first()).toHaveText('tcp ↔ ld');
  for (const cell of await thr.locator('td.num').all()) await expect(cell).not.toHaveText('—');
});

test('Compare lists the pairs and overlays A and B on one set of axes; the link keeps the view', async ({ page }) => {
  await page.goto('/#/compare');
  await page.getByLabel('Paired presets').selectOption({
    label: 'Garcia & Brunstrom Fig. 4, 1 Mbit/s, 10 ms: plain TCP · B: with loss differentiation',
  });
  await page.getByRole('button', { name: 'Overlay' }).click();
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  for (const s of ['a', 'b'])
    await expect(page.getByTestId(`run-status-${s}`)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const cwnd = chart(page, 'Congestion window (A and B)');
  await expect(cwnd.locator('path[data-series="cwnd"]')).toHaveCount(2);
  await expect(cwnd.locator('path[data-series="cwnd"][data-flow="tcp"]')).not.toHaveAttribute('stroke-dasharray');
  await expect(cwnd.locator('path[data-series="cwnd"][data-flow="ld"]')).toHaveAttribute('stroke-dasharray', /\d/);
  const [stroke, strokeB] = await Promise.all(
    ['tcp', 'ld'].map((f) =>
      cwnd.locator(`path[data-series="cwnd"][data-flow="${f}"]`).evaluate((e) => getComputedStyle(e).stroke),
    ),
  );
  expect(strokeB).toBe(stroke);
  await expectNoAxeViolations(page, undefined, 'compare overlay');

  await page.getByRole('button', { name: 'Copy link' }).click();
  const link = await page.getByTestId('share-link').inputValue();
  expect(link).toContain('view=overlay');
  await page.goto('about:blank');
  await page.goto(link);
  await expect(page.getByRole('button', { name: 'Overlay' })).toHaveAttribute('aria-pressed', 'true');
  await expect(chart(page, 'Congestion window (A and B)')).toBeVisible();
});

test('a comparison of two runs whose flows are named differently has a value in every Δ', async ({ page }) => {
  await page.goto(`/#/compare?a=${enc('gb04-s1-1mbps-10ms')}&b=${enc('gb04-s1-1mbps-10ms-ld')}`);
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  for (const s of ['a', 'b'])
    await expect(page.getByTestId(`run-status-${s}`)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const rows = page.getByRole('region', { name: 'Differences' }).locator('tbody tr');
  await expect(rows).toHaveCount(14);
  await expect(rows.locator('td[data-column="delta_pct"]').filter({ hasText: '%' })).not.toHaveCount(0);
  await expect(rows.filter({ hasText: 'Throughput (kbit/s)' }).locator('td.num').nth(2)).not.toHaveText('—');
});
