/**
 * The charts' time axis spans what was simulated, not the stop time. The GB04
 * preset with loss differentiation ends at about 10 s (its transfer is done) under an 1800 s stop
 * time: its curves fill the plot in the Lab, Compare and Embed, and the progress bar is full at
 * "Finished".
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { chart, watchErrors } from './helpers';

const preset = (id: string) => readFileSync(new URL(`../../content/scenarios/${id}.json`, import.meta.url), 'utf8');
const enc = (id: string) => LZString.compressToEncodedURIComponent(JSON.stringify(JSON.parse(preset(id))));
const LD = 'gb04-s1-1mbps-10ms-ld';
const PLAIN = 'gb04-s1-1mbps-10ms';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

/** How much of the plot's width the flow's cwnd line covers (0–1); `svg` is the chart's image. */
async function lineCover(svg: Locator, flow: string): Promise<number> {
  const line = svg.locator(`path[data-series="cwnd"][data-flow="${flow}"]`);
  const [s, l] = await Promise.all([svg.boundingBox(), line.boundingBox()]);
  return l && s ? l.width / (s.width - 80) : 0;
}

/** The right end of the chart's time axis, in seconds. */
async function axisEnd(svg: Locator): Promise<number> {
  return Number(await svg.getAttribute('data-x-max-s'));
}

async function progressValue(page: Page, name: string): Promise<number> {
  return Number(await page.getByRole('progressbar', { name, exact: true }).getAttribute('value'));
}

test('Lab: a run that ends early fills the charts and the progress bar', async ({ page }) => {
  await page.goto(`/#/lab?s=${enc(LD)}`);
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const cwnd = chart(page, 'Congestion window');
  await expect.poll(() => lineCover(cwnd, 'ld')).toBeGreaterThan(0.9);
  await expect.poll(() => axisEnd(cwnd)).toBeLessThan(30);
  expect(await progressValue(page, 'Simulated time')).toBe(1);
  await expect(page.getByTestId('sim-time')).toContainText('all transfers complete');
});

test('Lab: while a run plays, the axis grows in nice steps ahead of the simulated time', async ({ page }) => {
  await page.goto(`/#/lab?s=${enc(LD)}`);
  await page.getByLabel('Speed').selectOption({ label: 'Real time' });
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'running');
  const cwnd = chart(page, 'Congestion window');
  // Until the first samples arrive the axis still spans the whole scenario (1800 s); once they
  // do it is a nice step ahead of the simulated time, and it has grown past the first (1 s).
  await expect.poll(() => axisEnd(cwnd)).toBeLessThan(1800);
  await expect.poll(() => axisEnd(cwnd)).toBeGreaterThanOrEqual(2);
  expect([2, 5, 10]).toContain(await axisEnd(cwnd));
  await page.getByRole('button', { name: 'Pause' }).click();
});

test('Compare and Embed fit the axis to the run too', async ({ page }) => {
  await page.goto(`/#/compare?a=${enc(PLAIN)}&b=${enc(LD)}`);
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  for (const s of ['a', 'b'])
    await expect(page.getByTestId(`run-status-${s}`)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const cwndA = chart(page, 'Congestion window (A)');
  await expect.poll(() => lineCover(cwndA, 'tcp')).toBeGreaterThan(0.5);
  await expect.poll(() => axisEnd(cwndA)).toBeLessThan(60);
  expect(await progressValue(page, 'A simulated time')).toBe(1);
  expect(await progressValue(page, 'B simulated time')).toBe(1);

  await page.goto(`/#/embed?s=${enc(LD)}&autoplay=1&panels=cwnd`);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const cwnd = chart(page, 'Congestion window');
  await expect.poll(() => lineCover(cwnd, 'ld')).toBeGreaterThan(0.9);
  await expect.poll(() => axisEnd(cwnd)).toBeLessThan(30);
  expect(await progressValue(page, 'Simulated time')).toBe(1);
});
