/**
 * No internal references on the lab's screens: no specification section ids ("docs/design.md A12"), no
 * milestone ids ("needs M2"), no test names, no repository paths — on the Lab (every section of
 * the builder open), Compare, Sweep and the embed, in their texts and their tooltips.
 */
import { expect, test, type Page } from '@playwright/test';
import { watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

const INTERNAL = /SPEC\b|needs M\d|\bM\d{1,2}\b|test suite|content\/|\.rs\b|DESIGN §|issue \d/;

async function internalReferences(page: Page): Promise<string[]> {
  await page.$$eval('details', (ds) => ds.forEach((d) => ((d as HTMLDetailsElement).open = true)));
  return page.evaluate((src) => {
    const re = new RegExp(src);
    const texts = [
      document.body.innerText,
      ...Array.from(document.querySelectorAll('[title], option')).map((e) => e.getAttribute('title') ?? e.textContent),
    ];
    const hits: string[] = [];
    for (const t of texts)
      for (const line of (t ?? '').split('\n')) {
        const m = re.exec(line);
        if (m) hits.push(line.slice(Math.max(0, m.index - 60), m.index + 40));
      }
    return [...new Set(hits)];
  }, INTERNAL.source);
}

for (const hash of ['#/lab', '#/compare', '#/sweep', '#/embed']) {
  test(`no internal references on ${hash}`, async ({ page }) => {
    await page.goto(`/${hash}`);
    await expect(page.getByRole('button', { name: /^Run/ }).first()).toBeVisible();
    if (hash === '#/lab' || hash === '#/compare') {
      // Every variant's and classifier's own knobs and hints.
      const flow = page.getByRole('group', { name: 'Flow f0' }).first();
      for (const v of ['westwood', 'new_jersey', 'nj_plus', 'veno']) {
        await flow.getByLabel('Variant').selectOption(v);
        expect(await internalReferences(page), v).toEqual([]);
      }
      for (const c of ['ncpld', 'adaptive_threshold', 'zigzag', 'congestion_warning']) {
        await flow.getByLabel('Classifier').selectOption(c);
        expect(await internalReferences(page), c).toEqual([]);
      }
    }
    // Sweep: every preset's description is its option's tooltip, read below.
    expect(await internalReferences(page)).toEqual([]);
  });
}
