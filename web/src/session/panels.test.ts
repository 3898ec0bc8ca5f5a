/** The one table of run panels, and the `panels=` text of embed links read through it. */
import { describe, expect, it } from 'vitest';
import { DEFAULT_EMBED_PANELS, isPanel, OVERLAY_PANELS, PANEL_TABLE, PANELS, parsePanels } from './panels';

describe('the panel table', () => {
  it('names each panel once, in display order', () => {
    expect(new Set(PANELS).size).toBe(PANEL_TABLE.length);
    expect(PANELS).toEqual(['cwnd', 'throughput', 'queue', 'fairness', 'sequence', 'classifier', 'packets']);
    expect(OVERLAY_PANELS).toEqual(['cwnd', 'throughput', 'queue']);
    expect(DEFAULT_EMBED_PANELS).toEqual(['cwnd', 'throughput']);
    expect(isPanel('sweep')).toBe(false);
  });

  it('reads `panels=` in display order, dropping unknown names, the defaults when none is left', () => {
    expect(parsePanels('throughput,bogus,cwnd')).toEqual(['cwnd', 'throughput']);
    expect(parsePanels('')).toEqual(['cwnd', 'throughput']);
    expect(parsePanels(null)).toEqual(['cwnd', 'throughput']);
    expect(parsePanels(' classifier ')).toEqual(['classifier']);
  });

  it('keeps a pair’s embed to the panels two runs can share', () => {
    expect(parsePanels('queue,classifier,cwnd', OVERLAY_PANELS)).toEqual(['cwnd', 'queue']);
    expect(parsePanels('classifier,packets', OVERLAY_PANELS)).toEqual(['cwnd', 'throughput']);
  });
});
