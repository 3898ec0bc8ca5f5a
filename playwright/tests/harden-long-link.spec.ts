/**
 * A hostile Sweep link stays cheap: a 40 kB `#/sweep?p=a.a.a…` link (20 000 keys) used to freeze
 * the Sweep page for more than 5 s while the path was applied step by step. The link's parts are
 * now bounded before they are read, so the page opens at once, says what it left out, and the
 * form stays usable.
 */
import { expect, test } from '@playwright/test';
import { watchErrors } from './helpers';

test('a 40 kB sweep path in a link is left out with a message, and the page stays responsive', async ({ page }) => {
  const guard = watchErrors(page);
  const path = Array(20_000).fill('a').join('.');
  const start = Date.now();
  await page.goto(`/#/sweep?p=${path}&v=1%2C2&r=1`);
  await expect(page.getByRole('heading', { name: 'Sweep', exact: true })).toBeVisible();
  await expect(page.getByRole('alert').filter({ hasText: 'Parts of the link could not be used' })).toContainText(
    'the path of varied parameter 1 in the link is 39,999 characters long (at most 500); left out',
  );
  // The page answers input right away: the main thread is not busy with the link.
  const replications = page.getByLabel('Replications', { exact: true });
  await replications.fill('2');
  await expect(replications).toHaveValue('2');
  const took = Date.now() - start;
  expect(took, `the page took ${took} ms to open the link and answer`).toBeLessThan(5000);
  guard.assertClean();
});
