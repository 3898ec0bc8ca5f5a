/**
 * User stories of the Topology part: edit a graph preset's links and nodes through the UI, route
 * a new flow over a new link, see validator problems at the link field, run it; convert the
 * dumbbell to a graph and get the same results; no axe violations with the editor open.
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, openLab, openPresets, runToEnd, setSpeed, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;

test.beforeEach(async ({ page }) => {
  guard = watchErrors(page);
  await openLab(page);
});

test.afterEach(() => guard.assertClean());

async function loadPreset(page: Page, id: string) {
  await openPresets(page);
  await page.getByLabel('Preset').selectOption(id);
  await page.getByRole('button', { name: 'Load preset' }).click();
}

const linkRow = (page: Page, id: string) => page.locator(`[data-link-row="${id}"]`);
const linkSummary = (page: Page, id: string) => linkRow(page, id).locator(':scope > summary');

test('a graph preset: change a link, add a node and a link, route a flow over them, run', async ({ page }) => {
  await loadPreset(page, 'lj-fig8a-n1-0');
  await expect(page.getByRole('heading', { name: 'Topology (6 nodes, 5 links)' })).toBeVisible();
  await page.getByLabel('Duration', { exact: true }).fill('20');

  // Each link row reads like a table row; opened, its fields carry the link's name.
  await expect(linkSummary(page, 'bottleneck')).toContainText('r1 – r2');
  await expect(linkSummary(page, 'bottleneck')).toContainText('2 Mbit/s · 67 ms');
  await linkSummary(page, 'bottleneck').click();
  const rate = page.getByLabel('Link r1–r2 Bandwidth', { exact: true });
  await expect(rate).toHaveValue('2');
  await rate.fill('4');
  await expect(linkSummary(page, 'bottleneck')).toContainText('4 Mbit/s · 67 ms');
  await expect(page.getByLabel('Link r2–m Error model', { exact: true })).toHaveValue('packet_error');

  // Add a node from the keyboard, then a link: it attaches the new node, opened.
  const newName = page.getByLabel('New node name', { exact: true });
  await newName.focus();
  await page.keyboard.type('m2');
  await page.keyboard.press('Enter');
  await expect(page.getByRole('heading', { name: 'Topology (7 nodes, 5 links)' })).toBeVisible();
  await expect(page.getByLabel('Node 7 name', { exact: true })).toHaveValue('m2');
  await page.getByRole('button', { name: 'Add link', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Topology (7 nodes, 6 links)' })).toBeVisible();
  await expect(page.getByLabel('Link d–m2 From node', { exact: true })).toHaveValue('d');
  await expect(page.getByLabel('Link d–m2 To node', { exact: true })).toHaveValue('m2');
  await expect(page.getByLabel('Link d–m2 Bandwidth', { exact: true })).toHaveValue('100');

  // A second flow, to the new node.
  await page.getByRole('button', { name: 'Add flow' }).click();
  const f1 = page.getByRole('group', { name: 'Flow f1' });
  await expect(f1.getByLabel('From node')).toHaveValue('s');
  await f1.getByLabel('To node').selectOption('m2');

  // Renaming the node renames it in the link and the flow.
  await page.getByLabel('Node 7 name', { exact: true }).fill('mobile');
  await expect(f1.getByLabel('To node')).toHaveValue('mobile');
  await expect(linkSummary(page, 'd-m2')).toContainText('d – mobile');
  const delay = page.getByLabel('Link d–mobile One-way delay', { exact: true });
  await expect(delay).toBeVisible();

  // A node in use is not removed, and the page says why.
  await page.getByRole('button', { name: 'Remove node mobile' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Node "mobile" is not removed' })).toContainText(
    'link d-m2; flow f1',
  );
  await expect(page.getByLabel('Node 7 name', { exact: true })).toHaveValue('mobile');

  // The validator's problem shows at the link field; Run waits until it is fixed.
  await delay.fill('-5');
  const field = page.locator('.field', { has: delay });
  await expect(field.getByRole('alert')).toContainText('topology.links[5].delay_ms');
  await expect(delay).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await delay.fill('3');
  await expect(field.getByRole('alert')).toHaveCount(0);

  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);
  const table = page.getByRole('table');
  await expect(table.locator('tr[data-flow="tcp1"]')).toBeVisible();
  const delivered = table.locator('tr[data-flow="f1"] td[data-column="throughput_kbps"]');
  await expect(delivered).toHaveText(/^\d/);
  expect(Number(await delivered.getAttribute('data-value'))).toBeGreaterThan(0);
});

test('"Convert to graph" keeps the dumbbell\'s results for the same seed', async ({ page }) => {
  await page.getByLabel('Duration', { exact: true }).fill('8');
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);
  const table = page.getByRole('table');
  const cells = ['throughput_kbps', 'timeouts', 'retransmissions', 'losses_corruption'];
  const read = () =>
    Promise.all(
      cells.map((c) => table.locator(`tr[data-flow="f0"] td[data-column="${c}"]`).getAttribute('data-value')),
    );
  const before = await read();
  expect(Number(before[0])).toBeGreaterThan(0);

  await page.getByRole('heading', { name: 'Topology: dumbbell' }).click();
  await page.getByRole('button', { name: 'Convert to graph' }).click();
  await expect(page.getByRole('heading', { name: 'Topology (3 nodes, 2 links)' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Bottleneck link' })).toHaveCount(0);
  await expect(linkSummary(page, 'bottleneck')).toContainText('router – receivers');
  await expect(linkSummary(page, 'access')).toContainText('senders – router');
  const f0 = page.getByRole('group', { name: 'Flow f0' });
  await expect(f0.getByLabel('From node')).toHaveValue('senders');
  await expect(f0.getByLabel('To node')).toHaveValue('receivers');

  await runToEnd(page);
  // The table fills in as the run's summary arrives, just after its status reads done.
  await expect.poll(read).toEqual(before);
});

test('the Topology part has no axe violations, light and dark', async ({ page }, info) => {
  await loadPreset(page, 'njplus-fig5a-nj-plus');
  await expect(page.getByRole('heading', { name: 'Topology (3 nodes, 2 links)' })).toBeVisible();
  await linkSummary(page, 'wireless').click();
  await expect(page.getByLabel('Link bs–d Bandwidth', { exact: true })).toHaveValue('2');
  // A refused name shows its problem too.
  await page.getByLabel('New node name', { exact: true }).fill('bad name');
  await page.getByRole('button', { name: 'Add node' }).click();
  await expect(page.locator('.add-node').getByRole('alert')).toContainText('only letters, digits');
  // A rename to a name another node has is not applied; Run waits until the name is fixed.
  const first = page.getByLabel('Node 1 name', { exact: true });
  await first.fill('bs');
  await expect(page.locator('li.node-row', { has: first }).getByRole('alert')).toContainText(
    'another node is already called "bs"',
  );
  await expect(page.getByRole('group', { name: 'Flow nj_plus' }).getByLabel('From node')).toHaveValue('s');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
  await expectNoAxeViolations(page, info, 'topology-light');
  await page.getByLabel('Theme').selectOption('dark');
  await expectNoAxeViolations(page, info, 'topology-dark');
  await first.fill('src');
  await expect(page.getByRole('group', { name: 'Flow nj_plus' }).getByLabel('From node')).toHaveValue('src');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
});
