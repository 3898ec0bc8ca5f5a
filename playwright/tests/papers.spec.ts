/**
 * The Papers view: open #/papers, pick GB04 Fig. 4, run it at a small replication count
 * over the worker pool, and check the figure (LossLab's series, the paper's reference points), the
 * claims checklist (one row and one verdict chip per `expect`) and that the verdicts are the ones
 * `losslab reproduce --paper gb04 --figure fig4 --replications N` writes for the same N; the
 * exported CSV is the report's CSV byte for byte. Axe clean in both themes.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { downloadText, downloads, expectNoAxeViolations, watchErrors, losslab, repoRoot } from './helpers';

const N = 2;

/** The CLI's report for the figure at N replications: per-claim verdicts (claims table order) and the CSV. */
function cliReproduce(): { verdicts: string[]; csv: string } {
  const out = mkdtempSync(join(tmpdir(), 'losslab-reproduce-'));
  losslab([
    'reproduce',
    '--paper',
    'gb04',
    '--figure',
    'fig4',
    '--replications',
    String(N),
    '--jobs',
    '1',
    '--out',
    out,
  ]);
  const lines = readFileSync(join(out, 'index.md'), 'utf8').split('\n');
  // The item's claims table and its sanity checks' table: the rows after each header, up to the
  // blank line that ends it. A verdict is the class, with "at n replications …" when inconclusive.
  const verdicts: string[] = [];
  lines.forEach((l, head) => {
    if (l !== '| claim | paper | LossLab | verdict |') return;
    const end = lines.indexOf('', head);
    for (const row of lines.slice(head + 2, end))
      verdicts.push(
        /\| (reproduced|direction only|inconclusive|not reproduced)( at [^|]*)? \|$/.exec(row)?.[1] ??
          `unreadable row: ${row}`,
      );
  });
  return { verdicts, csv: readFileSync(join(out, 'gb04', 'fig4.csv'), 'utf8') };
}

const file = JSON.parse(readFileSync(join(repoRoot, 'content/reproductions/gb04/fig4.json'), 'utf8'));
const ref = JSON.parse(readFileSync(join(repoRoot, 'content/reference/gb04/fig4.json'), 'utf8'));

test('GB04 Fig. 4 in the Papers view: figure, reference points, live checklist equal to the CLI', async ({
  page,
}, info) => {
  test.setTimeout(240_000);
  const errors = watchErrors(page);
  const cli = cliReproduce();
  expect(cli.verdicts).toHaveLength(file.expect.length);

  await page.goto('/#/papers');
  await expect(page.getByRole('heading', { name: 'Papers', level: 2 })).toBeVisible();
  await expect(page.getByTestId('coverage-gb04')).toContainText('figures and tables reproduced here');
  await expectNoAxeViolations(page, info, 'papers-list');
  await page.getByRole('link', { name: /^Fig\. 4: Throughput vs bit error ratio/ }).click();
  await expect(page).toHaveURL(/#\/papers\/gb04\/fig4/);
  await expect(page.getByText(file.summary.setup)).toBeVisible();
  await expect(page.getByText(file.summary.claim)).toBeVisible();

  const reps = page.getByLabel('Replications', { exact: true });
  await expect(reps).toHaveValue(String(file.replications_test));
  await reps.fill(String(N));
  await reps.press('Tab');
  await page.getByRole('button', { name: 'Run', exact: true }).click();
  const progress = page.getByTestId('papers-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 200_000 });
  await expect(progress).toHaveAttribute('data-total', String(28 * N));
  expect(page.url()).toContain(`#/papers/gb04/fig4?r=${N}`);

  // The figure: one CI bar per series and x; the paper's points as the reference file holds them
  // in the figure's unit (GB04's copy has none for Fig. 4: the claims carry the paper's words).
  const chartBox = page.getByTestId('papers-chart');
  await expect(chartBox.locator('path.ci-bar')).toHaveCount(3 * 7);
  const refPoints = ref.series
    .filter((s: { unit?: string }) => (s.unit ?? ref.y.unit) === file.plot.y_unit)
    .reduce(
      (n: number, s: { points: { x: unknown }[] }) => n + s.points.filter((p) => typeof p.x === 'number').length,
      0,
    );
  await expect(chartBox).toHaveAttribute('data-reference-points', String(refPoints));
  await expect(chartBox.locator('.reference-point')).toHaveCount(refPoints);

  // The checklist: one row and one chip per claim, the CLI's verdicts in order.
  const claims = page.getByTestId('claims');
  await expect(claims).toHaveAttribute('data-round', String(N));
  await expect(claims.locator('tbody tr')).toHaveCount(file.expect.length);
  const chips = claims.getByTestId('verdict');
  await expect(chips).toHaveCount(file.expect.length);
  // The report shows sanity checks in a table of their own, so compare the verdicts as sets.
  expect((await chips.evaluateAll((els) => els.map((e) => e.getAttribute('data-verdict') ?? ''))).sort()).toEqual(
    [...cli.verdicts].sort(),
  );

  // Export CSV: the report's CSV, byte for byte.
  const [dl] = await downloads(page, 1, () => page.getByRole('button', { name: 'Export CSV' }).click());
  expect(await downloadText(dl)).toBe(cli.csv);

  await expectNoAxeViolations(page, info, 'papers-figure');
  await page.getByLabel('Theme').selectOption('dark');
  await expectNoAxeViolations(page, info, 'papers-figure-dark');

  // The list now says how it came out here.
  await page.goto('/#/papers');
  // Every verdict class is counted, inconclusive included, and the counts add up to the claims
  // that are not sanity checks.
  const summary = page.getByTestId('result-gb04-fig4');
  await expect(summary).toContainText(`Run here with ${N} replications`);
  const words = await summary.innerText();
  const m = /(\d+) reproduced · (\d+) direction only · (\d+) inconclusive · (\d+) not reproduced/.exec(words);
  expect(m, words).not.toBeNull();
  const sanity = file.expect.filter((e: { class?: string }) => e.class === 'sanity').length;
  expect(m!.slice(1).reduce((n, x) => n + Number(x), 0)).toBe(file.expect.length - sanity);
  errors.assertClean();
});

test('a share link opens the figure with its replication count, and a point opens in the lab', async ({ page }) => {
  const errors = watchErrors(page);
  await page.goto('/#/papers/gb04/fig4?r=10');
  await expect(page.getByLabel('Replications', { exact: true })).toHaveValue('10');
  await page.getByText('Open a point in the lab').click();
  await page.locator('.open-points a').first().click();
  await expect(page).toHaveURL(/#\/lab\?s=/);
  await expect(page.getByRole('button', { name: 'Run', exact: true })).toBeVisible();
  errors.assertClean();
});
