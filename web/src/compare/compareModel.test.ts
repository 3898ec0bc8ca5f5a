import { describe, expect, it } from 'vitest';
import { runSummary } from '../sim/summaryForTests';
import type { RunSummary } from '../sim/protocol';
import { diffRows, matchFlows } from './compareModel';

describe('compare differences', () => {
  it('pair flows by id and compute Δ and Δ% against A', () => {
    const a = runSummary({
      scenario_id: 'a',
      flows: [{ flow_id: 'f0', throughput_kbps: 400, timeouts: 2, accuracy_wireless: null, completion_s: 0 }],
    });
    const b: RunSummary = runSummary({
      scenario_id: 'b',
      flows: [
        { flow_id: 'f0', throughput_kbps: 500, timeouts: 3, accuracy_wireless: 1, completion_s: 2 },
        { flow_id: 'x', throughput_kbps: 1 },
      ],
    });
    const rows = diffRows(a, b);
    const t = rows.find((r) => r.flow === 'f0' && r.metric === 'throughput_kbps')!;
    expect(t).toMatchObject({ a: 400, b: 500, delta: 100, deltaPct: 25, verdict: 1 });
    expect(rows.find((r) => r.flow === 'f0' && r.metric === 'timeouts')).toMatchObject({
      delta: 1,
      deltaPct: 50,
      verdict: -1,
    });
    expect(rows.find((r) => r.flow === 'f0' && r.metric === 'accuracy_wireless')).toMatchObject({
      a: null,
      delta: null,
      deltaPct: null,
    });
    expect(rows.find((r) => r.flow === 'f0' && r.metric === 'completion_s')).toMatchObject({
      delta: 2,
      deltaPct: null,
    });
    expect(rows.filter((r) => r.flow === 'x').every((r) => r.a === null)).toBe(true);
    expect(diffRows(null, null)).toEqual([]);
  });

  it('match flows by position when the ids differ (paired presets: tcp vs ld)', () => {
    const a = runSummary({ scenario_id: 'a', flows: [{ flow_id: 'tcp', throughput_kbps: 100 }] });
    const b = runSummary({ scenario_id: 'b', flows: [{ flow_id: 'ld', throughput_kbps: 150 }] });
    expect(matchFlows(a, b).byPosition).toBe(true);
    expect(diffRows(a, b).find((r) => r.metric === 'throughput_kbps')).toMatchObject({
      flow: 'tcp',
      flowB: 'ld',
      delta: 50,
    });
  });
});
