/**
 * Three WCAG 2.1 criteria axe does not measure (it paints no focus, reads no canvas and leaves
 * SVG strokes and control borders alone), measured here in the light and the dark theme:
 *
 * - 1.4.11 Non-text Contrast (AA), 3:1 against the adjacent colours: the border of every text
 *   field, list box and text area (against the background behind it and its own); the
 *   browser-drawn check boxes and radio buttons (the pixel of a screenshot of the box that
 *   stands out most against the background behind it); the charts' parts a reader needs, after
 *   a run of seven flows (one per palette colour) with three drop causes: each line and legend
 *   swatch, the time axis, the classifier's flow swatches and the drop-mark swatches (computed
 *   SVG styles); and the colours the packet view paints on its canvas (the code's FLOW_COLORS,
 *   DROP_COLOR, HIT_COLOR) against the panel behind it. The focus ring is measured by the 2.4.7
 *   walk below. The two ways to the dark theme (the Theme list, the system setting) must give
 *   the same colours.
 * - 1.4.1 Use of Colour (A): links inside text are underlined; every chart that tells lines apart
 *   by colour has a Data table with a column for each line its legend names, and the queue
 *   chart's drop marks (same triangles, told apart by colour) are in its table in words.
 * - 2.4.7 Focus Visible (AA): Tab through each view; each element that takes focus shows a ring:
 *   the browser's own outline, or ours (an outline or a shadow) at 3:1 against what is behind the
 *   element (1.4.11) — except an inactive (aria-disabled) button, whose ring fades with it and
 *   which 1.4.11 exempts. (A slower check, by hand, compared a screenshot of each stop focused
 *   and blurred: docs/wcag-2.1-aa.md.) The skip link's target, #main-content, is a container (tabindex −1), not a control:
 *   it takes focus without a ring, and the next Tab lands on the first control after it.
 *
 * Ratios are WCAG's, from relative luminance. Each test attaches what it measured (JSON).
 */
import { expect, test, type Page, type TestInfo } from '@playwright/test';
import { FLOW_COLORS } from '../../web/src/lib/colors';
import { DROP_COLOR, HIT_COLOR } from '../../web/src/packets/pathDraw';
import { openLab, openScenario, runToEnd, watchErrors } from './helpers';

type Theme = 'light' | 'dark';
const THEMES: Theme[] = ['light', 'dark'];

// ---- WCAG contrast ----------------------------------------------------------------------------

type Rgb = [number, number, number];

function rgb(css: string): Rgb {
  const hex = /^#([0-9a-f]{6})$/i.exec(css.trim());
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1].slice(i, i + 2), 16)) as Rgb;
  const m = /rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/.exec(css);
  if (!m) throw new Error(`not a colour: ${css}`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function luminance([r, g, b]: Rgb): number {
  const c = (v: number) => {
    const s = v / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * c(r) + 0.7152 * c(g) + 0.0722 * c(b);
}

function ratio(a: string, b: string): number {
  const [x, y] = [luminance(rgb(a)), luminance(rgb(b))].sort((p, q) => q - p);
  // Rounded down: 2.999 is not 3.
  return Math.floor(((x + 0.05) / (y + 0.05)) * 100) / 100;
}

const hexOf = (css: string) =>
  '#' +
  rgb(css)
    .map((v) => Math.round(v).toString(16).padStart(2, '0'))
    .join('');

/** One measured pair: `fg` against `bg`; `where` names the first place it was seen. */
interface Pair {
  what: string;
  fg: string;
  bg: string;
  ratio: number;
  where: string;
  count: number;
}

/** Pairs of the same kind and colours merged, with their count. */
function collect(raw: { what: string; fg: string; bg: string; where: string }[]): Pair[] {
  const out = new Map<string, Pair>();
  for (const r of raw) {
    const fg = hexOf(r.fg);
    const bg = hexOf(r.bg);
    const key = `${r.what}|${fg}|${bg}`;
    const had = out.get(key);
    if (had) had.count++;
    else out.set(key, { what: r.what, fg, bg, ratio: ratio(fg, bg), where: r.where, count: 1 });
  }
  return [...out.values()];
}

const below = (pairs: Pair[], min = 3) =>
  pairs.filter((p) => p.ratio < min).map((p) => `${p.what} ${p.fg} on ${p.bg}: ${p.ratio}:1 (${p.where}, ×${p.count})`);

async function attach(info: TestInfo, name: string, body: unknown) {
  await info.attach(name, { body: JSON.stringify(body, null, 2), contentType: 'application/json' });
}

// ---- the page ---------------------------------------------------------------------------------

/** The views, each with something that is there once it has drawn. */
const VIEWS: { hash: string; ready: (page: Page) => Promise<void> }[] = [
  { hash: '#/lab', ready: (p) => expect(p.getByRole('button', { name: 'Run', exact: true })).toBeVisible() },
  { hash: '#/compare', ready: (p) => expect(p.getByRole('button', { name: 'Run', exact: true })).toBeVisible() },
  { hash: '#/sweep', ready: (p) => expect(p.getByRole('button', { name: 'Run sweep' })).toBeVisible() },
  {
    hash: '#/learn/loss-as-congestion',
    ready: (p) => expect(p.getByRole('button', { name: 'Run', exact: true }).first()).toBeVisible(),
  },
  {
    hash: '#/papers/gurtov/fig3',
    ready: (p) => expect(p.getByRole('button', { name: 'Run', exact: true })).toBeVisible(),
  },
  { hash: '#/embed', ready: (p) => expect(p.getByRole('button', { name: 'Run', exact: true })).toBeVisible() },
];

async function show(page: Page, theme: Theme, hash: string, ready: (p: Page) => Promise<void>) {
  await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
  await page.goto(`/${hash}`);
  await ready(page);
  await page.evaluate(() => document.fonts.ready);
}

/**
 * Installs `window.__cf`: the opaque colour behind an element (its ancestors' backgrounds
 * composited, from the first opaque one up) and a short name for it.
 */
async function installProbe(page: Page) {
  await page.evaluate(() => {
    const parse = (c: string) => {
      const m = /rgba?\(([^)]+)\)/.exec(c);
      if (!m) return null;
      const [r, g, b, a = '1'] = m[1].split(/[,\s/]+/).filter(Boolean);
      return { r: +r, g: +g, b: +b, a: +a };
    };
    const behind = (el: Element | null): string => {
      const layers: { r: number; g: number; b: number; a: number }[] = [];
      for (let e = el; e; e = e.parentElement) {
        const c = parse(getComputedStyle(e).backgroundColor);
        if (c && c.a > 0) {
          layers.push(c);
          if (c.a >= 1) break;
        }
      }
      let out = { r: 255, g: 255, b: 255 };
      for (const l of layers.reverse())
        out = { r: l.r * l.a + out.r * (1 - l.a), g: l.g * l.a + out.g * (1 - l.a), b: l.b * l.a + out.b * (1 - l.a) };
      return `rgb(${out.r}, ${out.g}, ${out.b})`;
    };
    const name = (el: Element): string => {
      const label =
        el.getAttribute('aria-label') ??
        (el as HTMLInputElement).labels?.[0]?.textContent ??
        el.getAttribute('title') ??
        el.textContent ??
        '';
      const role = el.getAttribute('role');
      return `${el.tagName.toLowerCase()}${role ? `[role=${role}]` : ''} "${label.replace(/\s+/g, ' ').trim().slice(0, 48)}"`;
    };
    (window as unknown as { __cf: unknown }).__cf = { behind, name };
  });
}

type Probe = { behind(el: Element | null): string; name(el: Element): string };

/** Text fields, list boxes and text areas: the border against the colours on both sides of it. */
async function fieldBorders(page: Page, view: string) {
  await installProbe(page);
  const raw = await page.evaluate((view) => {
    const cf = (window as unknown as { __cf: Probe }).__cf;
    const out: { what: string; fg: string; bg: string; where: string }[] = [];
    const fields = document.querySelectorAll(
      'input:not([type=checkbox]):not([type=radio]):not([type=hidden]):not([type=file]):not([type=range]), select, textarea',
    );
    for (const el of fields) {
      if (el.getClientRects().length === 0 || el.closest('[hidden], .sr-only')) continue;
      const cs = getComputedStyle(el);
      if (cs.visibility === 'hidden' || cs.borderTopStyle === 'none') continue;
      const where = `${view}: ${cf.name(el)}`;
      const what = `${el.tagName.toLowerCase()} border`;
      out.push({ what: `${what} / behind`, fg: cs.borderTopColor, bg: cf.behind(el.parentElement), where });
      out.push({ what: `${what} / inside`, fg: cs.borderTopColor, bg: cf.behind(el), where });
    }
    return out;
  }, view);
  return raw;
}

/**
 * Check boxes and radio buttons the browser draws (appearance auto, no border of ours): the pixel
 * of the box that stands out most against the background behind it.
 */
async function browserDrawnBoxes(page: Page, view: string) {
  await installProbe(page);
  const boxes = page.locator('input[type=checkbox], input[type=radio]');
  const out: { what: string; fg: string; bg: string; where: string; styled: string }[] = [];
  const n = await boxes.count();
  const seen = new Set<string>();
  for (let i = 0; i < n; i++) {
    const box = boxes.nth(i);
    if (!(await box.isVisible())) continue;
    const facts = await box.evaluate((el) => {
      const cf = (window as unknown as { __cf: Probe }).__cf;
      const cs = getComputedStyle(el);
      return {
        type: (el as HTMLInputElement).type,
        bg: cf.behind(el.parentElement),
        styled: `${cs.appearance} ${cs.borderTopStyle}`,
        where: cf.name(el),
      };
    });
    // One of each kind on each background is enough.
    const key = `${facts.type} ${facts.bg}`;
    if (seen.has(key)) continue;
    seen.add(key);
    await box.scrollIntoViewIfNeeded();
    const shot = await box.screenshot({ animations: 'disabled' });
    const pixels = await decodePixels(page, shot);
    const bgL = luminance(rgb(facts.bg));
    let best = facts.bg;
    let bestRatio = 1;
    for (let k = 0; k < pixels.length; k += 4) {
      const c = `rgb(${pixels[k]}, ${pixels[k + 1]}, ${pixels[k + 2]})`;
      const l = luminance([pixels[k], pixels[k + 1], pixels[k + 2]]);
      const r = (Math.max(l, bgL) + 0.05) / (Math.min(l, bgL) + 0.05);
      if (r > bestRatio) [best, bestRatio] = [c, r];
    }
    out.push({
      what: `${facts.type} (browser-drawn)`,
      fg: best,
      bg: facts.bg,
      where: `${view}: ${facts.where}`,
      styled: facts.styled,
    });
  }
  return out;
}

// ---- screenshots as pixels --------------------------------------------------------------------

/** A blank page of the same context that turns PNGs into pixels (the app's CSP stays untouched). */
const decoders = new WeakMap<Page, Page>();
async function decoder(page: Page): Promise<Page> {
  let d = decoders.get(page);
  if (!d) {
    d = await page.context().newPage();
    decoders.set(page, d);
  }
  return d;
}

async function decodePixels(page: Page, png: Buffer): Promise<number[]> {
  const d = await decoder(page);
  return d.evaluate(async (b64) => {
    const bmp = await createImageBitmap(await (await fetch(`data:image/png;base64,${b64}`)).blob());
    const c = new OffscreenCanvas(bmp.width, bmp.height);
    const g = c.getContext('2d')!;
    g.drawImage(bmp, 0, 0);
    return Array.from(g.getImageData(0, 0, bmp.width, bmp.height).data);
  }, png.toString('base64'));
}

// ---- 1.4.11 -----------------------------------------------------------------------------------

/**
 * Seven bulk flows (one per palette colour) over a RED queue and a Gilbert–Elliott link, so the
 * queue chart marks queue overflows, AQM drops and wireless losses.
 */
const sevenFlows = {
  schema: 1,
  id: 'contrast-seven',
  seed: 3,
  stop: { time_s: 3 },
  topology: {
    kind: 'dumbbell',
    bottleneck: {
      rate_bps: 10_000_000,
      delay_ms: 20,
      queue: { kind: 'red', limit_pkts: 30, min_th_pkts: 5, max_th_pkts: 15, max_p: 0.1 },
      errors: { kind: 'gilbert_elliott', good_s: 0.3, bad_s: 0.05, loss_good: 0, loss_bad: 0.3 },
    },
  },
  flows: Array.from({ length: 7 }, (_, i) => ({
    id: `f${i}`,
    bytes: null,
    tcp: { cc: 'new_reno', classifier: 'always_congestion' },
  })),
  observe: { sample_ms: 50 },
};

/** The chart parts a reader needs, as the page styles them, against the chart's background. */
async function chartParts(page: Page) {
  await installProbe(page);
  return page.evaluate(() => {
    const cf = (window as unknown as { __cf: Probe }).__cf;
    const out: { what: string; fg: string; bg: string; where: string }[] = [];
    const add = (what: string, el: Element, prop: 'stroke' | 'fill') => {
      const cs = getComputedStyle(el);
      const chart = el.closest('.chart');
      const title = chart?.querySelector('.chart-title')?.textContent ?? '';
      if (cs[prop] === 'none' || cs.visibility === 'hidden' || Number(cs.opacity) < 1) return;
      out.push({
        what,
        fg: cs[prop],
        bg: cf.behind(el.closest('svg')!.parentElement),
        where: `${title}: ${cf.name(el)}`,
      });
    };
    document.querySelectorAll('.chart svg path.line').forEach((el) => add('line', el, 'stroke'));
    document.querySelectorAll('.chart .legend svg line').forEach((el) => add('legend swatch', el, 'stroke'));
    document.querySelectorAll('.chart .legend svg path').forEach((el) => add('drop-mark swatch', el, 'fill'));
    document.querySelectorAll('.chart .axis-bottom path.domain').forEach((el) => add('time axis line', el, 'stroke'));
    document.querySelectorAll('.chart .axis-bottom .tick line').forEach((el) => add('time axis tick', el, 'stroke'));
    document
      .querySelectorAll('.chart [data-flow-block] > rect')
      .forEach((el) => add('classifier flow swatch', el, 'fill'));
    return out;
  });
}

for (const theme of THEMES) {
  test(`1.4.11 (${theme}): field borders, browser-drawn boxes and chart parts reach 3:1`, async ({ page }, info) => {
    test.setTimeout(180_000);
    const guard = watchErrors(page);
    const raw: { what: string; fg: string; bg: string; where: string }[] = [];
    const boxes: { what: string; fg: string; bg: string; where: string; styled: string }[] = [];
    for (const v of VIEWS) {
      await show(page, theme, v.hash, v.ready);
      raw.push(...(await fieldBorders(page, v.hash)));
      boxes.push(...(await browserDrawnBoxes(page, v.hash)));
    }

    await page.emulateMedia({ colorScheme: theme, reducedMotion: 'reduce' });
    await openScenario(page, sevenFlows);
    await runToEnd(page);
    const queueLegend = page.getByRole('list', { name: 'Queue markers' });
    await expect(queueLegend).toContainText('AQM (early) drop');
    await expect(queueLegend).toContainText('wireless loss');
    const parts = await chartParts(page);
    raw.push(...parts);
    // Every palette colour is on the page: seven flows, seven lines in the congestion window chart.
    expect(new Set(parts.filter((p) => p.what === 'line').map((p) => hexOf(p.fg))).size).toBeGreaterThanOrEqual(7);

    // What the packet view paints on its canvas, against the panel the canvas sits on.
    await installProbe(page);
    const packetBg = await page.locator('figure.packet-view').evaluate((el) => {
      const cf = (window as unknown as { __cf: Probe }).__cf;
      return cf.behind(el.querySelector('canvas') ?? el);
    });
    for (const c of FLOW_COLORS) raw.push({ what: 'packet (flow colour)', fg: c, bg: packetBg, where: 'packet view' });
    raw.push({ what: 'queue drop (DROP_COLOR)', fg: DROP_COLOR, bg: packetBg, where: 'packet view' });
    raw.push({ what: 'bit-error hit (HIT_COLOR)', fg: HIT_COLOR, bg: packetBg, where: 'packet view' });

    const pairs = collect(raw);
    const boxPairs = collect(boxes);
    await attach(info, `non-text-contrast-${theme}`, { pairs, browserDrawnBoxes: boxPairs });
    // The boxes are the browser's own (1.4.11 exempts them then): say so, and that they pass anyway.
    expect(new Set(boxes.map((b) => b.styled))).toEqual(new Set(['auto none']));
    expect([...below(pairs), ...below(boxPairs)]).toEqual([]);
    guard.assertClean();
  });
}

test('both ways to the dark theme (the Theme list and the system setting) give the same colours', async ({ page }) => {
  const tokens = [
    '--bg',
    '--panel',
    '--panel-2',
    '--input-bg',
    '--input-line',
    '--focus',
    '--accent',
    '--ink',
    '--muted',
  ];
  const read = () =>
    page.evaluate((names) => {
      const cs = getComputedStyle(document.documentElement);
      return names.map((n) => `${n}: ${cs.getPropertyValue(n).trim()}`);
    }, tokens);
  await page.emulateMedia({ colorScheme: 'dark' });
  await openLab(page);
  const system = await read();
  await page.emulateMedia({ colorScheme: 'light' });
  await page.getByLabel('Theme').selectOption('dark');
  expect(await read()).toEqual(system);
});

// ---- 1.4.1 ------------------------------------------------------------------------------------

test('1.4.1: links in text are underlined; colour-coded charts have a Data table naming every line, drops included', async ({
  page,
}, info) => {
  test.setTimeout(120_000);
  const guard = watchErrors(page);
  const links: { view: string; text: string; decoration: string }[] = [];
  const indexes = [
    {
      hash: '#/learn',
      ready: (p: Page) => expect(p.getByRole('link', { name: /^Slow start and AIMD/ })).toBeVisible(),
    },
    { hash: '#/papers', ready: (p: Page) => expect(p.getByRole('link', { name: /^Fig\. 3/ }).first()).toBeVisible() },
  ];
  for (const v of [...VIEWS, ...indexes]) {
    await show(page, 'light', v.hash, v.ready);
    links.push(
      ...(await page.evaluate((view) => {
        const out: { view: string; text: string; decoration: string }[] = [];
        for (const a of document.querySelectorAll('a[href], button.cell-link')) {
          if (a.getClientRects().length === 0 || a.closest('nav') || a.classList.contains('button')) continue;
          // In text: its block has words of its own beside the link's.
          const block = a.closest('p, li, dd, td, figcaption, span') ?? a.parentElement!;
          if ((block.textContent ?? '').replace(a.textContent ?? '', '').trim().length === 0) continue;
          out.push({
            view,
            text: (a.textContent ?? '').trim().slice(0, 40),
            decoration: getComputedStyle(a).textDecorationLine,
          });
        }
        return out;
      }, v.hash)),
    );
  }
  await attach(info, 'links-in-text', links);
  expect(links.length).toBeGreaterThan(5);
  expect(links.filter((l) => !l.decoration.includes('underline'))).toEqual([]);

  // Charts: after a run of seven flows with three drop causes, every chart with a legend has a
  // Data table whose columns name each of its lines, and the queue chart's table its drops.
  await openScenario(page, sevenFlows);
  await runToEnd(page);
  const charts = page.locator('.chart').filter({ has: page.locator('.legend') });
  const n = await charts.count();
  expect(n).toBeGreaterThanOrEqual(4);
  const report: { chart: string; legend: string[]; columns: string[] }[] = [];
  for (let i = 0; i < n; i++) {
    const c = charts.nth(i);
    const title = (await c.locator('.chart-title').first().textContent()) ?? '';
    const details = c.locator('details.chart-data');
    await expect(details, `${title} has a Data table`).toHaveCount(1);
    await details.locator('summary').click();
    const table = details.locator('table');
    await expect(table).toBeVisible();
    // A chart with more lines than a table shows at once offers them a page at a time: read every page.
    const pick = details.getByLabel('Lines shown');
    const pages = (await pick.count()) > 0 ? await pick.locator('option').count() : 1;
    const columns: string[] = [];
    for (let k = 0; k < pages; k++) {
      if (k > 0) {
        await pick.selectOption({ index: k });
        await expect(pick.locator('option:checked')).toHaveText(new RegExp(`\\(${k + 1} of ${pages}\\)$`));
      }
      columns.push(...(await table.locator('thead th').allTextContents()).map((t) => t.trim()));
    }
    const rowHeads = (await table.locator('tbody th').allTextContents()).map((t) => t.trim());
    // The classifier chart draws its first flows only (it says so), each named in the chart.
    const blocks = await c
      .locator('[data-flow-block]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-flow-block')!));
    const legend =
      blocks.length > 0
        ? blocks
        : (
            await c
              .locator('.legend:not(.legend-static) [data-legend-flow], .legend:not(.legend-static) [data-legend-row]')
              .allTextContents()
          ).map((t) => t.trim());
    report.push({ chart: title, legend, columns });
    const named = [...columns, ...rowHeads].join(' | ');
    for (const entry of legend) {
      // A flat line whose entry says its value ("Jain index, whole run: 0.78") needs no column.
      if (/: [\d.]+$/.test(entry)) continue;
      // A legend entry "f0 · TCP NewReno" is the column "f0"; "aggregate" is "aggregate".
      const id = entry.split(' · ')[0];
      expect(named, `${title}: its table names ${entry}`).toContain(id);
    }
  }
  await attach(info, 'charts-and-tables', report);
  const queue = charts.filter({ has: page.getByRole('list', { name: 'Queue markers' }) });
  const drops = queue.locator('details.chart-data table');
  await expect(drops.locator('thead')).toContainText('drops');
  await expect(drops.locator('tbody')).toContainText('AQM (early) drop');
  await expect(drops.locator('tbody')).toContainText('wireless loss');
  guard.assertClean();
});

// ---- 2.4.7 ------------------------------------------------------------------------------------

interface Stop {
  n: number;
  name: string;
  inactive: boolean;
  outline: string;
  shadow: string;
  /** The ring's colour against the colour behind the element, or null for the browser's own ring. */
  ratio: number | null;
}

/**
 * Every element of the page that takes focus by Tab, focused in turn once the page is in keyboard
 * use (a Tab pressed first, so each matches :focus-visible as it would by Tab), and its ring read
 * with its transition finished: an outline (the browser's own, or ours) or a box shadow, and our
 * ring's contrast with what is behind the element. One pass in the page, so a view of a hundred
 * stops is read in a moment.
 */
async function walk(page: Page): Promise<Stop[]> {
  await installProbe(page);
  await page.keyboard.press('Tab');
  const read = await page.evaluate(() => {
    const cf = (window as unknown as { __cf: Probe }).__cf;
    const all = document.querySelectorAll<HTMLElement>('a[href], button, input, select, textarea, summary, [tabindex]');
    const out = [];
    for (const el of Array.from(all)) {
      if (el.tabIndex < 0 || el.matches(':disabled') || el.closest('[inert], [hidden]')) continue;
      if (el.getClientRects().length === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      el.focus({ preventScroll: true });
      if (document.activeElement !== el) continue;
      for (const a of el.getAnimations()) a.finish();
      const cs = getComputedStyle(el);
      out.push({
        name: cf.name(el),
        keyboard: el.matches(':focus-visible'),
        inactive: el.matches('[aria-disabled="true"]'),
        style: cs.outlineStyle,
        width: parseFloat(cs.outlineWidth),
        color: cs.outlineColor,
        shadow: cs.boxShadow,
        behind: cf.behind(el.parentElement),
      });
    }
    return out;
  });
  // Each was focused as a Tab focuses it, or the rings read are not the keyboard's.
  expect(read.filter((r) => !r.keyboard).map((r) => r.name)).toEqual([]);
  return read.map((at, n) => {
    const ring =
      at.style !== 'none' && at.style !== 'auto' && at.width > 0 ? at.color : /rgba?\([^)]*\)/.exec(at.shadow)?.[0];
    return {
      n,
      name: at.name,
      inactive: at.inactive,
      outline: `${at.style} ${at.width}px ${at.color}`,
      shadow: at.shadow,
      ratio: at.style === 'auto' ? null : ring ? ratio(ring, at.behind) : 0,
    };
  });
}

/** The stops without a ring one can see: an outline of 2 px or more, or a shadow, at 3:1 (1.4.11). */
function unseen(stops: Stop[]): string[] {
  return stops
    .filter((s) => !s.inactive && s.ratio !== null && s.ratio < 3)
    .map((s) => `#${s.n} ${s.name}: ring ${s.ratio}:1; outline ${s.outline}; shadow ${s.shadow}`);
}

for (const theme of THEMES) {
  test(`2.4.7 (${theme}): every Tab stop of every view shows its focus`, async ({ page }, info) => {
    test.setTimeout(60_000);
    const guard = watchErrors(page);
    for (const v of VIEWS) {
      await show(page, theme, v.hash, v.ready);
      if (v.hash === '#/lab') {
        // After a run, with a chart's Data table open: the legend buttons, the summary and the
        // packet view's controls are there, and the table's scrolling box takes focus.
        await page.getByLabel('Duration', { exact: true }).fill('5');
        await runToEnd(page);
        await page.locator('details.chart-data > summary').first().click();
        await expect(page.locator('.chart-data-scroll').first()).toBeVisible();
      }
      const stops = await walk(page);
      await attach(info, `focus-${theme}-${v.hash.replace(/\W+/g, '-')}`, stops);
      expect(stops.length, v.hash).toBeGreaterThan(5);
      expect(unseen(stops), v.hash).toEqual([]);
    }
    guard.assertClean();
  });
}

test('2.4.7: the skip link shows its focus and moves it to the main content; the next Tab lands on a control with its ring', async ({
  page,
}) => {
  const guard = watchErrors(page);
  await show(page, 'light', '#/lab', VIEWS[0].ready);
  await page.keyboard.press('Tab');
  const skip = page.getByRole('link', { name: 'Skip to content' });
  await expect(skip).toBeFocused();
  await expect(skip).toBeInViewport();
  await page.keyboard.press('Enter');
  const main = page.locator('#main-content');
  await expect(main).toBeFocused();
  // A container focused only to move the reading point: no ring, by design (not a control).
  expect(await main.evaluate((el) => [el.getAttribute('tabindex'), getComputedStyle(el).outlineStyle])).toEqual([
    '-1',
    'none',
  ]);
  await page.keyboard.press('Tab');
  const next = page.locator(':focus');
  expect(await next.evaluate((el) => !!el.closest('#main-content') && el.matches(':focus-visible'))).toBe(true);
  expect(await next.evaluate((el) => getComputedStyle(el).outlineStyle)).not.toBe('none');
  guard.assertClean();
});
