/**
 * A worker that fails: the simulation worker traps (as a WebAssembly `unreachable` after
 * an allocation failure does) or stops answering (a busy loop) in the middle of a run; the page
 * says what happened in a sentence, replaces the worker, and Reset and a normal run work after.
 * The fault comes from the documented test-only hook (`SimController.injectTestFault`, reachable
 * as `window.__losslabSim` when localStorage holds `losslab.testHooks` = `1`).
 */
import { expect, test, type Page } from '@playwright/test';
import { openLab, runToEnd, setSpeed, watchErrors } from './helpers';

type Hooked = { __losslabSim?: { injectTestFault(f: 'trap' | 'hang'): void } };

let guard: ReturnType<typeof watchErrors>;

test.beforeEach(async ({ page }) => {
  guard = watchErrors(page);
  await page.addInitScript(() => localStorage.setItem('losslab.testHooks', '1'));
  await openLab(page);
  await page.getByLabel('Duration', { exact: true }).fill('5');
});

test.afterEach(() => guard.assertClean());

/** Starts a slow run and waits until it is running. */
async function startSlowRun(page: Page) {
  await setSpeed(page, 'Real time');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'running');
}

async function fault(page: Page, f: 'trap' | 'hang') {
  await page.evaluate((f) => (window as unknown as Hooked).__losslabSim!.injectTestFault(f), f);
}

test('a worker that traps mid-run: a sentence instead of "unreachable", then a normal run works', async ({ page }) => {
  await startSlowRun(page);
  await fault(page, 'trap');
  const alert = page.locator('.run-error');
  await expect(alert).toContainText('The simulator ran out of memory or hit an internal error and was restarted');
  await expect(alert).not.toContainText(/^unreachable$/m);
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);
  await expect(page.locator('.run-error')).toHaveCount(0);
});

test('a worker that stops answering is replaced; Reset and Run work after', async ({ page }) => {
  await startSlowRun(page);
  await fault(page, 'hang');
  await expect(page.locator('.run-error')).toContainText('The simulator stopped answering', { timeout: 40_000 });
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);
});

test('Reset works at once on a worker that hangs', async ({ page }) => {
  await startSlowRun(page);
  await fault(page, 'hang');
  // The hung worker answers nothing; Reset still clears the run, and the next run gets a new worker.
  await page.getByRole('button', { name: 'Reset', exact: true }).click();
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
  await setSpeed(page, 'As fast as possible');
  await runToEnd(page);
});
