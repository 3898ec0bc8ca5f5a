/**
 * Long lists in the builder: a 600-node graph with 599 links and 1000 connections opens
 * with a DOM of reasonable size — node pickers share one list of 600 suggestions instead of 600
 * `<option>`s each (before: about 730 000 options and a frozen tab), closed link rows hold no
 * fields, and the flow and link lists show a window with "Show more".
 */
import { expect, test } from '@playwright/test';
import { openLab, watchErrors } from './helpers';

const N = 600;
const nodes = Array.from({ length: N }, (_, i) => `n${i}`);
const BIG = {
  id: 'big-chain',
  title: '600-node chain',
  stop: { time_s: 1 },
  topology: {
    kind: 'graph',
    nodes,
    links: nodes.slice(1).map((n, i) => ({ a: `n${i}`, b: n, rate_bps: 1e6, delay_ms: 1 })),
  },
  flows: Array.from({ length: 200 }, (_, i) => ({ id: `g${i}`, from: 'n0', to: `n${N - 1 - i}`, count: 5 })),
  observe: { sample_ms: 1000 },
};

test('a 600-node, 1000-connection scenario opens the builder in a DOM of reasonable size', async ({ page }) => {
  // About 20 s on a quiet machine (validation of 1000 connections, a page of tens of thousands of
  // elements counted twice); over 60 s with two CPU hogs beside it (npm run test:stress).
  test.setTimeout(180_000);
  const guard = watchErrors(page);
  await openLab(page);
  await page.getByLabel('Scenario file to upload').setInputFiles({
    name: 'big.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(BIG)),
  });
  await expect(page.getByRole('heading', { name: `Topology (${N} nodes, ${N - 1} links)` })).toBeVisible({
    timeout: 30_000,
  });
  // The 50 flow rows shown carry their variant, classifier and option menus (about 90 options
  // each); the node pickers add the one shared list of 600.
  expect(await page.locator('datalist option').count()).toBe(N);
  expect(await page.locator('option').count(), 'option elements in the page').toBeLessThan(10_000);
  expect(await page.locator('*').count(), 'elements in the page').toBeLessThan(40_000);
  // Windows: 50 flow rows, 100 link rows, each with a way to show more. The locators below start
  // from a list or a row by CSS: a role query over the whole page reads every one of its tens of
  // thousands of elements (about 2.5 s each on this machine), one inside a row reads a few.
  const flows = page.locator('ol[aria-label="Flows"] > li');
  await expect(flows).toHaveCount(50);
  await expect(page.locator('ol[aria-label="Links"] > li')).toHaveCount(100);
  await page.locator('.window-more button', { hasText: 'Show 50 more' }).first().click();
  await expect(flows).toHaveCount(100);
  // A flow's endpoints are searchable text fields over the one shared node list.
  const from = flows.first().getByRole('combobox', { name: 'From node' });
  await expect(from).toHaveValue('n0');
  await from.fill('n5');
  await expect(from).toHaveValue('n5');
  // A closed link row opens into its fields.
  const link = page.locator('[data-link-row="l0"]');
  await link.locator(':scope > summary').click();
  await expect(link.getByRole('combobox', { name: 'Link n0–n1 From node' })).toHaveValue('n0');
  guard.assertClean();
});
