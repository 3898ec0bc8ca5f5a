/**
 * Compare, Sweep and Embed: two variants on the same seed, a 3 × 3 sweep with confidence
 * intervals and its CSV, and the embed view inside an iframe reporting to its parent. Each view
 * names itself in the document's title, and moving between views is announced.
 */
import { expect, test } from '@playwright/test';
import { chart, downloads, downloadText, openLab, parseCsv, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('each view names itself in the title, and a screen reader is told the new one on moving between views', async ({
  page,
}) => {
  // A link to another view changes only the hash and leaves the focus on the link: with Orca, the
  // reader heard nothing of the new page, and every view was titled alike (docs/accessibility.md).
  await page.goto('/#/lab');
  await expect(page).toHaveTitle('Lab — LossLab');
  const said = page.getByTestId('route-announcer').getByTestId('announce');
  // The page the reader opened is not news.
  await expect(said).toHaveText('');
  const nav = page.getByRole('navigation', { name: 'Views' });
  await nav.getByRole('link', { name: 'Compare' }).click();
  await expect(page).toHaveTitle('Compare — LossLab');
  await expect(said).toHaveText('Compare — LossLab');
  await nav.getByRole('link', { name: 'Learn' }).click();
  await expect(page).toHaveTitle('Learn — LossLab');
  const lesson = 'Why TCP reads every loss as congestion, and what a checksum can tell it';
  await page.getByRole('link', { name: lesson }).click();
  await expect(page).toHaveTitle(`${lesson} — Learn — LossLab`);
  await expect(said).toHaveText(`${lesson} — Learn — LossLab`);
  await nav.getByRole('link', { name: 'Papers' }).click();
  await expect(page).toHaveTitle('Papers — LossLab');
  await nav.getByRole('link', { name: 'Sweep' }).click();
  await expect(said).toHaveText('Sweep — LossLab');
});

test('Compare runs two variants on the same seed side by side and tabulates the differences', async ({ page }) => {
  await page.goto('/#/compare');
  await expect(page.getByRole('heading', { name: 'A versus B' })).toBeVisible();
  const tabB = page.getByRole('tab', { name: /Configuration B/ });
  await expect(tabB).toHaveAttribute('aria-selected', 'true');
  const flowB = page.getByRole('tabpanel').getByRole('group', { name: 'Flow f0' });
  await flowB.getByLabel('Variant').selectOption('cubic');
  await page.getByLabel('Duration', { exact: true }).fill('10'); // applies to both sides
  await page.getByRole('tab', { name: /Configuration A/ }).click();
  await expect(page.getByRole('tabpanel').getByRole('group', { name: 'Flow f0' }).getByLabel('Variant')).toHaveValue(
    'new_reno',
  );
  await expect(page.getByLabel('Duration', { exact: true })).toHaveValue('10');

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status-a')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('run-status-b')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });

  for (const side of ['A', 'B']) {
    for (const name of ['Congestion window', 'Throughput']) {
      await expect(chart(page, `${name} (${side})`).locator('path[data-flow="f0"]').first()).toHaveAttribute('d', /^M/);
    }
  }
  // One y scale for both sides.
  const topTick = (n: string) => chart(page, n).locator('.axis-left .tick text').last().textContent();
  expect(await topTick('Throughput (A)')).toBe(await topTick('Throughput (B)'));
  await expect(chart(page, 'Classifier accuracy (B)')).toContainText('CUBIC');

  const table = page.getByRole('table');
  await expect(table).toContainText('B versus A');
  const row = table.locator('tr[data-flow="f0"][data-metric="throughput_kbps"]');
  // Rounded to 0.1 kbit/s, grouped, with the minus sign U+2212.
  const num = (t: string) => Number(t.replace(/,/g, '').replace('\u2212', '-'));
  const [a, b, d] = (await row.locator('td.num').allTextContents()).map(num);
  expect(a).toBeGreaterThan(0);
  expect(b).toBeGreaterThan(0);
  expect(Math.abs(d - (b - a))).toBeLessThanOrEqual(0.1 + 1e-9);
  await expect(row.locator('td[data-column="delta_pct"]')).toHaveText(/^[+−]?\d+\.\d %$/);
});

test('a 3-value × 3-replication sweep plots means with 95 % CI bars and exports its CSV', async ({ page }) => {
  await page.goto('/#/sweep');
  await expect(page.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
  await page.getByLabel('Parameter', { exact: true }).selectOption('topology.bottleneck.errors.ber');
  await page.getByLabel('Values', { exact: true }).fill('0, 1e-6, 1e-5');
  await page.getByLabel('Replications', { exact: true }).fill('3');
  await page.getByLabel('Duration', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
  await expect(progress).toHaveAttribute('data-done', '9');

  const thr = chart(page, 'Throughput (kbit/s) vs bottleneck bit error rate');
  const bars = thr.locator('path.ci-bar');
  await expect(bars).toHaveCount(3);
  for (const n of await bars.evaluateAll((els) => els.map((e) => e.getAttribute('data-n')))) expect(n).toBe('3');
  await expect(thr.locator('circle.mean-dot')).toHaveCount(3);
  await expect(chart(page, 'Timeouts vs bottleneck bit error rate').locator('path.ci-bar')).toHaveCount(3);

  const [dl] = await downloads(page, 1, () => page.getByRole('button', { name: 'Export CSV' }).click());
  const csv = parseCsv(await downloadText(dl));
  expect(csv.header.join(',')).toBe('point,topology.bottleneck.errors.ber,entity,metric,mean,sd,ci95_low,ci95_high,n');
  expect(csv.rows.map((r) => `${r.point}:${r['topology.bottleneck.errors.ber']}:${r.entity}:${r.metric}`)).toEqual([
    '0:0:f0:throughput_kbps',
    '0:0:f0:timeouts',
    '1:1e-6:f0:throughput_kbps',
    '1:1e-6:f0:timeouts',
    '2:0.00001:f0:throughput_kbps',
    '2:0.00001:f0:timeouts',
  ]);
  for (const r of csv.rows) {
    expect(r.n).toBe('3');
    expect(Number(r.ci95_low)).toBeLessThanOrEqual(Number(r.mean));
    expect(Number(r.mean)).toBeLessThanOrEqual(Number(r.ci95_high));
  }
  // Throughput falls as the bit error rate rises.
  const thrMeans = csv.rows.filter((r) => r.metric === 'throughput_kbps').map((r) => Number(r.mean));
  expect(thrMeans[2]).toBeLessThan(thrMeans[0]);
  // The plotted means are the exported ones.
  const plotted = await thr
    .locator('circle.mean-dot')
    .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-mean'))));
  expect(plotted).toEqual(thrMeans);
});

test('a sweep can be cancelled', async ({ page }) => {
  await page.goto('/#/sweep');
  await page.getByLabel('Values', { exact: true }).fill('0, 1e-7, 2e-7, 5e-7, 1e-6, 2e-6, 5e-6, 1e-5');
  // Long enough (240 runs of 600 simulated seconds, minutes of work) that it cannot finish between
  // the "running" check and the click on a loaded machine (a 80-run sweep once did: Cancel was
  // already disabled again).
  await page.getByLabel('Replications', { exact: true }).fill('30');
  await page.getByLabel('Duration', { exact: true }).fill('600');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  const progress = page.getByTestId('sweep-progress');
  await expect(progress).toHaveAttribute('data-state', 'running');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(progress).toHaveAttribute('data-state', 'cancelled');
  const done = Number(await progress.getAttribute('data-done'));
  expect(done).toBeLessThan(240);
  await page.waitForTimeout(500);
  expect(Number(await progress.getAttribute('data-done'))).toBe(done);
  await expect(page.getByRole('button', { name: 'Run sweep' })).toBeEnabled();
});

test('the embed view runs inside an iframe and posts its status and summary to the parent', async ({
  page,
  baseURL,
}) => {
  // Make the embed snippet in the lab, with a short run.
  await openLab(page);
  await page.getByLabel('Duration', { exact: true }).fill('5');
  await page.getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this simulation' });
  const snippet = await dialog.getByTestId('embed-snippet').inputValue();
  await page.keyboard.press('Escape');
  const src = /src="([^"]+)"/.exec(snippet)![1].replace(/&amp;/g, '&');
  expect(src).toContain('autoplay=1');

  // A host page on the same server, serving just the snippet and a message log.
  const host = `${baseURL}/host-test.html`;
  await page.route(host, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Host</title></head><body>
        <script>window.__msgs = []; window.addEventListener('message', (e) => window.__msgs.push(e.data));</script>
        ${snippet}</body></html>`,
    }),
  );
  await page.goto(host);
  await expect
    .poll(
      () =>
        page.evaluate(() =>
          (window as unknown as { __msgs: { type: string; state?: string }[] }).__msgs.some(
            (m) => m.type === 'losslab:summary',
          ),
        ),
      { timeout: 60_000 },
    )
    .toBe(true);
  const msgs = await page.evaluate(() => (window as unknown as { __msgs: Record<string, unknown>[] }).__msgs);
  const states = msgs.filter((m) => m.type === 'losslab:status').map((m) => m.state);
  expect(states).toContain('running');
  expect(states.at(-1)).toBe('done');
  const status = msgs.filter((m) => m.type === 'losslab:status').at(-1)!;
  expect(status.nowMs).toBe(5000);
  const summary = msgs.find((m) => m.type === 'losslab:summary')!.summary as {
    scenario_id: string;
    flows: { flow_id: string; throughput_kbps: number }[];
  };
  expect(summary.scenario_id).toBe('lab');
  expect(summary.flows[0].flow_id).toBe('f0');
  expect(summary.flows[0].throughput_kbps).toBeGreaterThan(0);

  // Minimal chrome: only the chosen panels.
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('img', { name: 'Congestion window' })).toBeVisible();
  await expect(frame.getByRole('img', { name: 'Throughput' })).toBeVisible();
  await expect(frame.getByRole('img', { name: 'Queue' })).toHaveCount(0);
  await expect(frame.getByRole('navigation')).toHaveCount(0);
});

test('an embed link with a damaged scenario says so instead of running', async ({ page }) => {
  await page.goto('/#/embed?s=not-a-scenario&autoplay=1');
  await expect(page.getByRole('alert')).toContainText('could not be opened');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
});
