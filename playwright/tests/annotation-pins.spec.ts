/**
 * A figure's annotation pins sit on the charts' time axis: the pin of a note at t seconds is drawn
 * above the time axis's t (read from the chart's own tick marks), in the lesson and in its embed,
 * at 1280 and 390 px wide.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { chart, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

/** Screen x of time `t` on a chart's time axis, from two of its labelled ticks. */
async function axisX(figure: Locator, t: number): Promise<number> {
  const ticks = await chart(figure, 'Congestion window')
    .locator('.axis-bottom .tick')
    .evaluateAll((gs) =>
      gs.map((g) => {
        const r = g.querySelector('line')!.getBoundingClientRect();
        return { v: Number(g.textContent), x: r.x + r.width / 2 };
      }),
    );
  const [a, b] = [ticks[0], ticks[ticks.length - 1]];
  return a.x + ((t - a.v) / (b.v - a.v)) * (b.x - a.x);
}

async function expectPinsOnAxis(page: Page, figure: Locator) {
  await expect(figure).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
  const pins = figure.locator('.notes-pin');
  await expect(pins.first()).toBeVisible();
  for (const pin of await pins.all()) {
    const t = Number(await pin.getAttribute('data-t'));
    const box = (await pin.boundingBox())!;
    const want = await axisX(figure, t);
    expect(
      Math.abs(box.x + box.width / 2 - want),
      `pin at ${t} s: ${box.x + box.width / 2} px, axis ${want} px`,
    ).toBeLessThanOrEqual(2);
  }
}

for (const width of [1280, 390]) {
  test(`pins on the time axis in a lesson figure's embed at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    await page.goto('/#/embed/learn/loss-as-congestion/ld');
    const figure = page.locator('figure[data-figure="ld"]');
    await expect(figure).toBeVisible();
    // The embedded figure waits for its prediction (learn-embed.spec.ts); once one is committed,
    // Run starts it.
    await page.getByRole('radio', { name: /The checksum LD flow/ }).click();
    await figure.getByRole('button', { name: 'Run', exact: true }).click();
    await expectPinsOnAxis(page, figure);
    await figure.locator('.figure-notes').scrollIntoViewIfNeeded();
    await page.screenshot({ path: `test-results/shots/pins-${width}.png` });
  });
}
