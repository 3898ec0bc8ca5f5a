/**
 * The lab puts the run first: on a phone (390 × 844) Run and a chart are on the first screen with
 * the scenario folded behind "Edit scenario"; on every width Run is a few Tab presses from the top
 * of the page; and changing view opens the new view at its top, not at the previous view's offset.
 */
import { expect, test, type Page } from '@playwright/test';
import { chart, openLab, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

const run = (page: Page) => page.getByRole('button', { name: 'Run', exact: true });

/** Tab presses from the top of a freshly loaded page until Run has the focus (at most `limit`). */
async function tabsToRun(page: Page, limit = 80): Promise<number> {
  for (let n = 1; n <= limit; n++) {
    await page.keyboard.press('Tab');
    const on = await page.evaluate(() => {
      const el = document.activeElement;
      return el instanceof HTMLButtonElement && el.textContent?.trim() === 'Run';
    });
    if (on) return n;
  }
  return Infinity;
}

test('on a phone the lab opens with Run and a chart on the first screen, the scenario folded', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await openLab(page);
  await expect(run(page)).toBeEnabled();
  const r = (await run(page).boundingBox())!;
  expect(r.y + r.height, 'Run inside the first screen').toBeLessThanOrEqual(844);
  const c = (await chart(page, 'Congestion window').boundingBox())!;
  expect(c.y + 100, 'at least 100 px of the first chart on the first screen').toBeLessThanOrEqual(844);
  await expect(page.getByRole('heading', { name: 'Scenario', exact: true })).toBeHidden();
  const edit = page.getByRole('button', { name: 'Edit scenario' });
  await expect(edit).toHaveAttribute('aria-expanded', 'false');
  await page.screenshot({ path: 'test-results/shots/lab-phone-first-screen.png' });

  // "Edit scenario" opens the builder and takes the reader to it.
  await edit.click();
  const heading = page.getByRole('heading', { name: 'Scenario', exact: true });
  await expect(heading).toBeFocused();
  await expect(heading).toBeInViewport();
  await expect(page.getByRole('button', { name: 'Hide scenario' })).toHaveAttribute('aria-expanded', 'true');
});

for (const [w, h] of [
  [1280, 720],
  [1024, 768],
  [390, 844],
] as const) {
  test(`Run is reached early in the Tab order at ${w} × ${h}`, async ({ page }) => {
    await page.setViewportSize({ width: w, height: h });
    await openLab(page);
    await expect(run(page)).toBeEnabled();
    const n = await tabsToRun(page);
    expect(n, 'Tab presses from the top of the page to Run').toBeLessThanOrEqual(16);
    await page.screenshot({ path: `test-results/shots/lab-${w}x${h}.png` });
  });
}

test('a view opens at its top, not at the previous view’s scroll offset', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/papers');
  await expect(page.getByRole('heading', { name: 'LossLab', level: 1 })).toBeVisible();
  // Scroll and read back until the page holds still long enough to stay there: a page still
  // laying out can shrink under the scroll and clamp it.
  const scrollTo = (y: number) =>
    expect.poll(() => page.evaluate((y) => (window.scrollTo(0, y), window.scrollY), y)).toBe(y);
  await scrollTo(795);
  // A link to another view (here typed into the address bar).
  await page.evaluate(() => {
    location.hash = '#/compare';
  });
  await expect(page.getByRole('heading', { name: 'A versus B' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);

  // And from a long Compare page to the Lab.
  await scrollTo(400);
  await page.evaluate(() => {
    location.hash = '#/lab';
  });
  await expect(run(page)).toBeVisible();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
});
