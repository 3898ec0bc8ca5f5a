/**
 * A lesson in projector mode and on paper. Projector mode is slides for a lecture hall: every
 * screen of two lessons fits 1280×720 and 1024×768 without scrolling, charts and all, with body
 * text of at least 28 px at 1024×768 and Previous/Next in the same place on every screen; a
 * clicker's keys move, a focused control keeps its own keys; a vote runs question → Reveal (the
 * figure runs with the question's setting) → explanation, only after the run; the presenter view
 * in a second window shows the notes, the next screen and a timer and drives the slides; nothing
 * is wider than a 390 px phone. Axe is clean in projector mode and on the lesson in both themes. Print media hides every control and button, shows the predictions' choices, and the
 * teacher notes only with "Print with teacher notes".
 */
import { expect, test, type Page } from '@playwright/test';
import { expectNoAxeViolations, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

const LESSON = 'throughput-vs-loss';

async function noOverflow(page: Page, what: string) {
  const o = await page.evaluate(() => ({
    x: document.documentElement.scrollWidth - window.innerWidth,
    wide: [...document.querySelectorAll('main *')]
      .filter((e) => e.getBoundingClientRect().right > window.innerWidth + 1)
      .map((e) => e.tagName + '.' + e.className)
      .slice(0, 3),
  }));
  expect(o.x, `horizontal overflow (${what}): ${o.wide.join(', ')}`).toBeLessThanOrEqual(0);
  expect(o.wide, `wider than the window (${what})`).toEqual([]);
}

/** The bar's status: "… · 3 of 9" → [3, 9]. */
async function screenOf(page: Page): Promise<[number, number]> {
  const text = (await page.locator('.slides-count').textContent({ timeout: 15_000 })) ?? '';
  const m = / (\d+) of (\d+)$/.exec(text.trim());
  expect(m, `the bar says which screen: "${text}"`).not.toBeNull();
  return [Number(m![1]), Number(m![2])];
}

/** The slide fits the window: no scrolling, nothing cut off, every chart wholly on screen. */
async function expectSlideFits(page: Page, what: string) {
  const fit = await page.evaluate(() => {
    const slide = document.querySelector('.slide') as HTMLElement;
    return {
      docH: document.documentElement.scrollHeight,
      docW: document.documentElement.scrollWidth,
      vh: window.innerHeight,
      vw: window.innerWidth,
      slideCut: slide.scrollHeight - slide.clientHeight,
    };
  });
  expect(fit.docH, `${what}: page height ${fit.docH} px in a ${fit.vh} px window`).toBeLessThanOrEqual(fit.vh);
  expect(fit.docW, `${what}: page width`).toBeLessThanOrEqual(fit.vw);
  expect(fit.slideCut, `${what}: slide content cut off`).toBeLessThanOrEqual(0);
  const charts = page.locator('.slide svg[role="img"]');
  for (const svg of await charts.all()) {
    const name = await svg.getAttribute('aria-label');
    await expect(svg, `${what}: ${name} chart`).toBeVisible();
    const box = (await svg.boundingBox())!;
    expect(box.y, `${what}: ${name} chart top`).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height, `${what}: ${name} chart bottom (window ${fit.vh} px)`).toBeLessThanOrEqual(fit.vh);
    expect(box.x + box.width, `${what}: ${name} chart right edge`).toBeLessThanOrEqual(fit.vw);
  }
  return charts.count();
}

/** The smallest font size (px) of the slide's reading text: question, choices, explanation, caption. */
function smallestBodyText(page: Page) {
  return page.evaluate(() => {
    const els = [
      ...document.querySelectorAll(
        '.slide .slide-vote p, .slide .slide-vote li, .slide .slide-vote h3, .slide .lesson-figure > figcaption, .slide .slide-waiting',
      ),
    ].filter((e) => (e.textContent ?? '').trim() && (e as HTMLElement).offsetParent !== null);
    return els.length ? Math.min(...els.map((e) => parseFloat(getComputedStyle(e).fontSize))) : null;
  });
}

for (const lesson of ['slow-start-aimd', 'loss-as-congestion']) {
  for (const [w, h] of [
    [1280, 720],
    [1024, 768],
  ]) {
    test(`projector: every screen of ${lesson} fits ${w}×${h}, large type, Previous/Next fixed`, async ({ page }) => {
      test.setTimeout(300_000);
      await page.setViewportSize({ width: w, height: h });
      await page.goto(`/#/learn/${lesson}`);
      await page.getByRole('button', { name: 'Projector mode' }).click();
      await expect(page.locator('html')).toHaveAttribute('data-present', '');
      const [, count] = await screenOf(page);
      expect(count).toBeGreaterThanOrEqual(4);
      let navAt: string | null = null;
      for (let i = 1; i <= count; i++) {
        await expect(page.locator('.slides-count')).toContainText(`· ${i} of ${count}`);
        const fig = page.locator('.slide figure.lesson-figure');
        const figures = await fig.count();
        if (figures) await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
        const what = `${lesson} screen ${i} at ${w}×${h}`;
        await page.screenshot({ path: `test-results/projector-${lesson}-${w}-${i}.png` });
        const charts = await expectSlideFits(page, what);
        // A figure shows all its charts (every figure of these lessons has at least two).
        if (figures) expect(charts, `${what}: charts on the figure`).toBeGreaterThanOrEqual(2);
        if (w === 1024) {
          const px = await smallestBodyText(page);
          expect(px, `${what}: body text size`).not.toBeNull();
          expect(px!, `${what}: body text size`).toBeGreaterThanOrEqual(28);
        }
        const boxes = JSON.stringify([
          await page.getByRole('button', { name: '← Previous' }).boundingBox(),
          await page.getByRole('button', { name: 'Next →' }).boundingBox(),
        ]);
        navAt ??= boxes;
        expect(boxes, `${what}: Previous/Next where they were on screen 1`).toBe(navAt);
        if (i < count) await page.keyboard.press('PageDown');
      }
    });
  }
}

/** Opens `lesson` in projector mode at its title screen. */
async function project(page: Page, lesson: string) {
  await page.goto(`/#/learn/${lesson}`);
  await page.getByRole('button', { name: 'Projector mode' }).click();
  await expect(page.locator('.slides-count')).toContainText('Title · 1 of');
}

test('projector: the vote — question, Reveal runs the figure with the question’s setting, then the explanation', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await project(page, 'slow-start-aimd');
  await expect(page.locator('.slide').getByRole('heading', { name: /^Slow start and AIMD/ })).toBeVisible();
  await page.keyboard.press('PageDown');
  // The question: choices for a show of hands; no figure has run, no explanation.
  await expect(page.getByRole('heading', { name: /Make the buffer smaller \(5 packets\)/ })).toBeVisible();
  await expect(page.locator('.slide-choices li')).toHaveCount(3);
  await expect(page.locator('figure.lesson-figure')).toHaveCount(0);
  await expect(page.getByTestId('slide-explanation')).toHaveCount(0);
  await expect(page.getByText('Reveal runs figure 1 with Router buffer: 5 packets.')).toBeVisible();

  // Every change on the page from here on is logged: what the figure was doing, whether Next was
  // enabled and whether the explanation was there (the run takes well under a second).
  await page.evaluate(() => {
    const log: { status: string | null; next: boolean; explanation: boolean }[] = [];
    (window as unknown as { voteLog: typeof log }).voteLog = log;
    const snap = () => {
      const next = [...document.querySelectorAll<HTMLButtonElement>('.slides-bar button')].find((b) =>
        b.textContent?.includes('Next'),
      );
      log.push({
        status: document.querySelector('figure[data-figure="sawtooth"]')?.getAttribute('data-status') ?? null,
        next: !!next && !next.disabled,
        explanation: !!document.querySelector('[data-testid="slide-explanation"]'),
      });
    };
    new MutationObserver(snap).observe(document.body, { subtree: true, childList: true, attributes: true });
  });
  await page.getByRole('button', { name: 'Reveal', exact: true }).click();
  const fig = page.locator('figure[data-figure="sawtooth"]');
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  // The figure ran with the question's setting, not its default (10 packets).
  expect(await fig.getByLabel(/Router buffer/).evaluate((s: HTMLSelectElement) => s.selectedOptions[0].text)).toBe('5');
  await expect(page.locator('.slides-count')).toContainText('the run · 3 of');
  await expect(page.getByRole('button', { name: 'Next →' })).toBeEnabled();
  await expect(page.getByTestId('slide-waiting')).toHaveCount(0);
  await expect(page.getByTestId('slide-explanation')).toHaveCount(0);
  await expectNoAxeViolations(page, info, 'projector-reveal');
  await page.keyboard.press('PageDown');
  await expect(page.getByTestId('slide-explanation')).toBeVisible();
  const log = await page.evaluate(
    () => (window as unknown as { voteLog: { status: string | null; next: boolean; explanation: boolean }[] }).voteLog,
  );
  // While the figure was on screen and not finished, Next was off and no explanation showed.
  const running = log.filter((e) => e.status !== null && e.status !== 'done');
  expect(running.length, 'the figure was seen running').toBeGreaterThan(0);
  expect(running.filter((e) => e.next || e.explanation)).toEqual([]);
  // The explanation came after the run had finished.
  const firstExplanation = log.findIndex((e) => e.explanation);
  const firstDone = log.findIndex((e) => e.status === 'done');
  expect(firstDone).toBeGreaterThanOrEqual(0);
  expect(firstExplanation).toBeGreaterThan(firstDone);
  const explanation = page.getByTestId('slide-explanation');
  await expect(explanation).toBeVisible();
  await expect(explanation).toContainText('It barely changes: the link stays busy.');
  await expect(explanation).toContainText('960 kbit/s');
  await expectNoAxeViolations(page, info, 'projector-explanation');
});

test('projector: clicker keys move, a focused control keeps its keys, Esc leaves', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1024, height: 768 });
  await project(page, 'slow-start-aimd');
  const at = page.locator('.slides-count');
  await page.keyboard.press('ArrowRight'); // the title → the question
  await expect(at).toContainText('· 2 of');
  await page.keyboard.press('ArrowRight'); // the question → its run
  await expect(at).toContainText('· 3 of');
  const fig = page.locator('figure[data-figure="sawtooth"]');
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  // Arrows on the figure's list change its value, not the screen.
  const buffer = fig.getByLabel(/Router buffer/);
  await buffer.focus();
  await page.keyboard.press('ArrowDown');
  await expect(at).toContainText('· 3 of');
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).not.toHaveAttribute('data-present', '');
  await page.getByRole('button', { name: 'Projector mode' }).click();
  await expect(at).toContainText('· 1 of');
  await page.keyboard.press('PageDown');
  // A clicked button keeps the clicker working: PageDown and Space move, PageUp and ← go back.
  await page.getByRole('button', { name: 'Reveal', exact: true }).click();
  await expect(at).toContainText('· 3 of');
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await page.getByRole('button', { name: 'Next →' }).click();
  await expect(at).toContainText('· 4 of');
  await page.keyboard.press('PageDown');
  await expect(at).toContainText('· 5 of');
  await page.keyboard.press('PageUp');
  await expect(at).toContainText('· 4 of');
  await page.keyboard.press('ArrowLeft');
  await expect(at).toContainText('· 3 of');
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 120_000 });
  await page.locator('.slide').click({ position: { x: 2, y: 2 } });
  await page.keyboard.press(' ');
  await expect(at).toContainText('· 4 of');
  await page.keyboard.press('Escape');
  await expect(page.locator('html')).not.toHaveAttribute('data-present', '');
  await expect(page.locator('figure.lesson-figure')).toHaveCount(2);
  await expect(page.locator('.masthead')).toBeVisible();
});

test('projector: the presenter view shows the notes, the next screen and a timer, and drives the slides', async ({
  page,
  context,
}, info) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1280, height: 720 });
  await project(page, 'slow-start-aimd');
  // The slides carry no prose: it is the presenter's.
  await expect(page.locator('.lesson-prose')).toHaveCount(0);
  const [p] = await Promise.all([
    context.waitForEvent('page'),
    page.getByRole('button', { name: 'Presenter view' }).click(),
  ]);
  await expect(p.locator('.presenter-now')).toContainText('Title · 1 of 7');
  await expect(p.getByRole('timer')).toHaveText(/^0:0\d$/);
  // Next in the presenter moves the slides; the slides' keys move the presenter.
  await p.getByRole('button', { name: 'Next →' }).click();
  await expect(page.locator('.slides-count')).toContainText('Question 1 · vote · 2 of 7');
  await expect(p.locator('.presenter-now')).toContainText('Question 1 · vote · 2 of 7');
  await expect(p.locator('.presenter-next')).toContainText('Reveal: figure 1 runs with Router buffer: 5 packets');
  await expect(p.locator('.presenter-answer')).toContainText('B. It barely changes');
  await expect(p.locator('.presenter-notes')).toContainText('slow start');
  await p.screenshot({ path: 'test-results/projector-presenter.png' });
  await expectNoAxeViolations(p, info, 'projector-presenter');
  await p.getByRole('button', { name: 'Next →' }).click();
  await expect(page.locator('.slides-count')).toContainText('· 3 of 7');
  await expect(p.getByRole('button', { name: 'Next →' })).toBeEnabled({ timeout: 120_000 });
  await page.keyboard.press('PageDown');
  await expect(p.locator('.presenter-now')).toContainText('Question 1 · explanation · 4 of 7');
});

test('projector at 390 px: nothing wider than the window', async ({ page }) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 390, height: 844 });
  await project(page, 'slow-start-aimd');
  await page.keyboard.press('PageDown');
  await noOverflow(page, 'question at 390 px');
  await page.screenshot({ path: 'test-results/projector-390-1.png' });
  await page.keyboard.press('PageDown');
  await expect(page.locator('figure[data-figure="sawtooth"]')).toHaveAttribute('data-status', 'done', {
    timeout: 120_000,
  });
  await noOverflow(page, 'figure at 390 px');
  await page.screenshot({ path: 'test-results/projector-390-2.png', fullPage: true });
});

test('the lesson is axe clean in both themes; screenshots at three sizes', async ({ page }, info) => {
  test.setTimeout(240_000);
  await page.goto(`/#/learn/${LESSON}`);
  // The figure answers a prediction, so it waits for one and for Run.
  await page.locator('[data-predict="where-they-part"]').getByRole('radio').first().check();
  const fig = page.locator('figure[data-figure="sqrt-law"]');
  await fig.scrollIntoViewIfNeeded();
  await fig.getByRole('button', { name: 'Run', exact: true }).click();
  await expect(page.getByTestId('figure-sweep')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
  await expectNoAxeViolations(page, info, 'tvl-light');
  await page.getByLabel('Theme').selectOption('dark');
  await expectNoAxeViolations(page, info, 'tvl-dark');
  await page.getByRole('button', { name: 'Projector mode' }).click();
  await expectNoAxeViolations(page, info, 'tvl-projector-dark');
  await page.keyboard.press('Escape');
  await page.getByLabel('Theme').selectOption('light');
  // Back on the lesson page the figure is mounted anew and waits for Run again.
  const sweep = page.getByTestId('figure-sweep');
  if ((await sweep.getAttribute('data-status')) !== 'done') {
    await fig.scrollIntoViewIfNeeded();
    await fig.getByRole('button', { name: 'Run', exact: true }).click();
  }
  for (const [w, h] of [
    [1280, 720],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await page.locator('figure[data-figure="sqrt-law"]').evaluate((e) => e.scrollIntoView({ block: 'start' }));
    await expect(page.getByTestId('figure-sweep')).toHaveAttribute('data-status', 'done', { timeout: 180_000 });
    await page.screenshot({ path: `test-results/learn-tvl-${w}.png` });
    await noOverflow(page, `${w} px`);
  }
});

test('print media: prose, captions and choices; no controls or buttons; notes only when asked', async ({ page }) => {
  await page.goto(`/#/learn/${LESSON}`);
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.lesson-prose').first()).toBeVisible();
  await expect(page.locator('figcaption').first()).toBeVisible();
  await expect(page.locator('.predict-question')).toBeVisible();
  await expect(page.locator('.predict-choices label').first()).toBeVisible();
  await expect(page.locator('.predict-choices label')).toHaveCount(3);
  for (const sel of ['button', 'select', '.figure-bar', '.masthead', '.lesson-tools', '.figure-sweep'])
    for (const el of await page.locator(sel).all()) await expect(el).toBeHidden();
  await expect(page.locator('.teacher-notes')).toBeHidden();
  await page.emulateMedia({ media: 'screen' });
  await page.getByLabel('Print with teacher notes').check();
  await page.emulateMedia({ media: 'print' });
  await expect(page.locator('.teacher-notes')).toBeVisible();
  await expect(page.getByText('Common misconceptions.')).toBeVisible();
  await page.screenshot({ path: 'test-results/learn-print.png', fullPage: true });
});
