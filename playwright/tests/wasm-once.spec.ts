/**
 * The page fetches the simulator's wasm once: it compiles it as it loads and hands the
 * compiled module to every worker it starts (`sim/coreWasmUrl.ts` `withCoreModule`), so the live
 * lab's worker, the Sweep view's pool and a figure page's time-sequence worker run it without
 * fetching or compiling the `.wasm` file again — and still run: a lab run, a sweep and a plot finish.
 */
import { expect, test } from '@playwright/test';
import { openLab, runToEnd, watchErrors } from './helpers';

// The offline service worker would fetch the file too, for its cache: not what is counted here.
test.use({ serviceWorkers: 'block' });

test('one .wasm request for the page and all its workers; each worker runs', async ({ page }) => {
  const errors = watchErrors(page);
  const wasm: string[] = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('.wasm')) wasm.push(r.url());
  });
  const workers: string[] = [];
  page.on('worker', (w) => workers.push(new URL(w.url()).pathname));

  await openLab(page);
  await runToEnd(page);

  await page.goto('/#/sweep');
  await page.getByRole('button', { name: 'Run sweep' }).click();
  await expect(page.getByTestId('sweep-progress')).toHaveAttribute('data-state', 'done', { timeout: 120_000 });

  await page.goto('/#/papers/gurtov/fig8');
  await expect(page.getByTestId('papers-timeseq').first()).toHaveAttribute('data-state', 'done', { timeout: 120_000 });

  expect(workers.filter((w) => /sim\.worker/.test(w)).length).toBeGreaterThanOrEqual(3);
  expect(workers.some((w) => /timeSeq\.worker/.test(w))).toBe(true);
  expect(wasm).toHaveLength(1);
  errors.assertClean();
});
