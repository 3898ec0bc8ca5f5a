/**
 * Predict → observe → explain, enforced: a figure that answers a prediction does not start before
 * the reader commits an answer and says what to do; the explanation appears only after a run with
 * the setting the question names has finished (the default run does not count); the arrow keys
 * move between choices without committing, Enter commits; the answer is locked once revealed and
 * "Try again" starts over. Screenshots at 1280×720, 1024×768 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

function figure(page: Page, id: string) {
  return page.locator(`figure[data-figure="${id}"]`);
}

test('a figure that answers a prediction waits for it, saying what to do', async ({ page }) => {
  await page.goto('/#/learn/slow-start-aimd');
  const fig = figure(page, 'sawtooth');
  await fig.scrollIntoViewIfNeeded();
  await expect(fig.getByTestId('figure-wait')).toHaveText(
    'Choose your prediction, then run figure 1 with router buffer set to 5 packets.',
  );
  await expect(fig.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await expect(fig.locator('.badge')).toHaveText('Waits for your prediction');
  // In view, it has not started: no run was made.
  await expect(fig).toHaveAttribute('data-status', 'waiting');
  await expect(fig).toHaveAttribute('data-run', '0');
  const predict = page.locator('[data-predict="buffer-throughput"]');
  await expect(predict.getByTestId('predict-hint')).toHaveText(
    'Choose your prediction, then run figure 1 with router buffer set to 5 packets.',
  );
  await expect(predict.getByTestId('explanation')).toHaveCount(0);
  // The second question is about ten downloads: its figure says so.
  await expect(figure(page, 'sharing').getByTestId('figure-wait')).toContainText(
    'downloads sharing the link set to 10',
  );
});

test('the explanation appears only after the named run has finished', async ({ page }) => {
  await page.goto('/#/learn/slow-start-aimd');
  const fig = figure(page, 'sawtooth');
  const predict = page.locator('[data-predict="buffer-throughput"]');
  await predict.getByRole('radio', { name: /It barely changes/ }).check();
  await expect(predict).toHaveAttribute('data-phase', 'committed');
  await expect(predict.getByTestId('predict-hint')).toHaveText(
    'Now run figure 1 with router buffer set to 5 packets to the end to see the explanation.',
  );
  // The default 10-packet buffer runs to the end: no explanation yet.
  const run = fig.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(fig).toHaveAttribute('data-run', /[1-9]/);
  await expect(predict).toHaveAttribute('data-phase', 'committed');
  await expect(predict.getByTestId('explanation')).toHaveCount(0);
  // The 5-packet buffer, run to the end: now the explanation shows.
  const before = await fig.getAttribute('data-run');
  await fig.getByRole('combobox', { name: 'Router buffer' }).selectOption('5');
  await expect(fig).not.toHaveAttribute('data-run', before ?? '');
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(predict.getByTestId('explanation')).toContainText('Your prediction matches the model.');
  await page.screenshot({ path: 'test-results/learn-predict-revealed-1280.png' });
});

test('keyboard: arrows move without committing, Enter commits; locked once revealed; Try again', async ({ page }) => {
  await page.goto('/#/learn/slow-start-aimd');
  const fig = figure(page, 'sawtooth');
  const predict = page.locator('[data-predict="buffer-throughput"]');
  const radios = predict.getByRole('radio');
  await radios.first().focus();
  await page.keyboard.press('ArrowDown');
  await expect(radios.nth(1)).toBeFocused();
  await expect(radios.nth(1)).toBeChecked();
  await expect(predict).toHaveAttribute('data-phase', 'choosing');
  await page.keyboard.press('ArrowDown');
  await expect(radios.nth(2)).toBeChecked();
  await expect(predict).toHaveAttribute('data-phase', 'choosing');
  await expect(fig.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await page.keyboard.press('ArrowUp');
  await page.keyboard.press('Enter');
  await expect(predict).toHaveAttribute('data-phase', 'committed');
  await expect(predict.locator('.predict-mine')).toHaveCount(1);
  await expect(radios.nth(1).locator('..')).toContainText('(your prediction)');

  await fig.getByRole('combobox', { name: 'Router buffer' }).selectOption('5');
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(predict.getByTestId('explanation')).toBeVisible({ timeout: 60_000 });
  // Locked: the choices cannot change after the reveal.
  for (const i of [0, 1, 2]) await expect(radios.nth(i)).toBeDisabled();
  await expect(radios.nth(1)).toBeChecked();

  // Try again: the answer is forgotten, the figure waits again.
  await predict.getByRole('button', { name: 'Try again' }).click();
  await expect(predict).toHaveAttribute('data-phase', 'choosing');
  await expect(predict.getByTestId('explanation')).toHaveCount(0);
  await expect(radios.nth(0)).toBeEnabled();
  await expect(fig.getByTestId('figure-wait')).toContainText('Choose your prediction');
  await expect(fig.getByRole('button', { name: /Run/ })).toBeDisabled();
  // Space commits too.
  await radios.nth(0).focus();
  await page.keyboard.press('Space');
  await expect(predict).toHaveAttribute('data-phase', 'committed');
  // Committing does not start a run by itself.
  await expect(fig).toHaveAttribute('data-status', 'done');
  await expect(predict.getByTestId('explanation')).toHaveCount(0);
});

test('the waiting figure and the revealed answer at three sizes', async ({ page }) => {
  for (const [w, h] of [
    [1280, 720],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/#/learn/slow-start-aimd');
    await page.evaluate(() => localStorage.clear());
    await page.reload();
    const predict = page.locator('[data-predict="buffer-throughput"]');
    await predict.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `test-results/learn-predict-wait-${w}.png` });
    await predict.getByRole('radio').nth(1).check();
    const fig = figure(page, 'sawtooth');
    await fig.getByRole('combobox', { name: 'Router buffer' }).selectOption('5');
    await fig.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(predict.getByTestId('explanation')).toBeVisible({ timeout: 60_000 });
    await predict.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await page.screenshot({ path: `test-results/learn-predict-done-${w}.png` });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${w} px`).toBeLessThanOrEqual(0);
  }
});

test('the fairness chart names the window its Jain line is taken over', async ({ page }) => {
  await page.goto('/#/learn/slow-start-aimd');
  const predict = page.locator('[data-predict="many-flows"]');
  await predict.getByRole('radio').nth(1).check();
  const fig = figure(page, 'sharing');
  await fig.getByLabel('Downloads sharing the link').selectOption('10');
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(predict.getByTestId('explanation')).toContainText('over the whole run', { timeout: 60_000 });
  // The scenario samples every 10 ms with the default 500 ms throughput window.
  await expect(
    fig.locator('.run-chart').filter({ hasText: 'Fairness' }).getByText('Jain index, per 500 ms window'),
  ).toBeVisible();
  await fig.locator('.run-chart').filter({ hasText: 'Fairness' }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: 'test-results/learn-predict-fairness-1280.png' });
});

test('legends name the flows as the prose does', async ({ page }) => {
  await page.goto('/#/learn/loss-as-congestion');
  const predict = page.locator('[data-predict="who-pays"]');
  await predict.getByRole('radio').first().check();
  const fig = figure(page, 'sharing');
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  const legend = fig.getByRole('list', { name: 'Throughput legend' });
  await expect(legend).toContainText('plain flow 1');
  await expect(legend).toContainText('the fifth flow');
  await expect(legend).not.toContainText('normal.0');
});

test('a screen reader hears the next step once a prediction is kept and the answer once its run ends, not the page filling', async ({
  page,
}) => {
  // Heard with Orca (docs/accessibility.md, "Screen reader"): a live line born silent and turned
  // polite later stayed silent, the explanation was never announced, and the packet view's list,
  // inserted as the first run started, took Orca's reading position away from Run.
  await page.addInitScript(() => {
    const w = window as unknown as { liveFlips: string[] };
    w.liveFlips = [];
    new MutationObserver((records) => {
      for (const r of records) w.liveFlips.push(`${r.oldValue} → ${(r.target as Element).getAttribute('aria-live')}`);
    }).observe(document, { subtree: true, attributeFilter: ['aria-live'], attributeOldValue: true });
  });
  await page.goto('/#/learn/loss-as-congestion');
  const predict = page.locator('[data-predict="which-first"]');
  const fig = figure(page, 'ld');
  const said = predict.locator('[aria-live="polite"]');
  await expect(predict.getByTestId('predict-hint')).toHaveText('Choose your prediction, then run figure 1.');
  // The page's first words are not news: the polite regions of the question and its figure are empty.
  await expect(said).toHaveText('');
  await expect(fig.getByTestId('announce')).toHaveText('');
  await expect(fig.getByRole('group', { name: 'Packet view controls' }).getByLabel('Slow motion')).toBeVisible();

  const choice = predict.getByRole('radio').first();
  await choice.focus();
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(said).toHaveText('Now run figure 1 to the end to see the explanation.');
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(said).toHaveText(
    'Figure 1 has run. Your prediction matches the model. The explanation follows, under “What the simulation shows”.',
  );
  await expect(fig.getByTestId('announce')).toHaveText('Finished');
  // No live region changed its politeness on the way.
  expect(await page.evaluate(() => (window as unknown as { liveFlips: string[] }).liveFlips)).toEqual([]);
});
