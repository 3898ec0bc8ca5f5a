/**
 * Paper sweeps in the browser: loading a content/sweeps/ file as a "Paper sweep" fills the form,
 * runs its points over the worker pool, and exports a CSV identical, byte for byte, to what
 * `losslab sweep` writes for the same file (same seeds, same simulator, same number formatting).
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { chart, downloadText, downloads, expectNoAxeViolations, watchErrors, losslab, repoRoot } from './helpers';

function cliSweep(id: string): string {
  const out = join(mkdtempSync(join(tmpdir(), 'losslab-sweep-')), `${id}.csv`);
  losslab(['sweep', `content/sweeps/${id}.json`, '--out', out]);
  return readFileSync(out, 'utf8');
}

test('GB04 Fig. 4 as a paper sweep: two series with CI bars, and the CLI’s CSV byte for byte', async ({
  page,
}, testInfo) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await page.goto('/#/sweep');
  const select = page.getByLabel('Paper sweep', { exact: true });
  await select.selectOption('gb04-fig4-normal-vs-ld');
  await expect(page.getByText('the preset gb04-fig4-normal-vs-ld')).toBeVisible();
  await expect(page.getByLabel('Parameter', { exact: true })).toHaveValue('topology.bottleneck.errors.ber');
  await expect(page.getByLabel('Values', { exact: true })).toHaveValue(
    '0, 8.375e-7, 1.684e-6, 4.274e-6, 6.497e-6, 8.78e-6, 1.354e-5',
  );
  await expect(page.getByLabel('Varied parameter 2 Parameter', { exact: true })).toHaveValue('flows[0].tcp.classifier');
  await expect(page.getByLabel('One series per value of')).toHaveValue('1');
  await expect(page.getByLabel('Replications', { exact: true })).toHaveValue('10');
  // The address now holds the sweep (a reload reopens it).
  expect(page.url()).toContain('#/sweep?s=');
  await expectNoAxeViolations(page, testInfo, 'sweep with a paper preset');

  await page.getByRole('button', { name: 'Run sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 150_000 });
  await expect(progress).toHaveAttribute('data-done', '140');
  const thr = chart(page, 'Throughput (kbit/s) vs bottleneck bit error rate');
  await expect(thr.locator('path.ci-bar')).toHaveCount(14);

  const [dl] = await downloads(page, 1, () => page.getByRole('button', { name: 'Export CSV' }).click());
  const browserCsv = await downloadText(dl);
  expect(browserCsv).toBe(cliSweep('gb04-fig4-normal-vs-ld'));
  // And the paper's claim is visible in it: checksum LD well above normal TCP at BER 8.78e-6.
  // Columns: point, ber, classifier, entity, metric, mean, sd, ci95_low, ci95_high, n (docs/csv.md).
  const mean = (ber: string, cls: string) =>
    Number(
      browserCsv
        .split('\n')
        .map((l) => l.split(','))
        .find((c) => c[1] === ber && c[2] === cls && c[4] === 'throughput_kbps')![5],
    );
  expect(mean('8.78e-6', 'checksum')).toBeGreaterThan(2 * mean('8.78e-6', 'always_congestion'));
  errors.assertClean();
});
