/**
 * The Papers view draws a reproduction's time-sequence plots (issue 12, M12): open Gurtov Fig. 8,
 * and its `timeseq` plot (the start-up overflow over a 20-packet buffer, first 60 s) appears below
 * the figure with retransmission and drop marks, counted in the drawn SVG and equal to the counts
 * the page states; the picture is byte for byte the SVG `losslab reproduce` writes for it (one
 * source of truth: the simulator's run and drawing through wasm), and "Save SVG" saves those bytes.
 * Axe clean.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';
import { downloadText, downloads, expectNoAxeViolations, watchErrors } from './helpers';

const repoRoot = fileURLToPath(new URL('../..', import.meta.url));
const file = JSON.parse(readFileSync(join(repoRoot, 'content/reproductions/gurtov/fig8.json'), 'utf8'));
const spec = file.timeseq[0];

/** The SVG `losslab reproduce` writes for the plot (one replication: Fig. 8 is deterministic). */
function cliSvg(): string {
  const out = mkdtempSync(join(tmpdir(), 'losslab-timeseq-'));
  execFileSync(
    'cargo',
    [
      'run',
      '--release',
      '-q',
      '-p',
      'sim-core',
      '--bin',
      'losslab',
      '--',
      'reproduce',
      '--paper',
      'gurtov',
      '--figure',
      'fig8',
      '--replications',
      '1',
      '--jobs',
      '1',
      '--out',
      out,
    ],
    { cwd: repoRoot, stdio: ['ignore', 'ignore', 'inherit'] },
  );
  return readFileSync(join(out, 'gurtov', `fig8-${spec.id}.svg`), 'utf8');
}

const count = (svg: string, cls: string) => svg.split(`class="${cls}"`).length - 1;

test('Gurtov Fig. 8 shows its time-sequence plot with retransmissions and drops, the report’s SVG', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  await page.goto('/#/papers/gurtov/fig8');
  const fig = page.getByTestId('papers-timeseq');
  await expect(fig).toHaveCount(1);
  await expect(fig).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(fig.getByRole('heading', { name: spec.title })).toBeVisible();
  // Plain words: the point, the flow, the window.
  await expect(fig).toContainText('Flow tcp · Router buffer size 20 packets · 0–60 s');
  await expect(fig).toContainText(`What to look for: ${file.summary.claim}`);

  // The drawn marks: retransmissions and drops present, as many as the page says.
  const img = fig.getByRole('img');
  await expect(img).toBeVisible();
  const src = (await img.getAttribute('src')) ?? '';
  const svg = decodeURIComponent(src.replace(/^data:image\/svg\+xml;charset=utf-8,/, ''));
  const retx = count(svg, 'retx');
  const drops = count(svg, 'drop');
  expect(retx).toBeGreaterThan(0);
  expect(drops).toBeGreaterThan(0);
  await expect(fig).toHaveAttribute('data-retransmits', String(retx));
  await expect(fig).toHaveAttribute('data-drops', String(drops));
  await expect(fig).toHaveAttribute('data-timeouts', String(count(svg, 'timeout')));
  expect(svg).toContain('Time (s)');
  expect(svg).toContain('Sequence number (segments)');
  expect(svg).toContain(`retransmitted (${retx})`);
  expect(svg).toContain(`dropped (${drops})`);

  // One source of truth: the report's SVG, byte for byte; Save SVG saves the same bytes.
  const cli = cliSvg();
  expect(svg).toBe(cli);
  const [dl] = await downloads(page, 1, () => fig.getByRole('button', { name: 'Save SVG' }).click());
  expect(dl.suggestedFilename()).toBe(`gurtov-fig8-${spec.id}.svg`);
  expect(await downloadText(dl)).toBe(cli);

  await expectNoAxeViolations(page, info, 'papers-timeseq');
  errors.assertClean();
});
