/**
 * The learning events an embed posts to a subscribed course page, shaped as xAPI statements
 * (Experience API 1.0.3, "Statement": verb, object, result, timestamp) so a course platform's
 * adapter can add its own actor and forward them to a learning record store. The embed knows no
 * learner, so statements carry no `actor`.
 *
 *   { type: "losslab:statement", protocol: 1, event: "run", statement }
 *
 * A finished run is the verb "completed" on the run's activity — the embed address of its
 * scenario, so two runs of the same set-up name the same activity — with the run's whole-run
 * numbers as result extensions (keys are IRIs under the lab's own address, as xAPI requires).
 */
import type { SimSnapshot } from '../sim/simController';
import { PROTOCOL, type EventName } from './protocol';

export interface XapiStatement {
  verb: { id: string; display: Record<string, string> };
  object: {
    objectType: 'Activity';
    id: string;
    definition: { name: Record<string, string>; type: string };
  };
  result?: { completion?: boolean; extensions?: Record<string, unknown> };
  timestamp: string;
}

export interface StatementMessage {
  type: 'losslab:statement';
  protocol: number;
  event: EventName;
  statement: XapiStatement;
}

const COMPLETED = { id: 'http://adlnet.gov/expapi/verbs/completed', display: { 'en-US': 'completed' } };
const SIMULATION = 'http://adlnet.gov/expapi/activities/simulation';

/**
 * The statement of a finished run: `activityId` the embed address of its scenario, `base` the
 * lab's address (extension keys hang under `<base>xapi/`), `name` the scenario's title.
 */
export function runStatement(
  summary: NonNullable<SimSnapshot['summary']>,
  { activityId, base, name, now }: { activityId: string; base: string; name: string; now: Date },
): StatementMessage {
  const key = (k: string) => `${base}xapi/${k}`;
  const flows = summary.flows.map((f) => ({
    flow: f.flow_id,
    throughput_kbps: f.throughput_kbps,
    completion_s: f.completion_s ?? null,
    timeouts: f.timeouts,
  }));
  return {
    type: 'losslab:statement',
    protocol: PROTOCOL,
    event: 'run',
    statement: {
      verb: COMPLETED,
      object: { objectType: 'Activity', id: activityId, definition: { name: { 'en-US': name }, type: SIMULATION } },
      result: {
        completion: true,
        extensions: {
          [key('seed')]: summary.seed,
          [key('simulated_s')]: summary.end_s ?? null,
          [key('aggregate_throughput_kbps')]: summary.aggregate_throughput_kbps ?? null,
          [key('jain_index')]: summary.jain_index ?? null,
          [key('flows')]: flows,
        },
      },
      timestamp: now.toISOString(),
    },
  };
}
