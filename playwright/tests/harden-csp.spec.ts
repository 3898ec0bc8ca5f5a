/**
 * Content-Security-Policy and framing: the page carries the policy (`script-src 'self'
 * 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'`), and the lab, a run, the Papers and
 * the Learn views work under it with no violation reported (worker, wasm, styles); inside a frame
 * only the embed view renders (the frameGuard; hosting headers in docs/hosting.md).
 */
import { expect, test } from '@playwright/test';
import LZString from 'lz-string';

const { compressToEncodedURIComponent } = LZString;
import { openLab, runToEnd, watchErrors } from './helpers';

test('the lab, a run, Papers and Learn run under the CSP with no violation', async ({ page }) => {
  const guard = watchErrors(page);
  await page.addInitScript(() => {
    (window as unknown as { __csp: string[] }).__csp = [];
    document.addEventListener('securitypolicyviolation', (e) =>
      (window as unknown as { __csp: string[] }).__csp.push(`${e.violatedDirective} ${e.blockedURI}`),
    );
  });
  await openLab(page);
  const csp = await page.locator('meta[http-equiv="Content-Security-Policy"]').getAttribute('content');
  expect(csp).toBe("script-src 'self' 'wasm-unsafe-eval'; object-src 'none'; base-uri 'none'");
  await page.getByLabel('Duration', { exact: true }).fill('3');
  await runToEnd(page);
  await page.getByRole('link', { name: 'Papers', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  await page.getByRole('link', { name: 'Learn', exact: true }).click();
  await expect(page.getByRole('heading', { level: 2 }).first()).toBeVisible();
  expect(await page.evaluate(() => (window as unknown as { __csp: string[] }).__csp)).toEqual([]);
  guard.assertClean();
});

test('inside a frame only the embed view renders', async ({ page }) => {
  await openLab(page);
  const s = compressToEncodedURIComponent(JSON.stringify({ flows: [{}], stop: { time_s: 2 } }));
  await page.evaluate((s) => {
    for (const hash of ['#/lab', `#/embed?s=${s}`]) {
      const f = document.createElement('iframe');
      f.src = `./${hash}`;
      f.title = hash;
      document.body.append(f);
    }
  }, s);
  await expect(page.frameLocator('iframe[title="#/lab"]').getByRole('alert')).toContainText(
    'cannot be shown inside another page’s frame',
  );
  await expect(page.frameLocator('iframe[title="#/lab"]').getByRole('heading', { name: 'LossLab' })).toHaveCount(0);
  await expect(
    page.frameLocator('iframe[title^="#/embed"]').getByRole('button', { name: 'Run', exact: true }),
  ).toBeVisible();
});
