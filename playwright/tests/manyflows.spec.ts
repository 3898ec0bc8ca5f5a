/**
 * Thirty flows: every chart shows every flow (lines on a canvas once a chart has many), the legend
 * names them all, highlighting still works, and a saved SVG holds every line as a vector path.
 * How smoothly this plays is measured by `npm run bench:ui`, not asserted here.
 */
import { expect, test } from '@playwright/test';
import { bulkDumbbell, chart, downloadText, downloads, openScenario, runToEnd, watchErrors } from './helpers';

const FLOWS = 30;
const scenario = bulkDumbbell({
  id: 'thirty',
  seed: 3,
  timeS: 8,
  sampleMs: 10,
  rateBps: 10_000_000,
  limitPkts: 100,
  flowId: 'f',
  count: FLOWS,
});
const ids = Array.from({ length: FLOWS }, (_, i) => `f.${i}`);

test('thirty flows: every flow drawn in every chart, highlight and SVG export still work', async ({ page }) => {
  const errors = watchErrors(page);
  await openScenario(page, scenario);
  await runToEnd(page);

  for (const name of ['Congestion window', 'Throughput']) {
    const canvas = chart(page, name).locator('xpath=..').locator('canvas.line-canvas');
    await expect(canvas, name).toHaveAttribute('aria-hidden', 'true');
    const drawn = ((await canvas.getAttribute('data-flows')) ?? '').split(' ');
    expect(drawn.sort(), `${name}: flows on the canvas`).toEqual([...ids].sort());
    // Lines on a canvas, not in the SVG.
    await expect(chart(page, name).locator('path.line')).toHaveCount(0);
    const legend = chart(page, name)
      .locator('xpath=ancestor::figure')
      .getByRole('list', { name: `${name} legend` });
    await expect(legend.getByRole('button')).toHaveCount(name === 'Throughput' ? FLOWS + 1 : FLOWS);
  }

  // The canvas really has ink on it (not a blank bitmap).
  const inked = await chart(page, 'Congestion window')
    .locator('xpath=..')
    .locator('canvas.line-canvas')
    .evaluate((c: HTMLCanvasElement) => {
      const px = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      let n = 0;
      for (let i = 3; i < px.length; i += 4) if (px[i] > 0) n++;
      return n;
    });
  expect(inked).toBeGreaterThan(1000);

  // Legends name each flow by its variant (the default classifier left out); highlighting a flow
  // from the legend redraws the canvas (the others fade) without errors.
  const fig = chart(page, 'Congestion window').locator('xpath=ancestor::figure');
  const f7 = fig.getByRole('button', { name: 'f.7 · TCP NewReno', exact: true });
  await f7.click();
  await expect(f7).toHaveAttribute('aria-pressed', 'true');

  const [svgDl] = await downloads(page, 1, () => fig.getByRole('button', { name: 'Save SVG' }).click());
  const svg = await downloadText(svgDl);
  for (const id of ids) expect(svg, `saved SVG has ${id}`).toContain(`data-series="cwnd" data-flow="${id}"`);
  expect(svg).toMatch(/d="M[\d.]+,[\d.]+L/);
  expect(svg).toContain('opacity:0.18'); // the faded flows stay faded in the file
  errors.assertClean();
});
