/**
 * "What am I looking at?" on the Lab's run charts: each chart has a small disclosure
 * that opens to a few plain sentences and links to the lesson that covers it; the link opens it.
 */
import { expect, test } from '@playwright/test';
import { openLab, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('a chart explanation opens and links to its lesson', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await openLab(page);
  const cwnd = page.locator('[data-explain="cwnd"]');
  await expect(cwnd).toHaveCount(1);
  for (const p of ['throughput', 'queue', 'fairness', 'classifier'])
    await expect(page.locator(`[data-explain="${p}"]`)).toHaveCount(1);
  await expect(cwnd.getByText(/slow-start threshold/)).toBeHidden();
  await cwnd.getByText('What am I looking at?').click();
  await expect(cwnd.getByText(/slow-start threshold/)).toBeVisible();
  await cwnd.scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/learn-explain-1280.png' });
  await cwnd.getByRole('link', { name: 'Slow start and AIMD' }).click();
  await expect(page).toHaveURL(/#\/learn\/slow-start-aimd$/);
  await expect(page.getByRole('heading', { name: /Slow start and AIMD: how TCP finds/ })).toBeVisible();
});
