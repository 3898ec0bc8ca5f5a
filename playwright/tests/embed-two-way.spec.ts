/**
 * The two-way embed (web/src/embed/protocol.ts, docs/embedding.md): the example course page of
 * docs/course-page.html, served from another origin, drives an embedded lab — sets the bit error
 * rate (the simulator refuses an invalid one, naming the path), runs, receives the finished run as
 * an xAPI statement, saves and restores the state. A page at an origin the embed's address does
 * not list gets no message and its commands are ignored.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';

const coursePage = readFileSync(new URL('../../docs/course-page.html', import.meta.url), 'utf8');

type Msg = { type: string; ok?: boolean; error?: string; statement?: Record<string, any>; state?: string };

/**
 * The course site: a second server on this machine (another port, so another origin than the lab's;
 * a real server, since Chromium will not let a page that came from nowhere frame a local one),
 * serving the example course page pointed at this test's lab. `?origins=` in its address replaces
 * the origin the page lists in the embed's address (default: its own).
 */
let site: Server;
let siteUrl = '';
let labUrl = '';
test.beforeAll(async ({ baseURL }) => {
  labUrl = `${baseURL}/`;
  site = createServer((req, res) => {
    const origins = new URL(req.url ?? '/', 'http://x').searchParams.get('origins');
    let html = coursePage.replace(
      '<script>',
      `<script>window.LOSSLAB_ADDRESS = ${JSON.stringify(labUrl)};</script><script>`,
    );
    if (origins)
      html = html.replace('encodeURIComponent(location.origin)', `encodeURIComponent(${JSON.stringify(origins)})`);
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html);
  });
  await new Promise<void>((done) => site.listen(0, '127.0.0.1', done));
  siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
});
test.afterAll(() => new Promise<void>((done) => site.close(() => done())));

const messages = (page: Page) => page.evaluate(() => (window as unknown as { losslabMessages: Msg[] }).losslabMessages);
const send = (page: Page, command: string, fields: Record<string, unknown> = {}) =>
  page.evaluate(
    ([c, f]) =>
      (window as unknown as { losslabSend: (c: string, f: unknown) => Promise<unknown> })
        .losslabSend(c as string, f)
        .then(
          (result) => ({ ok: true, result }),
          (e: Error) => ({ ok: false, error: e.message }),
        ),
    [command, fields] as const,
  );

test('a course page on another origin drives the embed and hears its runs as xAPI statements', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto(`${siteUrl}/week4.html`);
  // The embed says when it takes commands; the page then subscribes to finished runs.
  await expect.poll(async () => (await messages(page)).some((m) => m.type === 'losslab:ready')).toBe(true);
  await expect(page.getByRole('log')).toContainText('subscribe → ok');

  // A value the simulator refuses is not applied, and the reply names the path.
  const refused = await send(page, 'set', { path: 'topology.bottleneck.errors.ber', value: 2 });
  expect(refused.ok).toBe(false);
  expect((refused as { error: string }).error).toContain('topology.bottleneck.errors.ber');
  const badPath = await send(page, 'set', { path: 'flows[0]..cc', value: 'reno' });
  expect((badPath as { error: string }).error).toContain('invalid path');

  // The page's own controls: a rate, then Run.
  await page.getByLabel('Bit error rate').selectOption('1e-5');
  await page.getByRole('button', { name: 'Use this rate' }).click();
  await expect(page.getByRole('log')).toContainText('set → ok');
  const frame = page.frameLocator('iframe');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect
    .poll(async () => (await messages(page)).some((m) => m.type === 'losslab:statement'), { timeout: 90_000 })
    .toBe(true);
  const statement = (await messages(page)).find((m) => m.type === 'losslab:statement')!.statement!;
  expect(statement.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
  expect(statement.object.id).toContain('#/embed?s=');
  const ext = statement.result.extensions as Record<string, unknown>;
  const flows = Object.entries(ext).find(([k]) => k.endsWith('xapi/flows'))![1] as { throughput_kbps: number }[];
  expect(flows.length).toBeGreaterThan(0);
  expect(flows[0].throughput_kbps).toBeGreaterThan(0);
  await expect(frame.getByTestId('run-status')).toHaveAttribute('data-status', 'done');

  // Save, change, restore: the restored scenario is the saved one.
  await page.getByRole('button', { name: 'Save state' }).click();
  await expect(page.getByRole('log')).toContainText('getState → ok');
  const saved = (await send(page, 'getState')) as { result: { state: { scenario: string; status: string } } };
  expect(saved.result.state.status).toBe('done');
  expect((await send(page, 'set', { path: 'topology.bottleneck.errors.ber', value: 4e-5 })).ok).toBe(true);
  const changed = (await send(page, 'getState')) as typeof saved;
  expect(changed.result.state.scenario).not.toBe(saved.result.state.scenario);
  await page.getByRole('button', { name: 'Restore state' }).click();
  await expect(page.getByRole('log')).toContainText('setState → ok');
  const restored = (await send(page, 'getState')) as typeof saved;
  expect(restored.result.state.scenario).toBe(saved.result.state.scenario);
  expect(restored.result.state.status).toBe('idle');
  await page.screenshot({ path: 'test-results/shots/embed-two-way-course-page.png', fullPage: true });
});

test('a page at an origin the embed does not list gets no message and cannot command it', async ({ page }) => {
  const ignored = page.waitForEvent('console', {
    predicate: (m) => m.text().includes(`a command from ${siteUrl} was ignored`),
    timeout: 60_000,
  });
  // The page lists another origin than its own in the embed's address.
  await page.goto(`${siteUrl}/page.html?origins=${encodeURIComponent('https://course.example.org')}`);
  const frame = page.frameLocator('iframe');
  await expect(frame.getByRole('button', { name: 'Run', exact: true })).toBeEnabled({ timeout: 60_000 });
  // The page was never told the embed is ready; it sends a command anyway (no reply will come).
  await page.evaluate(() =>
    document
      .querySelector('iframe')!
      .contentWindow!.postMessage({ type: 'losslab:command', protocol: 1, id: 1, command: 'run' }, '*'),
  );
  await ignored;
  await expect(frame.getByTestId('run-status')).toHaveAttribute('data-status', 'idle');
  // Nothing LossLab posts reaches this page: every message goes to the listed origin only.
  expect(await messages(page)).toEqual([]);
});
