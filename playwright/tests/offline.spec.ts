/**
 * Offline classroom: a lab opened once works without network. The story opts in to the
 * service worker (automated browsers skip it otherwise, src/app/offline.ts), waits until it
 * controls the page, goes offline, reloads, and runs a simulation from the precached app and wasm.
 */
import { expect, test } from '@playwright/test';
import { openLab, runToEnd, watchErrors } from './helpers';

test('after one visit the lab loads and runs offline', async ({ page, context }) => {
  const errors = watchErrors(page);
  await page.addInitScript(() => localStorage.setItem('losslab.offline-test', 'on'));
  await openLab(page);
  // The service worker installs (precaching the build) and claims the page.
  await expect
    .poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null), { timeout: 30_000 })
    .toBe(true);
  const manifest = await page.evaluate(() => document.querySelector('link[rel="manifest"]')?.getAttribute('href'));
  expect(manifest).toContain('manifest.webmanifest');

  await context.setOffline(true);
  try {
    await page.reload();
    await expect(page.getByRole('heading', { name: 'LossLab', level: 1 })).toBeVisible();
    await runToEnd(page);
    await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done');
    // The schemas editors read are there offline too.
    const schema = await page.evaluate(() => fetch('schema/scenario.schema.json').then((r) => r.json()));
    expect(schema.$id).toBe('scenario.schema.json');
  } finally {
    await context.setOffline(false);
  }
  errors.assertClean();
});
