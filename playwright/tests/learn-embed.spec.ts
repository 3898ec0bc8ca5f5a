/**
 * One lesson figure embedded: "Embed" on a figure gives an iframe snippet for
 * `#/embed/learn/<lesson>/<figure>`; that address shows only that figure with the lesson's
 * controls and the prediction it answers — no header, no prose, no builder, no other figure. As in
 * the lesson, it waits for the prediction, then runs and explains.
 */
import { expect, test } from '@playwright/test';
import { expectNoAxeViolations, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

test('Embed on a figure gives the snippet; the embed shows that figure and its controls only', async ({ page }) => {
  test.setTimeout(120_000);
  await page.goto('/#/learn/loss-as-congestion');
  const fig = page.locator('figure[data-figure="ld"]');
  await fig.getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this figure' });
  await expect(dialog).toBeVisible();
  const snippet = await dialog.getByTestId('figure-embed-snippet').inputValue();
  expect(snippet).toMatch(/^<iframe src="[^"]*#\/embed\/learn\/loss-as-congestion\/ld"/);
  await dialog.getByRole('button', { name: 'Close', exact: true }).last().click();

  for (const [w, h] of [
    [1280, 720],
    [1024, 768],
    [390, 800],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    // A fresh page each time: the embed keeps a prediction in the page only.
    await page.goto('about:blank');
    await page.goto('/#/embed/learn/loss-as-congestion/ld');
    await expect(page.locator('figure.lesson-figure')).toHaveCount(1);
    const only = page.locator('figure[data-figure="ld"]');
    await expect(only).toBeVisible();
    // The lesson's two controls and the prediction's three choices, and nothing else to set (each
    // chart's saved-colours choice is about the exported file, and the packet view's slow motion
    // and time slider about watching the run, not the run itself).
    await expect(only.locator('[data-path]')).toHaveCount(2);
    await expect
      .poll(() =>
        page.evaluate(
          () =>
            [...document.querySelectorAll('select:not(.export-theme), input')].filter((e) => !e.closest('.packet-view'))
              .length,
        ),
      )
      .toBe(5);
    await expect(page.locator('section.predict[data-predict="which-first"]')).toHaveCount(1);
    await expect(page.locator('header, nav, .lesson-prose, .teacher-notes, .builder')).toHaveCount(0);
    await expect(page.getByRole('link', { name: /Why TCP reads every loss/ })).toHaveAttribute('target', '_blank');
    // It waits for the prediction, as the lesson does; then it runs and explains.
    await expect(only).toHaveAttribute('data-status', 'waiting');
    await expect(only.getByRole('button', { name: 'Run', exact: true })).toBeDisabled();
    await page.getByRole('radio', { name: /They finish together/ }).click();
    await only.getByRole('button', { name: 'Run', exact: true }).click();
    await expect(only).toHaveAttribute('data-status', 'done', { timeout: 90_000 });
    await expect(page.getByTestId('explanation')).toContainText('The model disagrees with your prediction.');
    await expectNoAxeViolations(page, undefined, `the figure's embed with its answered prediction at ${w} px`);
    await page.screenshot({ path: `test-results/learn-embed-${w}.png` });
  }
});

test('a lesson-figure embed posts the lab embed’s messages and its height; the snippet fits it', async ({
  page,
  baseURL,
}) => {
  test.setTimeout(150_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await page.goto('/#/learn/loss-as-congestion');
  const fig = page.locator('figure[data-figure="ld"]');
  await fig.getByRole('button', { name: 'Embed' }).click();
  const dialog = page.getByRole('dialog', { name: 'Embed this figure' });
  const snippet = await dialog.getByTestId('figure-embed-snippet').inputValue();
  const snippetHeight = Number(/height="(\d+)"/.exec(snippet)![1]);

  // A host page that logs the messages and sizes the frame as `losslab:resize` says.
  const host = `${baseURL}/host-lesson-test.html`;
  await page.route(host, (route) =>
    route.fulfill({
      contentType: 'text/html',
      body: `<!doctype html><html lang="en"><head><title>Course page</title></head><body>
        <script>window.__msgs = []; window.addEventListener('message', (e) => {
          window.__msgs.push(e.data);
          if (e.data && e.data.type === 'losslab:resize') document.querySelector('iframe').style.height = e.data.height + 'px';
        });</script>
        ${snippet}</body></html>`,
    }),
  );
  await page.goto(host);
  type Msg = { type: string; state?: string; height?: number; summary?: { flows: unknown[] } };
  const msgs = () => page.evaluate(() => (window as unknown as { __msgs: Msg[] }).__msgs);
  const frame = page.frameLocator('iframe');
  const figure = frame.locator('figure[data-figure="ld"]');
  await expect(figure).toBeVisible();
  // The learner predicts and runs in the frame.
  await frame.getByRole('radio', { name: /The checksum LD flow/ }).click();
  await figure.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(frame.getByTestId('explanation')).toBeVisible({ timeout: 120_000 });
  await expect
    .poll(async () => (await msgs()).some((m) => m.type === 'losslab:summary'), { timeout: 120_000 })
    .toBe(true);
  const all = await msgs();
  const states = all.filter((m) => m.type === 'losslab:status').map((m) => m.state);
  expect(states).toContain('running');
  expect(states.at(-1)).toBe('done');
  expect(all.find((m) => m.type === 'losslab:summary')!.summary!.flows.length).toBeGreaterThan(0);

  // The frame, sized by its own messages, shows the whole figure without a scroll bar.
  await expect
    .poll(async () => {
      const heights = (await msgs()).filter((m) => m.type === 'losslab:resize').map((m) => m.height!);
      const inner = await frame.locator('html').evaluate((h) => h.scrollHeight - h.clientHeight);
      return heights.length > 0 && inner <= 0;
    })
    .toBe(true);
  const last = (await msgs()).filter((m) => m.type === 'losslab:resize').at(-1)!.height!;
  // The snippet's height fits the content (a finished run and the prediction's explanation included).
  expect(snippetHeight, `snippet ${snippetHeight} px for content of ${last} px`).toBeGreaterThanOrEqual(last);
  await page.screenshot({ path: 'test-results/shots/lesson-embed-host.png', fullPage: true });
});
