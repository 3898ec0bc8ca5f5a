/**
 * Every knob in words: a variant's and a classifier's own parameters are labelled as the other
 * knobs are (Westwood's `reset_rtt_min` reads "Reset RTT min"), never by their raw ids.
 */
import { expect, test } from '@playwright/test';
import { openLab, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('Westwood’s and a classifier’s own knobs are labelled in words', async ({ page }) => {
  await openLab(page);
  const flow = page.getByRole('group', { name: 'Flow f0' });
  await flow.getByLabel('Variant').selectOption('westwood');
  await flow.getByLabel('Classifier').selectOption('spike');
  await flow.getByText('Advanced TCP options').click();
  await expect(flow.getByText('Reset RTT min', { exact: true })).toBeVisible();
  await expect(flow.getByText('Pause at RTO', { exact: true })).toBeVisible();
  // No label in the builder is a raw id (snake_case).
  const labels = await page.locator('.builder-panel label, .builder-panel legend').allTextContents();
  const raw = labels.map((l) => l.trim()).filter((l) => /^[a-z0-9]+(_[a-z0-9]+)+$/.test(l));
  expect(raw).toEqual([]);
});
