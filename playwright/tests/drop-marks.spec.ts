/**
 * The Queue chart's drop marks are painted on a canvas over the rail above the plot, a frame's new
 * drops only (`charts/markDraw.ts`): the picture built up that way while thirty flows play at 10×
 * real time must be the one a whole redraw gives (forced here by a theme change notice, which
 * makes the canvas clear and paint every mark again).
 */
import { expect, test } from '@playwright/test';
import { bulkDumbbell, chart, openScenario, runToEnd, setSpeed, watchErrors } from './helpers';

const scenario = bulkDumbbell({
  id: 'marks',
  seed: 5,
  timeS: 20,
  sampleMs: 10,
  rateBps: 10_000_000,
  limitPkts: 100,
  flowId: 'f',
  count: 30,
});

test('drop marks painted frame by frame while running equal a whole redraw', async ({ page }) => {
  const errors = watchErrors(page);
  await openScenario(page, scenario);
  await setSpeed(page, '10× real time');
  await runToEnd(page);
  const canvas = chart(page, 'Queue').locator('xpath=ancestor::figure').locator('canvas.mark-canvas');
  await expect(canvas).toHaveAttribute('aria-hidden', 'true');
  await expect(canvas).toHaveAttribute('data-causes', /queue/);
  const pixels = () =>
    canvas.evaluate((c: HTMLCanvasElement) =>
      Array.from(c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data),
    );
  // The last frame's marks may still be on their way after the run ends: read until two reads agree.
  let built = await pixels();
  await expect
    .poll(async () => {
      const again = await pixels();
      const settled = again.every((v, i) => v === built[i]);
      built = again;
      return settled;
    })
    .toBe(true);
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
  const redrawn = await pixels();
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
