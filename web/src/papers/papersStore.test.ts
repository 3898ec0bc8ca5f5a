// @vitest-environment jsdom
import { beforeEach, describe, expect, it } from 'vitest';
import { PAPERS_KEY, storedResults, storeResult } from './papersStore';

describe('the Papers view remembers how each figure came out', () => {
  beforeEach(() => localStorage.clear());

  it('keeps all four verdict classes of a finished run', () => {
    storeResult('gb04/fig4', { counts: [3, 1, 2, 1], replications: 5 });
    expect(storedResults()['gb04/fig4']).toEqual({ counts: [3, 1, 2, 1], replications: 5 });
  });

  it('drops a result stored with three classes, before inconclusive existed', () => {
    localStorage.setItem(PAPERS_KEY, JSON.stringify({ 'gb04/fig4': { counts: [3, 1, 2], replications: 5 } }));
    expect(storedResults()).toEqual({});
  });
});
