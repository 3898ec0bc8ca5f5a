import { describe, expect, it } from 'vitest';
import { allPapers, buildPapers, resolveResource } from './paperFiles';

describe('the papers’ files', () => {
  it('count a paper’s reference items and name the ones without a reproduction', () => {
    const papers = buildPapers(
      { '../../../content/reproductions/gb04/fig4.json': { title: 'Fig 4', source: 'p. 414' } },
      {
        '../../../content/reference/gb04/fig4.json': { title: 'four' },
        '../../../content/reference/gb04/fig10.json': { title: 'ten' },
        '../../../content/reference/gb04/fig5.json': { title: 'five' },
      },
      { '../../../content/reference/gb04.json': { paper: 'García & Brunstrom 2004' } },
    );
    const gb04 = papers.find((p) => p.id === 'gb04')!;
    expect(gb04.items.map((i) => i.id)).toEqual(['fig4', 'fig5', 'fig10']);
    expect(gb04.missing.map((i) => i.id)).toEqual(['fig5', 'fig10']);
    expect(gb04.citation).toBe('García & Brunstrom 2004');
    expect(papers.map((p) => p.id)).toEqual(['gb04', 'lj', 'gurtov', 'njplus']);
  });

  it('bundle every reproduction and reference file, and load what a reproduction names', () => {
    const gb04 = allPapers().find((p) => p.id === 'gb04')!;
    expect(gb04.reproductions.some((r) => r.id === 'fig4')).toBe(true);
    expect(gb04.items.length).toBeGreaterThanOrEqual(15);
    expect(resolveResource('scenario', 'gb04-s1-1mbps-10ms')).not.toBeNull();
    expect(resolveResource('reference', 'gb04/fig4.json')).not.toBeNull();
    expect(resolveResource('reference', 'gb04/nope.json')).toBeNull();
  });
});
