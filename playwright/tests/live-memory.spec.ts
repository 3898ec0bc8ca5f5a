/**
 * Live-lab memory bounded by pixels: a long run at 10 ms sampling leaves the page
 * holding a bounded, downsampled copy of each series (min/max buckets), while "Export CSV" still
 * writes every sample — the worker re-simulates the run with its seed and writes the rows with the
 * simulator's CSV writer.
 */
import { expect, test } from '@playwright/test';
import { strFromU8, unzipSync } from 'fflate';
import {
  bulkDumbbell,
  chart,
  downloadBytes,
  downloads,
  openScenario,
  runToEnd,
  setSpeed,
  watchErrors,
} from './helpers';

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

test('a long run: the page holds a bounded number of points, the CSV has every sample', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openScenario(page, scenario);
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page, 150_000);

  // The drawn cwnd line comes from at most 2 × 4096 points (min and max per bucket), not 60,000.
  const cwnd = chart(page, 'Congestion window').locator('path.line[data-series="cwnd"]');
  const held = Number(await cwnd.getAttribute('data-points'));
  expect(held).toBeGreaterThan(1000);
  expect(held).toBeLessThanOrEqual(2 * 4096);

  const [zipDl] = await downloads(page, 1, () => page.getByRole('button', { name: 'Export CSV' }).click());
  const files = unzipSync(await downloadBytes(zipDl));
  const series = strFromU8(files['long_run-seed5-series.csv']);
  const lines = series.trimEnd().split('\n');
  const header = lines[0].split(',');
  const metric = header.indexOf('metric');
  const tCol = header.indexOf('time_s');
  const cwndRows = lines.slice(1).filter((l) => l.split(',')[metric] === 'cwnd_bytes');
  // One row per sample: at 0, 10 ms, …, 600 s — duration / sample interval + 1 (t = 0).
  expect(cwndRows.length).toBe((DURATION_S * 1000) / SAMPLE_MS + 1);
  expect(Number(cwndRows[0].split(',')[tCol])).toBe(0);
  expect(Number(cwndRows[cwndRows.length - 1].split(',')[tCol])).toBeCloseTo(DURATION_S, 6);
  expect(cwndRows.length).toBeGreaterThan(5 * held);
  errors.assertClean();
});
