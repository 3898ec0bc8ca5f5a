/**
 * The Sweep form as a product: rates read in the lab's unit (0.5 Mbit/s, not 500,000
 * bit/s) in the values' read-back, the "Show" picker and the titles; the slice the picker shows
 * travels in the address, so a shared link opens the same slice; a parameter whose values are
 * JSON (the bottleneck's error model) gets a multi-line editor whose problems name the field and
 * the place; "Open sweep file…" is one button (controls/FilePicker) reached and pressed from the
 * keyboard. Screenshots at 1280×720, 1024×768 and 390 px; axe clean.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { chart, expectNoAxeViolations, watchErrors } from './helpers';

/** Rate × BER × delay, the BER along x, no series: rate and delay are picked above the charts. */
const LINK =
  '/#/sweep?p=topology.bottleneck.rate_bps&v=500000%2C+1000000%2C+2000000' +
  '&p2=topology.bottleneck.errors.ber&v2=0%2C+1e-5&p3=topology.bottleneck.delay_ms&v3=10%2C+50' +
  '&xa=2&sa=0&r=1&d=3&m=throughput_kbps';

async function runAndWait(page: Page, runs: number) {
  await page.getByRole('button', { name: 'Run sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(progress).toHaveAttribute('data-done', String(runs));
}

const SIZES = [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
];

test('rates read in Mbit/s, and the slice the Show picker shows opens again from the link', async ({
  page,
  context,
}, info) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.setViewportSize(SIZES[0]);
  await page.goto(`${LINK}&f=2&f3=2`);
  await expect(page.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
  // The typed values are the simulator's (bit/s); the field reads them back as the charts will.
  await expect(page.getByText('Reads 0.5, 1, 2 Mbit/s.')).toBeVisible();
  await expect(page.getByTestId('sweep-size')).toContainText('3 × 2 × 2 = 12 points × 1 replication = 12 runs');
  await runAndWait(page, 12);

  // The link's slice: rate value 2 (1 Mbit/s), delay value 2 (50 ms), in words and in Mbit/s.
  const show = page.getByRole('group', { name: 'Show' });
  const rate = show.getByLabel('Bottleneck rate (Mbit/s)');
  await expect(rate).toHaveValue('1');
  await expect(rate.locator('option')).toHaveText(['0.5', '1', '2']);
  await expect(show.getByLabel('Bottleneck one-way delay (ms)')).toHaveValue('1');
  const title = (r: string) =>
    `Throughput (kbit/s) vs bottleneck bit error rate — Bottleneck rate ${r} Mbit/s · Bottleneck one-way delay 50 ms`;
  await expect(chart(page, title('1'))).toBeVisible();
  await expect(page.locator('.sweep-results')).not.toContainText('000,000');
  await expectNoAxeViolations(page, info, 'sweep results with a picked slice');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await show.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`sweep-slice-${size.width}.png`) });
  }

  // Another slice: into the address at once, and a page opened from it shows that slice.
  await rate.selectOption('2');
  await expect(chart(page, title('2'))).toBeVisible();
  await expect.poll(() => page.url()).toContain('f=3');
  const other = await context.newPage();
  await other.goto(page.url());
  await runAndWait(other, 12);
  await expect(other.getByRole('group', { name: 'Show' }).getByLabel('Bottleneck rate (Mbit/s)')).toHaveValue('2');
  await expect(chart(other, title('2'))).toBeVisible();
  await other.close();

  // A link of before (no f…) opens at the first values, with nothing to report.
  const old = await context.newPage();
  await old.goto(LINK);
  await expect(old.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
  await expect(old.getByText('Parts of the link could not be used')).toHaveCount(0);
  await runAndWait(old, 12);
  await expect(old.getByRole('group', { name: 'Show' }).getByLabel('Bottleneck rate (Mbit/s)')).toHaveValue('0');
  await old.close();
  errors.assertClean();
});

test('an error model is edited as JSON over lines, its mistakes said with the field and the place', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const errors = watchErrors(page);
  await page.setViewportSize(SIZES[0]);
  await page.goto('/#/sweep');
  await expect(page.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
  await page.getByLabel('Parameter', { exact: true }).selectOption('topology.bottleneck.errors');
  const values = page.getByLabel('Values', { exact: true });
  // Several lines in a fixed-width font, one error model per value.
  await expect(page.locator('.sweep-values-json textarea')).toBeVisible();
  expect(Number(await values.getAttribute('rows'))).toBeGreaterThanOrEqual(4);
  await expect(values).toHaveValue(/^\{"kind": "bit_error", "ber": 1e-6\},\n\{"kind": "gilbert_elliott"/);
  await expect(page.getByTestId('sweep-size')).toContainText('2 points × 3 replications');

  // A missing comma between two fields: said under the field, with its name, value, line and column.
  await values.fill('{"kind": "bit_error", "ber": 1e-6},\n{"kind": "packet_error" "per": 0.01}');
  const problem = page.locator('.sweep-values .field-error');
  await expect(problem).toContainText(
    /Varied parameter 1 \(Bottleneck error model\): value 2 is not valid JSON: .* at line 2, column 25/,
  );
  await expect(values).toHaveAttribute('aria-invalid', 'true');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'The sweep cannot run' })).toContainText(
    'Varied parameter 1 (Bottleneck error model): value 2 is not valid JSON',
  );
  await expectNoAxeViolations(page, info, 'sweep form with a JSON mistake');
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await values.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`sweep-json-${size.width}.png`) });
    // Nothing runs off the side of a phone.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }

  // Mended, and laid out one value per line.
  await values.fill('{"kind": "bit_error", "ber": 1e-6}, {"kind": "packet_error", "per": 0.01}');
  await expect(problem).toHaveCount(0);
  await page.getByRole('button', { name: 'Lay out one value per line' }).click();
  await expect(values).toHaveValue(
    '{\n  "kind": "bit_error",\n  "ber": 0.000001\n},\n{\n  "kind": "packet_error",\n  "per": 0.01\n}',
  );
  errors.assertClean();
});

test('"Open sweep file…" is one button, reached by Tab and pressed with Enter', async ({ page }) => {
  const errors = watchErrors(page);
  const file = join(mkdtempSync(join(tmpdir(), 'losslab-sweep-ux-')), 'two-delays.json');
  writeFileSync(
    file,
    JSON.stringify({
      schema: 1,
      id: 'two-delays',
      base: 'gb04-s1-1mbps-10ms',
      vary: [{ path: 'topology.bottleneck.delay_ms', values: [10, 50] }],
      replications: 2,
      metrics: ['throughput_kbps'],
    }),
  );
  // Ask Playwright to intercept file choosers before the page opens: a listener added just before
  // the key press can reach the browser after the chooser it was meant for (the story then waits
  // for an event that already went by).
  page.on('filechooser', () => {});
  await page.goto('/#/sweep');
  const button = page.getByRole('button', { name: 'Open sweep file…' });
  await expect(button).toHaveAccessibleDescription(
    'A sweep file of your own (its base: a scenario object or a preset’s id)',
  );
  // Tab from the control before it lands on the button (the file input is not a stop of its own).
  await page.getByLabel('Paper sweep').focus();
  await page.keyboard.press('Tab');
  await expect(button).toBeFocused();
  const chooser = page.waitForEvent('filechooser');
  await page.keyboard.press('Enter');
  await (await chooser).setFiles(file);
  await expect(page.getByText('(the file two-delays.json)')).toBeVisible();
  await expect(page.getByLabel('Parameter', { exact: true })).toHaveValue('topology.bottleneck.delay_ms');
  errors.assertClean();
});
