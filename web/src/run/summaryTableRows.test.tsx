/** The summary table of many connections shows its first rows until asked (issue 15: 1000 rows cost seconds of layout). */
import { renderToStaticMarkup } from 'react-dom/server';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import type { RunSummary } from '../sim/protocol';
import { ROWS_ABOVE, ROWS_SHOWN, SummaryTable } from './SummaryTable';

beforeAll(() => loadCoreForTests());

const summaryOf = (n: number): RunSummary =>
  ({
    scenario_id: 'many',
    seed: 1,
    flows: Array.from({ length: n }, (_, i) => ({
      flow_id: `f.${i}`,
      cc: 'new_reno',
      classifier: 'always_congestion',
      throughput_kbps: 10 + i,
    })),
  }) as unknown as RunSummary;

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
});
