/**
 * A lesson in projector mode and on paper (issue 13): projector mode shows one figure per screen
 * in large type with `<html data-present>`; → / PageDown and ← / PageUp move between figures, Esc
 * leaves; nothing overflows at 1280×720; axe is clean in projector mode and on the lesson in both
 * themes. Print media hides every control and button, shows the predictions' choices, and the
 * teacher notes only with "Print with teacher notes".
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

const LESSON = 'throughput-vs-loss';

async function noOverflow(page: Page, what: string) {
  const o = await page.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    wide: [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => e.tagName + '.' + e.className)
      .slice(0, 3),
  }));
  expect(o.x, `horizontal overflow (${what}): ${o.wide.join(', ')}`).toBeLessThanOrEqual(0);
  expect(o.wide, `wider than the window (${what})`).toEqual([]);
}

test('projector mode: one figure per screen, keys move, Esc leaves, no overflow at 1280×720', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`/#/learn/${LESSON}`);
  await page.getByRole('button', { name: 'Projector mode' }).click();
  await expect(page.locator('html')).toHaveAttribute('data-present', '');
  // The prediction first, on its own screen; then the figure it asks about.
  await expect(page.getByRole('status').filter({ hasText: 'Prediction before figure 1' })).toBeVisible();
  await expect(page.locator('[data-predict="where-they-part"]')).toBeVisible();
  await expect(page.locator('figure.lesson-figure')).toHaveCount(0);
  await page.screenshot({ path: 'test-results/learn-projector-0.png' });
  await page.keyboard.press('ArrowRight');
  await expect(page.locator('figure.lesson-figure')).toHaveCount(1);
  await expect(page.locator('figure[data-figure="sqrt-law"]')).toBeVisible();
  await expect(page.getByRole('status').filter({ hasText: 'Figure 1 of 2' })).toBeVisible();
  await expect(page.locator('.lesson-prose')).toHaveCount(0);
  await expect(page.locator('.masthead')).not.toBeInViewport();
  const size = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
  expect(size).toBeGreaterThanOrEqual(18);
  await expect(page.getByTestId('figure-sweep')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
  await noOverflow(page, 'figure 1');
  await page.screenshot({ path: 'test-results/learn-projector-1.png' });
  await expectNoAxeViolations(page, info, 'learn-projector');

  await page.keyboard.press('PageDown');
  await expect(page.locator('figure[data-figure="two-losses"]')).toBeVisible();
  await expect(page.locator('figure.lesson-figure')).toHaveCount(1);
  await expect(page.locator('figure[data-figure="two-losses"]')).toHaveAttribute('data-status', 'done', {
    timeout: 60_000,
  });
  await noOverflow(page, 'figure 2');
  await page.screenshot({ path: 'test-results/learn-projector-2.png' });
  await page.keyboard.press('ArrowRight'); // the last figure: stays
  await expect(page.locator('figure[data-figure="two-losses"]')).toBeVisible();
  await page.keyboard.press('ArrowLeft');
  await expect(page.locator('figure[data-figure="sqrt-law"]')).toBeVisible();
  await page.keyboard.press('PageDown');
  await page.keyboard.press('PageUp');
  await expect(page.locator('figure[data-figure="sqrt-law"]')).toBeVisible();

  await page.keyboard.press('Escape');
  await expect(page.locator('html')).not.toHaveAttribute('data-present', '');
  await expect(page.locator('figure.lesson-figure')).toHaveCount(2);
  await expect(page.locator('.masthead')).toBeVisible();
});

test('the lesson is axe clean in both themes; screenshots at three sizes', async ({ page }, info) => {
  test.setTimeout(240_000);
  await page.goto(`/#/learn/${LESSON}`);
  await page.locator('figure[data-figure="sqrt-law"]').scrollIntoViewIfNeeded();
  await expect(page.getByTestId('figure-sweep')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
  await expectNoAxeViolations(page, info, 'tvl-light');
  await page.getByLabel('Theme').selectOption('dark');
  await expectNoAxeViolations(page, info, 'tvl-dark');
  await page.getByRole('button', { name: 'Projector mode' }).click();
  await expectNoAxeViolations(page, info, 'tvl-projector-dark');
  await page.keyboard.press('Escape');
  await page.getByLabel('Theme').selectOption('light');
  for (const [w, h] of [
    [1280, 720],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.locator('figure[data-figure="sqrt-law"]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await expect(page.getByTestId('figure-sweep')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
    await page.screenshot({ path: `test-results/learn-tvl-${w}.png` });
    await noOverflow(page, `${w} px`);
  }
});

test('print media: prose, captions and choices; no controls or buttons; notes only when asked', async ({ page }) => {
  await page.goto(`/#/learn/${LESSON}`);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.lesson-prose').first()).toBeVisible();
  await expect(page.locator('figcaption').first()).toBeVisible();
  await expect(page.locator('.predict-question')).toBeVisible();
  await expect(page.locator('.predict-choices label').first()).toBeVisible();
  await expect(page.locator('.predict-choices label')).toHaveCount(3);
  for (const sel of ['button', 'select', '.figure-bar', '.masthead', '.lesson-tools', '.figure-sweep'])
    for (const el of await page.locator(sel).all()) await expect(el).toBeHidden();
  await expect(page.locator('.teacher-notes')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByLabel('Print with teacher notes').check();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.teacher-notes')).toBeVisible();
  await expect(page.getByText('Common misconceptions.')).toBeVisible();
  await page.screenshot({ path: 'test-results/learn-print.png', fullPage: true });
});
