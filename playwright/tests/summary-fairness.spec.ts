/**
 * The lab's summary says fairness and verdicts plainly: with several flows it gives Jain's index
 * over the whole run (the simulator's, through wasm); when fewer losses were judged than lost it
 * says why.
 */
import { expect, test } from '@playwright/test';
import { bulkDumbbell, openLab, openScenario, runToEnd, setSpeed, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

const sum = (xs: string[]) => xs.reduce((n, x) => n + Number(x), 0);

test('several flows: the whole-run Jain index of the flows’ throughputs', async ({ page }) => {
  const scenario = bulkDumbbell({
    id: 'two-flows',
    seed: 3,
    timeS: 10,
    sampleMs: 10,
    rateBps: 2_000_000,
    limitPkts: 50,
    flowId: 'f',
    count: 3,
  });
  await openScenario(page, scenario);
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);
  const jain = page.getByTestId('whole-run-jain');
  await expect(jain).toContainText('Fairness over the whole run: Jain’s index');
  // The index the simulator gives equals (Σx)² / (n·Σx²) of the table's exact throughputs.
  const x = (
    await page
      .locator('.summary td[data-column="throughput_kbps"]')
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value') ?? ''))
  ).map(Number);
  expect(x).toHaveLength(3);
  const expected = x.reduce((a, b) => a + b, 0) ** 2 / (x.length * x.reduce((a, b) => a + b * b, 0));
  const shown = Number((await jain.locator('strong').textContent())!);
  expect(Math.abs(shown - expected)).toBeLessThanOrEqual(0.005);
});

test('fewer judged than lost: the summary says why', async ({ page }) => {
  await openLab(page);
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);
  const col = (key: string) =>
    page
      .locator(`.summary td[data-column="${key}"]`)
      .evaluateAll((tds) => tds.map((td) => td.getAttribute('data-value') ?? '0'));
  const losses = sum(await col('losses_queue')) + sum(await col('losses_corruption'));
  const judged = sum(await col('verdicts_congestion')) + sum(await col('verdicts_wireless'));
  expect(judged).toBeLessThan(losses);
  const note = page.getByTestId('judged-note');
  await expect(note).toContainText(`Why ${judged} judged of ${losses} lost packets`);
  await expect(note).toContainText('once per recovery, when it starts a fast retransmit');
  await page.getByRole('button', { name: /More columns/ }).click();
  // NewReno with no classifier of its own: one verdict per fast retransmit.
  expect(sum(await col('fast_retransmits'))).toBe(judged);
});
