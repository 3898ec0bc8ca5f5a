/**
 * User stories of the lab: build a scenario through the UI, run it, read the linked charts,
 * export what is shown, share it, and get told about invalid input where it is.
 */
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import LZString from 'lz-string';
import {
  chart,
  downloadBytes,
  downloads,
  downloadText,
  openLab,
  parseCsv,
  runToEnd,
  setSpeed,
  watchErrors,
  openPresets,
} from './helpers';

let guard: ReturnType<typeof watchErrors>;

test.beforeEach(async ({ page }) => {
  guard = watchErrors(page);
  await openLab(page);
});

test.afterEach(() => guard.assertClean());

const TIME_CHARTS = ['Congestion window', 'Throughput', 'Fairness'];

test('a two-flow scenario built with "Add flow" shows both flows in every chart', async ({ page }) => {
  await page.getByLabel('Duration', { exact: true }).fill('15');
  await page.getByRole('button', { name: 'Add flow' }).click();
  const f1 = page.getByRole('group', { name: 'Flow f1' });
  await expect(f1).toBeVisible();
  await f1.getByLabel('Variant').selectOption('westwood');
  await f1.getByLabel('Classifier').selectOption('spike');
  await expect(f1.getByLabel('Connections')).toHaveValue('1');
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);

  for (const name of TIME_CHARTS) {
    for (const flow of ['f0', 'f1']) {
      const path = chart(page, name).locator(`path[data-flow="${flow}"]`).first();
      await expect(path, `${name} / ${flow}`).toHaveAttribute('d', /^M/);
    }
  }
  // Queue occupancy is per link; the bottleneck's line is drawn.
  await expect(chart(page, 'Queue').locator('path.line[data-entity="bottleneck"]')).toHaveAttribute('d', /^M/);
  // Drops are marked, coloured by their true cause: painted on the rail's canvas, and as paths in
  // a saved SVG.
  const queue = chart(page, 'Queue').locator('xpath=ancestor::figure');
  await expect(queue.locator('canvas.mark-canvas')).toHaveAttribute('data-causes', /\w/);
  const [queueSvg] = await downloads(page, 1, () => queue.getByRole('button', { name: 'Save SVG' }).click());
  expect(await downloadText(queueSvg)).toMatch(/<path d="M[-\d.]+,-6 [^>]*data-cause="\w+"/);
  // The throughput chart also has the aggregate; the fairness chart Jain's index.
  await expect(chart(page, 'Throughput').locator('path[data-series="aggregate"]')).toHaveAttribute('d', /^M/);
  await expect(chart(page, 'Fairness').locator('path[data-series="jain_index"]')).toHaveAttribute('d', /^M/);
  // Classifier accuracy: bars for both flows (own classifier and the default shadows).
  for (const flow of ['f0', 'f1'])
    await expect(chart(page, 'Classifier accuracy').locator(`path[data-flow="${flow}"]`).first()).toBeAttached();
  await expect(chart(page, 'Classifier accuracy').locator('[data-classifier="oracle"]').first()).toBeAttached();
  // The summary lists both connections with their settings.
  const table = page.getByRole('table');
  await expect(table.locator('tr[data-flow="f1"] td[data-column="cc"]')).toHaveText('TCP Westwood');
  await expect(table.locator('tr[data-flow="f1"] td[data-column="classifier"]')).toHaveText('Spike');
  await expect(table.locator('tr[data-flow="f0"] td[data-column="cc"]')).toHaveText('TCP NewReno');
});

test('with the packet trace on, the time–sequence diagram marks sends, drops by cause and verdicts', async ({
  page,
}) => {
  // Enough data in flight for fast retransmits, whose losses the classifier judges.
  await page.getByLabel('Duration', { exact: true }).fill('20');
  await page.getByLabel('Bit error rate', { exact: true }).fill('2e-6');
  await page.getByRole('checkbox', { name: /Record the packet trace/ }).check();
  await runToEnd(page);
  const seq = chart(page, 'Time–sequence');
  await expect(seq.locator('[data-kind="send"]').first()).toBeAttached();
  await expect(seq.locator('path[data-series="ack"][data-flow="f0"]')).toHaveAttribute('d', /^M/);
  await expect(seq.locator('[data-kind="drop"][data-cause]').first()).toBeAttached();
  await expect(seq.locator('[data-kind="verdict"][data-verdict="congestion"]').first()).toBeAttached();
  // Drops on the Queue chart now carry their flow.
  await expect(chart(page, 'Queue').locator('xpath=ancestor::figure').locator('canvas.mark-canvas')).toHaveAttribute(
    'data-flows',
    /\bf0\b/,
  );
});

test('legend, hover and zoom are linked across the charts', async ({ page }) => {
  await page.getByLabel('Duration', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Add flow' }).click();
  await runToEnd(page);

  // Clicking f1 in one legend highlights it everywhere.
  await chart(page, 'Throughput').locator('xpath=ancestor::figure').getByRole('button', { name: 'f1' }).click();
  await expect(chart(page, 'Congestion window').locator('path[data-series="cwnd"][data-flow="f0"]')).toHaveClass(/dim/);
  await expect(chart(page, 'Congestion window').locator('path[data-series="cwnd"][data-flow="f1"]')).toHaveClass(/hl/);
  await page.getByRole('button', { name: /Clear highlight/ }).click();
  await expect(chart(page, 'Congestion window').locator('path[data-flow="f0"]').first()).not.toHaveClass(/dim/);

  // Hover: a rule and a read-out on every time chart.
  const box = (await chart(page, 'Congestion window').boundingBox())!;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  await expect(page.getByTestId('readout')).toHaveCount(4); // cwnd, throughput, queue, fairness
  await expect(page.getByTestId('readout').first()).toContainText('f1');

  // Drag to zoom: every chart follows.
  await page.mouse.move(box.x + box.width * 0.3, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(box.x + box.width * 0.6, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  await expect(page.getByText(/^Showing [\d.]+–[\d.]+ s of 10 s$/)).toBeVisible();
  const firstTick = async (name: string) =>
    Number(await chart(page, name).locator('.axis-bottom .tick text').first().textContent());
  expect(await firstTick('Throughput')).toBeGreaterThan(0);
  expect(await firstTick('Fairness')).toBe(await firstTick('Throughput'));
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  expect(await firstTick('Throughput')).toBe(0);

  // Keyboard: a focused chart zooms with + and resets with 0.
  await page.getByRole('group', { name: 'Queue chart controls' }).focus();
  await page.keyboard.press('+');
  await expect(page.getByRole('button', { name: 'Reset zoom' })).toBeVisible();
  await page.keyboard.press('0');
  await expect(page.getByRole('button', { name: 'Reset zoom' })).toHaveCount(0);
});

test('Step advances one sample period at a time', async ({ page }) => {
  const cwnd = chart(page, 'Congestion window').locator('path[data-series="cwnd"][data-flow="f0"]');
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'paused');
  await expect.poll(async () => Number(await cwnd.getAttribute('data-points'))).toBeGreaterThan(0);
  const n = Number(await cwnd.getAttribute('data-points'));
  await page.getByRole('button', { name: 'Step', exact: true }).click();
  await expect.poll(async () => Number(await cwnd.getAttribute('data-points'))).toBe(n + 1);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'paused');
  // Run continues the stepped run.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect.poll(async () => Number(await cwnd.getAttribute('data-points'))).toBeGreaterThan(n + 1);
});

test('Export CSV writes the summary and series files with the values on screen', async ({ page }) => {
  await page.getByLabel('Duration', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Add flow' }).click();
  await runToEnd(page);
  // One click, one download: a zip of both files.
  const [zipDl] = await downloads(page, 1, () => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(zipDl.suggestedFilename()).toBe('lab-seed1-csv.zip');
  const files = unzipSync(await downloadBytes(zipDl));
  // The id and seed are in every file name and, once, in the meta file (not on the series rows).
  expect(Object.keys(files)).toEqual(['lab-seed1-summary.csv', 'lab-seed1-series.csv', 'lab-seed1-meta.json']);
  const meta = JSON.parse(strFromU8(files['lab-seed1-meta.json']));
  expect(meta).toMatchObject({
    schema: 1,
    kind: 'lab-run',
    files: ['lab-seed1-summary.csv', 'lab-seed1-series.csv'],
    scenario: { id: 'lab', seed: 1 },
  });
  expect(meta.scenario.document.flows).toHaveLength(2);

  const summary = parseCsv(strFromU8(files['lab-seed1-summary.csv']));
  expect(summary.header.join(',')).toBe(
    'scenario_id,seed,flow_id,cc,classifier,bytes_delivered,start_s,completion_s,throughput_kbps,goodput_kbps,segments_sent,retransmissions,fast_retransmits,timeouts,losses_queue,losses_corruption,losses_other,verdicts_congestion,verdicts_wireless,accuracy_congestion,accuracy_wireless,spurious_retransmissions',
  );
  expect(summary.rows.map((r) => r.flow_id)).toEqual(['f0', 'f1']);
  const table = page.getByRole('table');
  await page.getByRole('button', { name: /^More columns/ }).click();
  for (const row of summary.rows) {
    expect(row.scenario_id).toBe('lab');
    expect(row.seed).toBe('1');
    const tr = table.locator(`tr[data-flow="${row.flow_id}"]`);
    for (const col of summary.header.slice(3)) {
      const cell = tr.locator(`td[data-column="${col}"]`);
      if ((await cell.count()) === 0) continue;
      // The cell keeps the file's exact value (the text shown is rounded for reading).
      expect(await cell.getAttribute('data-value'), `${row.flow_id}.${col}`).toBe(row[col]);
    }
    expect(Number(row.throughput_kbps)).toBeGreaterThan(0);
  }

  const series = parseCsv(strFromU8(files['lab-seed1-series.csv']));
  expect(series.header.join(',')).toBe('time_s,entity,metric,value');
  const cwndRows = series.rows.filter((r) => r.entity === 'f1' && r.metric === 'cwnd_bytes');
  const plotted = Number(
    await chart(page, 'Congestion window')
      .locator('path[data-series="cwnd"][data-flow="f1"]')
      .getAttribute('data-points'),
  );
  expect(cwndRows.length).toBe(plotted);
  expect(cwndRows[1].time_s).toBe('0.01');
  expect(series.rows.some((r) => r.entity === 'all' && r.metric === 'jain_index')).toBe(true);
  // Undefined values are empty cells (srtt before the first RTT sample, the first throughput).
  const srtt0 = series.rows.find((r) => r.entity === 'f0' && r.metric === 'srtt_ms' && r.time_s === '0');
  expect(srtt0?.value).toBe('');
  expect(series.rows.some((r) => r.metric === 'drops_queue_pkts_total')).toBe(true);
  expect(series.rows.every((r) => /^(-?\d+(\.\d+)?)?$/.test(r.value) && /^\d+(\.\d+)?$/.test(r.time_s))).toBe(true);
});

test('Copy link puts the whole scenario in the URL; a fresh browser restores it', async ({
  page,
  browser,
  baseURL,
}) => {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByLabel('Bit error rate', { exact: true }).fill('1e-5');
  await page.getByLabel('Buffer', { exact: true }).fill('40');
  await page.getByRole('button', { name: 'Add flow' }).click();
  const f1 = page.getByRole('group', { name: 'Flow f1' });
  await f1.getByLabel('Variant').selectOption('cubic');
  await f1.getByLabel('Connections').fill('3');
  await page.getByRole('checkbox', { name: 'Biaz', exact: true }).check();
  await page.getByRole('button', { name: 'Copy link' }).click();
  const url = await page.getByTestId('share-link').inputValue();
  expect(url).toMatch(/#\/lab\?s=[A-Za-z0-9%\-$]+$/);
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);

  const fresh = await browser.newContext({ baseURL });
  const other = await fresh.newPage();
  const otherGuard = watchErrors(other);
  await other.goto(url);
  await expect(other.getByLabel('Bit error rate', { exact: true })).toHaveValue('1e-5');
  await expect(other.getByLabel('Buffer', { exact: true })).toHaveValue('40');
  const g = other.getByRole('group', { name: 'Flow f1' });
  await expect(g.getByLabel('Variant')).toHaveValue('cubic');
  await expect(g.getByLabel('Connections')).toHaveValue('3');
  await expect(other.getByRole('checkbox', { name: 'Biaz', exact: true })).toBeChecked();
  otherGuard.assertClean();
  await fresh.close();
});

test('the last scenario survives a reload', async ({ page }) => {
  await page.getByLabel('One-way delay', { exact: true }).fill('35');
  await page.getByRole('button', { name: 'Add flow' }).click();
  await page.waitForTimeout(400); // persisted after a short debounce
  await page.reload();
  await expect(page.getByLabel('One-way delay', { exact: true })).toHaveValue('35');
  await expect(page.getByRole('group', { name: 'Flow f1' })).toBeVisible();
  // Without the hash too (localStorage).
  await page.goto('/');
  await expect(page.getByLabel('One-way delay', { exact: true })).toHaveValue('35');
});

test('invalid input shows the validator message at the field, for any field', async ({ page }) => {
  await page.getByRole('button', { name: 'Add flow' }).click();
  const f1 = page.getByRole('group', { name: 'Flow f1' });
  const conn = f1.getByLabel('Connections');
  await conn.fill('-1');
  const field = f1.locator('.field', { has: page.getByLabel('Connections') });
  await expect(field.getByRole('alert')).toContainText('flows[1].count');
  await expect(conn).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await conn.fill('abc');
  await expect(field.getByRole('alert')).toContainText('enter a number');
  await conn.fill('2');
  await expect(field.getByRole('alert')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();

  // A field inside a closed section: the section opens to show the problem.
  await page.getByRole('heading', { name: 'Access link' }).click();
  const accessRate = page.getByLabel('Access link Bandwidth', { exact: true });
  await accessRate.fill('-3');
  await expect(page.locator('.field', { has: accessRate }).getByRole('alert')).toContainText(
    'topology.access.rate_bps',
  );
});

test('an uploaded scenario is validated and never inserted as HTML', async ({ page }) => {
  await openPresets(page);
  const bad = {
    schema: 1,
    id: 'x',
    title: '<img src=x onerror="window.__pwned=1">',
    flows: [{ tcp: { cc: 'renoo' } }],
  };
  await page
    .getByLabel('Scenario file to upload')
    .setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(bad)) });
  const alert = page.locator('.upload-problems');
  await expect(alert).toContainText('bad.json');
  await expect(alert).toContainText('flows[0].tcp.cc');
  await expect(page.locator('img[src="x"]')).toHaveCount(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  const good = {
    schema: 1,
    id: 'uploaded',
    title: 'Uploaded <b>scenario</b>',
    stop: { time_s: 5 },
    flows: [{ id: 'up', tcp: { cc: 'veno' } }],
  };
  await page
    .getByLabel('Scenario file to upload')
    .setInputFiles({ name: 'good.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(good)) });
  await expect(page.getByRole('group', { name: 'Flow up' }).getByLabel('Variant')).toHaveValue('veno');
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Uploaded <b>scenario</b>');
  await expect(page.locator('b', { hasText: 'scenario' })).toHaveCount(0);
});

test('Download JSON saves the scenario; presets load', async ({ page }) => {
  await openPresets(page);
  await page.getByLabel('Preset').selectOption('gb04-s1-1mbps-10ms');
  await page.getByRole('button', { name: 'Load preset' }).click();
  await expect(page.getByLabel('Bit error rate', { exact: true })).toHaveValue('4.274e-6');
  const [dl] = await downloads(page, 1, () => page.getByRole('button', { name: 'Download JSON' }).click());
  expect(dl.suggestedFilename()).toBe('gb04-s1-1mbps-10ms.json');
  const json = JSON.parse(await downloadText(dl));
  expect(json.topology.bottleneck.errors.ber).toBe(4.274e-6);
  expect(json.flows[0].id).toBe('tcp');
});

test('a scenario opened from a link is named in the preset box, not called the default', async ({ page }) => {
  const mine = {
    schema: 1,
    id: 'my-experiment',
    title: 'My lossy link',
    topology: {
      kind: 'dumbbell',
      bottleneck: { rate_bps: 2e6, delay_ms: 20, errors: { kind: 'bit_error', ber: 1e-5 } },
    },
    flows: [{ id: 'tcp', tcp: { cc: 'new_reno' } }],
    stop: { time_s: 10 },
  };
  await openLab(page, `#/lab?s=${LZString.compressToEncodedURIComponent(JSON.stringify(mine))}`);
  await openPresets(page);
  const box = page.getByLabel('Preset');
  await expect(box.locator('option:checked')).toHaveText('This scenario: My lossy link (not a preset)');
  // The default scenario's summary is not shown as if it described this one.
  await expect(page.getByTestId('preset-summary')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Load preset' })).toBeDisabled();
  // Choosing the default still loads it, and the box then names it.
  await box.selectOption({ label: 'Default lab scenario' });
  await page.getByRole('button', { name: 'Load preset' }).click();
  await expect(box.locator('option:checked')).toHaveText('Default lab scenario');
  await expect(page.getByTestId('preset-summary')).toBeVisible();
  await expect(box.locator('option', { hasText: 'not a preset' })).toHaveCount(0);
});

test('the BER field shows the packet error rate it implies', async ({ page }) => {
  const readout = page.getByTestId('per-readout');
  await expect(readout).toContainText('1.19 %'); // 1 − (1 − 1e-6)^(8·1500)
  await page.getByLabel('Bit error rate', { exact: true }).fill('1e-5');
  await expect(readout).toContainText('11.3 %');
  await page.getByLabel('Packet size for PER', { exact: true }).fill('500');
  await expect(readout).toContainText('3.92 %');
});

test('a buffer given as a multiple of the bandwidth-delay product', async ({ page }) => {
  await page.getByLabel('Buffer unit', { exact: true }).selectOption('bdp');
  await page.getByLabel('Buffer', { exact: true }).fill('2');
  // 1 Mbit/s × 20.2 ms RTT / (8 × 1500 bytes) = 1.68 packets → 2 × 1.68 ≈ 3 packets.
  await expect(page.getByText(/→ 3 packets/)).toBeVisible();
  await page.getByLabel('Buffer unit', { exact: true }).selectOption('pkts');
  await expect(page.getByLabel('Buffer', { exact: true })).toHaveValue('3');
});

test('each chart saves as SVG and PNG', async ({ page }) => {
  await page.getByLabel('Duration', { exact: true }).fill('5');
  await runToEnd(page);
  const fig = chart(page, 'Congestion window').locator('xpath=ancestor::figure');
  const [svgDl] = await downloads(page, 1, () => fig.getByRole('button', { name: 'Save SVG' }).click());
  expect(svgDl.suggestedFilename()).toBe('lab-cwnd.svg');
  const svg = await downloadText(svgDl);
  expect(svg).toContain('<svg');
  expect(svg).toContain('data-flow="f0"');
  expect(svg).toMatch(/stroke:\s*rgb\(0, 114, 178\)/); // the flow colour, inlined
  const [pngDl] = await downloads(page, 1, () => fig.getByRole('button', { name: 'Save PNG' }).click());
  expect(pngDl.suggestedFilename()).toBe('lab-cwnd.png');
  const png = await downloadBytes(pngDl);
  expect(png.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  expect(png.length).toBeGreaterThan(2000);
});

test('the Embed dialog gives the iframe snippet, traps focus and closes with Escape', async ({ page }) => {
  const open = page.getByRole('button', { name: 'Embed' });
  await open.click();
  const dialog = page.getByRole('dialog', { name: 'Embed this simulation' });
  await expect(dialog).toBeVisible();
  const snippet = dialog.getByTestId('embed-snippet');
  await expect(snippet).toHaveValue(
    /^<iframe src="http:\/\/[^"]+#\/embed\?s=[^"]+&amp;panels=cwnd%2Cthroughput&amp;autoplay=1" title="LossLab: LossLab"/,
  );
  await dialog.getByRole('checkbox', { name: 'Queue' }).check();
  await expect(snippet).toHaveValue(/panels=cwnd%2Cthroughput%2Cqueue/);
  // Focus stays inside: many Tabs later it is still in the dialog.
  for (let i = 0; i < 15; i++) await page.keyboard.press('Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Shift+Tab');
  expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
  await page.keyboard.press('Escape');
  await expect(dialog).toHaveCount(0);
  await expect(open).toBeFocused();
});

test('the theme follows the toggle', async ({ page }) => {
  await page.getByLabel('Theme').selectOption('dark');
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  const bg = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
  expect(bg).toBe('rgb(17, 20, 24)');
  await page.reload();
  await expect(page.locator('html')).toHaveAttribute('data-theme', 'dark');
  await page.getByLabel('Theme').selectOption('system');
  await expect(page.locator('html')).not.toHaveAttribute('data-theme', /./);
});
