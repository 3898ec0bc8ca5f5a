/** axe-core finds no violations on any view, in either theme, idle and after a run. */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, openLab, runToEnd, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('lab: two flows after a run, in the dark theme, with the embed dialog open', async ({ page }, info) => {
  await openLab(page);
  await page.getByLabel('Duration', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Add flow' }).click();
  await runToEnd(page);
  await expectNoAxeViolations(page, info, 'lab-light');
  await page.getByLabel('Theme').selectOption('dark');
  await expectNoAxeViolations(page, info, 'lab-dark');
  await page.getByRole('button', { name: 'Embed' }).click();
  await expect(page.getByRole('dialog')).toBeVisible();
  await expectNoAxeViolations(page, info, 'embed-dialog');
});

test('compare after a run', async ({ page }, info) => {
  await page.goto('/#/compare');
  await page.getByLabel('Duration', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status-b')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('run-status-a')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expectNoAxeViolations(page, info, 'compare');
  await page.getByRole('button', { name: 'Overlay' }).click();
  await page.getByLabel('Theme').selectOption('dark');
  await expectNoAxeViolations(page, info, 'compare-overlay-dark');
});

test('presentation mode after a run, in both themes', async ({ page }, info) => {
  await openLab(page);
  await page.getByLabel('Duration', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(page.getByRole('button', { name: 'Leave presentation' })).toBeVisible();
  await page.keyboard.press('Space');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expectNoAxeViolations(page, info, 'present-light');
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, info, 'present-dark');
});

test('sweep after a run, and in the dark theme', async ({ page }, info) => {
  await page.goto('/#/sweep');
  await expectNoAxeViolations(page, info, 'sweep-idle');
  await page.getByLabel('Values', { exact: true }).fill('0, 1e-5');
  await page.getByLabel('Replications', { exact: true }).fill('2');
  await page.getByLabel('Duration', { exact: true }).fill('3');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expectNoAxeViolations(page, info, 'sweep');
  await page.getByLabel('Theme').selectOption('dark');
  await expectNoAxeViolations(page, info, 'sweep-dark');
});

test('embed view after a run', async ({ page }, info) => {
  await page.goto('/#/embed?autoplay=1&panels=cwnd,throughput,queue,fairness,classifier');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expectNoAxeViolations(page, info, 'embed');
  // The embed has no theme switch: it follows the reader's system setting.
  await page.emulateMedia({ colorScheme: 'dark' });
  await expectNoAxeViolations(page, info, 'embed-dark');
});
