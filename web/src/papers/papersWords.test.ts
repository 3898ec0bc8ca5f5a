import { describe, expect, it } from 'vitest';
import { countsText, itemName, pointWords, replicationsFrom, windowWords } from './papersWords';

describe('papers words', () => {
  it('name figures and tables as the papers do', () => {
    expect(itemName('fig4')).toBe('Fig. 4');
    expect(itemName('fig5a')).toBe('Fig. 5(a)');
    expect(itemName('table1')).toBe('Table 1');
    expect(itemName('early-loss')).toBe('early loss');
  });

  it('word verdict counts', () => {
    expect(countsText([3, 1, 2])).toBe('3 reproduced · 1 direction only · 2 not reproduced');
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
