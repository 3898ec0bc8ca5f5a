/**
 * One lesson figure embedded (issue 13): "Embed" on a figure gives an iframe snippet for
 * `#/embed/learn/<lesson>/<figure>`; that address shows only that figure with the lesson's
 * controls — no header, no prose, no builder, no other figure — and it runs.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('Embed on a figure gives the snippet; the embed shows that figure and its controls only', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#/learn/loss-as-congestion');
  const fig = page.locator('figure[data-figure="ld"]');
  await fig.getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this figure' });
  await expect(dialog).toBeVisible();
  const snippet = await dialog.getByTestId('figure-embed-snippet').inputValue();
  expect(snippet).toMatch(/^<iframe src="[^"]*#\/embed\/learn\/loss-as-congestion\/ld"/);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  for (const [w, h] of [
    [1280, 720],
    [390, 800],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/#/embed/learn/loss-as-congestion/ld');
    await expect(page.locator('figure.lesson-figure')).toHaveCount(1);
    const only = page.locator('figure[data-figure="ld"]');
    await expect(only).toBeVisible();
    // The lesson's two controls, and nothing else to set (each chart's saved-colours choice is
    // about the exported file, not the run).
    await expect(only.locator('[data-path]')).toHaveCount(2);
    await expect(page.locator('select:not(.export-theme), input')).toHaveCount(2);
    await expect(page.locator('header, nav, .lesson-prose, .predict, .teacher-notes, .builder')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Why TCP reads every loss/ })).toHaveAttribute('target', '_blank');
    await expect(only).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    await page.screenshot({ path: `test-results/learn-embed-${w}.png` });
  }
});
