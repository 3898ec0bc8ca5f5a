/**
 * The line canvas repaints only the strip new samples touch while a run plays
 * (`charts/canvasDraw.ts`): the picture it builds up that way must be the one a full redraw gives.
 * Thirty flows play at 10× real time (many frames, each drawn as a strip), then highlighting a
 * flow and clearing it redraws the whole canvas; the pixels must match.
 */
import { expect, test } from '@playwright/test';
import { canvasPixels, chart, playThirtyFlows, settledCanvasPixels, watchErrors } from './helpers';

test('a canvas drawn strip by strip while running equals a full redraw', async ({ page }) => {
  const errors = watchErrors(page);
  await playThirtyFlows(page, 'strip');
  const fig = chart(page, 'Throughput').locator('xpath=ancestor::figure');
  const canvas = fig.locator('canvas.line-canvas');
  await expect(canvas).toHaveAttribute('data-lines', '31');
  const built = await settledCanvasPixels(canvas);

  const f3 = fig.getByRole('button', { name: 'f.3 · TCP NewReno', exact: true });
  await f3.click();
  await expect(f3).toHaveAttribute('aria-pressed', 'true');
  await f3.click();
  await expect(f3).toHaveAttribute('aria-pressed', 'false');
  const redrawn = await canvasPixels(canvas);

  expect(redrawn.length).toBe(built.length);
  let inked = 0;
  let differ = 0;
  let worst = 0;
  for (let i = 0; i < built.length; i += 4) {
    if (redrawn[i + 3] > 0) inked++;
    // Colour times coverage (a faint pixel's colour alone means little). The same segment drawn
    // as part of a short strip path and of the whole 1200-point path is rasterised with slightly
    // different antialiasing (seen: a few isolated pixels off by up to 27 of 255, in 2 of 7 runs);
    // a seam or a missing piece of line is off by far more (255 with the strip's stroke margin
    // removed), so a pixel counts as different above 40.
    let d = Math.abs(built[i + 3] - redrawn[i + 3]);
    for (let c = 0; c < 3; c++)
      d = Math.max(d, Math.abs(built[i + c] * built[i + 3] - redrawn[i + c] * redrawn[i + 3]) / 255);
    worst = Math.max(worst, d);
    if (d > 40) differ++;
  }
  expect(inked).toBeGreaterThan(1000);
  expect(differ, `pixels that differ from a full redraw (worst by ${worst.toFixed(0)} of 255)`).toBe(0);
  errors.assertClean();
});
