/**
 * Full resolution on zoom: after a 600 s run at 10 ms sampling the page holds a
 * bounded, downsampled copy of each series; zooming into about 10 s makes the worker re-simulate
 * that window with the run's seed, and the charts draw its every sample (about 1000 per line)
 * while the zoom lasts; resetting the zoom goes back to the bounded series.
 */
import { expect, test } from '@playwright/test';
import { bulkDumbbell, chart, openScenario, runToEnd, setSpeed, watchErrors } from './helpers';

const DURATION_S = 600;
const SAMPLE_MS = 10;
const scenario = bulkDumbbell({
  id: 'long_run',
  seed: 5,
  timeS: DURATION_S,
  sampleMs: SAMPLE_MS,
  rateBps: 2_000_000,
  limitPkts: 50,
  flowId: 'f0',
});

test('zooming into 10 s of a 600 s run draws every sample of the window; reset goes back', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openScenario(page, scenario);
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page, 150_000);

  const charts = page.locator('.charts[data-cwnd-window-points]');
  const cwnd = chart(page, 'Congestion window');
  const held = Number(await cwnd.locator('path.line[data-series="cwnd"]').getAttribute('data-points'));
  expect(held).toBeLessThanOrEqual(2 * 4096);

  // Drag across about 10 s in the middle of the Congestion window chart (plot margins: 64 px left, 16 px right).
  const box = (await cwnd.boundingBox())!;
  const innerW = box.width - 64 - 16;
  const x0 = box.x + 64 + innerW * 0.5;
  const x1 = x0 + innerW * (10 / DURATION_S);
  await page.mouse.move(x0, box.y + box.height / 2);
  await page.mouse.down();
  await page.mouse.move(x1, box.y + box.height / 2, { steps: 5 });
  await page.mouse.up();
  const zoombar = page.locator('.zoombar');
  await expect(zoombar).toContainText(/Showing [\d.]+–[\d.]+ s of 600 s/);

  const text = (await zoombar.textContent()) ?? '';
  const [, a, b] = text.match(/Showing ([\d.]+)–([\d.]+) s/)!;
  const spanS = Number(b) - Number(a);
  expect(spanS).toBeGreaterThan(5);
  expect(spanS).toBeLessThan(20);

  // The worker answers with every 10 ms sample of the window (the held points had a few per
  // second there); the zoom bar says so.
  const windowSamples = (spanS * 1000) / SAMPLE_MS;
  await expect
    .poll(async () => Number(await charts.getAttribute('data-cwnd-window-points')), { timeout: 60_000 })
    .toBeGreaterThan(0.95 * windowSamples);
  await expect(zoombar).toHaveAttribute('data-detail', 'full');
  await expect(zoombar).toContainText('Full detail: every 10 ms sample');
  console.log(
    `zoom detail: ${spanS.toFixed(1)} s window, ${await charts.getAttribute('data-cwnd-window-points')} cwnd points (held: ${held} for the run), worker ${await charts.getAttribute('data-detail-ms')} ms`,
  );
  const detailPoints = Number(await charts.getAttribute('data-cwnd-window-points'));
  expect(detailPoints).toBeLessThan(windowSamples + 10);
  // The drawn line is the window's samples, not the whole run's held points.
  const drawn = Number(await cwnd.locator('path.line[data-series="cwnd"]').getAttribute('data-points'));
  expect(drawn).toBeGreaterThanOrEqual(detailPoints);
  expect(drawn).toBeLessThanOrEqual(detailPoints + 2);

  // Reset: back to the bounded series of the whole run.
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(zoombar).toHaveAttribute('data-detail', 'all');
  await expect(cwnd.locator('path.line[data-series="cwnd"]')).toHaveAttribute('data-points', String(held));
  await expect(charts).toHaveAttribute('data-cwnd-window-points', String(held));
  errors.assertClean();
});
