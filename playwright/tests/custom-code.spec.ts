/**
 * The reader's own code in the lab: a classifier written from a template judges beside the
 * others and fills its row; a mistake says its line; an endless loop is stopped with a message and
 * the page keeps answering; a link that carries code shows it and asks before running it.
 * Screenshots of the code part at 1280, 1024 and 390 px.
 */
import { expect, test, type Page } from '@playwright/test';
import { chart, openScenario, runToEnd, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

/** 20 s over the lab's link with enough bit errors for fast retransmits to judge. */
function lossy(extra: Record<string, unknown> = {}) {
  return {
    schema: 1,
    id: 'custom-code-story',
    seed: 3,
    stop: { time_s: 20 },
    topology: {
      kind: 'dumbbell',
      bottleneck: {
        rate_bps: 2e6,
        delay_ms: 20,
        queue: { kind: 'drop_tail', limit_pkts: 50 },
        errors: { kind: 'bit_error', ber: 4e-6 },
      },
    },
    flows: [{ id: 'f0', tcp: { cc: 'new_reno', classifier: 'always_congestion' } }],
    observe: { sample_ms: 100, shadow_classifiers: ['oracle'] },
    ...extra,
  };
}

async function openCodePart(page: Page) {
  const part = page.locator('details[data-part="code"]');
  if (!(await part.evaluate((d) => (d as HTMLDetailsElement).open)))
    await part.getByRole('heading', { name: 'Your code' }).click();
  return part;
}

/** The classifier editor's text area (CodeMirror's content element). */
function classifierEditor(page: Page) {
  return page.getByRole('textbox', { name: /^Your classifier, JavaScript/ });
}

/** Replaces the classifier's code by typing it (as a reader would paste it). */
async function typeClassifier(page: Page, source: string) {
  const editor = classifierEditor(page);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
}

test('a classifier written from a template judges beside the others and its row fills in', async ({ page }, info) => {
  await openScenario(page, lossy());
  const part = await openCodePart(page);
  await part
    .getByLabel('Your classifier: start from a template')
    .selectOption({ label: 'RTT rule (like the Vegas predictor)' });
  await expect(classifierEditor(page)).toContainText('class Classifier');
  await part.getByRole('checkbox', { name: /Judge every loss beside the other classifiers/ }).check();
  // Field names complete after `loss.`, with their meaning.
  const editor = classifierEditor(page);
  await editor.click();
  await page.keyboard.press('ControlOrMeta+End');
  await page.keyboard.insertText('\n// loss.');
  await page.keyboard.type('min');
  await expect(page.getByRole('option', { name: /min_rtt_s/ })).toBeVisible();
  await page.keyboard.press('Escape');
  for (const [width, height] of [
    [1280, 720],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await part.scrollIntoViewIfNeeded();
    await page.screenshot({ path: info.outputPath(`custom-code-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await runToEnd(page);
  const bars = chart(page, 'Classifier accuracy');
  await expect(bars.locator('[data-classifier="custom"]').first()).toBeAttached();
  // The row is filled in: its confusion matrix (true cause × verdict) has judged every loss the
  // oracle judged.
  const read = await bars.ariaSnapshot();
  const wireless = (who: string) => {
    const m = new RegExp(`${who}[^]*?wl (\\d+) (\\d+)`).exec(read);
    return m ? Number(m[1]) + Number(m[2]) : -1;
  };
  expect(wireless('Oracle')).toBeGreaterThan(5);
  expect(wireless('Your classifier ?\\(code\\)')).toBe(wireless('Oracle'));
});

test('a mistake in the code stops the run and says its line', async ({ page }) => {
  const broken = 'class Classifier {\n  on_loss(loss) {\n    return loss.nothing.here;\n  }\n}\n';
  await openScenario(
    page,
    lossy({ observe: { sample_ms: 100, shadow_classifiers: ['custom'] }, code: { classifier: broken } }),
  );
  await page.getByRole('button', { name: 'Run it' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const alert = page.locator('.run-error');
  await expect(alert).toContainText(/your classifier \(flow "f0", on_loss, at [\d.]+ s\): TypeError: .* \(line 3\)/);
  // A syntax mistake is pointed at while typing, before any run.
  await openCodePart(page);
  await typeClassifier(page, 'class Classifier {\n  on_loss(loss) {\n    return 1 +;\n  }\n}');
  await expect(page.getByText(/^SyntaxError: Unexpected token \(line 3\)$/)).toBeVisible();
  await expect(page.locator('.cm-error-line')).toHaveCount(1);
});

test('an endless loop is stopped with a message and the page keeps answering', async ({ page }) => {
  const endless = 'class Classifier {\n  on_loss(loss) {\n    while (true) {}\n  }\n}\n';
  await openScenario(
    page,
    lossy({ observe: { sample_ms: 100, shadow_classifiers: ['custom'] }, code: { classifier: endless } }),
  );
  await page.getByRole('button', { name: 'Run it' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.locator('.run-error')).toContainText(
    /on_loss ran for more than 0\.25 s, the most one call may take \(an endless loop\?\) \(line 3\)/,
    { timeout: 30_000 },
  );
  // The page answers: a field takes input and Run is there again.
  await page.getByLabel('Duration', { exact: true }).fill('10');
  await expect(page.getByLabel('Duration', { exact: true })).toHaveValue('10');
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeEnabled();
});

test('a link with code shows it and runs it only when asked; without the code it opens clean', async ({ page }) => {
  const source = "class Classifier {\n  on_loss(loss) {\n    return 'wireless';\n  }\n}\n";
  const scenario = lossy({ observe: { sample_ms: 100, shadow_classifiers: ['custom'] }, code: { classifier: source } });
  await openScenario(page, scenario);
  await expect(page.getByRole('heading', { name: 'This link contains code' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toHaveCount(0);
  await page.getByText(/Show it: The scenario carries a loss classifier \(6 lines\)/).click();
  await expect(page.locator('.code-gate-source pre')).toContainText("return 'wireless';");
  await page.getByRole('button', { name: 'Run it' }).click();
  await runToEnd(page);
  await expect(chart(page, 'Classifier accuracy').locator('[data-classifier="custom"]').first()).toBeAttached();

  // Opened afresh, as a shared link is: going to the same address again from the lab can be a
  // move within the page, which does not open the link again.
  await page.goto('about:blank');
  await openScenario(page, scenario);
  await page.getByRole('button', { name: 'Open without the code' }).click();
  await expect(page.getByRole('heading', { name: 'This link contains code' })).toHaveCount(0);
  await expect(page).not.toHaveURL(/code/);
  const part = await openCodePart(page);
  await expect(part.getByLabel('Your classifier: start from a template')).toBeVisible();
  await expect(classifierEditor(page)).toHaveCount(0);
});

test('the code cannot reach the network, storage or the page', async ({ page }) => {
  // The global object is still findable; what matters is what is left on it.
  const probe = [
    'class Classifier {',
    '  on_loss(loss) {',
    "    const g = Function('return this')();",
    "    const names = ['fetch', 'XMLHttpRequest', 'WebSocket', 'indexedDB', 'caches', 'importScripts', 'document', 'localStorage'];",
    "    throw new Error('reachable: ' + names.filter((n) => g[n] !== undefined).join(','));",
    '  }',
    '}',
  ].join('\n');
  await openScenario(
    page,
    lossy({ observe: { sample_ms: 100, shadow_classifiers: ['custom'] }, code: { classifier: probe } }),
  );
  await page.getByRole('button', { name: 'Run it' }).click();
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.locator('.run-error')).toContainText(/Error: reachable: +\(line 5\)/);
});

test('Compare runs NewReno as A against your congestion control as B', async ({ page }) => {
  await page.goto('/#/compare');
  await expect(page.getByRole('heading', { name: 'A versus B' })).toBeVisible();
  await expect(page.getByRole('tab', { name: /Configuration B/ })).toHaveAttribute('aria-selected', 'true');
  const panel = page.getByRole('tabpanel');
  const part = panel.locator('details[data-part="code"]');
  await part.getByRole('heading', { name: 'Your code' }).click();
  await part
    .getByLabel('Your congestion control: start from a template')
    .selectOption({ label: 'A gentler cut (×0.8 on each loss)' });
  await expect(panel.getByRole('textbox', { name: /^Your congestion control, JavaScript/ })).toContainText(
    'this.beta = 0.8',
  );
  await panel.getByRole('group', { name: 'Flow f0' }).getByLabel('Variant').selectOption('custom');
  await page.getByLabel('Duration', { exact: true }).fill('10');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  for (const s of ['a', 'b'])
    await expect(page.getByTestId(`run-status-${s}`)).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await expect(chart(page, 'Congestion window (B)').locator('path[data-flow="f0"]').first()).toHaveAttribute('d', /^M/);
  await expect(chart(page, 'Classifier accuracy (B)')).toContainText('Your congestion control (code)');
  const row = page.getByRole('table').locator('tr[data-flow="f0"][data-metric="throughput_kbps"]');
  const [a, b] = (await row.locator('td.num').allTextContents()).map((t) => Number(t.replace(/,/g, '')));
  expect(a).toBeGreaterThan(0);
  expect(b).toBeGreaterThan(0);
});
