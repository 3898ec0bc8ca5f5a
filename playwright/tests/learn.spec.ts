/**
 * Lessons (`#/learn`): a reader opens a lesson, predicts, runs the figure (a
 * figure that answers a prediction waits for it), moves a control (it runs again), sees the
 * explanation only after both a choice and a finished run, reloads (progress kept), opens the
 * figure in the lab; axe is clean in both themes; screenshots at 1280×720, 1024×768 and 390 px.
 * The gate itself, the named setting and the keyboard: learn-predict.spec.ts; the list of lessons:
 * web/src/learn/LessonList.test.tsx (no browser needed).
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

const LESSON = 'loss-as-congestion';

function figure(page: Page, id: string) {
  return page.locator(`figure[data-figure="${id}"]`);
}

test('a lesson: predict, run the figure, move a control, reveal, reload', async ({ page }) => {
  // A short window, so the figure starts below the fold.
  await page.setViewportSize({ width: 1280, height: 300 });
  await page.goto(`/#/learn/${LESSON}`);
  await expect(page.getByRole('heading', { level: 2, name: /Why TCP reads every loss/ })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Learn' })).toHaveAttribute('aria-current', 'page');
  await expect(page.getByRole('heading', { name: 'The receiver knows more than the sender' })).toBeVisible();
  const fig = figure(page, 'ld');
  await expect(fig).toHaveAttribute('data-status', 'waiting');
  await expect(fig.locator('.badge')).toHaveText('Waits for your prediction');

  // A choice alone does not reveal the explanation.
  const predict = page.locator('[data-predict="which-first"]');
  await predict.getByRole('radio', { name: /Plain TCP/ }).check();
  await expect(predict.getByTestId('predict-hint')).toHaveText('Now run figure 1 to the end to see the explanation.');
  await expect(predict.getByTestId('explanation')).toHaveCount(0);
  await expect(fig).toHaveAttribute('data-status', 'waiting');

  // Scrolled into view, it still waits for Run; run to the end, the explanation shows.
  await fig.scrollIntoViewIfNeeded();
  await expect(fig).toHaveAttribute('data-status', 'waiting');
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(fig.locator('.chart svg, .chart canvas').first()).toBeVisible();
  await expect(predict.getByTestId('explanation')).toContainText('The LD flow finishes first');
  await expect(predict.getByTestId('explanation')).toContainText('The model disagrees with your prediction.');

  // Moving a control runs the figure again.
  const firstRun = Number(await fig.getAttribute('data-run'));
  await fig
    .getByLabel('What the sender does with a damaged packet')
    .selectOption({ label: 'Checksum LD: retransmit, keep the window' });
  await expect(fig).not.toHaveAttribute('data-run', String(firstRun));
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(fig.getByRole('list', { name: 'What to look for' })).toContainText('at 1 s:');

  // "Open in lab" carries the figure's scenario, with the control's value.
  const href = await fig.getByRole('link', { name: 'Open in lab' }).getAttribute('href');
  expect(href).toMatch(/^#\/lab\?s=/);

  // Progress survives a reload: the choice and the finished run are remembered.
  await page.reload();
  await expect(predict.getByRole('radio', { name: /Plain TCP/ })).toBeChecked();
  await expect(predict.getByTestId('explanation')).toBeVisible();
  await page.goto('/#/learn');
  await expect(page.locator(`[data-lesson="${LESSON}"]`).getByTestId('lesson-progress')).toContainText('done');

  // The lab opens the figure's scenario.
  await page.goto(`/${href}`);
  await expect(page.getByRole('heading', { name: 'LossLab', level: 1 })).toBeVisible();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('lessons are axe clean in both themes, and look right at three sizes', async ({ page }, info) => {
  await page.goto(`/#/learn/${LESSON}`);
  await expectNoAxeViolations(page, info, 'learn-lesson-idle');
  const fig = figure(page, 'ld');
  await page.locator('[data-predict="which-first"]').getByRole('radio').nth(1).check();
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(page.getByTestId('explanation')).toBeVisible();
  await page.locator('.teacher-notes summary').click();
  await expectNoAxeViolations(page, info, 'learn-lesson-light');
  await page.getByLabel('Theme').selectOption('dark');
  await expectNoAxeViolations(page, info, 'learn-lesson-dark');
  await page.goto('/#/learn');
  await expectNoAxeViolations(page, info, 'learn-list-dark');
  await page.getByLabel('Theme').selectOption('light');
  await expectNoAxeViolations(page, info, 'learn-list-light');

  for (const [w, h] of [
    [1280, 720],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.goto('/#/learn');
    await page.screenshot({ path: `test-results/learn-list-${w}.png` });
    await page.goto(`/#/learn/${LESSON}`);
    await page.screenshot({ path: `test-results/learn-lesson-top-${w}.png` });
    const f = figure(page, 'ld');
    await f.evaluate((e) => e.scrollIntoView({ block: 'start' }));
    // The prediction was made above; its figure runs when asked.
    await f.getByRole('button', { name: /^Run/ }).click();
    await expect(f).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
    await page.screenshot({ path: `test-results/learn-lesson-${w}.png` });
    // Nothing runs off the side of the screen.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `horizontal overflow at ${w} px`).toBeLessThanOrEqual(0);
  }
});
