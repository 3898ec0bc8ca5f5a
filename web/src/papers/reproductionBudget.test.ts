/**
 * The browser's budget (sim-core `budget.rs`) stands before a reproduction fans out: the
 * Papers view plans a figure with `new SweepModel(model.sweepJson(reps))`, and that plan is refused
 * with the budget's sentence when the replications would need more work than a tab may take.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { SweepModel } from '../sim/pageCore';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import { ReproductionModel } from '../sim/reproductionCore';
import { findReproduction, resolveResource } from './paperFiles';

describe('a reproduction planned in the browser', () => {
  beforeAll(() => loadCoreForTests());

  const model = () => {
    const file = findReproduction('gb04', 'fig4');
    if (!file) throw new Error('content/reproductions/gb04/fig4.json is missing');
    return new ReproductionModel(JSON.stringify(file.json), resolveResource);
  };

  it('is accepted at the paper’s replication count', () => {
    const m = model();
    const plan = new SweepModel(m.sweepJson(m.info.replications));
    expect(plan.plan.points.length).toBeGreaterThan(1);
  });

  it('is refused before any run when the replications exceed the browser’s budget', () => {
    const m = model();
    expect(() => new SweepModel(m.sweepJson(50_000))).toThrow(/simulator events in all.*replications/s);
  });
});
