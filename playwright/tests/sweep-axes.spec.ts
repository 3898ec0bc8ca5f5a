/**
 * A sweep of more than two varied parameters in the Sweep view: a sweep file with
 * three axes, one of them zipped (`{ label, zip }`: both flows' counts together), and a setting
 * the form has no field for (`flows: "sum"`) is opened with "Open sweep file…" and loads whole —
 * three rows, the zipped one listing its parameters by name (their paths in small print) under
 * its label, the point and run counts. Its x axis is the BER, the zipped axis draws the series,
 * and the delay is picked above the charts
 * ("Show"), the charts' titles naming the slice. The exported CSV equals `losslab sweep`'s for the
 * same file, byte for byte. The simulator's refusal of a too-large sweep is shown as the form
 * grows, with the field named. Screenshots at 1280×720, 1024×768 and 390 px.
 */
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chart, downloadText, downloads, expectNoAxeViolations, losslab, repoRoot, watchErrors } from './helpers';

/** GB04 scenario 1 with two short transfers (its base, inlined), 2 BERs × 2 delays × n ∈ {1, 2} flows each. */
function threeAxisSweep(): string {
  const base = JSON.parse(readFileSync(join(repoRoot, 'content/scenarios/gb04-s1-1mbps-10ms.json'), 'utf8'));
  const flow = base.flows[0];
  base.flows = [
    { ...flow, id: 'a', bytes: 60000 },
    { ...flow, id: 'b', bytes: 60000 },
  ];
  base.observe = { sample_ms: 100 };
  const sweep = {
    schema: 1,
    id: 'three-axis-test',
    title: 'Three axes, one zipped',
    base,
    vary: [
      { path: 'topology.bottleneck.errors.ber', values: [0, 1e-5] },
      { path: 'topology.bottleneck.delay_ms', values: [10, 50] },
      {
        label: 'n',
        zip: [
          { path: 'flows[0].count', values: [1, 2] },
          { path: 'flows[1].count', values: [1, 2] },
        ],
      },
    ],
    replications: 2,
    metrics: ['throughput_kbps', 'timeouts'],
    flows: 'sum',
  };
  const file = join(mkdtempSync(join(tmpdir(), 'losslab-sweep-axes-')), 'three-axis-test.json');
  writeFileSync(file, JSON.stringify(sweep, null, 2));
  return file;
}

/** `losslab sweep` on the file. */
function cliSweep(file: string): string {
  const out = `${file}.csv`;
  losslab(['sweep', file, '--out', out]);
  return readFileSync(out, 'utf8');
}

test('a three-axis sweep file with a zipped axis loads whole, runs, is sliced by a picker, and exports the CLI’s CSV', async ({
  page,
}, testInfo) => {
  test.setTimeout(420_000);
  const errors = watchErrors(page);
  const file = threeAxisSweep();
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/sweep');
  await expect(page.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
  await page.getByLabel('Open sweep file').setInputFiles(file);
  await expect(page.getByText('(the file three-axis-test.json)')).toBeVisible();

  // Three rows; the zipped one lists its parameters by name under its label.
  const rows = page.getByRole('group', { name: /^Varied parameter \d/ });
  await expect(rows).toHaveCount(3);
  await expect(page.getByLabel('Parameter', { exact: true })).toHaveValue('topology.bottleneck.errors.ber');
  await expect(page.getByLabel('Varied parameter 2 Parameter')).toHaveValue('topology.bottleneck.delay_ms');
  const zipped = rows.nth(2);
  await expect(zipped).toContainText('Zipped: n');
  await expect(zipped.getByLabel('Varied parameter 3 Connections of the first flow')).toHaveValue('1, 2');
  await expect(zipped.getByLabel('Varied parameter 3 Connections of the second flow')).toHaveValue('1, 2');
  await expect(zipped.locator('code')).toHaveText(['flows[0].count', 'flows[1].count']);
  await expect(page.getByTestId('sweep-size')).toContainText('2 × 2 × 2 = 8 points × 2 replications = 16 runs');
  await expect(page.getByText('Also from the file, used as they are')).toContainText('flows: "sum"');
  expect(page.url()).toContain('z3=n');

  // x: the BER (first); series: the zipped n instead of the delay, which moves to the picker.
  await page.getByLabel('One series per value of').selectOption('2');
  await expect(rows.nth(1)).toContainText('picked above the charts');
  await expectNoAxeViolations(page, testInfo, 'sweep with three axes');
  await page.screenshot({ path: testInfo.outputPath('sweep-axes-form-1280x720.png') });

  await page.getByRole('button', { name: 'Run sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 180_000 });
  await expect(progress).toHaveAttribute('data-done', '16');

  // One chart per metric, at the delay the picker shows, titled with it in words.
  const show = page.getByRole('group', { name: 'Show' });
  const delay = show.getByLabel('Bottleneck one-way delay (ms)');
  await expect(delay).toHaveValue('0');
  const at10 = 'All flows’ throughput (kbit/s) vs bottleneck bit error rate — Bottleneck one-way delay 10 ms';
  const thr = chart(page, at10);
  await expect(thr).toBeVisible();
  await expect(page.locator('figure.chart')).toHaveCount(2);
  const legend = page.locator('figure.chart', { has: thr }).getByRole('list', { name: /legend/ });
  await expect(legend).toContainText('n = 1');
  await expect(legend).toContainText('n = 2');
  // 2 BERs × 2 values of n at this delay.
  await expect(thr.locator('circle.mean-dot')).toHaveCount(4);
  const at10Means = await thr
    .locator('circle.mean-dot')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-mean')));
  await delay.selectOption('1');
  const thr50 = chart(
    page,
    'All flows’ throughput (kbit/s) vs bottleneck bit error rate — Bottleneck one-way delay 50 ms',
  );
  await expect(thr50).toBeVisible();
  await expect(thr50.locator('circle.mean-dot')).toHaveCount(4);
  const at50Means = await thr50
    .locator('circle.mean-dot')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-mean')));
  expect(at50Means).not.toEqual(at10Means);
  await expectNoAxeViolations(page, testInfo, 'sweep with three axes, after the run');
  await page.locator('.sweep-results').scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('sweep-axes-results-1280x720.png') });
  await page.setViewportSize({ width: 1024, height: 768 });
  await page.screenshot({ path: testInfo.outputPath('sweep-axes-results-1024x768.png') });
  await page.setViewportSize({ width: 390, height: 844 });
  await expect(page.locator('figure.chart').first()).toBeVisible();
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow).toBeLessThanOrEqual(0);
  await page.screenshot({ path: testInfo.outputPath('sweep-axes-results-390.png'), fullPage: true });
  await page.setViewportSize({ width: 1280, height: 720 });

  const [dl] = await downloads(page, 1, () => page.getByRole('button', { name: 'Export CSV' }).click());
  const browserCsv = await downloadText(dl);
  expect(browserCsv).toBe(cliSweep(file));
  expect(browserCsv.split('\n')[0]).toBe(
    'point,topology.bottleneck.errors.ber,topology.bottleneck.delay_ms,flows[0].count,flows[1].count,entity,metric,mean,sd,ci95_low,ci95_high,n',
  );

  // Too large for the browser: the simulator's refusal, with the field named, before Run sweep.
  await page.getByLabel('Replications', { exact: true }).fill('100000');
  await page.getByRole('button', { name: 'Add a varied parameter' }).click();
  await page.getByLabel('Varied parameter 4 Parameter').selectOption('custom');
  await page.getByLabel('Varied parameter 4 Parameter path').fill('seed');
  await page.getByLabel('Varied parameter 4 Values').fill(Array.from({ length: 20 }, (_, i) => i + 1).join(', '));
  await expect(page.getByTestId('sweep-size')).toContainText(
    '2 × 2 × 2 × 20 = 160 points × 100000 replications = 16,000,000 runs',
  );
  const refusal = page.getByTestId('sweep-refusal');
  await expect(refusal).toContainText('The simulator will not run this sweep as it stands');
  await expect(refusal).toContainText(
    'Replications: 160 points × 100000 replications = 16000000 runs (at most 10000000)',
  );
  await page.screenshot({ path: testInfo.outputPath('sweep-axes-refusal-1280x720.png') });
  errors.assertClean();
});
