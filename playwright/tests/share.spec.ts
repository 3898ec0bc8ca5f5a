/**
 * Share links of Compare and Sweep opened in a fresh browser (new context: no storage), damaged
 * links that must say so and still leave a usable page, and Compare's Step, which keeps A and B
 * on the same simulated time.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

/** Clicks Copy link; returns the shown URL after checking the clipboard holds the same. */
async function copyLink(page: Page): Promise<string> {
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  const url = await page.getByTestId('share-link').inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
  return url;
}

/** Opens `url` in a new browser context (fresh storage); the caller closes it. */
async function openFresh(browser: Browser, baseURL: string | undefined, url: string) {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  const errors = watchErrors(page);
  await page.goto(url);
  await expect(page.getByRole('heading', { name: 'LossLab', level: 1 })).toBeVisible();
  return { context, page, errors };
}

const flowOf = (page: Page) => page.getByRole('tabpanel').getByRole('group', { name: 'Flow f0' });
const tab = (page: Page, side: 'A' | 'B') => page.getByRole('tab', { name: new RegExp(`Configuration ${side}`) });
const status = (page: Page, side: 'a' | 'b') => page.getByTestId(`run-status-${side}`);
const nowMs = async (page: Page, side: 'a' | 'b') => Number(await status(page, side).getAttribute('data-now-ms'));

async function runCompareToEnd(page: Page) {
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  for (const s of ['a', 'b'] as const)
    await expect(status(page, s)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
}

/** The difference table as text, row by row (flow, metric, A, B, Δ, Δ%). */
async function diffTable(page: Page): Promise<string[]> {
  return page
    .getByRole('table')
    .locator('tbody tr')
    .evaluateAll((rows) => rows.map((r) => [...r.querySelectorAll('td')].map((td) => td.textContent).join(' | ')));
}

test.describe('Compare', () => {
  test('Step advances A and B together by one sample period, from the keyboard too', async ({ page }) => {
    await page.goto('/#/compare');
    await expect(page.getByRole('heading', { name: 'A versus B' })).toBeVisible();
    await expect(page.getByLabel('Speed')).toHaveValue('0');
    await page.getByLabel('Duration', { exact: true }).fill('5');
    const step = page.getByRole('button', { name: 'Step', exact: true });
    await expect(step).toBeEnabled();
    await expect(step).toHaveAttribute('title', 'Start both runs paused and advance them by one sample period (10 ms)');

    await step.click();
    for (const s of ['a', 'b'] as const) {
      await expect(status(page, s)).toHaveAttribute('data-status', 'paused');
      await expect(status(page, s)).toHaveAttribute('data-now-ms', '10');
    }
    await expect(step).toHaveAttribute('title', 'Advance both runs by one sample period (10 ms)');
    await step.focus();
    await page.keyboard.press('Enter');
    await page.keyboard.press('Space');
    for (const s of ['a', 'b'] as const) await expect(status(page, s)).toHaveAttribute('data-now-ms', '30');
    // Each side's simulated time (the charts' spoken summaries may name the time too).
    await expect(page.locator('.compare-time', { hasText: '0.03 s' })).toHaveCount(2);
    // Charts and the table fill in as the runs step.
    await expect(page.getByRole('table')).toContainText('B versus A (so far)');

    // Run resumes both from there; when both have finished, Step has nothing left to do.
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    for (const s of ['a', 'b'] as const)
      await expect(status(page, s)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await expect(step).toBeDisabled();
    await expect(step).toHaveAttribute('title', /finished/);
    await page.getByRole('button', { name: 'Reset', exact: true }).click();
    await expect(step).toBeEnabled();
  });

  test('after Pause leaves A and B at different times, Step brings both to the same time', async ({ page }) => {
    await page.goto('/#/compare');
    await page.getByLabel('Duration', { exact: true }).fill('5');
    await page.getByLabel('Speed').selectOption({ label: 'Real time' });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect.poll(() => nowMs(page, 'a')).toBeGreaterThan(300);
    await page.getByRole('button', { name: 'Pause' }).click();
    for (const s of ['a', 'b'] as const) await expect(status(page, s)).toHaveAttribute('data-status', 'paused');
    await page.waitForTimeout(200); // the pause frames
    const later = Math.max(await nowMs(page, 'a'), await nowMs(page, 'b'));
    const target = (Math.floor(later / 10) + 1) * 10;

    await page.getByRole('button', { name: 'Step', exact: true }).click();
    for (const s of ['a', 'b'] as const) {
      await expect(status(page, s)).toHaveAttribute('data-now-ms', String(target));
      await expect(status(page, s)).toHaveAttribute('data-status', 'paused');
    }
    await page.getByRole('button', { name: 'Step', exact: true }).click();
    for (const s of ['a', 'b'] as const)
      await expect(status(page, s)).toHaveAttribute('data-now-ms', String(target + 10));
  });

  test('a Compare link restores A, B and the shared settings in a fresh browser, with the same results', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/#/compare');
    await expect(tab(page, 'B')).toHaveAttribute('aria-selected', 'true');
    await flowOf(page).getByLabel('Variant').selectOption('cubic');
    await page.getByLabel('Bit error rate', { exact: true }).fill('1e-5');
    await page.getByLabel('Duration', { exact: true }).fill('5');
    await tab(page, 'A').click();
    await flowOf(page).getByLabel('Variant').selectOption('veno');
    await expect(page.getByLabel('Bit error rate', { exact: true })).toHaveValue('1e-6');
    await runCompareToEnd(page);
    const table = await diffTable(page);
    expect(table.length).toBeGreaterThan(5);

    const url = await copyLink(page);
    expect(url).toMatch(/#\/compare\?a=[A-Za-z0-9%\-$]+&b=[A-Za-z0-9%\-$]+$/);

    const fresh = await openFresh(browser, baseURL, url);
    const other = fresh.page;
    await expect(other.getByRole('heading', { name: 'A versus B' })).toBeVisible();
    await expect(other.getByRole('alert')).toHaveCount(0);
    await expect(tab(other, 'B')).toHaveAttribute('aria-selected', 'true');
    await expect(flowOf(other).getByLabel('Variant')).toHaveValue('cubic');
    await expect(other.getByLabel('Bit error rate', { exact: true })).toHaveValue('1e-5');
    await expect(other.getByLabel('Duration', { exact: true })).toHaveValue('5');
    await tab(other, 'A').click();
    await expect(flowOf(other).getByLabel('Variant')).toHaveValue('veno');
    await expect(other.getByLabel('Bit error rate', { exact: true })).toHaveValue('1e-6');
    await expect(other.getByLabel('Duration', { exact: true })).toHaveValue('5');
    await runCompareToEnd(other);
    expect(await diffTable(other)).toEqual(table);
    fresh.errors.assertClean();
    await fresh.context.close();
  });

  test('a damaged Compare link says what failed and leaves a page that runs', async ({ page, browser, baseURL }) => {
    await page.goto('/#/compare');
    await tab(page, 'A').click();
    await flowOf(page).getByLabel('Variant').selectOption('veno');
    const url = await copyLink(page);
    const a = new URL(url).hash.match(/[?&]a=([^&]+)/)![1];
    const cut = url.replace(a, a.slice(0, Math.floor(a.length / 2)));

    const fresh = await openFresh(browser, baseURL, cut);
    const other = fresh.page;
    await expect(other.getByRole('heading', { name: 'A versus B' })).toBeVisible();
    const alert = other.getByRole('alert');
    await expect(alert).toContainText('Configuration A in the link could not be opened: it is damaged or cut short');
    await expect(alert).toContainText('A is the lab’s scenario instead');
    // B came through; A is the lab's default.
    await expect(flowOf(other).getByLabel('Variant')).toHaveValue('westwood');
    await tab(other, 'A').click();
    await expect(flowOf(other).getByLabel('Variant')).toHaveValue('new_reno');
    await other.getByLabel('Duration', { exact: true }).fill('3');
    await runCompareToEnd(other);
    await other.getByRole('button', { name: 'Dismiss' }).click();
    await expect(other.getByRole('alert')).toHaveCount(0);
    fresh.errors.assertClean();
    await fresh.context.close();
  });
});

test.describe('Sweep', () => {
  test('a Sweep link restores parameter, values, series, replications, duration and metrics in a fresh browser, and runs', async ({
    page,
    browser,
    baseURL,
  }) => {
    await page.goto('/#/sweep');
    await expect(page.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
    await page.getByLabel('Parameter', { exact: true }).selectOption('flows[0].tcp.cc');
    await page.getByLabel('Values', { exact: true }).fill('new_reno, westwood');
    await page.getByLabel('Replications', { exact: true }).fill('2');
    await page.getByLabel('Duration', { exact: true }).fill('3');
    await page.getByRole('button', { name: 'Add a varied parameter' }).click();
    await page
      .getByLabel('Varied parameter 2 Parameter', { exact: true })
      .selectOption('topology.bottleneck.errors.ber');
    await page.getByLabel('Varied parameter 2 Values', { exact: true }).fill('0, 1e-5');
    await page.getByRole('checkbox', { name: 'Throughput (kbit/s)', exact: true }).uncheck();
    await page.getByRole('checkbox', { name: 'Goodput (kbit/s)', exact: true }).check();
    await page.getByRole('checkbox', { name: 'Retransmissions', exact: true }).check();
    const url = await copyLink(page);

    const fresh = await openFresh(browser, baseURL, url);
    const other = fresh.page;
    await expect(other.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
    await expect(other.getByRole('alert')).toHaveCount(0);
    await expect(other.getByText('(from the link)')).toBeVisible();
    await expect(other.getByLabel('Parameter', { exact: true })).toHaveValue('flows[0].tcp.cc');
    await expect(other.getByLabel('Values', { exact: true })).toHaveValue('new_reno, westwood');
    await expect(other.getByLabel('Replications', { exact: true })).toHaveValue('2');
    await expect(other.getByLabel('Duration', { exact: true })).toHaveValue('3');
    await expect(other.getByLabel('Varied parameter 2 Parameter', { exact: true })).toHaveValue(
      'topology.bottleneck.errors.ber',
    );
    await expect(other.getByLabel('Varied parameter 2 Values', { exact: true })).toHaveValue('0, 1e-5');
    await expect(other.getByLabel('One series per value of')).toHaveValue('1');
    const checked = await other
      .getByRole('group', { name: 'Metrics' })
      .getByRole('checkbox')
      .evaluateAll((els) =>
        els.filter((e) => (e as HTMLInputElement).checked).map((e) => e.parentElement!.textContent),
      );
    expect(checked).toEqual(['Goodput (kbit/s)', 'Retransmissions', 'Timeouts']);
    await expect(other.getByTestId('sweep-size')).toContainText('2 × 2 = 4 points × 2 replications = 8 runs');

    await other.getByRole('button', { name: 'Run sweep' }).click();
    const progress = other.getByTestId('sweep-progress');
    await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 120_000 });
    await expect(progress).toHaveAttribute('data-done', '8');
    await expect(other.getByRole('img', { name: 'Goodput (kbit/s) vs variant of the first flow' })).toBeVisible();
    await expect(other.getByRole('img', { name: 'Retransmissions vs variant of the first flow' })).toBeVisible();
    fresh.errors.assertClean();
    await fresh.context.close();

    // An empty duration (the scenario's own) and no series travel as such, not as this page's defaults.
    await page.getByLabel('Duration', { exact: true }).fill('');
    await page.getByRole('button', { name: 'Remove varied parameter 2' }).click(); // commits the number field
    const url2 = await copyLink(page);
    const fresh2 = await openFresh(browser, baseURL, url2);
    await expect(fresh2.page.getByLabel('Duration', { exact: true })).toHaveValue('');
    await expect(fresh2.page.getByRole('group', { name: /^Varied parameter \d/ })).toHaveCount(1);
    await expect(fresh2.page.getByLabel('Replications', { exact: true })).toHaveValue('2');
    fresh2.errors.assertClean();
    await fresh2.context.close();
  });

  test('a damaged Sweep link says what failed and keeps the usable parts', async ({ page }) => {
    await page.goto(
      '/#/sweep?s=N4IgdghgtgpiBcIBKBRALgOoE4HtQBoQBnA&p=flows%5B0%5D.count&v=1%2C+2&r=many&m=timeouts%2Cbogus&d=2',
    );
    await expect(page.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
    const alerts = page.getByRole('alert');
    await expect(
      alerts.filter({ hasText: 'The scenario in the link could not be opened: it is damaged or cut short' }),
    ).toContainText('uses the lab’s current scenario instead');
    await expect(alerts.filter({ hasText: 'Parts of the link could not be used' })).toContainText(
      'replications "many" is not a whole number from 1; using 3; unknown metric "bogus" left out',
    );
    await expect(page.getByLabel('Parameter', { exact: true })).toHaveValue('flows[0].count');
    await expect(page.getByLabel('Values', { exact: true })).toHaveValue('1, 2');
    await expect(page.getByLabel('Replications', { exact: true })).toHaveValue('3');
    await page.getByLabel('Replications', { exact: true }).fill('1');
    await page.getByRole('button', { name: 'Run sweep' }).click();
    await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
    await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-done', '2');
  });
});
