/**
 * Traces loaded from files in the builder (docs/traces.md): a Mahimahi capacity trace replaces the
 * bottleneck's constant rate (its mean said, the run follows it); a file the simulator's reader
 * refuses is named with its line; loss events come from a packet log. A share link too long to
 * carry the trace leaves it out by name and says so; whoever opens it is asked for the file, cannot
 * run until it is loaded, and then runs.
 */
import { expect, test, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { openLab, repoRoot, runToEnd, watchErrors } from './helpers';

const traces = join(repoRoot, 'content', 'traces');
const file = (name: string, text?: string) => ({
  name,
  mimeType: 'text/plain',
  buffer: Buffer.from(text ?? readFileSync(join(traces, name), 'utf8')),
});
const loadCapacity = (page: Page, name: string, text?: string) =>
  page.getByLabel('Capacity trace file', { exact: true }).setInputFiles(file(name, text));

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('a capacity trace from a file drives the bottleneck; a bad file is named with its line', async ({ page }) => {
  await openLab(page);
  await page.getByLabel('Duration', { exact: true }).fill('5');
  await loadCapacity(page, 'lte.mahi', '1\n2\nthree\n');
  await expect(page.getByRole('alert')).toHaveText(
    'lte.mahi: line 3: expected a whole number of milliseconds (got "three")',
  );
  await expect(page.getByLabel('Bandwidth', { exact: true })).toBeVisible();

  await loadCapacity(page, 'lte-like.mahi');
  const summary = page.getByTestId('rate-trace');
  // 15 933 opportunities of 12 000 bits over the 20 s loop: 9.5598 Mbit/s.
  await expect(summary).toContainText(
    'Bandwidth follows the capacity trace “lte-like.mahi”: 15,933 delivery opportunities, mean 9.56 Mbit/s',
  );
  await expect(page.getByRole('alert')).toHaveCount(0);
  await expect(page.getByLabel('Bandwidth', { exact: true })).toHaveCount(0);
  await runToEnd(page);
  await expect(page.getByText(/^run 1 · trace, mean 9\.56 Mbit\/s · 10 ms/)).toBeVisible();
  await page.screenshot({ path: test.info().outputPath('trace-loaded-1280.png') });

  await summary.getByRole('button', { name: 'Use a constant rate' }).click();
  await expect(page.getByLabel('Bandwidth', { exact: true })).toHaveValue('9.5598');
});

test('loss events from a packet log; a link too long for the trace names it, and the receiver loads it', async ({
  page,
  browser,
  baseURL,
}) => {
  await openLab(page);
  await page.getByLabel('Duration', { exact: true }).fill('5');
  await page.getByLabel('Error model', { exact: true }).selectOption({ label: 'Loss trace' });
  await page.getByLabel('Loss event file', { exact: true }).setInputFiles(file('bursty-losses.csv'));
  const lost = readFileSync(join(traces, 'bursty-losses.csv'), 'utf8')
    .split('\n')
    .filter((l) => l.endsWith(',1')).length;
  await expect(page.getByTestId('loss-events')).toHaveText(
    `${lost.toLocaleString('en')} loss events from “bursty-losses.csv”.`,
  );
  await loadCapacity(page, 'lte-like.mahi');
  await runToEnd(page);

  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.getByRole('button', { name: 'Copy link' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'The link leaves out' })).toHaveText(
    'The link leaves out the traces “bursty-losses.csv”, “lte-like.mahi”: too big to travel in a link. Send those files along; whoever opens the link loads them in the link settings to run.',
  );
  const url = await page.getByTestId('share-link').inputValue();
  expect(url.length).toBeLessThan(20_000);

  const context = await browser.newContext({ baseURL });
  const other = await context.newPage();
  const otherGuard = watchErrors(other);
  await other.goto(url);
  await expect(other.getByTestId('trace-missing-rate')).toHaveText(
    'This scenario needs the capacity trace “lte-like.mahi”, which was too big to travel in its link. Load that file here to run it.',
  );
  await expect(other.getByTestId('trace-missing-loss')).toContainText('the loss-event file “bursty-losses.csv”');
  await expect(other.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await other.screenshot({ path: test.info().outputPath('trace-missing-1280.png'), fullPage: true });
  await loadCapacity(other, 'lte-like.mahi');
  await other.getByLabel('Loss event file', { exact: true }).setInputFiles(file('bursty-losses.csv'));
  await expect(other.getByTestId('trace-missing-rate')).toHaveCount(0);
  await expect(other.getByTestId('trace-missing-loss')).toHaveCount(0);
  await runToEnd(other);
  otherGuard.assertClean();
  await context.close();
});

for (const [width, height] of [
  [1024, 768],
  [390, 844],
] as const) {
  test(`the loaded trace reads whole at ${width} px`, async ({ page }) => {
    await page.setViewportSize({ width, height });
    await openLab(page);
    // On a phone the builder opens from the run's head.
    if (width < 600) await page.getByRole('button', { name: 'Edit scenario' }).click();
    await loadCapacity(page, 'wifi-like.csv');
    const summary = page.getByTestId('rate-trace');
    await expect(summary).toContainText('60 rate steps, mean');
    const box = await summary.boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(width);
    await summary.screenshot({ path: test.info().outputPath(`trace-summary-${width}.png`) });
  });
}
