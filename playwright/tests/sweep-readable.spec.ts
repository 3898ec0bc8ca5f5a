/**
 * Sweep charts people can read: axis titles, legends and ticks in the catalog's
 * words (no JSON paths), a log x axis for a bit error rate spanning decades (with a "0" slot and a
 * linear/log switch kept in the link), CI bars cut at the metric's possible values with a note,
 * values read out on hover and by the arrow keys, a table of the same values, and a caption.
 */
import { expect, test, type Page } from '@playwright/test';
import { chart, expectNoAxeViolations, watchErrors } from './helpers';

async function runSweep(page: Page, fill: () => Promise<void>, runs: number) {
  await page.goto('/#/sweep');
  await expect(page.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
  await fill();
  await page.getByRole('button', { name: 'Run sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(progress).toHaveAttribute('data-done', String(runs));
}

/** The figure holding the chart named `name`. */
const figure = (page: Page, name: string) => page.locator('figure.chart', { has: chart(page, name) });

test('a bit-error-rate sweep speaks in words, on a log axis, with read-outs, a table and clipped bars noted', async ({
  page,
}, info) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await runSweep(
    page,
    async () => {
      await page.getByLabel('Parameter', { exact: true }).selectOption('topology.bottleneck.errors.ber');
      await page.getByLabel('Values', { exact: true }).fill('0, 1e-7, 1e-6, 1e-5');
      await page.getByLabel('Replications', { exact: true }).fill('2');
      await page.getByLabel('Duration', { exact: true }).fill('4');
    },
    8,
  );

  const name = 'Throughput (kbit/s) vs bottleneck bit error rate';
  const thr = figure(page, name);
  await expect(thr).toBeVisible();
  // Words, not paths: the axis titles name the parameter and the metric with its unit.
  await expect(thr.locator('.axis-label').first()).toContainText('Bottleneck bit error rate');
  await expect(thr.locator('.axis-label').nth(1)).toHaveText('Throughput (kbit/s)');
  await expect(thr).not.toContainText('topology.');
  await expect(page.locator('.sweep-results')).not.toContainText('topology.');

  // Values from 1e-7 to 1e-5 span two decades: a log axis with decade ticks and a "0" slot.
  const ticks = thr.locator('.sweep-x-axis .tick text');
  await expect(thr.locator('.sweep-x-axis')).toHaveAttribute('data-scale', 'log');
  await expect(ticks).toContainText(['0', '1e-7', '1e-6', '1e-5']);
  await expect(thr.locator('.axis-break')).toHaveCount(1);
  const logTicks = await ticks.allTextContents();

  // The caption says what a point and a bar are.
  await expect(thr.locator('.sweep-caption')).toHaveText(
    'Each point: mean of 2 runs with different error patterns (seeds 1 to 2); bars: 95 % confidence interval (Student t).',
  );

  // Hover reads a point out: x in words, each series' mean with unit, its CI and n.
  const readout = thr.getByTestId('sweep-readout');
  // The chart may start below the fold (the form is long): scroll to it as a reader would.
  const dot = thr.locator('circle.mean-dot').last();
  await dot.scrollIntoViewIfNeeded();
  const box = (await dot.boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(readout).toContainText('Bottleneck bit error rate: 1e-5');
  await expect(readout).toContainText(/Throughput: [\d,.]+ kbit\/s \(95 % CI [\d,.]+ to [\d,.]+(, clipped)?\), n = 2/);
  // … and so do the arrow keys.
  await thr.locator('.sweep-plot').focus();
  await page.keyboard.press('Home');
  await expect(readout).toContainText('Bottleneck bit error rate: 0');
  await page.keyboard.press('ArrowRight');
  await expect(readout).toContainText('Bottleneck bit error rate: 1e-7');

  // A table of the same values: one row per point and series, units in the headings.
  await thr.getByRole('button', { name: 'Show as table' }).click();
  const table = thr.getByRole('table');
  await expect(table.locator('tbody tr')).toHaveCount(4);
  await expect(table.getByRole('columnheader', { name: 'Mean (kbit/s)' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Bottleneck bit error rate' })).toBeVisible();
  await expect(table.getByRole('rowheader', { name: '1e-6' })).toBeVisible();

  // Two runs per point: at 1e-5 the two throughputs differ so much that the interval reaches below
  // zero; it is cut at 0 and the chart says so.
  const clipped = await thr.locator('path.ci-bar[data-clipped="true"]').count();
  expect(clipped).toBeGreaterThan(0);
  await expect(thr.getByTestId('clip-note')).toHaveText(
    `95 % CI clipped at 0 for ${clipped} point${clipped === 1 ? '' : 's'}: too few replications (or too much spread) for a symmetric interval to fit the possible values.`,
  );
  await expectNoAxeViolations(page, info, 'sweep-readable');

  // Linear instead: other ticks, and the link remembers it.
  await page.getByRole('radio', { name: 'Linear' }).check();
  await expect(thr.locator('.sweep-x-axis')).toHaveAttribute('data-scale', 'linear');
  await expect(thr.locator('.axis-break')).toHaveCount(0);
  await expect.poll(() => ticks.allTextContents()).not.toEqual(logTicks);
  expect(page.url()).toContain('x=linear');
  errors.assertClean();
});

test('a second parameter names its series by the catalog’s titles; shares read in % and stay within 100 %', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await runSweep(
    page,
    async () => {
      await page.getByLabel('Parameter', { exact: true }).selectOption('topology.bottleneck.errors.ber');
      await page.getByLabel('Values', { exact: true }).fill('0, 1e-5');
      await page.getByLabel('Replications', { exact: true }).fill('2');
      await page.getByLabel('Duration', { exact: true }).fill('4');
      // A second varied parameter draws one series per value.
      await page.getByRole('button', { name: 'Add a varied parameter' }).click();
      await page.getByLabel('Varied parameter 2 Parameter', { exact: true }).selectOption('flows[0].tcp.classifier');
      await page.getByLabel('Varied parameter 2 Values', { exact: true }).fill('always_congestion, checksum');
      await expect(page.getByLabel('One series per value of')).toHaveValue('1');
      await page.getByRole('checkbox', { name: 'Accuracy on wireless (%)' }).check();
    },
    8,
  );
  const acc = figure(page, 'Accuracy on wireless (%) vs bottleneck bit error rate');
  await expect(acc).toBeVisible();
  await expect(acc.getByRole('list', { name: /legend/ })).toContainText('Standard TCP');
  await expect(acc.getByRole('list', { name: /legend/ })).toContainText('Checksum notification');
  await expect(page.locator('.sweep-results')).not.toContainText('flows[0]');
  // Shares are shown in % and never above 100 %.
  for (const t of await acc.locator('.axis-left .tick text').allTextContents())
    expect(Number(t.replace(/,/g, ''))).toBeLessThanOrEqual(100);
  await acc.getByRole('button', { name: 'Show as table' }).click();
  await expect(acc.getByRole('table').locator('tbody tr')).toHaveCount(await acc.locator('circle.mean-dot').count());
  const thr = figure(page, 'Throughput (kbit/s) vs bottleneck bit error rate');
  await thr.getByRole('button', { name: 'Show as table' }).click();
  await expect(thr.getByRole('table').locator('tbody tr')).toHaveCount(4);
  errors.assertClean();
});

test('a classifier on the x axis is named by its title, and one replication says it has no interval', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await runSweep(
    page,
    async () => {
      await page.getByLabel('Parameter', { exact: true }).selectOption('flows[0].tcp.classifier');
      await page.getByLabel('Values', { exact: true }).fill('always_congestion, checksum, oracle');
      await page.getByLabel('Replications', { exact: true }).fill('1');
      await page.getByLabel('Duration', { exact: true }).fill('3');
    },
    3,
  );
  const thr = figure(page, 'Throughput (kbit/s) vs classifier of the first flow');
  await expect(thr.locator('.sweep-x-axis')).toHaveAttribute('data-scale', 'names');
  await expect(thr.locator('circle.mean-dot')).toHaveCount(3);
  await expect(thr.locator('.sweep-x-axis .tick text')).toHaveText(['Standard TCP', 'Checksum notification', 'Oracle']);
  await expect(thr.locator('.axis-label').first()).toHaveText('Classifier of the first flow');
  await expect(page.getByRole('radio', { name: 'Log' })).toHaveCount(0);
  await expect(thr.locator('.sweep-caption')).toHaveText(
    'Each point: one run (seed 1); with one replication there is no confidence interval to draw.',
  );
  await expect(page.locator('.sweep-results')).not.toContainText('flows[0]');
  errors.assertClean();
});
