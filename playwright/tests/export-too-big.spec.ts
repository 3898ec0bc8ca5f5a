/**
 * A series file too big for the browser: the page keeps a bounded copy of each series,
 * so a long run at 1 ms sampling runs, but its CSV would hold every sample — 7.5 million values,
 * about 1.1 GB. "Export CSV" refuses it before re-simulating and says why and what to do instead,
 * in the run bar, where it used to fail without a word.
 */
import { expect, test } from '@playwright/test';
import { bulkDumbbell, openScenario, runToEnd, setSpeed, watchErrors } from './helpers';

const scenario = bulkDumbbell({
  id: 'fine_long',
  seed: 2,
  timeS: 300,
  sampleMs: 1,
  rateBps: 2_000_000,
  limitPkts: 50,
  flowId: 'f0',
});

test('a series file too big for the browser is refused with its size and what to do', async ({ page }) => {
  test.setTimeout(180_000);
  const errors = watchErrors(page);
  await openScenario(page, scenario);
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page, 150_000);

  await page.getByRole('button', { name: 'Export CSV' }).click();
  const refused = page.getByRole('alert').filter({ hasText: 'The CSV was not exported' });
  await expect(refused).toContainText(/about 7\.5 million values, about 1\.1 GB of memory/);
  await expect(refused).toContainText('use a longer sample period');
  await expect(refused).toContainText('losslab run --series');
  // The lab stays usable: the button works again and a new run starts.
  await expect(page.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  for (const [w, h] of [
    [1280, 720],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await refused.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`export-too-big-${w}.png`) });
    // The command is one line of code at every width (390 px had broken it at "--").
    const command = refused.locator('code', { hasText: 'losslab run --series' });
    await expect(command).toHaveCount(1);
    const lines = await command.evaluate((el) => el.getClientRects().length);
    expect(lines, `the command's line boxes at ${w} px`).toBe(1);
  }
  errors.assertClean();
});
