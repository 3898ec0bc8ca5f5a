/**
 * The scenario the lab page opens with (DESIGN §4, schema 1): one bulk NewReno flow over a
 * 1 Mbit/s, 10 ms bottleneck with a bit error rate of 1e-6, for 60 simulated seconds, with the
 * oracle and Spike judging its losses alongside.
 */
export const DEFAULT_SCENARIO = {
  schema: 1,
  id: 'lab',
  title: 'LossLab',
  seed: 1,
  stop: { time_s: 60, when_transfers_done: true },
  topology: {
    kind: 'dumbbell',
    access: { rate_bps: 100000000, delay_ms: 0.1, queue: { kind: 'drop_tail', limit_pkts: 1000 } },
    bottleneck: {
      rate_bps: 1000000,
      delay_ms: 10,
      queue: { kind: 'drop_tail', limit_pkts: 99 },
      errors: { kind: 'bit_error', ber: 1e-6 },
    },
  },
  flows: [
    {
      id: 'f0',
      count: 1,
      start_s: 0,
      bytes: null,
      tcp: { cc: 'new_reno', classifier: 'always_congestion', profile: 'freebsd45' },
    },
  ],
  cross_traffic: [],
  observe: { sample_ms: 10, shadow_classifiers: ['oracle', 'spike'] },
};

export type Scenario = typeof DEFAULT_SCENARIO;

/** A deep copy of the default scenario, safe to edit. */
export function defaultScenario(): Scenario {
  return structuredClone(DEFAULT_SCENARIO);
}
