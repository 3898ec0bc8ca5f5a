/**
 * The summary file's rows the table shows, and no more: the header and the first `n` records of
 * the simulator's summary CSV (`losslab run --summary`), read from the text up to the end of the
 * n-th record. A thousand connections' file is ~70 kB; the table shows 20 rows of it while a run
 * plays, and reading all of them once a second was a long task on the page.
 */
import { csvRecords } from '../lib/csvRead';

/** The end of record `n` (after the header) in `text`: the index just past its line break, or the text's length. */
export function endOfRecord(text: string, n: number): number {
  let lines = -1; // the header is line 0
  let quotes = 0; // quotes since the start: an odd count means inside a quoted field
  let from = 0;
  for (;;) {
    const nl = text.indexOf('\n', from);
    if (nl < 0) return text.length;
    for (let q = text.indexOf('"', from); q >= 0 && q < nl; q = text.indexOf('"', q + 1)) quotes++;
    from = nl + 1;
    if (quotes % 2 === 0 && ++lines === n) return from;
  }
}

/** The first `n` records of the summary file `csv`, keyed by column name (fewer when it has fewer). */
export function fileRowsOf(csv: string, n: number): Record<string, string>[] {
  return csvRecords(csv.slice(0, endOfRecord(csv, n)));
}
