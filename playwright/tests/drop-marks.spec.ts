/**
 * The Queue chart's drop marks are painted on a canvas over the rail above the plot, a frame's new
 * drops only (`charts/markDraw.ts`): the picture built up that way while thirty flows play at 10×
 * real time must be the one a whole redraw gives (forced here by a theme change notice, which
 * makes the canvas clear and paint every mark again).
 */
import { expect, test } from '@playwright/test';
import { canvasPixels, chart, playThirtyFlows, settledCanvasPixels, watchErrors } from './helpers';

test('drop marks painted frame by frame while running equal a whole redraw', async ({ page }) => {
  const errors = watchErrors(page);
  await playThirtyFlows(page, 'marks');
  const canvas = chart(page, 'Queue').locator('xpath=ancestor::figure').locator('canvas.mark-canvas');
  await expect(canvas).toHaveAttribute('aria-hidden', 'true');
  await expect(canvas).toHaveAttribute('data-causes', /queue/);
  const built = await settledCanvasPixels(canvas);
  const marks = Number(await canvas.getAttribute('data-marks'));
  expect(marks).toBeGreaterThan(10);

  // The same theme, announced again: every mark is painted again on a cleared canvas.
  const redraws = Number(await canvas.getAttribute('data-full-redraws'));
  await page.evaluate(() => {
    const el = document.documentElement;
    const theme = el.getAttribute('data-theme');
    if (theme === null) {
      el.setAttribute('data-theme', 'light');
      el.removeAttribute('data-theme');
    } else el.setAttribute('data-theme', theme);
  });
  await expect(canvas).toHaveAttribute('data-full-redraws', String(redraws + 1));
  const redrawn = await canvasPixels(canvas);
  let inked = 0;
  let differ = 0;
  for (let i = 0; i < built.length; i += 4) {
    if (redrawn[i + 3] > 0) inked++;
    if ([0, 1, 2, 3].some((c) => built[i + c] !== redrawn[i + c])) differ++;
  }
  expect(inked).toBeGreaterThan(10 * marks);
  expect(differ, 'pixels that differ from a whole redraw').toBe(0);
  errors.assertClean();
});
