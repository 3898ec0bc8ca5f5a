/**
 * The pool's warm-up sweep as the simulator reads it: it opens, has `WARM_POINTS` points, and has a
 * replication for every one of the `WARM_PASSES` passes (pass k runs replication k; a worker's
 * warm-up ends at the first replication the sweep does not have, before V8 has optimized the wasm).
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from './loadCoreForTests';
import { SweepModel } from './pageCore';
import { WARM_PASSES, WARM_POINTS, warmUpSweepJson } from './workerPoolWarmUp';

beforeAll(loadCoreForTests);

describe('the warm-up sweep', () => {
  it('has WARM_POINTS points and a replication for each of the WARM_PASSES passes', () => {
    const model = new SweepModel(warmUpSweepJson());
    expect(model.plan.points).toHaveLength(WARM_POINTS);
    expect(model.plan.replications).toBeGreaterThanOrEqual(WARM_PASSES);
    model.free();
  });
});
