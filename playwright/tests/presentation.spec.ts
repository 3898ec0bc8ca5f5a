/**
 * Presentation mode: the view a teacher projects. The page header and the
 * builder step aside, type grows, the first chart sits wholly above the fold at 1280×720 and at
 * 150 % browser zoom (853×480 CSS px at 1.5 device pixels), and the keyboard runs, pauses, steps
 * and resets. Compare can hide its configurations, and presents the same way.
 */
import { expect, test, type Page } from '@playwright/test';
import { chart, openLab, watchErrors } from './helpers';

/** The page header's navigation: off screen while presenting (its heading stays for screen readers). */
const masthead = (page: Page) => page.getByRole('navigation', { name: 'Views' });
const status = (page: Page) => page.getByTestId('run-status');

/** The first chart's box must lie wholly inside the viewport (above the fold). */
async function expectFirstChartAboveFold(page: Page, what: string) {
  const svg = chart(page, 'Congestion window');
  await expect(svg).toBeVisible();
  const box = (await svg.boundingBox())!;
  const vh = page.viewportSize()!.height;
  expect(box.y, `${what}: chart top`).toBeGreaterThanOrEqual(0);
  expect(box.y + box.height, `${what}: chart bottom (viewport ${vh} px)`).toBeLessThanOrEqual(vh);
}

test.describe('at 1280×720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });

  test('the lab presents: header and builder aside, large type, keys drive the run', async ({ page }) => {
    const errors = watchErrors(page);
    await openLab(page);
    await page.getByRole('button', { name: 'Present' }).click();
    await expect(masthead(page)).toBeHidden();
    await expect(page.locator('#builder-panel')).toBeHidden();
    await expect(page.getByRole('button', { name: 'Export CSV' })).toBeHidden();
    await expect(page.getByTestId('present-hint')).toContainText('Space');
    const rootPx = await page.evaluate(() => parseFloat(getComputedStyle(document.documentElement).fontSize));
    expect(rootPx).toBeGreaterThanOrEqual(18);
    // Charts take the full width of the page.
    const w = (await chart(page, 'Congestion window').boundingBox())!.width;
    expect(w).toBeGreaterThan(1000);
    await expectFirstChartAboveFold(page, 'lab, 1280×720');
    await page.screenshot({ path: 'test-results/present-1280.png' });
    await expect(page).toHaveURL(/present=1/);

    // Space runs, Space pauses, → steps one sample period, R resets.
    await page.keyboard.press('Space');
    await expect(status(page)).toHaveAttribute('data-status', /running|done/);
    await page.keyboard.press('Space');
    await expect(status(page)).toHaveAttribute('data-status', /paused|done/);
    if ((await status(page).getAttribute('data-status')) === 'paused') {
      const before = await page.getByTestId('sim-time').textContent();
      await page.keyboard.press('ArrowRight');
      await expect(page.getByTestId('sim-time')).not.toHaveText(before!);
    }
    await page.keyboard.press('r');
    await expect(status(page)).toHaveAttribute('data-status', 'idle');

    // A reload keeps presenting (the link says so); Esc leaves.
    await page.reload();
    await expect(page.getByRole('button', { name: 'Leave presentation' })).toBeVisible();
    await expect(masthead(page)).toBeHidden();
    await page.keyboard.press('Escape');
    await expect(masthead(page)).toBeVisible();
    await expect(page.locator('#builder-panel')).toBeVisible();
    await expect(page).not.toHaveURL(/present=1/);
    errors.assertClean();
  });

  test('keys typed in a field stay in the field', async ({ page }) => {
    await page.goto('/#/lab?present=1');
    await expect(page.getByRole('button', { name: 'Leave presentation' })).toBeVisible();
    await expect(masthead(page)).toBeHidden();
    // The speed menu is a control: Space there opens it rather than starting the run.
    await page.getByLabel('Speed').focus();
    await page.keyboard.press('r');
    await page.keyboard.press('Escape');
    await expect(masthead(page)).toBeVisible();
    await expect(status(page)).toHaveAttribute('data-status', 'idle');
  });

  test('Compare hides its configurations and presents', async ({ page }) => {
    const errors = watchErrors(page);
    await page.goto('/#/compare');
    await expect(masthead(page)).toBeVisible();
    const configs = page.locator('#compare-configs');
    await expect(configs).toBeVisible();
    await page.getByRole('button', { name: 'Hide configurations' }).click();
    await expect(configs).toBeHidden();
    const w = (await chart(page, 'Congestion window (A)').boundingBox())!.width;
    expect(w, 'each side gets half of the full width').toBeGreaterThan(500);
    await page.getByRole('button', { name: 'Show configurations' }).click();
    await expect(configs).toBeVisible();

    await page.getByRole('button', { name: 'Present' }).click();
    await expect(configs).toBeHidden();
    await expect(masthead(page)).toBeHidden();
    // Space runs both sides.
    await page.keyboard.press('Space');
    await expect(page.getByTestId('run-status-a')).toHaveAttribute('data-status', /running|done/);
    await expect(page.getByTestId('run-status-b')).toHaveAttribute('data-status', /running|done/);
    await page.keyboard.press('Escape');
    await expect(configs).toBeVisible();
    errors.assertClean();
  });
});

test.describe('at 150 % zoom on a 1280×720 screen', () => {
  test.use({ viewport: { width: 853, height: 480 }, deviceScaleFactor: 1.5 });

  test('a chart stays above the fold while presenting', async ({ page }) => {
    await page.goto('/#/lab?present=1');
    await expect(page.getByRole('button', { name: 'Leave presentation' })).toBeVisible();
    await page.screenshot({ path: 'test-results/present-150.png' });
    await expectFirstChartAboveFold(page, 'lab, 150 % zoom');
  });
});
