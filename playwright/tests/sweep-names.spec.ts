/**
 * The Sweep view with long parameter names and a zipped sweep file open:
 * the Parameter picker shows the longest name it offers whole in its closed control at 1280×720,
 * 1024×768 and 390 px; a zipped axis's row labels its values by the parameters' names and units
 * (the JSON paths only in small print), and the role pickers offer it by its label (whole at 390 px
 * too) and spell out its parameters under the one that picked it; the charts stay the
 * same elements from one sweep to the next (filled in place, not built anew). Screenshots of the
 * form and the results at the three sizes; axe clean.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Locator } from '@playwright/test';
import { expectNoAxeViolations, watchErrors } from './helpers';

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

/** The one-way delay (the longest name the picker offers) × a zipped axis of BER and buffer. */
function zippedSweep(): string {
  const sweep = {
    schema: 1,
    id: 'zipped-names',
    title: 'Delay × a zipped loss and buffer',
    base: 'gb04-s1-1mbps-10ms',
    vary: [
      { path: 'topology.bottleneck.delay_ms', values: [10, 50] },
      {
        label: 'loss',
        zip: [
          { path: 'topology.bottleneck.errors.ber', values: [0, 1e-6] },
          { path: 'topology.bottleneck.queue.limit_pkts', values: [10, 30] },
        ],
      },
    ],
    replications: 1,
    metrics: ['throughput_kbps'],
  };
  const file = join(mkdtempSync(join(tmpdir(), 'losslab-sweep-names-')), 'zipped-names.json');
  writeFileSync(file, JSON.stringify(sweep, null, 2));
  return file;
}

/**
 * The picker's options whose text does not fit its closed control: wider than the box less its
 * padding and the arrow (20 px in Chromium), measured in the control's own font.
 */
function cutOff(select: Locator): Promise<string[]> {
  return select.evaluate((s: HTMLSelectElement) => {
    const cs = getComputedStyle(s);
    const ctx = document.createElement('canvas').getContext('2d')!;
    ctx.font = `${cs.fontStyle} ${cs.fontWeight} ${cs.fontSize} ${cs.fontFamily}`;
    const room = s.clientWidth - parseFloat(cs.paddingLeft) - parseFloat(cs.paddingRight) - 20;
    return [...s.options].filter((o) => ctx.measureText(o.text).width > room).map((o) => o.text);
  });
}

test('long parameter names read whole, a zipped axis speaks names and units, the charts stay across sweeps', async ({
  page,
}, info) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.setViewportSize(SIZES[0]);
  await page.goto('/#/sweep');
  await page.getByLabel('Open sweep file').setInputFiles(zippedSweep());
  await expect(page.getByText('(the file zipped-names.json)')).toBeVisible();
  await page.getByLabel('Duration', { exact: true }).fill('3');

  const picker = page.getByLabel('Parameter', { exact: true });
  await expect(picker).toHaveValue('topology.bottleneck.delay_ms');
  await expect(picker.locator('option:checked')).toHaveText('Bottleneck one-way delay (ms)');

  const zipped = page.getByRole('group', { name: 'Varied parameter 2' });
  await expect(zipped).toContainText('Zipped: loss');
  await expect(zipped.getByLabel('Varied parameter 2 Bottleneck bit error rate')).toHaveValue('0, 1e-6');
  await expect(zipped.getByLabel('Varied parameter 2 Bottleneck buffer (packets)')).toHaveValue('10, 30');
  const labels = await zipped.locator('label').allTextContents();
  expect(labels.filter((l) => /topology\.|flows\[/.test(l))).toEqual([]);
  await expect(zipped.locator('code')).toHaveText([
    'topology.bottleneck.errors.ber',
    'topology.bottleneck.queue.limit_pkts',
  ]);
  const series = page.getByLabel('One series per value of');
  await expect(series.locator('option:checked')).toHaveText('2: loss');
  await expect(series).toHaveAccessibleDescription(
    'loss: Bottleneck bit error rate + Bottleneck buffer (packets), varied together',
  );
  const roles = [page.getByLabel('Along the x axis'), series];
  await expectNoAxeViolations(page, info, 'sweep form with a zipped axis');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    for (const select of [picker, ...roles])
      expect(await cutOff(select), `options cut off at ${size.width} px`).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await page.locator('.sweep-axes').scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`sweep-names-form-${size.width}.png`), fullPage: size.width < 500 });
  }
  await page.setViewportSize(SIZES[0]);

  const progress = page.getByTestId('sweep-progress');
  const run = async () => {
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
    await expect(progress).toHaveAttribute('data-done', '4');
  };
  await run();
  const charts = page.locator('figure.chart');
  await expect(charts).toHaveCount(1);
  await expect(charts.locator('circle.mean-dot')).toHaveCount(4);
  await charts.evaluate((el) => el.setAttribute('data-first-sweep', 'yes'));
  const before = await charts
    .locator('circle.mean-dot')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-mean')));
  // Another sweep, longer runs: the same chart element, filled with the new answers.
  await page.getByLabel('Duration', { exact: true }).fill('6');
  await run();
  await expect(charts).toHaveCount(1);
  await expect(charts).toHaveAttribute('data-first-sweep', 'yes');
  await expect
    .poll(() => charts.locator('circle.mean-dot').evaluateAll((els) => els.map((e) => e.getAttribute('data-mean'))))
    .not.toEqual(before);

  await expectNoAxeViolations(page, info, 'sweep results of a zipped axis');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.locator('.sweep-results').scrollIntoViewIfNeeded();
    await page.screenshot({
      path: info.outputPath(`sweep-names-results-${size.width}.png`),
      fullPage: size.width < 500,
    });
  }
  errors.assertClean();
});
