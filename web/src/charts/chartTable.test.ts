import { describe, expect, it } from 'vitest';
import type { ChartLine } from './chartLine';
import {
  chartSummary,
  chartTable,
  MAX_EVENT_ROWS,
  MAX_TABLE_COLUMNS,
  MAX_TABLE_ROWS,
  sequenceTable,
  timeSeriesTable,
} from './chartTable';

/** Samples every `everyMs` from 0 to `endMs`, value = f(t in s). */
function series(endMs: number, everyMs: number, f: (s: number) => number) {
  const n = Math.floor(endMs / everyMs) + 1;
  const t = new Float64Array(n);
  const v = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    t[i] = i * everyMs;
    v[i] = f(t[i] / 1000);
  }
  return { t, v, length: n };
}

const line = (key: string, extra: Partial<ChartLine> = {}): ChartLine => ({
  key,
  series: 'cwnd',
  flow: key,
  label: key,
  color: '#000',
  data: series(60_000, 100, (s) => 10 + s),
  ...extra,
});

describe('chartTable', () => {
  it('lists the lines at a round step, at most 30 rows, each value the last sample at or before the time', () => {
    const t = chartTable([line('f0'), line('f1', { data: series(60_000, 100, () => 7) })], 'cwnd (kB)');
    expect(t.stepS).toBe(5); // 60 s: 1 and 2 s give more than 30 rows
    expect(t.rows.length).toBe(13);
    expect(t.rows.length).toBeLessThanOrEqual(MAX_TABLE_ROWS);
    expect(t.columns.map((c) => c.label)).toEqual(['f0', 'f1']);
    expect(t.rows[2]).toEqual({ time: '10', cells: ['20 kB', '7 kB'] });
    expect(t.rows.at(-1)!.time).toBe('60');
  });

  it('scales values as the chart does and writes a band as a range', () => {
    const lo = series(10_000, 1000, () => 2000);
    const t = chartTable(
      [line('all', { scale: 1 / 1000, data: series(10_000, 1000, () => 5000), areaTo: lo })],
      'cwnd (kB)',
    );
    expect(t.rows[0].cells[0]).toBe('5 kB to 2 kB');
  });

  it('with many connections keeps the lines that stand for all of them', () => {
    const many = Array.from({ length: 30 }, (_, i) => line(`c${i}`, { secondary: true, pick: true }));
    const t = chartTable([...many, line('median', { flow: undefined, entity: 'median' })], 'cwnd (kB)');
    expect(t.columns.map((c) => c.label)).toEqual(['median']);
  });

  it('offers more lines than fit at once page by page, so every drawn line is named on one', () => {
    const twelve = Array.from({ length: 12 }, (_, i) => line(`f${i}`));
    const first = chartTable(twelve, 'cwnd (kB)');
    expect(first.columns).toHaveLength(MAX_TABLE_COLUMNS);
    expect(first.pages).toEqual(['f0 to f7', 'f8 to f11']);
    const second = chartTable(twelve, 'cwnd (kB)', 1);
    expect(second.page).toBe(1);
    expect(second.columns.map((c) => c.label)).toEqual(['f8', 'f9', 'f10', 'f11']);
    // The pages share the rows' times, so they line up.
    expect(second.rows.map((r) => r.time)).toEqual(first.rows.map((r) => r.time));
    // A page past the end shows the last.
    expect(chartTable(twelve, 'cwnd (kB)', 7).page).toBe(1);
    // Up to eight lines: one page, no choice offered.
    expect(chartTable(twelve.slice(0, 8), 'cwnd (kB)').pages).toEqual([]);
  });

  it("names each flow's ssthresh while the chart draws it; past 24 lines, where it draws only the highlighted one's, not", () => {
    const both = (n: number) =>
      Array.from({ length: n }, (_, i) => [
        line(`f${i}`),
        line(`f${i} ssthresh`, { flow: `f${i}`, secondary: true }),
      ]).flat();
    const all = (lines: ChartLine[]) =>
      chartTable(lines, 'cwnd (kB)')
        .pages.flatMap((_, k) => chartTable(lines, 'cwnd (kB)', k).columns)
        .map((c) => c.label);
    expect(all(both(12))).toHaveLength(24);
    expect(all(both(12))).toContain('f11 ssthresh');
    expect(all(both(13))).toEqual(Array.from({ length: 13 }, (_, i) => `f${i}`));
  });

  it('is empty before any sample', () => {
    expect(chartTable([line('f0', { data: undefined })], 'cwnd (kB)')).toEqual({
      stepS: 0,
      columns: [],
      rows: [],
      pages: [],
      page: 0,
    });
  });
});

describe('chartSummary', () => {
  it('says the latest values of up to three lines in one sentence', () => {
    const lines = ['f0', 'f1', 'f2', 'f3'].map((k) => line(k));
    expect(chartSummary('Congestion window', lines, 'cwnd (kB)')).toBe(
      'Congestion window at 60 s: f0 70 kB, f1 70 kB, f2 70 kB, and 1 more.',
    );
    expect(chartSummary('Congestion window', [], 'cwnd (kB)')).toBeNull();
  });
});

describe('timeSeriesTable', () => {
  it('is the table the disclosure shows: the time first, then one column per line', () => {
    const t = timeSeriesTable('Congestion window', [line('f0')], 'cwnd (kB)')!;
    expect(t.caption).toBe('Congestion window, every 5 s (the CSV export has every sample)');
    expect(t.columns).toEqual(['time (s)', 'f0']);
    expect(t.rows[1]).toEqual({ head: '5', cells: ['15 kB'] });
    expect(timeSeriesTable('Congestion window', [], 'cwnd (kB)')).toBeNull();
  });

  it('with drop marks, says in a last column which drops each row stands for, by cause', () => {
    const drop = (tMs: number, cause: string) => ({ tMs, cause, color: '#000' });
    const causes = [
      { cause: 'queue', label: 'queue overflow' },
      { cause: 'lost', label: 'wireless loss' },
    ];
    const markers = [
      drop(0, 'queue'),
      drop(3000, 'lost'),
      drop(4000, 'queue'),
      drop(5000, 'lost'),
      drop(59_999, 'lost'),
    ];
    const t = timeSeriesTable('Queue', [line('f0')], 'queue (packets)', { markers, causes })!;
    expect(t.columns).toEqual(['time (s)', 'f0', 'drops since the row before']);
    // Rows every 5 s: 0 holds the drop at 0; 5 those after 0 up to 5; the last one the rest.
    expect(t.rows.slice(0, 3).map((r) => r.cells[1])).toEqual([
      '1 queue overflow',
      '1 queue overflow, 2 wireless loss',
      'none',
    ]);
    expect(t.rows[t.rows.length - 1].cells[1]).toBe('1 wireless loss');
    expect(timeSeriesTable('Queue', [line('f0')], 'queue (packets)', { markers: [], causes })!.columns).toEqual([
      'time (s)',
      'f0',
    ]);
  });
});

describe('sequenceTable', () => {
  it('lists the losses, resends, timeouts and verdicts in the window, in words', () => {
    const events = [
      { tMs: 100, kind: 'send', seq: 0 },
      { tMs: 200, kind: 'drop', seq: 1460, cause: 'corruption' },
      { tMs: 250, kind: 'verdict', seq: 1460, verdict: 'wireless' },
      { tMs: 400, kind: 'retransmit', seq: 1460 },
      { tMs: 5000, kind: 'timeout', seq: 2920 },
    ];
    const t = sequenceTable('f0', events, [0, 1000])!;
    expect(t.rows).toEqual([
      { head: '0.2', cells: ['lost (corruption)', '1460'] },
      { head: '0.25', cells: ['judged wireless', '1460'] },
      { head: '0.4', cells: ['sent again', '1460'] },
    ]);
    expect(t.caption).toContain('all in the shown time');
    expect(sequenceTable('f0', events.slice(0, 1), [0, 1000])).toBeNull();
    const many = Array.from({ length: 250 }, (_, i) => ({ tMs: i, kind: 'drop', seq: i }));
    const capped = sequenceTable('f0', many, [0, 1000])!;
    expect(capped.rows).toHaveLength(MAX_EVENT_ROWS);
    expect(capped.caption).toContain('the first 200 of 250');
  });
});
