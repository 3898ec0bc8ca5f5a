/**
 * The learning events an embed posts to a subscribed course page, shaped as xAPI statements
 * (Experience API 1.0.3, "Statement": verb, object, result, timestamp) so a course platform's
 * adapter can add its own actor and forward them to a learning record store. The embed knows no
 * learner, so statements carry no `actor`.
 *
 *   { type: "losslab:statement", protocol: 1, event: "run", statement }
 *
 * A finished run is the verb "completed" on the run's activity — the embed address of its
 * scenario (or of its lesson figure), so two runs of the same set-up name the same activity — with
 * the run's whole-run numbers as result extensions (keys are IRIs under the lab's own address, as
 * xAPI requires).
 *
 * A lesson figure's prediction is a question, an xAPI interaction activity ("cmi.interaction":
 * `choice` with its choices and the key, or `long-fill-in` for free text), whose parent is the
 * lesson. Committing a prediction is the verb "responded" with the response; the run that answers
 * it, once its explanation shows, is the verb "answered" with the response again, `success` when
 * the question has a key, and the control values of that run.
 */
import type { SimSnapshot } from '../sim/simController';
import { PROTOCOL, type EventName } from './embedProtocol';

/** An xAPI activity definition: a name and a type, and for a question its interaction. */
export interface ActivityDefinition {
  name: Record<string, string>;
  type: string;
  interactionType?: 'choice' | 'long-fill-in';
  choices?: { id: string; description: Record<string, string> }[];
  correctResponsesPattern?: string[];
}

export interface XapiStatement {
  verb: { id: string; display: Record<string, string> };
  object: { objectType: 'Activity'; id: string; definition: ActivityDefinition };
  result?: {
    response?: string;
    success?: boolean;
    completion?: boolean;
    extensions?: Record<string, unknown>;
  };
  context?: { contextActivities: { parent: { objectType: 'Activity'; id: string }[] } };
  timestamp: string;
}

export interface StatementMessage {
  type: 'losslab:statement';
  protocol: number;
  event: EventName;
  statement: XapiStatement;
}

const verb = (name: string) => ({ id: `http://adlnet.gov/expapi/verbs/${name}`, display: { 'en-US': name } });
const COMPLETED = verb('completed');
const RESPONDED = verb('responded');
const ANSWERED = verb('answered');
const SIMULATION = 'http://adlnet.gov/expapi/activities/simulation';
const INTERACTION = 'http://adlnet.gov/expapi/activities/cmi.interaction';

/**
 * The statement of a finished run: `activityId` the embed address of its scenario, `base` the
 * lab's address (extension keys hang under `<base>xapi/`), `name` the scenario's title.
 */
export function runStatement(
  summary: NonNullable<SimSnapshot['summary']>,
  {
    activityId,
    base,
    name,
    now,
    extra = {},
  }: {
    activityId: string;
    base: string;
    name: string;
    now: Date;
    /** More result extensions (a lesson figure adds its control values as `setting`). */
    extra?: Record<string, unknown>;
  },
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
          ...Object.fromEntries(Object.entries(extra).map(([k, v]) => [key(k), v])),
        },
      },
      timestamp: now.toISOString(),
    },
  };
}

/** A lesson figure's question, as the statements about it name it. */
export interface QuestionRef {
  lessonId: string;
  /** The prediction's id within its lesson. */
  id: string;
  question: string;
  choices?: readonly string[];
  /** The index of the choice the model bears out, when the question has one. */
  answer?: number;
}

/**
 * A prediction's statement: `event` "prediction" when the learner commits `chosen` (verb
 * "responded"), "answer" when the run that answers it has finished and its explanation shows
 * (verb "answered", with `success` for a question with a key and the run's `setting`).
 */
export function predictionStatement(
  event: 'prediction' | 'answer',
  q: QuestionRef,
  chosen: number | string,
  { base, now, setting }: { base: string; now: Date; setting?: Record<string, unknown> },
): StatementMessage {
  const definition: ActivityDefinition = q.choices
    ? {
        name: { 'en-US': q.question },
        type: INTERACTION,
        interactionType: 'choice',
        choices: q.choices.map((c, i) => ({ id: String(i), description: { 'en-US': c } })),
        ...(q.answer !== undefined ? { correctResponsesPattern: [String(q.answer)] } : {}),
      }
    : { name: { 'en-US': q.question }, type: INTERACTION, interactionType: 'long-fill-in' };
  const response = String(chosen);
  const result: NonNullable<XapiStatement['result']> =
    event === 'prediction'
      ? { response }
      : {
          response,
          ...(q.choices && q.answer !== undefined ? { success: chosen === q.answer } : {}),
          completion: true,
          ...(setting ? { extensions: { [`${base}xapi/setting`]: setting } } : {}),
        };
  return {
    type: 'losslab:statement',
    protocol: PROTOCOL,
    event,
    statement: {
      verb: event === 'prediction' ? RESPONDED : ANSWERED,
      object: {
        objectType: 'Activity',
        id: `${base}xapi/lessons/${encodeURIComponent(q.lessonId)}/predictions/${encodeURIComponent(q.id)}`,
        definition,
      },
      result,
      context: {
        contextActivities: {
          parent: [{ objectType: 'Activity', id: `${base}#/learn/${encodeURIComponent(q.lessonId)}` }],
        },
      },
      timestamp: now.toISOString(),
    },
  };
}
