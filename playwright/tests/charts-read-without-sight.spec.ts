/**
 * Charts read without sight (docs/accessibility.md): every chart of the lab has a data table
 * reachable by keyboard with the run's numbers; the read-out moved with Shift+arrows is spoken
 * (a polite live region); a calm summary of the latest values is there for a screen reader; and
 * with reduced motion asked for, nothing on the page animates.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, openLab, runToEnd, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('each chart has a data table, a spoken read-out and a summary', async ({ page }, info) => {
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await openLab(page);
  await page.getByLabel('Duration', { exact: true }).fill('10');
  await runToEnd(page);

  const cwnd = page.locator('figure', { has: page.getByRole('img', { name: 'Congestion window', exact: true }) });
  // The table, by keyboard: focus its disclosure, open it with Enter.
  const summary = cwnd.locator('summary', { hasText: 'Data table' });
  await summary.focus();
  await page.keyboard.press('Enter');
  const table = cwnd.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.locator('caption')).toContainText('Congestion window, every');
  const header = await table.getByRole('columnheader').allInnerTexts();
  expect(header[0]).toBe('time (s)');
  expect(header.length).toBeGreaterThan(1);
  const rows = table.locator('tbody tr');
  expect(await rows.count()).toBeGreaterThan(5);
  await expect(rows.last().locator('td').first()).toHaveText(/^\d[\d.,]* kB$/);

  // Every time-series chart of the lab has one.
  const charts = page.locator('figure.chart', { has: page.locator('.chart-frame') });
  const n = await charts.count();
  expect(n).toBeGreaterThanOrEqual(2);
  await expect(page.locator('figure.chart details.chart-data')).toHaveCount(n);

  // The read-out, moved by keys on the focused chart, is spoken.
  await cwnd.getByRole('group', { name: 'Congestion window chart controls' }).focus();
  await page.keyboard.press('Shift+ArrowRight');
  await page.keyboard.press('Shift+ArrowRight');
  const spoken = cwnd.getByTestId('readout-spoken');
  await expect(spoken).toHaveText(/^At [\d.]+ s: .+ kB/);
  await expect(cwnd.getByTestId('readout')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(cwnd.getByTestId('readout')).toHaveCount(0);

  // The calm summary of the finished run.
  await expect(cwnd.getByTestId('chart-announcer')).toHaveText(/^Congestion window at 10 s: .+ kB/);

  // Reduced motion: no transition anywhere (a button's is 0.01 ms).
  const transition = await page
    .getByRole('button', { name: 'Run', exact: true })
    .evaluate((b) => getComputedStyle(b).transitionDuration);
  expect(transition).toBe('1e-05s');
  await expectNoAxeViolations(page, info, 'lab-data-table');
  await page.screenshot({ path: 'test-results/shots/chart-data-table.png', fullPage: false });
});

test('Run, Pause and Reset keep the keyboard focus when the run turns them off, in the lab and in a lesson figure', async ({
  page,
}) => {
  // With `disabled`, the button that was pressed dropped the focus to the page's start (heard with
  // Orca: docs/accessibility.md, "Screen reader").
  const focused = () => page.evaluate(() => document.activeElement?.textContent ?? document.activeElement?.tagName);
  await openLab(page);
  await page.getByLabel('Speed').selectOption({ label: 'As fast as possible' });
  const run = page.getByRole('button', { name: 'Run', exact: true });
  // Run is unavailable until the simulator has checked the scenario.
  await expect(run).toBeEnabled();
  await run.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  expect(await focused()).toBe('Run');
  await expect(run).toHaveAttribute('aria-disabled', 'false');
  // Reset turns itself off once pressed; the focus stays on it, and it says it is unavailable.
  const reset = page.getByRole('button', { name: 'Reset', exact: true });
  await reset.focus();
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
  expect(await focused()).toBe('Reset');
  await expect(reset).toBeDisabled();
  // A click on it does nothing, and Enter on it neither.
  await page.keyboard.press('Enter');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');

  await page.goto('/#/learn/throughput-vs-loss');
  const figure = page.locator('figure[data-figure="two-losses"]');
  await figure.scrollIntoViewIfNeeded();
  await expect(figure).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const again = figure.getByRole('button', { name: 'Run again' });
  await expect(again).toBeEnabled();
  await again.focus();
  await page.keyboard.press('Enter');
  // The second run has started (its number), then finished; the focus stayed on the figure's button.
  await expect(figure).not.toHaveAttribute('data-run', '1');
  await expect(figure).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  expect(
    await page.evaluate(
      () =>
        document.activeElement?.tagName === 'BUTTON' &&
        document.activeElement.closest('figure')?.getAttribute('data-figure') === 'two-losses',
    ),
  ).toBe(true);
  expect(await focused()).toBe('Run again');
});
