/**
 * Reflow and resized text (WCAG 2.1 1.4.10 and 1.4.4): every page read at 320 CSS px wide (a
 * 1280 px window at 400 % zoom) and at 640 × 360 (1280 × 720 at 200 %) needs no sideways scrolling.
 * The document does not scroll sideways, and nothing sticks out past the right edge of the page or
 * of the panel it scrolls in (the builder), except a chart's insides and tables, which may scroll
 * inside a box of their own; no text is cut short with an ellipsis. Text is sized in rem on a px
 * root, so zoom is how it grows: these widths are the 200 % and 400 % cases.
 *
 * The lab and Compare are checked with their builder's "Your code" part open, the lab with its
 * dumbbell converted to a graph (the node list), and both after a short run (the full legends and
 * tables); Compare's pair of result columns is where 320 px failed.
 */
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

const SIZES = [
  { width: 320, height: 640 },
  { width: 640, height: 360 },
] as const;

/**
 * What breaks reflow on the page as it is now: the document's sideways scroll, each element that
 * sticks out past its limit (the viewport, or the scrolling box it sits in; the outermost only),
 * and each text cut short by an ellipsis. Empty when the page reflows.
 */
async function reflowProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const doc = document.documentElement;
    const problems: string[] = [];
    if (doc.scrollWidth > doc.clientWidth)
      problems.push(`the page scrolls sideways by ${doc.scrollWidth - doc.clientWidth} px`);
    const name = (el: Element) => {
      const cls =
        typeof el.className === 'string' && el.className ? `.${el.className.trim().split(/\s+/).join('.')}` : '';
      const text = (el.getAttribute('aria-label') ?? el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      return `${el.tagName.toLowerCase()}${cls}${text ? ` "${text}"` : ''}`;
    };
    /** The nearest ancestor that scrolls sideways, or null for the page itself. */
    const scroller = (el: Element): Element | null => {
      for (let a = el.parentElement; a && a !== document.body; a = a.parentElement)
        if (['auto', 'scroll'].includes(getComputedStyle(a).overflowX)) return a;
      return null;
    };
    /** The right edge `el` must stay inside: its scrolling box's inner edge, else the viewport's. */
    const limit = (el: Element) => {
      const box = scroller(el);
      return box ? box.getBoundingClientRect().left + box.clientLeft + box.clientWidth : doc.clientWidth;
    };
    const sticksOut = (el: Element) => {
      const r = el.getBoundingClientRect();
      return r.width > 1 && r.height > 1 && r.right > limit(el) + 0.5;
    };
    for (const el of Array.from(document.body.querySelectorAll('*'))) {
      if (!el.checkVisibility({ visibilityProperty: true })) continue;
      // A chart's insides are its own two-dimensional layout (a chart wider than the page still
      // shows as the page's sideways scroll); a table may scroll sideways in a box of its own.
      if (el.parentElement?.closest('svg')) continue;
      if (el.closest('table') && scroller(el)) continue;
      if (!sticksOut(el)) continue;
      const parent = el.parentElement;
      if (parent && parent !== document.body && limit(parent) === limit(el) && sticksOut(parent)) continue;
      const by = Math.round(el.getBoundingClientRect().right - limit(el));
      problems.push(
        `${name(el)} sticks out by ${by} px${scroller(el) ? ` of ${name(scroller(el)!).slice(0, 40)}` : ''}`,
      );
    }
    for (const el of Array.from(document.body.querySelectorAll<HTMLElement>('*'))) {
      const cs = getComputedStyle(el);
      if (cs.textOverflow !== 'ellipsis' || !el.checkVisibility()) continue;
      if (el.scrollWidth > el.clientWidth + 1) problems.push(`${name(el)} is cut short (${el.clientWidth} px shown)`);
    }
    return problems;
  });
}

/** The page, opened by `open` at the first size, reflows at each size in turn (as zooming it would). */
async function expectReflowAtEachSize(page: Page, open: () => Promise<void>) {
  await page.setViewportSize(SIZES[0]);
  await open();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect
      .poll(() => reflowProblems(page), {
        message: `${new URL(page.url()).hash.split('?')[0]} at ${size.width}×${size.height}`,
      })
      .toEqual([]);
  }
}

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

/** The builder shown (a narrow window hides it behind "Edit scenario") with "Your code" open. */
async function openYourCode(page: Page) {
  const edit = page.getByRole('button', { name: 'Edit scenario' });
  if (await edit.isVisible()) await edit.click();
  await page.getByRole('heading', { name: 'Your code' }).click();
  await expect(page.getByRole('heading', { name: 'Your classifier' })).toBeVisible();
}

test('the lab reflows, with the builder open, a graph topology and after a run', async ({ page }) => {
  await expectReflowAtEachSize(page, async () => {
    await page.goto('/#/lab');
    await expect(page.getByRole('heading', { name: 'LossLab', level: 1 })).toBeVisible();
    await openYourCode(page);
    await page.getByRole('heading', { name: 'Topology: dumbbell' }).click();
    await page.getByRole('button', { name: 'Convert to graph' }).click();
    await expect(page.getByRole('heading', { name: 'Topology (3 nodes, 2 links)' })).toBeVisible();
    await page.getByLabel('Duration', { exact: true }).fill('5');
    await page.getByLabel('Speed').selectOption({ label: 'As fast as possible' });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
  });
});

test('Compare reflows, with a configuration open and after a run', async ({ page }) => {
  await expectReflowAtEachSize(page, async () => {
    await page.goto('/#/compare');
    await expect(page.getByRole('heading', { name: 'A versus B' })).toBeVisible();
    await openYourCode(page);
    await page.getByLabel('Duration', { exact: true }).fill('5');
    await page.getByLabel('Speed').selectOption({ label: 'As fast as possible' });
    await page.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(page.getByTestId('run-status-a')).toHaveAttribute('data-status', 'done');
    await expect(page.getByTestId('run-status-b')).toHaveAttribute('data-status', 'done');
  });
});

for (const [hash, ready] of [
  ['#/sweep', (p: Page) => p.getByRole('heading', { name: 'Sweep', exact: true })],
  ['#/learn', (p: Page) => p.getByRole('heading', { name: 'Lessons', exact: true })],
  ['#/learn/loss-as-congestion', (p: Page) => p.locator('figure.lesson-figure').first()],
  ['#/learn/fairness-jain', (p: Page) => p.locator('figure.lesson-figure').first()],
  ['#/papers', (p: Page) => p.getByRole('heading', { name: 'Papers', exact: true })],
  ['#/embed/learn/loss-as-congestion/ld', (p: Page) => p.locator('figure.lesson-figure')],
] as const) {
  test(`${hash} reflows`, async ({ page }) => {
    await expectReflowAtEachSize(page, async () => {
      await page.goto(`/${hash}`);
      await expect(ready(page)).toBeVisible();
    });
  });
}
