/**
 * The summary table of many connections shows its first rows until asked (1000 rows cost
 * seconds of layout), and reads only those rows of the summary file (1000 rows a second were a long task).
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { csvRecords } from '../lib/csvRead';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import type { RunSummary } from '../sim/protocol';
import { ROWS_ABOVE, ROWS_SHOWN, SummaryTable } from './SummaryTable';
import { endOfRecord, fileRowsOf } from './summaryTableRows';

vi.mock('../lib/csvRead', async (importOriginal) => {
  const m = await importOriginal<typeof import('../lib/csvRead')>();
  return { ...m, csvRecords: vi.fn(m.csvRecords) };
});

beforeAll(() => loadCoreForTests());

const summaryOf = (n: number, csv?: string): RunSummary =>
  ({
    scenario_id: 'many',
    seed: 1,
    flows: Array.from({ length: n }, (_, i) => ({
      flow_id: `f.${i}`,
      cc: 'new_reno',
      classifier: 'always_congestion',
      throughput_kbps: 10 + i,
    })),
    csv,
  }) as unknown as RunSummary;

/** A summary file whose throughput cells carry more digits than the values (the file's cell is shown exactly). */
const csvOf = (n: number) =>
  ['flow_id,cc,classifier,throughput_kbps', ...Array.from({ length: n }, (_, i) => `f.${i},new_reno,,${10 + i}.000001`)]
    .join('\n')
    .concat('\n');

const rows = (html: string) => (html.match(/<tr data-flow=/g) ?? []).length;

describe('SummaryTable rows', () => {
  it('shows every row up to the threshold', () => {
    const html = renderToStaticMarkup(<SummaryTable summary={summaryOf(ROWS_ABOVE)} live />);
    expect(rows(html)).toBe(ROWS_ABOVE);
    expect(html).not.toContain('Show all');
  });

  it('shows the first rows of a thousand connections, says so, and offers the rest', () => {
    const html = renderToStaticMarkup(<SummaryTable summary={summaryOf(1000)} live />);
    expect(rows(html)).toBe(ROWS_SHOWN);
    expect(html).toContain('Show all 1000 flows');
    expect(html).toContain(`the first ${ROWS_SHOWN} of 1000 flows`);
    expect(html).toContain('aria-expanded="false"');
  });

  it('reads only the rows it shows of a thousand connections’ summary file, with their exact cells', () => {
    vi.mocked(csvRecords).mockClear();
    const html = renderToStaticMarkup(<SummaryTable summary={summaryOf(1000, csvOf(1000))} />);
    const read = vi.mocked(csvRecords).mock.calls.map(([text]) => text.split('\n').filter(Boolean).length);
    expect(read).toEqual([1 + ROWS_SHOWN]); // the header and the rows shown
    expect(html).toContain(`data-value="${10 + ROWS_SHOWN - 1}.000001"`);
    expect(html).not.toContain(`data-value="${10 + ROWS_SHOWN}.000001"`);
  });
});

describe('fileRowsOf', () => {
  it('ends a record at a line break outside quotes only', () => {
    const csv = 'a,b\n"x\ny",1\n"say ""hi""",2\nlast,3';
    expect(fileRowsOf(csv, 1)).toEqual([{ a: 'x\ny', b: '1' }]);
    expect(fileRowsOf(csv, 2)).toEqual([
      { a: 'x\ny', b: '1' },
      { a: 'say "hi"', b: '2' },
    ]);
    expect(fileRowsOf(csv, 5)).toEqual(csvRecords(csv));
    expect(endOfRecord(csv, 0)).toBe(4);
  });
});
