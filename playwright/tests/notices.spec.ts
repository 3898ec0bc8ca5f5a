/**
 * What the simulator says about its own numbers: two identical New Jersey flows that lock into
 * a fixed phase with the drop-tail queue get a plain-language notice beside the summary (and the
 * aggregate throughput line); the same flows with a random send overhead get none.
 */
import { expect, test } from '@playwright/test';
import LZString from 'lz-string';
import { expectNoAxeViolations, openLab, runToEnd, watchErrors } from './helpers';

function twoFlows(sendOverheadMs: number) {
  return {
    schema: 1,
    id: 'two-identical-flows',
    seed: 1,
    stop: { time_s: 20, when_transfers_done: false },
    topology: {
      kind: 'graph',
      nodes: ['s', 'bs', 'd'],
      links: [
        {
          id: 'wired',
          a: 's',
          b: 'bs',
          rate_bps: 100_000_000,
          delay_ms: 10,
          queue: { kind: 'drop_tail', limit_pkts: 150 },
        },
        {
          id: 'wireless',
          a: 'bs',
          b: 'd',
          rate_bps: 2_000_000,
          delay_ms: 1,
          queue: { kind: 'drop_tail', limit_pkts: 20 },
        },
      ],
    },
    flows: [
      {
        id: 'nj',
        count: 2,
        bytes: null,
        from: 's',
        to: 'd',
        tcp: { cc: 'new_jersey', profile: 'ns2_2006', send_overhead_ms: sendOverheadMs },
      },
    ],
    observe: { sample_ms: 100 },
  };
}

const link = (s: unknown) => `#/lab?s=${LZString.compressToEncodedURIComponent(JSON.stringify(s))}`;

test('phase-locked identical flows are explained beside the summary; a send overhead removes the notice', async ({
  page,
}, testInfo) => {
  const errors = watchErrors(page);
  await openLab(page, link(twoFlows(0)));
  await runToEnd(page);
  const summary = page.getByRole('region', { name: 'Run summary' });
  const note = summary.getByRole('note');
  await expect(note).toHaveCount(1);
  await expect(note).toContainText('Identical flows, unequal shares');
  await expect(note).toContainText('nj.0 and nj.1');
  await expect(note).toContainText('Send overhead');
  await expect(summary.getByTestId('aggregate-throughput')).toContainText('kbit/s');
  await page.setViewportSize({ width: 1280, height: 720 });
  await summary.scrollIntoViewIfNeeded();
  await page.screenshot({ path: testInfo.outputPath('phase-notice-1280.png') });
  for (const [w, h] of [
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width: w, height: h });
    await note.scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`phase-notice-${w}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 720 });
  await expectNoAxeViolations(page, testInfo, 'phase notice');

  await openLab(page, link(twoFlows(3.256)));
  await runToEnd(page);
  await expect(page.getByRole('region', { name: 'Run summary' }).getByRole('note')).toHaveCount(0);
  errors.assertClean();
});
