/**
 * Vitest helper: whole values of the types the simulator hands the page (`worker/core.generated.ts`),
 * every field present as the core sends it, from just the fields a test is about — a flow row
 * with every count zero, a run summary with no flows, a trace event with no cause or verdict.
 */
import type { FlowSummary, RunSummary, TraceEvent } from './worker/wasmTypes';

/** A flow's row: NewReno without a classifier, nothing delivered, then `fields`. */
export function flowRow(fields: Partial<FlowSummary> & { flow_id: string }): FlowSummary {
  return {
    cc: 'new_reno',
    classifier: 'none',
    bytes_delivered: 0,
    start_s: 0,
    completion_s: null,
    throughput_kbps: 0,
    goodput_kbps: 0,
    segments_sent: 0,
    retransmissions: 0,
    fast_retransmits: 0,
    timeouts: 0,
    losses_queue: 0,
    losses_corruption: 0,
    losses_other: 0,
    verdicts_congestion: 0,
    verdicts_wireless: 0,
    accuracy_congestion: null,
    accuracy_wireless: null,
    spurious_retransmissions: 0,
    shadows: [],
    ...fields,
  };
}

/** A run's summary: scenario `t`, seed 1, no flows, then `fields` (flows given as partial rows). */
export function runSummary(
  fields: Partial<Omit<RunSummary, 'flows'>> & { flows?: (Partial<FlowSummary> & { flow_id: string })[] } = {},
): RunSummary {
  const { flows = [], ...rest } = fields;
  return {
    scenario_id: 't',
    seed: 1,
    end_s: 0,
    events: 0,
    aggregate_throughput_kbps: 0,
    aggregate_goodput_kbps: 0,
    jain_index: null,
    notices: [],
    ...rest,
    flows: flows.map(flowRow),
  };
}

/** A trace event of flow 0 at sequence 0, no cause or verdict, then `fields`. */
export function traceEvent(fields: Partial<TraceEvent> & Pick<TraceEvent, 't_ms' | 'kind'>): TraceEvent {
  return { flow: 0, seq: 0, cause: null, verdict: null, ...fields };
}
