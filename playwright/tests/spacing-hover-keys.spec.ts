/**
 * Six WCAG 2.1 criteria that axe-core does not check (a11y.spec.ts runs axe), measured:
 *
 * - 1.4.12 Text Spacing: with the criterion's spacing forced on every element (line height 1.5,
 *   paragraphs 2 em apart, letters 0.12 em, words 0.16 em) at 1280 × 720, no text is cut off by a
 *   box that hides its overflow, no SVG text reaches past its chart's edge (an SVG clips what does:
 *   a long axis title lost its ends, and a "1,800" at the end of an axis its last digit), no text
 *   lies over other text, and every control can still be pointed at. A closed list box shows as much
 *   of its choice as fits, as it always does, and opens to the whole list: it is not counted.
 * - 1.4.13 Content on Hover or Focus: a chart's read-out box, shown while the pointer is over a
 *   plot, goes away on Escape without moving the pointer or the focus, and stays where it is when
 *   the pointer moves onto it, from the side or slantwise from below (it used to jump to the
 *   chart's other half as the pointer came), while a pointer sweeping below it along the time axis
 *   still sends it to the other half. With many flows it keeps within the plot, so its last row can
 *   be pointed at (it used to hang below the plot, where the hover ended).
 * - 2.1.4 Character Key Shortcuts: the keys that act without Ctrl or Alt (Space, →, R, ?) can be
 *   turned off in the "Keyboard keys" list, reached by a button at the foot of every page as well as
 *   by `?`; the choice is kept like the theme. A chart's own keys (+, −, 0) act only while the chart
 *   has the focus, so they stay.
 * - 2.5.1 Pointer Gestures: zooming and panning the charts, which is done by dragging, can be done
 *   with clicks too (Zoom in, Earlier, Later, Zoom out, Reset zoom).
 * - 2.5.3 Label in Name: every control's accessible name (Chromium's, read from its accessibility
 *   tree) holds the words it shows, in order.
 * - 2.2.2 Pause, Stop, Hide: a lesson figure that starts its run on its own (when scrolled into
 *   view, at 100× real time) is over within 5 s: its run spans at most 500 simulated seconds.
 */
import { expect, test, type Page } from '@playwright/test';
import { readdirSync } from 'node:fs';
import { bulkDumbbell, chart, openLab, openScenario, repoRoot, runToEnd, watchErrors } from './helpers';

let guard: ReturnType<typeof watchErrors>;
test.beforeEach(({ page }) => {
  guard = watchErrors(page);
});
test.afterEach(() => guard.assertClean());

const SPACING =
  '* { line-height: 1.5 !important; letter-spacing: 0.12em !important; word-spacing: 0.16em !important; }' +
  ' p { margin-bottom: 2em !important; }';

/** Text the page no longer shows whole, in words: cut off, past an SVG's edge, over other text, or a covered control. */
function lostText(): string[] {
  const shown = (el: Element) =>
    el.checkVisibility({ contentVisibilityAuto: true, visibilityProperty: true, opacityProperty: true }) &&
    !el.closest('.sr-only');
  const name = (el: Element) =>
    `${el.tagName.toLowerCase()}${el.classList.length ? '.' + [...el.classList].join('.') : ''}`;
  const quote = (s: string | null) => `“${(s ?? '').trim().replace(/\s+/g, ' ').slice(0, 40)}”`;
  const lost: string[] = [];
  for (const el of document.querySelectorAll<HTMLElement>('body *')) {
    if (el instanceof SVGElement || !shown(el) || el.clientWidth <= 1 || el.clientHeight <= 1) continue;
    const s = getComputedStyle(el);
    const hidesX = s.overflowX === 'hidden' || s.overflowX === 'clip';
    const hidesY = s.overflowY === 'hidden' || s.overflowY === 'clip';
    if ((!hidesX && !hidesY) || !el.innerText.trim()) continue;
    if ((hidesX && el.scrollWidth > el.clientWidth + 1) || (hidesY && el.scrollHeight > el.clientHeight + 1))
      lost.push(
        `${name(el)} ${quote(el.innerText)} cut off: ${el.scrollWidth}×${el.scrollHeight} in ${el.clientWidth}×${el.clientHeight}`,
      );
  }
  for (const t of document.querySelectorAll('svg text')) {
    const svg = (t as SVGTextElement).ownerSVGElement;
    if (!svg || !shown(t) || !t.textContent?.trim()) continue;
    const a = t.getBoundingClientRect();
    const b = svg.getBoundingClientRect();
    const past = Math.max(b.left - a.left, a.right - b.right, b.top - a.top, a.bottom - b.bottom);
    if (past > 0.5) lost.push(`SVG text ${quote(t.textContent)} reaches ${past.toFixed(1)} px past its chart’s edge`);
  }
  // Each run of text as laid out, cut to what its scrolling boxes show (a scrolled panel's hidden
  // part lies under whatever follows it); two from different elements may not overlap (by more than 2 px).
  const styles = new Map<Element, CSSStyleDeclaration>();
  const style = (el: Element) => styles.get(el) ?? styles.set(el, getComputedStyle(el)).get(el)!;
  const seen = (el: Element, r: DOMRect) => {
    let [left, top, right, bottom] = [r.left, r.top, r.right, r.bottom];
    for (let a: Element | null = el; a && a !== document.body; a = a.parentElement) {
      const s = style(a);
      if (s.overflowX === 'visible' && s.overflowY === 'visible') continue;
      const c = a.getBoundingClientRect();
      if (s.overflowX !== 'visible') [left, right] = [Math.max(left, c.left), Math.min(right, c.right)];
      if (s.overflowY !== 'visible') [top, bottom] = [Math.max(top, c.top), Math.min(bottom, c.bottom)];
    }
    return right - left >= 1 && bottom - top >= 1 ? new DOMRect(left, top, right - left, bottom - top) : null;
  };
  const boxes: { el: Element; text: string; r: DOMRect }[] = [];
  const walk = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  for (let n = walk.nextNode(); n; n = walk.nextNode()) {
    const el = n.parentElement;
    if (!el || !n.textContent?.trim() || !shown(el)) continue;
    const range = document.createRange();
    range.selectNodeContents(n);
    for (const line of range.getClientRects()) {
      const r = seen(el, line);
      if (r) boxes.push({ el, text: n.textContent, r });
    }
  }
  for (let i = 0; i < boxes.length; i++)
    for (let j = i + 1; j < boxes.length; j++) {
      const [p, q] = [boxes[i], boxes[j]];
      if (p.el.contains(q.el) || q.el.contains(p.el)) continue;
      const w = Math.min(p.r.right, q.r.right) - Math.max(p.r.left, q.r.left);
      const h = Math.min(p.r.bottom, q.r.bottom) - Math.max(p.r.top, q.r.top);
      if (w > 2 && h > 2) lost.push(`${quote(p.text)} lies over ${quote(q.text)} (${w.toFixed(0)}×${h.toFixed(0)} px)`);
    }
  // Every control can be pointed at: the middle of its first line box is the control itself.
  const y0 = window.scrollY;
  for (const el of document.querySelectorAll<HTMLElement>('button, a[href], input, select, textarea, summary')) {
    if (!shown(el) || el.getClientRects().length === 0) continue;
    el.scrollIntoView({ block: 'center', inline: 'nearest' });
    const r = el.getClientRects()[0];
    const [x, y] = [r.left + r.width / 2, r.top + r.height / 2];
    if (r.width < 2 || r.height < 2 || x < 0 || y < 0 || x > innerWidth || y > innerHeight) continue; // the skip link
    const hit = document.elementFromPoint(x, y);
    const own = hit && (el.contains(hit) || [...((el as HTMLInputElement).labels ?? [])].some((l) => l.contains(hit)));
    if (!own)
      lost.push(
        `${name(el)} ${quote(el.innerText || el.getAttribute('aria-label'))} is covered by ${hit && name(hit)}`,
      );
  }
  window.scrollTo(0, y0);
  return lost;
}

const VIEWS: { hash: string; ready: (page: Page) => ReturnType<Page['getByRole']> }[] = [
  { hash: '#/lab', ready: (page) => page.getByRole('button', { name: 'Run', exact: true }) },
  { hash: '#/compare', ready: (page) => page.getByRole('button', { name: 'Run', exact: true }) },
  { hash: '#/sweep', ready: (page) => page.getByRole('button', { name: 'Run sweep' }) },
  { hash: '#/learn/loss-as-congestion', ready: (page) => page.getByRole('img', { name: 'Throughput' }).first() },
  { hash: '#/papers/gurtov/fig3', ready: (page) => page.getByRole('button', { name: 'Run', exact: true }) },
  // The paper figure with the longest y-axis title: it did not fit even without the extra spacing.
  { hash: '#/papers/njplus/goodput-summary', ready: (page) => page.getByRole('button', { name: 'Run', exact: true }) },
  { hash: '#/embed', ready: (page) => page.getByRole('button', { name: 'Run', exact: true }) },
];

test.describe('1.4.12 Text Spacing at 1280 × 720', () => {
  test.use({ viewport: { width: 1280, height: 720 } });
  for (const view of VIEWS)
    test(`${view.hash}: nothing is lost with the criterion's spacing`, async ({ page }, info) => {
      await page.goto(`/${view.hash}`);
      await expect(view.ready(page)).toBeVisible();
      await page.addStyleTag({ content: SPACING });
      // The charts fit their axis titles again after a layout pass: wait for the page to settle.
      await expect.poll(() => page.evaluate(lostText), { message: `text lost on ${view.hash}` }).toEqual([]);
      await info.attach(`spaced ${view.hash}`, {
        body: await page.screenshot({ fullPage: true }),
        contentType: 'image/png',
      });
    });
});

/** The lab after a 10 s run: the Congestion window chart's plot area and its read-out box. */
async function cwndPlotAfterRun(page: Page) {
  await openLab(page);
  await page.getByLabel('Duration', { exact: true }).fill('10');
  await runToEnd(page);
  const frame = page.locator('figure', { has: chart(page, 'Congestion window') }).locator('.chart-frame');
  await frame.scrollIntoViewIfNeeded();
  const plot = (await frame.locator('rect.plot-overlay').boundingBox())!;
  return { plot, readout: frame.getByTestId('readout') };
}

test('1.4.13: the read-out box goes on Escape, and stays put when the pointer moves onto it', async ({ page }) => {
  const { plot, readout } = await cwndPlotAfterRun(page);

  // Over the right half of the plot: the box shows on the left half.
  await page.mouse.move(plot.x + plot.width * 0.75, plot.y + plot.height * 0.7);
  await expect(readout).toBeVisible();
  const box = (await readout.boundingBox())!;
  expect(box.x + box.width, 'the box on the half away from the pointer').toBeLessThan(plot.x + plot.width / 2 + 1);

  // Escape, with the focus still on Run and the pointer still: every chart's box goes.
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeFocused();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('readout')).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeFocused();
  // Pointing again brings it back.
  await page.mouse.move(plot.x + plot.width * 0.74, plot.y + plot.height * 0.7);
  await expect(readout).toBeVisible();

  // Up to the box's height, then across to its middle: it stays where it was, under the pointer.
  const cy = box.y + box.height / 2;
  await page.mouse.move(plot.x + plot.width * 0.75, cy, { steps: 4 });
  await page.mouse.move(box.x + box.width / 2, cy, { steps: 25 });
  await expect(readout).toBeVisible();
  const now = (await readout.boundingBox())!;
  expect(Math.abs(now.x - box.x), 'the box did not move away from the pointer').toBeLessThan(1);
  // Escape takes it away from there too.
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('readout')).toHaveCount(0);
});

test('1.4.13: the box stays for a pointer coming at it slantwise from below, and moves for one sweeping under it', async ({
  page,
}) => {
  const { plot, readout } = await cwndPlotAfterRun(page);
  const start = { x: plot.x + plot.width * 0.75, y: plot.y + plot.height * 0.9 };
  await page.mouse.move(start.x, start.y);
  await expect(readout).toBeVisible();
  const box = (await readout.boundingBox())!;
  expect(box.y + box.height, 'the box ends above the pointer').toBeLessThan(start.y - 10);

  // Level along the plot's foot to just right of the box, then in a straight line up to its
  // lower edge: it waits there.
  await page.mouse.move(box.x + box.width + 24, start.y, { steps: 20 });
  expect(Math.abs((await readout.boundingBox())!.x - box.x), 'the box stayed on the left').toBeLessThan(1);
  await page.mouse.move(box.x + box.width / 2, box.y + box.height - 4, { steps: 15 });
  await expect(readout).toBeVisible();
  expect(Math.abs((await readout.boundingBox())!.x - box.x), 'the box stayed for the pointer').toBeLessThan(1);

  // Back to the right half, then level along the plot's foot to the left: under the box it moves.
  await page.mouse.move(start.x, start.y, { steps: 10 });
  await page.mouse.move(plot.x + plot.width * 0.1, start.y, { steps: 30 });
  await expect
    .poll(async () => (await readout.boundingBox())!.x, { message: 'the box went to the right half' })
    .toBeGreaterThan(plot.x + plot.width / 2);
});

test('1.4.13 and 1.4.1: with many flows the box keeps within the plot, its last row can be pointed at, and the table names every flow', async ({
  page,
}) => {
  await openScenario(
    page,
    bulkDumbbell({
      id: 'twelve',
      seed: 3,
      timeS: 5,
      sampleMs: 100,
      rateBps: 10e6,
      limitPkts: 100,
      flowId: 'f',
      count: 12,
    }),
  );
  await runToEnd(page);
  for (const title of ['Congestion window', 'Throughput']) {
    const frame = page.locator('figure', { has: chart(page, title) }).locator('.chart-frame');
    await frame.scrollIntoViewIfNeeded();
    const plot = (await frame.locator('rect.plot-overlay').boundingBox())!;
    const readout = frame.getByTestId('readout');
    await page.mouse.move(plot.x + plot.width * 0.8, plot.y + plot.height * 0.5);
    await expect(readout).toBeVisible();
    await expect(readout.locator('.readout-more'), `${title}: it says how many more`).toBeVisible();
    const box = (await readout.boundingBox())!;
    expect(box.y + box.height, `${title}: the box ends within the plot`).toBeLessThanOrEqual(plot.y + plot.height);
    // Up to the box's height, then onto its last line.
    const foot = box.y + box.height - 3;
    await page.mouse.move(plot.x + plot.width * 0.8, foot, { steps: 4 });
    await page.mouse.move(box.x + box.width / 2, foot, { steps: 20 });
    await expect(readout, `${title}: the box is still there under the pointer`).toBeVisible();
    await page.mouse.move(plot.x + plot.width * 0.8, plot.y - 40);
    await expect(readout).toHaveCount(0);
  }

  // 1.4.1 with the palette repeating (twelve flows, seven colours): the Throughput chart's Data
  // table names every flow, a page of lines at a time.
  const thr = page.locator('figure', { has: chart(page, 'Throughput') });
  await thr.locator('summary', { hasText: 'Data table' }).click();
  const pick = thr.getByLabel('Lines shown');
  await expect(pick.locator('option')).toHaveCount(2); // f.0 to f.7, f.8 to aggregate
  const named: string[] = [];
  for (const label of await pick.locator('option').allTextContents()) {
    await pick.selectOption({ label });
    // The page's first line heads the column after the time's.
    await expect(thr.locator('table thead th').nth(1)).toHaveText(label.split(' to ')[0]);
    named.push(...(await thr.locator('table thead th').allTextContents()));
  }
  const flows = (await thr.locator('.legend [data-legend-flow]').allTextContents()).map((t) =>
    t.split(' · ')[0].trim(),
  );
  expect(flows.filter((f) => /^f\.\d+$/.test(f))).toHaveLength(12);
  expect(named).toEqual(expect.arrayContaining(flows));
});

test('2.1.4: the keys that act without Ctrl or Alt can be turned off, and the choice is kept', async ({ page }) => {
  await openLab(page);
  const status = page.getByTestId('run-status');
  const help = page.getByRole('dialog', { name: 'Keyboard keys' });
  const single = help.getByRole('checkbox', { name: /Single-key shortcuts/ });

  // The list is reached without a shortcut: a button at the foot of the page.
  await page.getByRole('button', { name: 'Keyboard keys' }).click();
  await expect(help).toBeVisible();
  await expect(single).toBeChecked();
  await single.uncheck();
  await page.keyboard.press('Escape');
  await expect(help).toBeHidden();

  const nowhere = () => page.locator('body').click({ position: { x: 5, y: 5 } });
  await nowhere();
  for (const key of ['ArrowRight', 'Space', 'r', '.', '?']) await page.keyboard.press(key);
  await expect(help).toBeHidden();
  await expect(status).toHaveAttribute('data-status', 'idle');

  // Kept across a reload, as the theme is.
  await page.reload();
  await expect(status).toHaveAttribute('data-status', 'idle');
  await nowhere();
  await page.keyboard.press('?');
  await page.keyboard.press('Space');
  await expect(help).toBeHidden();
  await expect(status).toHaveAttribute('data-status', 'idle');

  // A chart's keys act only while it has the focus, so they stay: + zooms.
  await page.getByRole('group', { name: 'Congestion window chart controls' }).focus();
  await page.keyboard.press('+');
  await expect(page.locator('.zoombar')).toContainText(/Showing [\d.]+–[\d.]+ s of/);

  // Esc still leaves presentation mode (it is no character key), and the hint lists only Esc.
  await page.getByRole('button', { name: 'Present' }).click();
  await expect(page.getByRole('button', { name: 'Leave presentation' })).toBeVisible();
  await expect(page.getByTestId('present-hint')).toHaveText('Esc leave');
  await page.keyboard.press('Escape');
  await expect(page.getByRole('button', { name: 'Present' })).toBeVisible();

  // Turned on again, Space runs.
  await page.getByRole('button', { name: 'Keyboard keys' }).click();
  await single.check();
  await page.keyboard.press('Escape');
  await nowhere();
  await page.keyboard.press('Space');
  await expect(status).toHaveAttribute('data-status', /running|done/);
});

test('2.5.1: the charts zoom and pan with clicks as well as by dragging, in the lab, a lesson figure and the embed', async ({
  page,
}) => {
  await openLab(page);
  await page.getByLabel('Duration', { exact: true }).fill('10');
  await runToEnd(page);
  const bar = page.locator('.zoombar');
  const shown = async () => {
    const [, a, b] = ((await bar.textContent()) ?? '').match(/Showing ([\d.]+)–([\d.]+) s of 10 s/) ?? [];
    return a === undefined ? null : [Number(a), Number(b)];
  };
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(shown).toEqual([2.5, 7.5]);
  await page.getByRole('button', { name: 'Later' }).click();
  await expect.poll(shown).toEqual([5, 10]);
  await page.getByRole('button', { name: 'Earlier' }).click();
  await expect.poll(shown).toEqual([2.5, 7.5]);
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect.poll(shown).toEqual([3.75, 6.25]);
  await page.getByRole('button', { name: 'Zoom out' }).click();
  await expect.poll(shown).toEqual([2.5, 7.5]);
  await page.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(bar).toHaveAttribute('data-detail', 'all');

  // A lesson figure and the embed have the same buttons (without the line on dragging), once drawn.
  await page.goto('/#/learn/throughput-vs-loss');
  const fig = page.locator('figure[data-figure="two-losses"]');
  await fig.scrollIntoViewIfNeeded();
  await expect(fig).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await fig.getByRole('button', { name: 'Zoom in' }).click();
  await expect(fig.locator('.zoombar')).toContainText(/Showing 15–45 s of 60 s/);
  await fig.getByRole('button', { name: 'Reset zoom' }).click();
  await expect(fig.locator('.zoombar')).toHaveAttribute('data-detail', 'all');
  await page.goto('/#/embed?autoplay=1&speed=max');
  await expect(page.getByTestId('run-status')).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
  await page.getByRole('button', { name: 'Zoom in' }).click();
  await expect(page.locator('.zoombar')).toContainText(/Showing 15–45 s of 60 s/);
});

test('2.5.3: every control is named with the words it shows', async ({ page }) => {
  test.setTimeout(120_000);
  const cdp = await page.context().newCDPSession(page);
  const mismatches: string[] = [];
  for (const hash of [
    '#/lab',
    '#/compare',
    '#/sweep',
    '#/learn',
    '#/learn/loss-as-congestion',
    '#/papers',
    '#/papers/gurtov/fig3',
    '#/embed',
    '#/embed/learn/loss-as-congestion/ld',
  ]) {
    await page.goto('about:blank');
    await page.goto(`/${hash}`);
    await expect(page.getByRole('button').or(page.getByRole('link')).first()).toBeVisible();
    // The words each control shows: its own text (a field's: its label's), without text hidden from sight.
    const shown = await page.evaluate(() => {
      const visible = (el: Element) => el.checkVisibility({ visibilityProperty: true }) && !el.closest('.sr-only');
      const words = (n: Node): string => {
        if (n.nodeType === Node.TEXT_NODE) return n.textContent ?? '';
        if (!(n instanceof Element) || !visible(n) || n.matches('input, select, textarea')) return '';
        const inner = [...n.childNodes].map(words).join('');
        return getComputedStyle(n).display.startsWith('inline') ? inner : ` ${inner} `;
      };
      const out: string[] = [];
      const controls = document.querySelectorAll<HTMLElement>(
        'button, a[href], input:not([type="hidden"]), select, textarea, summary, [role="button"], [role="tab"], [role="link"]',
      );
      controls.forEach((el, i) => {
        if (!visible(el)) return;
        const own = el.matches('input, select, textarea')
          ? [...((el as HTMLInputElement).labels ?? [])].map(words).join(' ')
          : words(el);
        el.dataset.labelInName = String(i);
        out[i] = own
          .replace(/[\u00ad\u200b]/g, '')
          .replace(/\s+/g, ' ')
          .trim();
      });
      return out;
    });
    const { root } = await cdp.send('DOM.getDocument', { depth: 0 });
    const { nodeIds } = await cdp.send('DOM.querySelectorAll', {
      nodeId: root.nodeId,
      selector: '[data-label-in-name]',
    });
    for (const nodeId of nodeIds) {
      const { node } = await cdp.send('DOM.describeNode', { nodeId });
      const at = node.attributes ?? [];
      const i = Number(at[at.indexOf('data-label-in-name') + 1]);
      const words = shown[i];
      // A symbol alone ("×") is no text label.
      if (!words || !/[\p{L}\p{N}]/u.test(words)) continue;
      const { nodes } = await cdp.send('Accessibility.getPartialAXTree', {
        backendNodeId: node.backendNodeId,
        fetchRelatives: false,
      });
      const accName = String(nodes[0]?.name?.value ?? '');
      const norm = (s: string) => s.replace(/\s+/g, ' ').trim().toLowerCase();
      if (!norm(accName).includes(norm(words)))
        mismatches.push(`${hash}: ${node.localName} shows “${words}”, named “${accName}”`);
    }
  }
  expect(mismatches).toEqual([]);
});

test('2.2.2: a lesson figure that starts on its own is over within 5 s', async ({ page }, info) => {
  test.setTimeout(240_000);
  const lessons = readdirSync(`${repoRoot}/content/lessons`)
    .filter((f) => f.endsWith('.md') && f !== 'FORMAT.md')
    .map((f) => f.slice(0, -3));
  const found: string[] = [];
  for (const lesson of lessons) {
    await page.goto('about:blank');
    await page.goto(`/#/learn/${lesson}`);
    const figures = page.locator('figure.lesson-figure');
    await expect(figures.first()).toBeVisible();
    for (const figure of await figures.all()) {
      const id = await figure.getAttribute('data-figure');
      await figure.evaluate((el) => el.scrollIntoView({ block: 'start' }));
      const badge = figure.locator('.badge');
      // A figure that answers a prediction waits for it; any other starts now, and is waited for.
      if ((await badge.textContent()) === 'Waits for your prediction') {
        found.push(`${lesson}/${id}: waits for the reader`);
        continue;
      }
      await expect(figure).toHaveAttribute('data-status', 'done', { timeout: 60_000 });
      const simulated = Number((await figure.locator('.figure-time').textContent())?.match(/[\d.]+/)?.[0]);
      found.push(`${lesson}/${id}: started on its own, ${simulated} s simulated`);
      expect(simulated, `${lesson}/${id} at 100× real time`).toBeLessThanOrEqual(500);
    }
  }
  await info.attach('lesson figures', { body: found.join('\n'), contentType: 'text/plain' });
  expect(
    found.some((f) => f.includes('started on its own')),
    'some figure starts on its own',
  ).toBe(true);
});
