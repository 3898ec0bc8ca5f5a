/**
 * A reproduction's time-sequence plots come from the simulator (issue 12, M12): Gurtov Fig. 8's
 * `timeseq` entry is described without a run, then run and drawn through wasm with its marks
 * counted in the SVG, deterministically; a file without `timeseq` has none.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { ReproductionModel } from '../sim/reproductionCore';
import { findReproduction, resolveResource } from './paperFiles';

const model = (paper: string, id: string) => {
  const file = findReproduction(paper, id);
  if (!file) throw new Error(`content/reproductions/${paper}/${id}.json is missing`);
  return new ReproductionModel(JSON.stringify(file.json), resolveResource);
};

const count = (svg: string, cls: string) => svg.split(`class="${cls}"`).length - 1;

describe('time-sequence plots in the browser', () => {
  beforeAll(() => loadCoreForTests());

  it('are described, then run and drawn by the simulator', () => {
    const m = model('gurtov', 'fig8');
    const [spec, ...more] = m.timeSequenceSpecs();
    expect(more).toHaveLength(0);
    expect(spec).toMatchObject({ id: 'overflow-20', flow: 'tcp', from_s: null, to_s: 60, replication: 0 });
    expect(spec.at).toEqual([{ path: 'topology.bottleneck.queue.limit_pkts', value: 20 }]);
    const plot = m.timeSequence(0);
    expect(plot.counts.retransmits).toBeGreaterThan(0);
    expect(plot.counts.drops).toBeGreaterThan(0);
    expect(count(plot.svg, 'retx')).toBe(plot.counts.retransmits);
    expect(count(plot.svg, 'drop')).toBe(plot.counts.drops);
    expect(plot.caption).toContain('Time-sequence plot of flow tcp');
    expect(m.timeSequence(0).svg).toBe(plot.svg);
    expect(() => m.timeSequence(1)).toThrow(/no time-sequence plot 1/);
  });

  it('are absent when the file asks for none', () => {
    expect(model('gb04', 'fig4').timeSequenceSpecs()).toEqual([]);
  });
});
