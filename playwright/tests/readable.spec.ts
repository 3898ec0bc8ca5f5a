/**
 * What people read (items 3, 4, 6, 7): a summary table that fits its panel with the
 * columns that matter first, rounded numbers and the form's names; validator problems in the
 * field's terms under the field they concern, hints without docs/design.md numbers or JSON keys; classifier
 * cards whose titles fit, legends that say what each flow is, checkboxes beside their labels; and
 * legends that group thousands of connections by flow row.
 */
import { expect, test, type Page } from '@playwright/test';
import LZString from 'lz-string';
import { chart, openLab, runToEnd, setSpeed, watchErrors } from './helpers';

const link = (s: object) => `#/lab?s=${LZString.compressToEncodedURIComponent(JSON.stringify(s))}`;

const pair = {
  schema: 1,
  id: 'pair',
  seed: 1,
  stop: { time_s: 6 },
  topology: {
    kind: 'dumbbell',
    bottleneck: {
      rate_bps: 2_000_000,
      delay_ms: 10,
      queue: { kind: 'drop_tail', limit_pkts: 40 },
      errors: { kind: 'bit_error', ber: 2e-6 },
    },
  },
  flows: [
    { id: 'f0', count: 1, bytes: null, tcp: { cc: 'new_reno', classifier: 'always_congestion' } },
    { id: 'f1', count: 1, bytes: null, tcp: { cc: 'westwood', classifier: 'checksum' } },
  ],
  observe: { sample_ms: 10 },
};

async function runPair(page: Page) {
  await openLab(page, link(pair));
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);
}

test('item 3: the summary shows the key columns first, rounded, by the form’s names; the rest on demand', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await page.setViewportSize({ width: 1280, height: 720 });
  await runPair(page);
  const region = page.getByRole('region', { name: 'Run summary' });
  const table = region.getByRole('table');
  const heads = table.locator('thead th');
  // Headings may break at soft hyphens in a narrow panel.
  await expect(heads).toHaveCount(11);
  expect((await heads.allTextContents()).map((t) => t.replace(/\u00ad/g, ''))).toEqual([
    'Flow',
    'Variant',
    'Classifier',
    'Throughput (kbit/s)',
    'Timeouts',
    'Retransmissions',
    'Queue losses',
    'Corruption losses',
    'Other losses',
    'Judged congestion',
    'Judged wireless',
  ]);
  // Fits the panel: no sideways scroll for the key columns.
  const scroll = region.locator('.summary-scroll');
  expect(await scroll.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(1);
  // Catalog titles, not ids.
  const f1 = table.locator('tr[data-flow="f1"]');
  await expect(f1.locator('td[data-column="cc"]')).toHaveText('TCP Westwood');
  await expect(f1.locator('td[data-column="classifier"]')).toHaveText('Checksum notification');
  await expect(f1.locator('td[data-column="cc"]')).toHaveAttribute('data-value', 'westwood');
  // Rounded for reading; the exact value stays on the cell.
  const thr = f1.locator('td[data-column="throughput_kbps"]');
  await expect(thr).toHaveText(/^[\d,]+\.\d$/);
  const exact = Number(await thr.getAttribute('data-value'));
  expect(Number((await thr.textContent())!.replace(/,/g, ''))).toBeCloseTo(exact, 0);
  // The rest on demand.
  const more = region.getByRole('button', { name: /^More columns/ });
  await expect(more).toHaveAttribute('aria-expanded', 'false');
  await more.click();
  await expect(region.getByRole('button', { name: 'Fewer columns' })).toHaveAttribute('aria-expanded', 'true');
  await expect(heads).toHaveCount(19);
  await expect(table.getByRole('columnheader', { name: 'Segments sent' })).toBeVisible();
  await expect(f1.locator('td[data-column="completion_s"]')).toHaveText(/^—$|^[\d,]+\.\d\d$/);
  errors.assertClean();
});

test('item 4: problems speak the form’s terms, under the field they concern; hints are plain', async ({ page }) => {
  const errors = watchErrors(page);
  await openLab(page);
  const bn = page.locator('details[data-part="bottleneck"]');

  // A rate typed in Mbit/s gets its range in Mbit/s; the JSON path waits in a details line.
  await bn.getByLabel('Bandwidth', { exact: true }).fill('0');
  const rate = bn.locator('.field[data-path="topology.bottleneck.rate_bps"]');
  const alert = rate.getByRole('alert');
  await expect(alert.locator('p')).toHaveText('Bandwidth must be between 0.000001 and 100,000 Mbit/s (you entered 0)');
  await expect(alert.locator('details code')).toBeHidden();
  expect(await alert.innerText()).not.toContain('rate_bps');
  await alert.getByText('Details').click();
  await expect(alert.locator('details code')).toHaveText(
    'topology.bottleneck.rate_bps: must be between 1 and 100000000000 (got 0)',
  );
  await bn.getByLabel('Bandwidth', { exact: true }).fill('1');
  await expect(rate.getByRole('alert')).toHaveCount(0);

  // The bit error rate's problem sits under the bit error rate, above the PER readout's own field.
  await bn.getByLabel('Bit error rate', { exact: true }).fill('2');
  const ber = bn.locator('.field[data-path="topology.bottleneck.errors.ber"]');
  const berAlert = ber.locator(':scope > [role="alert"]');
  await expect(berAlert.locator('p')).toHaveText('Bit error rate must be between 0 and 0.5 (you entered 2)');
  const alertBox = (await berAlert.boundingBox())!;
  const sizeBox = (await bn.getByLabel('Packet size for PER', { exact: true }).boundingBox())!;
  expect(alertBox.y + alertBox.height).toBeLessThanOrEqual(sizeBox.y);
  const berBox = (await bn.getByLabel('Bit error rate', { exact: true }).boundingBox())!;
  expect(alertBox.y).toBeGreaterThanOrEqual(berBox.y + berBox.height);

  // Hints without docs/design.md section numbers or JSON keys.
  const inService = bn.getByRole('checkbox', { name: 'Packet in service counts', exact: true });
  const hint = (await inService.getAttribute('title')) ?? '';
  expect(hint).toContain('counts against the limit');
  expect(hint).not.toMatch(/SPEC|[a-z]_[a-z]/);
  errors.assertClean();
});

test('item 6: classifier card titles fit their cards, its legend names each flow, checkboxes sit by their labels', async ({
  page,
}) => {
  const errors = watchErrors(page);
  await runPair(page);
  const cls = chart(page, 'Classifier accuracy');
  await expect(cls.locator('[data-classifier="checksum"]').first()).toBeAttached();
  const overflow = await cls.locator('g[data-classifier]').evaluateAll((cells) =>
    cells.map((c) => {
      const card = c.querySelector('rect.cls-cell') as SVGRectElement;
      const name = c.querySelector('text.cls-name') as SVGTextElement;
      return name.getBBox().x + name.getBBox().width - (card.getBBox().x + card.getBBox().width);
    }),
  );
  expect(Math.max(...overflow)).toBeLessThanOrEqual(0);
  const legend = page.getByRole('list', { name: 'Classifier accuracy legend' });
  await expect(legend.getByRole('button', { name: 'f1 · TCP Westwood + Checksum notification' })).toBeVisible();

  // At phone width every checkbox of the builder shares a line with its label.
  await page.setViewportSize({ width: 390, height: 844 });
  const rows = page.locator('.builder .field-check');
  await expect(rows.first()).toBeVisible();
  const split = await rows.evaluateAll((els) =>
    els
      .filter((el) => (el as HTMLElement).offsetParent !== null)
      .filter((el) => {
        const box = el.querySelector('input')!.getBoundingClientRect();
        const label = el.querySelector('label')!.getBoundingClientRect();
        return label.top >= box.bottom || label.left < box.right;
      })
      .map((el) => el.querySelector('label')!.textContent),
  );
  expect(split).toEqual([]);
  errors.assertClean();
});

test('item 7: a legend groups many connections by flow row, with counts', async ({ page }) => {
  const errors = watchErrors(page);
  const many = {
    ...pair,
    id: 'many',
    stop: { time_s: 0.2 },
    flows: [
      { id: 'tcp', count: 1, bytes: null, tcp: { cc: 'new_reno', classifier: 'always_congestion' } },
      { id: 'ld', count: 500, bytes: null, tcp: { cc: 'new_reno', classifier: 'checksum' } },
    ],
  };
  await openLab(page, link(many));
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page, 120_000);
  for (const name of ['Congestion window', 'Throughput']) {
    const legend = page.getByRole('list', { name: `${name} legend` });
    const row = legend.locator('[data-legend-row="ld"]');
    await expect(row, name).toHaveText(/^ld × 500/);
    await expect(row).toHaveAttribute('data-count', '500');
    // Above 100 connections the lines become a band (min to max) and a median line, each with
    // its legend entry; the one-connection row stays a line of its own.
    await expect(legend.getByRole('button', { name: 'all connections: min to max' })).toBeVisible();
    await expect(legend.getByRole('button', { name: 'median connection' })).toBeVisible();
    await expect(legend.getByRole('listitem')).toHaveCount(4);
    await expect(legend.getByRole('button', { name: /^tcp/ })).toBeVisible();
  }
  errors.assertClean();
});
