/**
 * The results tables of the lessons whose prose quotes simulated numbers: every number the prose
 * links to is a cell of its figure’s table on the page, and the tables render at 1280×720, 1024×768
 * and 390 px (screenshots to look at).
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

const lessons: Record<string, string[]> = {
  'fast-recovery-vs-timeout': ['drops'],
  'buffer-sizing': ['startup', 'delay', 'varying'],
  'ber-to-per': ['count', 'ber'],
  'classifiers-ground-truth': ['matrix', 'threshold'],
  'njplus-bandwidth': ['estimate', 'warning'],
  'lj-adaptive-threshold': ['quiet', 'busy'],
};

for (const [lesson, figures] of Object.entries(lessons)) {
  // One page per lesson, resized through the three widths (the links do not depend on the width).
  test(`${lesson}: every prose number links to a table cell, and the tables read at three widths`, async ({
    page,
  }, info) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1280, height: 720 });
    await page.goto(`/#/learn/${lesson}`);
    for (const f of figures) {
      await expect(page.locator(`figure[data-figure="${f}"]`).getByTestId('results-table')).toBeVisible();
    }
    const links = await page
      .locator('[data-cell-link]')
      .evaluateAll((ls) => ls.map((l) => l.getAttribute('data-cell-link')));
    expect(links.length).toBeGreaterThan(0);
    for (const key of links) {
      await expect(page.locator(`[data-cell="${key}"]`)).toHaveCount(1);
    }
    for (const [width, height] of [
      [1280, 720],
      [1024, 768],
      [390, 844],
    ]) {
      await page.setViewportSize({ width, height });
      for (const f of figures) {
        const table = page.locator(`figure[data-figure="${f}"]`).getByTestId('results-table');
        // Symbols are typeset (A_w reads as A with a subscript w), never shown as raw markup.
        for (const head of await table.locator('th').allInnerTexts()) expect(head).not.toContain('_');
        // The note above a table wraps to the screen even when the table itself must scroll.
        const note = page.locator(`figure[data-figure="${f}"] .results-note`);
        await expect
          .poll(async () => {
            const box = await note.boundingBox();
            return box ? box.x + box.width : Infinity;
          })
          .toBeLessThanOrEqual(width);
        await table.scrollIntoViewIfNeeded();
        await page.screenshot({ path: info.outputPath(`${lesson}-${f}-${width}.png`) });
      }
    }
  });
}
