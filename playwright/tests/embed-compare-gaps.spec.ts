/**
 * Embed has a speed (`speed=` in its URL, a control in its chrome, a choice in the
 * Embed dialog); Compare has "Embed" (a snippet of the pair, drawn overlaid) and "Export CSV"; one
 * "Export CSV" click gives one download, a zip of the CSV files.
 */
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import { readFileSync } from 'node:fs';
import LZString from 'lz-string';
import { chart, downloadBytes, downloads, expectNoAxeViolations, openLab, runToEnd, watchErrors } from './helpers';

const enc = (id: string) =>
  LZString.compressToEncodedURIComponent(
    JSON.stringify(JSON.parse(readFileSync(new URL(`../../content/scenarios/${id}.json`, import.meta.url), 'utf8'))),
  );
const LD = 'gb04-s1-1mbps-10ms-ld';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('an embed with speed=1 plays in real time, and its speed control changes the pace', async ({ page }) => {
  await page.goto(`/#/embed?s=${enc(LD)}&autoplay=1&speed=1&panels=cwnd`);
  const speed = page.getByLabel('Speed');
  await expect(speed.locator('option:checked')).toHaveText('Real time');
  const status = page.getByTestId('run-status');
  await expect(status).toHaveAttribute('data-status', 'running');
  // Real time: half a second simulated and the run (about 14 s) still going.
  await expect
    .poll(async () => parseFloat((await page.locator('.progress-text').textContent()) ?? '0'))
    .toBeGreaterThan(0.4);
  await expect(status).toHaveAttribute('data-status', 'running');
  await expectNoAxeViolations(page, undefined, 'embed with a speed control');
  await speed.selectOption({ label: 'As fast as possible' });
  await expect(status).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
});

test('the Embed dialog chooses the speed; Export CSV gives one zip', async ({ page }) => {
  await openLab(page);
  await page.getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this simulation' });
  const snippet = dialog.getByTestId('embed-snippet');
  await expect(snippet).toHaveValue(/speed=10&amp;/);
  await dialog.getByLabel('Speed').selectOption({ label: 'Real time' });
  await expect(snippet).toHaveValue(/speed=1&amp;/);
  await page.keyboard.press('Escape');

  await page.getByLabel('Duration', { exact: true }).fill('3');
  await runToEnd(page);
  const [dl] = await downloads(page, 1, () => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(dl.suggestedFilename()).toBe('lab-seed1-csv.zip');
  const files = unzipSync(await downloadBytes(dl));
  expect(Object.keys(files).sort()).toEqual(['lab-seed1-meta.json', 'lab-seed1-series.csv', 'lab-seed1-summary.csv']);
});

test('Compare exports both runs in one zip and embeds the pair, overlaid', async ({ page }) => {
  await page.goto('/#/compare');
  await page.getByLabel('Paired presets').selectOption({
    label: 'Garcia & Brunstrom Fig. 4, 1 Mbit/s, 10 ms: plain TCP · B: with loss differentiation',
  });
  const run = page.getByRole('button', { name: 'Run', exact: true });
  await expect(run).toBeEnabled();
  await run.click();
  for (const s of ['a', 'b'])
    await expect(page.getByTestId(`run-status-${s}`)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const [dl] = await downloads(page, 1, () => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(dl.suggestedFilename()).toBe('compare-gb04-s1-1mbps-10ms-vs-gb04-s1-1mbps-10ms-ld-seed1-csv.zip');
  const files = unzipSync(await downloadBytes(dl));
  expect(Object.keys(files)).toEqual([
    'a-gb04-s1-1mbps-10ms-seed1-summary.csv',
    'a-gb04-s1-1mbps-10ms-seed1-series.csv',
    'a-gb04-s1-1mbps-10ms-seed1-meta.json',
    'b-gb04-s1-1mbps-10ms-ld-seed1-summary.csv',
    'b-gb04-s1-1mbps-10ms-ld-seed1-series.csv',
    'b-gb04-s1-1mbps-10ms-ld-seed1-meta.json',
  ]);
  // The id and seed are once per run, in its meta file, not on every series row.
  expect(JSON.parse(strFromU8(files['b-gb04-s1-1mbps-10ms-ld-seed1-meta.json'])).scenario).toMatchObject({
    id: 'gb04-s1-1mbps-10ms-ld',
    seed: 1,
  });
  expect(strFromU8(files['b-gb04-s1-1mbps-10ms-ld-seed1-series.csv'])).toMatch(/^time_s,entity,metric,value\n/);
  expect(strFromU8(files['b-gb04-s1-1mbps-10ms-ld-seed1-summary.csv'])).toContain('gb04-s1-1mbps-10ms-ld,1,ld,');

  await page.getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this simulation' });
  await dialog.getByLabel('Speed').selectOption({ label: 'As fast as possible' });
  const snippet = await dialog.getByTestId('embed-snippet').inputValue();
  expect(snippet).toContain('&amp;b=');
  const src = /src="([^"]+)"/.exec(snippet)![1].replace(/&amp;/g, '&');
  await page.keyboard.press('Escape');
  await page.goto(src);
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  const cwnd = chart(page, 'Congestion window (A and B)');
  await expect(cwnd.locator('path[data-series="cwnd"]')).toHaveCount(2);
  await expectNoAxeViolations(page, undefined, 'embed of a pair');
});
