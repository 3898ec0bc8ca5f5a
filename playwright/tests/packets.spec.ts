/**
 * The packet view ("Watch the packets") in the lab: it animates the run's packets from the
 * simulator's path trace, steps one record at a time, draws a queue-overflow drop and a packet hit
 * by bit errors distinctly (in words and in colour), and shows the classifier's verdict beside the
 * truth. Screenshots at 1280×720, 1024×768 and 390 px go to test-results/ for a look.
 */
import { expect, test, type Locator, type Page } from '@playwright/test';
import { openScenario, runToEnd, watchErrors } from './helpers';

/** One NewReno flow over 1 Mbit/s, 10 ms, a 10-packet queue and bit errors (hits in the first 300 bytes count as the header). */
const scenario = {
  schema: 1,
  id: 'packets-story',
  seed: 2,
  stop: { time_s: 8 },
  topology: {
    kind: 'dumbbell',
    bottleneck: {
      rate_bps: 1e6,
      delay_ms: 10,
      queue: { kind: 'drop_tail', limit_pkts: 10 },
      errors: { kind: 'bit_error', ber: 3e-6, header_bytes: 300 },
    },
  },
  flows: [{ id: 'f0', bytes: null, tcp: { cc: 'new_reno', classifier: 'spike' } }],
  observe: { sample_ms: 50 },
};

/** Whether the canvas has a pixel of colour `hex` (±12 per channel). */
function hasColour(canvas: Locator, hex: string): Promise<boolean> {
  return canvas.evaluate((c: HTMLCanvasElement, h: string) => {
    const [r, g, b] = [1, 3, 5].map((i) => parseInt(h.slice(i, i + 2), 16));
    const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
    for (let i = 0; i < d.length; i += 4)
      if (d[i + 3] > 200 && Math.abs(d[i] - r) < 12 && Math.abs(d[i + 1] - g) < 12 && Math.abs(d[i + 2] - b) < 12)
        return true;
    return false;
  }, hex);
}

async function openView(page: Page): Promise<Locator> {
  await openScenario(page, scenario);
  await runToEnd(page);
  const view = page.locator('figure.packet-view');
  await expect(view.getByRole('heading', { name: 'Watch the packets' })).toBeVisible();
  return view;
}

/** Presses "Next loss" until a loss of `kind` is drawn (at most 40 presses). */
async function lossOf(view: Locator, kind: RegExp): Promise<void> {
  for (let i = 0; i < 40; i++) {
    if (kind.test((await view.getAttribute('data-loss-kinds')) ?? '')) return;
    const before = await view.getAttribute('data-t-ms');
    await view.getByRole('button', { name: 'Next loss' }).click();
    await expect(view).not.toHaveAttribute('data-t-ms', before ?? '');
  }
  throw new Error(`no ${kind} loss found`);
}

test('the packet view animates, steps packet by packet, and tells a queue drop from a bit-error hit', async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  const view = await openView(page);
  await view.getByRole('button', { name: 'Watch the packets' }).click();
  await expect(view).toHaveAttribute('data-packets-status', 'ready');
  // It moves on its own (1/100 of real time), then freezes.
  const t0 = Number(await view.getAttribute('data-t-ms'));
  await expect.poll(async () => Number(await view.getAttribute('data-t-ms'))).toBeGreaterThan(t0);
  await view.getByRole('button', { name: 'Freeze' }).click();
  await expect(view.getByRole('button', { name: 'Animate' })).toBeVisible();

  // Step: the next record, named in words, and strictly later.
  const a = Number(await view.getAttribute('data-t-ms'));
  await view.getByRole('button', { name: 'Next packet' }).click();
  await expect.poll(async () => Number(await view.getAttribute('data-t-ms'))).toBeGreaterThan(a);
  await expect(view.locator('.packet-step')).toContainText(/^f0 .+ enters the (access link|bottleneck)/);
  // The charts show the same instant: their shared time cursor.
  await expect(page.getByTestId('readout').first()).toContainText('t = ');
  const b = Number(await view.getAttribute('data-t-ms'));
  await view.getByRole('button', { name: 'Next packet' }).click();
  await expect.poll(async () => Number(await view.getAttribute('data-t-ms'))).toBeGreaterThan(b);

  const canvas = view.locator('canvas');
  await lossOf(view, /\bqueue\b/);
  await expect(view.locator('li[data-loss-kind="queue"]').first()).toContainText('the queue was full');
  expect(await hasColour(canvas, '#996B2E'), 'a queue drop is drawn in its colour').toBe(true);

  await lossOf(view, /\b(header|payload)\b/);
  const hit = view.locator('li[data-loss-kind="header"], li[data-loss-kind="payload"]').first();
  await expect(hit).toContainText(/bits hit in the (header|payload)/);
  expect(await hasColour(canvas, '#E0203A'), 'a bit-error hit is drawn in its colour').toBe(true);

  // The verdict beside the truth, right or wrong: "Next loss" also stops where the sender judges one.
  for (let i = 0; i < 20 && (await view.locator('.packet-verdict').count()) === 0; i++) {
    const before = await view.getAttribute('data-t-ms');
    await view.getByRole('button', { name: 'Next loss' }).click();
    await expect(view).not.toHaveAttribute('data-t-ms', before ?? '');
  }
  await expect(view.locator('.packet-verdict')).toContainText(
    /judged a loss: (congestion|a bit error)\. Truth: .+ — (right|wrong)\./,
  );
  await expect(view.locator('.packet-verdict')).toContainText('Spike');
  await view.screenshot({ path: testInfo.outputPath('packets-verdict.png') });
  errors.assertClean();
});

for (const size of [
  { width: 1280, height: 720 },
  { width: 1024, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the packet view at ${size.width}×${size.height}`, async ({ page }, testInfo) => {
    await page.setViewportSize(size);
    const view = await openView(page);
    await view.getByRole('button', { name: 'Next loss' }).click();
    await expect(view).toHaveAttribute('data-packets-status', 'ready');
    await lossOf(view, /\b(queue|header|payload)\b/);
    await view.scrollIntoViewIfNeeded();
    // Nothing wider than the page.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await view.screenshot({ path: testInfo.outputPath(`packets-${size.width}.png`) });
  });
}
