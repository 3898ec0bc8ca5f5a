import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Locator, type Page } from '@playwright/test';

/** Console errors and uncaught page errors seen during a test; every test asserts there are none. */
let problems: string[] = [];

test.beforeEach(async ({ page }) => {
  problems = [];
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(`console.error: ${msg.text()}`);
  });
  page.on('pageerror', (err) => problems.push(`pageerror: ${err.message}`));
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'LossLab' })).toBeVisible();
});

test.afterEach(() => {
  expect(problems, 'console errors or page errors').toEqual([]);
});

function cwndPath(page: Page): Locator {
  return page.getByRole('img', { name: 'Congestion window' }).locator('path[data-series="cwnd"][data-flow="f0"]');
}

async function pointCount(path: Locator): Promise<number> {
  return Number(await path.getAttribute('data-points'));
}

async function setSpeed(page: Page, label: string) {
  await page.getByLabel('Speed').selectOption({ label });
}

test('every control has its label', async ({ page }) => {
  for (const name of ['Bandwidth', 'One-way delay', 'Bit error rate', 'Buffer']) {
    await expect(page.getByRole('textbox', { name, exact: true })).toBeVisible();
  }
  for (const name of ['Run', 'Pause', 'Reset']) {
    await expect(page.getByRole('button', { name, exact: true })).toBeVisible();
  }
  await expect(page.getByRole('img', { name: 'Congestion window' })).toBeVisible();
  await expect(page.getByRole('img', { name: 'Throughput' })).toBeVisible();
  await expect(page.getByLabel('Bandwidth', { exact: true })).toHaveValue('1');
  await expect(page.getByLabel('Bit error rate', { exact: true })).toHaveValue('1e-6');
});

test('Run plots a growing congestion window, then shows the summary', async ({ page }) => {
  await setSpeed(page, '10× real time');
  const path = cwndPath(page);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'running');

  await expect.poll(() => pointCount(path)).toBeGreaterThan(0);
  const first = await pointCount(path);
  await expect.poll(() => pointCount(path)).toBeGreaterThan(first);
  const second = await pointCount(path);
  await expect.poll(() => pointCount(path)).toBeGreaterThan(second);
  expect((await path.getAttribute('d'))?.length ?? 0).toBeGreaterThan(10);
  await expect(
    page.getByRole('img', { name: 'Throughput' }).locator('path[data-series="throughput"][data-flow="f0"]'),
  ).toHaveAttribute('d', /^M/);

  // Finish quickly, then the summary appears.
  await setSpeed(page, 'As fast as possible');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  const table = page.getByRole('table');
  await expect(table).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Throughput (kbit/s)' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Retransmissions', exact: true })).toBeVisible();
  await page.getByRole('button', { name: /^More columns/ }).click();
  await expect(table.getByRole('columnheader', { name: 'Needless retransmissions' })).toBeVisible();
  await expect(table.getByRole('columnheader', { name: 'Timeouts' })).toBeVisible();
  await expect(table.locator('tr[data-flow="f0"] td[data-column="throughput_kbps"]')).toHaveText(/^\d+(\.\d+)?$/);
  expect(await pointCount(path)).toBeGreaterThan(100);
});

test('Pause stops the run and Run resumes it; Reset clears the plot', async ({ page }) => {
  await setSpeed(page, '10× real time');
  const path = cwndPath(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect.poll(() => pointCount(path)).toBeGreaterThan(0);
  await page.getByRole('button', { name: 'Pause', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'paused');
  // The worker answers the pause with one last frame; once that has landed and the chart has drawn
  // it (charts redraw throttled), nothing more arrives.
  const status = page.getByTestId('run-status');
  await expect(status).toHaveAttribute('data-worker-paused', 'true');
  const revision = (await status.getAttribute('data-revision'))!;
  await expect(page.getByRole('img', { name: 'Congestion window' })).toHaveAttribute('data-revision', revision);
  const paused = await pointCount(path);
  await page.waitForTimeout(700);
  expect(await pointCount(path)).toBe(paused);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'running');
  await expect.poll(() => pointCount(path)).toBeGreaterThan(paused);
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
  await expect.poll(() => pointCount(path)).toBe(0);
});

test('changing the bit error rate while running restarts the run with the new value', async ({ page }) => {
  // Real time, and a plot of 250+ points before the change: the restarted run needs seconds of wall
  // time to grow back past it, so the poll sees the plot shrink even on a loaded machine.
  await setSpeed(page, 'Real time');
  const status = page.getByTestId('run-status');
  const chart = page.locator('figure', { has: page.getByRole('img', { name: 'Congestion window' }) });
  const path = cwndPath(page);
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(status).toHaveAttribute('data-status', 'running');
  await expect.poll(() => pointCount(path), { timeout: 30_000 }).toBeGreaterThan(250);
  const runId = Number(await status.getAttribute('data-run-id'));
  await expect(chart).toHaveAttribute('data-ber', '0.000001');
  const before = await pointCount(path);
  // Every point count the plot shows from here on, recorded in the page as it changes: whether the
  // poll below happens to sample the plot while it is small depends on the machine's load, the
  // recording does not.
  await page.evaluate(() => {
    const w = window as unknown as { seenPointCounts: number[] };
    w.seenPointCounts = [];
    const record = () => {
      const p = document.querySelector(
        '[role="img"][aria-label="Congestion window"] path[data-series="cwnd"][data-flow="f0"]',
      );
      w.seenPointCounts.push(Number(p?.getAttribute('data-points') ?? 0));
    };
    new MutationObserver(record).observe(document.body, {
      subtree: true,
      childList: true,
      attributes: true,
      attributeFilter: ['data-points'],
    });
  });

  await page.getByLabel('Bit error rate', { exact: true }).fill('1e-5');

  await expect.poll(async () => Number(await status.getAttribute('data-run-id'))).toBeGreaterThan(runId);
  await expect(chart).toHaveAttribute('data-ber', '0.00001');
  await expect(status).toContainText('BER 1e-5');
  await expect(status).toHaveAttribute('data-status', 'running');
  // The new run starts from an empty plot, then grows again.
  const smallest = await page.evaluate(() =>
    Math.min(...(window as unknown as { seenPointCounts: number[] }).seenPointCounts),
  );
  expect(smallest).toBeLessThan(before);
  const restarted = await pointCount(path);
  await expect.poll(() => pointCount(path)).toBeGreaterThan(restarted);
});

test('an out-of-range bit error rate shows the validator message next to the field', async ({ page }) => {
  const ber = page.getByLabel('Bit error rate', { exact: true });
  await ber.fill('2');
  const field = page.locator('.field', { has: ber });
  const alert = field.getByRole('alert');
  await expect(alert).toBeVisible();
  await expect(alert).toContainText('ber');
  await expect(alert).toContainText('topology.bottleneck.errors.ber');
  await expect(ber).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();

  await ber.fill('1e-5');
  await expect(alert).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
});

test('the lab page has no axe violations, before and after a run', async ({ page }) => {
  const before = await new AxeBuilder({ page }).analyze();
  expect(before.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);

  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 30_000 });
  await page.getByLabel('Bit error rate', { exact: true }).fill('2');
  await expect(page.locator('.field-error').first()).toBeVisible();
  const after = await new AxeBuilder({ page }).analyze();
  expect(after.violations.map((v) => `${v.id}: ${v.help} (${v.nodes.length})`)).toEqual([]);
});

test('each Step shows in the simulated time (10 ms steps read 0.01 s, 0.02 s)', async ({ page }) => {
  // The default scenario samples every 10 ms, and Step advances one sample period.
  const step = page.getByRole('button', { name: 'Step', exact: true });
  const time = page.getByTestId('sim-time');
  await step.click();
  await expect(time).toHaveText('0.01 s of 60 s simulated');
  await step.click();
  await expect(time).toHaveText('0.02 s of 60 s simulated');
});
