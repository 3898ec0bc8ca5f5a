/**
 * The class challenge of the lesson "Build a loss classifier": a classifier started from a
 * template runs through the benchmark sweep over the worker pool and is ranked among the thirteen;
 * the scoreboard without the reader's line, and the results of the built-in classifiers, are
 * byte for byte what `losslab sweep --scoreboard --out` writes for the same file. A second try
 * runs only the reader's points; a classifier that throws stops the challenge with its line.
 * Screenshots of the scoreboard at 1280, 1024 and 390 px.
 */
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { downloadText, downloads, losslab, watchErrors } from './helpers';

const SWEEP = 'classifier-challenge';

function cli(): { board: string; results: string } {
  const dir = mkdtempSync(join(tmpdir(), 'losslab-challenge-'));
  const board = join(dir, 'board.csv');
  const results = join(dir, 'results.csv');
  losslab(['sweep', `content/sweeps/${SWEEP}.json`, '--out', results, '--scoreboard', board, '-q']);
  return { board: readFileSync(board, 'utf8'), results: readFileSync(results, 'utf8') };
}

/** Replaces the challenge editor's code by typing it. */
async function typeCode(page: Page, source: string) {
  const editor = page.getByRole('textbox', { name: /^Your classifier, JavaScript/ });
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.press('Delete');
  await page.keyboard.insertText(source);
}

test('the challenge ranks the reader’s classifier among the thirteen, with the CLI’s bytes for theirs', async ({
  page,
}) => {
  test.setTimeout(300_000);
  const errors = watchErrors(page);
  await page.goto('/#/learn/build-a-loss-classifier');
  const block = page.getByTestId('challenge');
  await block
    .getByLabel('Your classifier: start from a template')
    .selectOption({ label: 'Inter-arrival rule (like Biaz)' });
  await expect(page.getByRole('textbox', { name: /^Your classifier, JavaScript/ })).toContainText('class Classifier');
  await block.getByRole('button', { name: 'Run the challenge with your classifier' }).click();
  const progress = block.getByTestId('challenge-progress');
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 240_000 });
  // 13 classifiers and the reader's, 6 conditions, 5 runs each.
  await expect(progress).toHaveAttribute('data-total', '420');
  const board = block.getByTestId('challenge-board');
  await expect(board.locator('tbody tr')).toHaveCount(14);
  await expect(board.locator('tr.challenge-yours th')).toHaveText('Your classifier');
  await expect(block.getByTestId('challenge-rank')).toHaveText(/^Your classifier ranks \d+(st|nd|rd|th) of 14\.$/);
  await expect(board.locator('tbody tr').first().locator('th')).toHaveText(/Oracle/);

  const [boardFile, resultsFile] = await downloads(page, 2, async () => {
    await block.getByRole('button', { name: 'Download the scoreboard (CSV)' }).click();
    await block.getByRole('button', { name: 'Download every condition’s results (CSV)' }).click();
  });
  const browserBoard = await downloadText(boardFile);
  const browserResults = await downloadText(resultsFile);
  const want = cli();
  // The reader's line taken out, the scoreboard is the CLI's, byte for byte.
  const lines = browserBoard.split('\n');
  expect(lines.filter((l) => l.startsWith('custom,'))).toHaveLength(1);
  expect(lines.filter((l) => !l.startsWith('custom,')).join('\n')).toBe(want.board);
  // The built-in classifiers' points come first and are the CLI's rows; the reader's follow.
  expect(browserResults.startsWith(want.results)).toBe(true);
  const rest = browserResults.slice(want.results.length).trim().split('\n');
  expect(rest.length).toBeGreaterThan(0);
  for (const row of rest) expect(row.split(',')[1]).toBe('custom');

  for (const [width, height] of [
    [1280, 720],
    [1024, 768],
    [390, 844],
  ]) {
    await page.setViewportSize({ width, height });
    await board.scrollIntoViewIfNeeded();
    await block.screenshot({ path: test.info().outputPath(`challenge-${width}.png`) });
    // The table scrolls inside its frame; the page itself does not grow sideways.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  }
  await page.setViewportSize({ width: 1280, height: 720 });

  // A second try runs only the reader's 30 runs; a throw stops it with its line.
  await typeCode(
    page,
    ['class Classifier {', '  on_loss(loss) {', '    throw new Error("not written yet");', '  }', '}'].join('\n'),
  );
  await block.getByRole('button', { name: 'Run the challenge with your classifier' }).click();
  await expect(progress).toHaveAttribute('data-state', 'done', { timeout: 60_000 });
  await expect(progress).toHaveAttribute('data-total', '30');
  await expect(block.getByRole('alert')).toContainText('Your classifier stopped the challenge');
  await expect(block.getByRole('alert')).toContainText('not written yet');
  await expect(block.getByRole('alert')).toContainText('line 3');
  await expect(board).toHaveCount(0);
  errors.assertClean();
});
