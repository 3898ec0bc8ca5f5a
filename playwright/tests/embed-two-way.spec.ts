/**
 * The two-way embed (web/src/session/embedProtocol.ts, docs/embedding.md): the example course page of
 * docs/course-page.html, served from another origin, drives an embedded lab — sets the bit error
 * rate (the simulator refuses an invalid one, naming the path), runs, receives the finished run as
 * an xAPI statement, saves and restores the state. A page at an origin the embed's address does
 * not list gets no message and its commands are ignored. The embed of a pair takes the same
 * commands, for configuration A, B or both, and reports each side's finished run. A lesson
 * figure's embed asks its prediction first, takes commands for its own controls only, and reports
 * the prediction, the run and the answer.
 */
import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import LZString from 'lz-string';

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

test('the embed of a pair takes the same commands for A, B or both, and reports each side’s run', async ({ page }) => {
  test.setTimeout(120_000);
  // Two 5 s bulk downloads that differ in their classifier, as Compare's "Embed" makes a pair.
  const base = {
    schema: 1,
    id: 'pair',
    seed: 3,
    stop: { time_s: 5 },
    topology: { bottleneck: { rate_bps: 2e6, delay_ms: 20, errors: { kind: 'bit_error', ber: 1e-6 } } },
    flows: [{ id: 'f', tcp: { cc: 'new_reno', classifier: 'always_congestion' } }],
  };
  const a = LZString.compressToEncodedURIComponent(JSON.stringify({ ...base, title: 'standard' }));
  const b = LZString.compressToEncodedURIComponent(JSON.stringify({ ...base, title: 'judged', seed: 99 }));
  await page.goto(`${siteUrl}/pair.html`);
  await expect.poll(async () => (await messages(page)).some((m) => m.type === 'losslab:ready')).toBe(true);
  // The course page points its frame at the pair instead; it subscribes again once that is ready.
  await page.evaluate(
    ([s, b2]) => {
      (window as unknown as { losslabMessages: unknown[] }).losslabMessages = [];
      const f = document.querySelector('iframe')!;
      f.src = f.src.replace('#/embed?', `#/embed?s=${s}&b=${b2}&`);
    },
    [a, b] as const,
  );
  await expect.poll(async () => (await messages(page)).some((m) => m.type === 'losslab:ready')).toBe(true);
  await expect(page.frameLocator('iframe').getByText('A: standard · B: judged')).toBeVisible();

  // Both sides, then B alone; a refused value changes neither side.
  expect(await send(page, 'set', { path: 'topology.bottleneck.errors.ber', value: 1e-5 })).toMatchObject({ ok: true });
  expect(await send(page, 'set', { path: 'flows[0].tcp.classifier', value: 'oracle', side: 'b' })).toMatchObject({
    ok: true,
  });
  const refused = await send(page, 'set', { path: 'topology.bottleneck.errors.ber', value: 2, side: 'b' });
  expect(refused).toMatchObject({
    ok: false,
    error: expect.stringContaining('configuration B: the scenario would not'),
  });
  const got = (await send(page, 'getState')) as { result: { state: { scenario: string; scenarioB: string } } };
  const [sa, sb] = [got.result.state.scenario, got.result.state.scenarioB].map(
    (x) => JSON.parse(LZString.decompressFromEncodedURIComponent(x)) as typeof base,
  );
  expect(sa.topology.bottleneck.errors.ber).toBe(1e-5);
  expect(sb.topology.bottleneck.errors.ber).toBe(1e-5);
  expect(sa.flows[0].tcp.classifier).toBe('always_congestion');
  expect(sb.flows[0].tcp.classifier).toBe('oracle');
  expect(sb.seed).toBe(sa.seed);

  // Run: one "completed" statement per side, named by its side.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect
    .poll(async () => (await messages(page)).filter((m) => m.type === 'losslab:statement').length, { timeout: 90_000 })
    .toBe(2);
  const names = (await messages(page))
    .filter((m) => m.type === 'losslab:statement')
    .map((m) => m.statement!.object.definition.name['en-US'] as string)
    .sort();
  expect(names).toEqual(['A: standard', 'B: judged']);
  const done = (await send(page, 'getState')) as {
    result: { state: { status: string; nowMs: number; nowMsB: number } };
  };
  expect(done.result.state).toMatchObject({ status: 'done', nowMs: 5000, nowMsB: 5000 });

  // A state without B is refused by a pair; the whole state restores both sides.
  const single = await send(page, 'setState', { state: { protocol: 1, scenario: got.result.state.scenario } });
  expect(single).toMatchObject({ ok: false, error: expect.stringContaining('needs its "scenarioB" too') });
  expect(await send(page, 'setState', { state: { protocol: 1, ...got.result.state } })).toMatchObject({ ok: true });
});

test('a lesson figure’s embed asks its prediction first and reports the prediction, the run and the answer', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(`${siteUrl}/figure.html?figure=loss-as-congestion/ld`);
  await expect.poll(async () => (await messages(page)).some((m) => m.type === 'losslab:ready')).toBe(true);
  const ready = (await messages(page)).find((m) => m.type === 'losslab:ready') as unknown as { events: string[] };
  expect(ready.events).toEqual(['run', 'prediction', 'answer']);
  await expect(page.getByRole('log')).toContainText('subscribe → ok');
  const frame = page.frameLocator('iframe');
  const figure = frame.locator('figure[data-figure="ld"]');
  await expect(frame.getByText('Predict first')).toBeVisible();

  // Before the learner predicts, the figure does not run, by command either.
  const early = await send(page, 'run');
  expect(early).toMatchObject({ ok: false, error: expect.stringContaining('waits for the learner’s prediction') });
  // Only the figure's own controls, and only the values they offer.
  const other = await send(page, 'set', { path: 'topology.bottleneck.rate_bps', value: 2e6 });
  expect(other).toMatchObject({ ok: false, error: expect.stringContaining('its controls are') });
  const off = await send(page, 'set', { path: 'topology.bottleneck.errors.ber', value: 1e-3 });
  expect(off).toMatchObject({ ok: false, error: expect.stringContaining('bit error rate takes 0.000004274 (4.27e-6') });
  expect(await send(page, 'set', { path: 'flows[0].tcp.classifier', value: 'checksum' })).toMatchObject({ ok: true });
  // The frame's own control follows (the select's value is the index of the control's value).
  await expect(figure.locator('select[data-path="flows[0].tcp.classifier"]')).toHaveValue('1');

  // The learner predicts in the frame: a "responded" statement with the choice.
  await frame.getByRole('radio', { name: /The checksum LD flow/ }).click();
  await expect.poll(async () => (await messages(page)).filter((m) => m.type === 'losslab:statement').length).toBe(1);
  const predicted = (await messages(page)).find((m) => m.type === 'losslab:statement')!.statement!;
  expect(predicted.verb.id).toBe('http://adlnet.gov/expapi/verbs/responded');
  expect(predicted.object.id).toMatch(/xapi\/lessons\/loss-as-congestion\/predictions\/which-first$/);
  expect(predicted.object.definition).toMatchObject({ interactionType: 'choice', correctResponsesPattern: ['1'] });
  expect(predicted.result).toEqual({ response: '1' });
  expect(predicted.context.contextActivities.parent[0].id).toMatch(/#\/learn\/loss-as-congestion$/);

  // Now the page's Run runs it: the run's statement, then the answer's, with the setting it ran.
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect
    .poll(async () => (await messages(page)).filter((m) => m.type === 'losslab:statement').length, { timeout: 90_000 })
    .toBe(3);
  const [, run, answer] = (await messages(page)).filter((m) => m.type === 'losslab:statement').map((m) => m.statement!);
  expect(run.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
  expect(run.object.id).toMatch(/#\/embed\/learn\/loss-as-congestion\/ld$/);
  const setting = Object.entries(run.result.extensions as Record<string, unknown>).find(([k]) =>
    k.endsWith('xapi/setting'),
  )![1];
  expect(setting).toEqual({ 'flows[0].tcp.classifier': 'checksum', 'topology.bottleneck.errors.ber': 4.274e-6 });
  expect(answer.verb.id).toBe('http://adlnet.gov/expapi/verbs/answered');
  expect(answer.result).toMatchObject({ response: '1', success: true, completion: true });
  await expect(frame.getByTestId('explanation')).toContainText('The LD flow finishes first');
  await expect(page.getByRole('log')).toContainText('statement: answered');

  // The state: the controls by path and the prediction; restoring an empty one asks again.
  const got = (await send(page, 'getState')) as { result: { state: Record<string, unknown> } };
  expect(got.result.state).toMatchObject({
    figure: 'loss-as-congestion/ld',
    controls: { 'flows[0].tcp.classifier': 'checksum' },
    predictions: { 'which-first': { chosen: 1, observed: true } },
    status: 'done',
  });
  const wrong = await send(page, 'setState', {
    state: { protocol: 1, controls: {}, predictions: { 'which-first': { chosen: 7 } } },
  });
  expect(wrong).toMatchObject({ ok: false, error: expect.stringContaining('one of its 3 choices (0 to 2)') });
  const scenario = await send(page, 'setState', { state: { protocol: 1, scenario: 'abc' } });
  expect(scenario).toMatchObject({ ok: false, error: expect.stringContaining('this embed shows a lesson figure') });
  expect(await send(page, 'setState', { state: { protocol: 1, controls: {}, predictions: {} } })).toMatchObject({
    ok: true,
  });
  await expect(frame.getByTestId('explanation')).toHaveCount(0);
  await expect(figure).toHaveAttribute('data-status', 'waiting');
  expect(await send(page, 'setState', got.result)).toMatchObject({ ok: true });
  await expect(frame.getByTestId('explanation')).toBeVisible();
  await page.screenshot({ path: 'test-results/shots/embed-figure-course-page.png', fullPage: true });
});
