/**
 * A phone, 390 px wide: the Lab, Compare and Sweep views stack their columns,
 * and nothing makes the page scroll sideways — before a run and after it, when charts, legends and
 * the summary table are on the page. (Wide tables scroll inside their own box, not the page.)
 */
import { expect, test, type Page } from '@playwright/test';
import { openLab, openPresets, runToEnd, setSpeed, watchErrors } from './helpers';

test.use({ viewport: { width: 390, height: 844 } });

/** How far the page reaches past the viewport's right edge, in CSS px (0 = no sideways scroll). */
async function overflow(page: Page): Promise<number> {
  return page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
}

/** The elements that stick out past the right edge (for a readable failure message). */
async function culprits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const w = document.documentElement.clientWidth;
    const out: string[] = [];
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const r = el.getBoundingClientRect();
      if (r.right > w + 1 && r.width > 0) {
        // Report the outermost offender only.
        const parent = el.parentElement?.getBoundingClientRect();
        if (!parent || parent.right <= w + 1)
          out.push(`${el.tagName.toLowerCase()}.${el.className} (${Math.round(r.right)} px)`);
      }
    }
    return out.slice(0, 8);
  });
}

async function expectNoSidewaysScroll(page: Page, what: string) {
  await expect.poll(() => overflow(page), { message: `${what}: ${(await culprits(page)).join(', ')}` }).toBe(0);
}

test('the lab on a phone: one column, no sideways scroll before or after a run', async ({ page }) => {
  const errors = watchErrors(page);
  await openLab(page);
  await expectNoSidewaysScroll(page, 'lab before a run');
  // The run comes first; the builder, opened with "Edit scenario", stacks below it, not beside it.
  await page.getByRole('button', { name: 'Edit scenario' }).click();
  const builder = page.locator('.builder-panel');
  const results = page.locator('.lab > .results');
  const b = await builder.boundingBox();
  const r = await results.boundingBox();
  expect(b && r && b.y >= r.y + r.height - 1, 'builder below the results').toBe(true);
  await expectNoSidewaysScroll(page, 'lab with the builder open');
  // A preset whose transfers end before its stop time: the longest progress text.
  await openPresets(page);
  await page.getByLabel('Preset').selectOption('gb04-s1-1mbps-10ms');
  await page.getByRole('button', { name: 'Load preset' }).click();
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);
  await expectNoSidewaysScroll(page, 'lab after a run');
  // Text the panel clips (no page scroll, yet cut off): the progress line ends inside the screen.
  const t = await page.getByTestId('sim-time').boundingBox();
  expect(t && t.x + t.width, 'simulated-time text inside the screen').toBeLessThanOrEqual(390);
  errors.assertClean();
});

test('Compare and Sweep on a phone: no sideways scroll', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/compare');
  await expect(page.getByRole('heading', { name: 'LossLab', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page, 'compare');
  await page.goto('/#/sweep');
  await expect(page.getByRole('heading', { name: 'LossLab', level: 1 })).toBeVisible();
  await expectNoSidewaysScroll(page, 'sweep');
  errors.assertClean();
});
