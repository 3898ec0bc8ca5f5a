import { describe, expect, it } from 'vitest';
import {
  countsText,
  itemName,
  pointWords,
  replicationsFrom,
  windowWords,
  comparisonSummary,
  intervalText,
} from './papersWords';

describe('papers words', () => {
  it('name figures and tables as the papers do', () => {
    expect(itemName('fig4')).toBe('Fig. 4');
    expect(itemName('fig5a')).toBe('Fig. 5(a)');
    expect(itemName('table1')).toBe('Table 1');
    expect(itemName('early-loss')).toBe('early loss');
  });

  it('word verdict counts', () => {
    expect(countsText([3, 1, 1, 2])).toBe('3 reproduced · 1 direction only · 1 inconclusive · 2 not reproduced');
  });

  it('read the replications of a link within the file’s bounds', () => {
    expect(replicationsFrom('10', 4, 30)).toBe(10);
    expect(replicationsFrom(null, 4, 30)).toBe(4);
    expect(replicationsFrom('0', 4, 30)).toBe(4);
    expect(replicationsFrom('31', 4, 30)).toBe(4);
    expect(replicationsFrom('2.5', 4, 30)).toBe(4);
  });

  it('word a time-sequence plot’s point and window', () => {
    const x = { path: 'topology.bottleneck.queue.limit_pkts', label: 'Router buffer size', unit: 'packets' };
    expect(pointWords([{ path: x.path, value: 20 }], x)).toBe('Router buffer size 20 packets');
    expect(
      pointWords(
        [
          { path: x.path, value: 100000 },
          { path: 'topology.bottleneck.errors', value: { kind: 'drop_list', packets: [398, 399] } },
        ],
        x,
      ),
    ).toBe('Router buffer size 100,000 packets · errors: drop list, packets 398, 399');
    expect(windowWords(null, 60)).toBe('0–60 s');
    expect(windowWords(50, 80)).toBe('50–80 s');
    expect(windowWords(50, null)).toBe('from 50 s to the end');
    expect(windowWords(null, null)).toBe('the whole run');
  });
});

describe('the paper’s numbers beside LossLab’s', () => {
  it('summarise the cells within 10 % and 20 % and the median |deviation|', () => {
    const rows = [{ deviation: 0.05 }, { deviation: -0.15 }, { deviation: 0.5 }, { deviation: null }];
    expect(comparisonSummary(rows)).toBe(
      'The paper’s numbers beside LossLab’s, 4 cells: 1 of 3 within 10 %, 2 within 20 %; median |deviation| 15.0 %.',
    );
    expect(comparisonSummary([])).toContain('median |deviation| —');
  });

  it('write a symmetric interval with ±, a bounded one with its ends', () => {
    expect(intervalText({ mean: 800, low: 790, high: 810, n: 5 })).toBe('800 ± 10 (n = 5)');
    expect(intervalText({ mean: 0.9, low: 0.7, high: 0.95, n: 3 })).toBe('0.9 [0.7 … 0.95] (n = 3)');
    expect(intervalText({ mean: 12, low: 12, high: 12, n: 1 })).toBe('12 (n = 1)');
  });
});
