/**
 * The scenario the lab page opens with (docs/design.md §D4, schema 1), kept as a content file,
 * `content/default-scenario.json` (beside `content/scenarios/`, not in it, so it is not listed as a
 * preset; `sim-core/tests/default_scenario.rs` parses and runs it): one bulk NewReno flow over a
 * 1 Mbit/s, 10 ms bottleneck with a bit error rate of 1e-6, for 60 simulated seconds, with the
 * oracle and Spike judging its losses alongside.
 */
import DEFAULT_JSON from '../../../content/default-scenario.json';

export const DEFAULT_SCENARIO = DEFAULT_JSON;

export type Scenario = typeof DEFAULT_SCENARIO;

/** A deep copy of the default scenario, safe to edit. */
export function defaultScenario(): Scenario {
  return structuredClone(DEFAULT_SCENARIO);
}
