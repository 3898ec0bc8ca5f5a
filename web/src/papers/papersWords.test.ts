import { describe, expect, it } from 'vitest';
import { countsText, itemName, replicationsFrom } from './papersWords';

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
});
