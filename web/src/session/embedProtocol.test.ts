import { describe, expect, it } from 'vitest';
import { runSummary } from '../sim/summaryForTests';
import { parseCommand, parseOrigins, PROTOCOL, readyMessage } from './embedProtocol';
import { predictionStatement, runStatement } from './xapi';

const cmd = (fields: Record<string, unknown>) => ({ type: 'losslab:command', protocol: PROTOCOL, id: 7, ...fields });

describe('parseCommand', () => {
  it('leaves other messages alone', () => {
    for (const d of [null, 3, 'run', { type: 'losslab:status' }, { type: 'other', command: 'run' }])
      expect(parseCommand(d)).toEqual({ kind: 'other' });
  });

  it('reads every command with its fields', () => {
    expect(parseCommand(cmd({ command: 'run' }))).toEqual({ kind: 'command', command: { id: 7, command: 'run' } });
    expect(parseCommand(cmd({ command: 'set', path: 'topology.bottleneck.errors.ber', value: 1e-5 }))).toEqual({
      kind: 'command',
      command: { id: 7, command: 'set', path: 'topology.bottleneck.errors.ber', value: 1e-5 },
    });
    expect(parseCommand(cmd({ command: 'step', toMs: 2500 }))).toMatchObject({ command: { toMs: 2500 } });
    expect(parseCommand(cmd({ command: 'subscribe', events: ['run', 'run'] }))).toMatchObject({
      command: { events: ['run'] },
    });
    expect(parseCommand(cmd({ command: 'setState', state: { protocol: PROTOCOL, scenario: 'abc' } }))).toMatchObject({
      command: { state: { scenario: 'abc' } },
    });
  });

  it("reads a pair's side and configuration B", () => {
    expect(parseCommand(cmd({ command: 'set', path: 'seed', value: 3, side: 'b' }))).toEqual({
      kind: 'command',
      command: { id: 7, command: 'set', path: 'seed', value: 3, side: 'b' },
    });
    expect(parseCommand(cmd({ command: 'set', path: 'seed', value: 3, side: 'c' }))).toMatchObject({
      kind: 'bad',
      error: '"set": "side" is "a" or "b" (a configuration of a pair), not "c"',
    });
    expect(
      parseCommand(cmd({ command: 'setState', state: { protocol: PROTOCOL, scenario: 'abc', scenarioB: 'def' } })),
    ).toMatchObject({ command: { state: { scenario: 'abc', scenarioB: 'def' } } });
    expect(
      parseCommand(cmd({ command: 'setState', state: { protocol: PROTOCOL, scenario: 'abc', scenarioB: 4 } })),
    ).toMatchObject({ kind: 'bad', error: expect.stringContaining('"scenarioB"') });
  });

  it('answers a malformed command with its problem and the id when it has one', () => {
    const bad = (fields: Record<string, unknown>) => parseCommand(cmd(fields));
    expect(bad({ command: 'fly' })).toMatchObject({
      kind: 'bad',
      id: 7,
      error: expect.stringContaining('unknown command "fly"'),
    });
    expect(bad({ command: 'set', value: 1 })).toMatchObject({ kind: 'bad', error: expect.stringContaining('"path"') });
    expect(bad({ command: 'set', path: 'seed' })).toMatchObject({ kind: 'bad', error: '"set" needs a "value"' });
    expect(bad({ command: 'set', path: 'a.'.repeat(600), value: 1 })).toMatchObject({ kind: 'bad' });
    expect(bad({ command: 'step', toMs: -1 })).toMatchObject({ kind: 'bad' });
    expect(bad({ command: 'step', toMs: Number.NaN })).toMatchObject({ kind: 'bad' });
    expect(bad({ command: 'subscribe', events: ['predicted'] })).toMatchObject({
      error: expect.stringContaining('unknown event'),
    });
    expect(bad({ command: 'setState', state: { scenario: 5 } })).toMatchObject({ kind: 'bad' });
    expect(bad({ command: 'run', protocol: 2 })).toMatchObject({ error: expect.stringContaining('protocol 1') });
    expect(parseCommand({ type: 'losslab:command', protocol: PROTOCOL, command: 'run' })).toMatchObject({
      kind: 'bad',
      id: null,
    });
  });
});

describe("a lesson figure's state", () => {
  const state = (st: Record<string, unknown>) =>
    parseCommand(cmd({ command: 'setState', state: { protocol: PROTOCOL, ...st } }));

  it('reads controls and predictions, keeping only the fields a prediction has', () => {
    expect(
      state({
        controls: { 'topology.bottleneck.errors.ber': 1e-5 },
        predictions: { a: { chosen: 1, observed: true, extra: 'x' }, b: { chosen: 'more' }, c: {} },
      }),
    ).toEqual({
      kind: 'command',
      command: {
        id: 7,
        command: 'setState',
        state: {
          protocol: PROTOCOL,
          controls: { 'topology.bottleneck.errors.ber': 1e-5 },
          predictions: { a: { chosen: 1, observed: true }, b: { chosen: 'more' }, c: {} },
        },
      },
    });
    expect(state({ predictions: {} })).toMatchObject({ command: { state: { controls: {}, predictions: {} } } });
  });

  it('names what is wrong with one', () => {
    expect(state({ controls: [1] })).toMatchObject({
      kind: 'bad',
      error: expect.stringContaining('"controls" is an object'),
    });
    expect(state({ controls: {}, predictions: { a: 3 } })).toMatchObject({
      error: expect.stringContaining('prediction "a"'),
    });
    expect(state({ controls: {}, predictions: { a: { chosen: -1 } } })).toMatchObject({
      error: expect.stringContaining("a choice's index (0, 1, …)"),
    });
    expect(state({ controls: {}, predictions: { a: { chosen: 1.5 } } })).toMatchObject({ kind: 'bad' });
    expect(state({ controls: {}, predictions: { a: { chosen: 0, observed: 'yes' } } })).toMatchObject({
      error: expect.stringContaining('"observed" is true or false'),
    });
    expect(state({ controls: { p: 'x'.repeat(70_000) } })).toMatchObject({
      error: expect.stringContaining('longer than'),
    });
  });

  it('the ready message lists the events of the embed that sends it', () => {
    expect(readyMessage(['run']).events).toEqual(['run']);
    expect(readyMessage(['run', 'prediction', 'answer'])).toMatchObject({ type: 'losslab:ready', protocol: PROTOCOL });
  });
});

describe('parseOrigins', () => {
  it('keeps exact origins and names what is not one', () => {
    expect(parseOrigins('https://course.example.org, https://lms.example.edu/,https://course.example.org')).toEqual({
      origins: ['https://course.example.org', 'https://lms.example.edu'],
      problems: [],
    });
    const r = parseOrigins('*,https://a.example/path,javascript:alert(1)');
    expect(r.origins).toEqual([]);
    expect(r.problems).toHaveLength(3);
    expect(parseOrigins(null)).toEqual({ origins: [], problems: [] });
  });
});

describe('runStatement', () => {
  it('is an xAPI "completed" statement of the run with its numbers', () => {
    const m = runStatement(
      runSummary({
        scenario_id: 'demo',
        seed: 3,
        end_s: 12.5,
        aggregate_throughput_kbps: 900,
        jain_index: 0.98,
        flows: [{ flow_id: 'ld', throughput_kbps: 450, completion_s: 9.1, timeouts: 2 }],
      }),
      { activityId: 'https://lab.example/#/embed?s=x', base: 'https://lab.example/', name: 'Demo', now: new Date(0) },
    );
    expect(m).toMatchObject({ type: 'losslab:statement', protocol: PROTOCOL, event: 'run' });
    expect(m.statement.verb.id).toBe('http://adlnet.gov/expapi/verbs/completed');
    expect(m.statement.object).toMatchObject({ id: 'https://lab.example/#/embed?s=x', objectType: 'Activity' });
    expect(m.statement.object.definition.name['en-US']).toBe('Demo');
    expect(m.statement.result?.extensions?.['https://lab.example/xapi/jain_index']).toBe(0.98);
    expect(m.statement.result?.extensions?.['https://lab.example/xapi/flows']).toEqual([
      { flow: 'ld', throughput_kbps: 450, completion_s: 9.1, timeouts: 2 },
    ]);
    expect(m.statement.timestamp).toBe('1970-01-01T00:00:00.000Z');
    expect(m.statement).not.toHaveProperty('actor');
  });
});

describe('predictionStatement', () => {
  const q = {
    lessonId: 'loss-as-congestion',
    id: 'which-first',
    question: 'Which flow finishes first?',
    choices: ['Plain', 'LD', 'Together'],
    answer: 1,
  };
  const base = 'https://lab.example/';

  it('a prediction is "responded" to a choice question of its lesson, with the response only', () => {
    const m = predictionStatement('prediction', q, 2, { base, now: new Date(0) });
    expect(m.event).toBe('prediction');
    expect(m.statement.verb.id).toBe('http://adlnet.gov/expapi/verbs/responded');
    expect(m.statement.object.id).toBe('https://lab.example/xapi/lessons/loss-as-congestion/predictions/which-first');
    expect(m.statement.object.definition).toEqual({
      name: { 'en-US': 'Which flow finishes first?' },
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      interactionType: 'choice',
      choices: [
        { id: '0', description: { 'en-US': 'Plain' } },
        { id: '1', description: { 'en-US': 'LD' } },
        { id: '2', description: { 'en-US': 'Together' } },
      ],
      correctResponsesPattern: ['1'],
    });
    expect(m.statement.result).toEqual({ response: '2' });
    expect(m.statement.context?.contextActivities.parent).toEqual([
      { objectType: 'Activity', id: 'https://lab.example/#/learn/loss-as-congestion' },
    ]);
  });

  it('an answer is "answered", with success against the key and the setting that ran', () => {
    const setting = { 'flows[0].tcp.classifier': 'checksum' };
    const wrong = predictionStatement('answer', q, 2, { base, now: new Date(0), setting });
    expect(wrong.statement.verb.id).toBe('http://adlnet.gov/expapi/verbs/answered');
    expect(wrong.statement.result).toEqual({
      response: '2',
      success: false,
      completion: true,
      extensions: { 'https://lab.example/xapi/setting': setting },
    });
    expect(predictionStatement('answer', q, 1, { base, now: new Date(0) }).statement.result?.success).toBe(true);
  });

  it('a question answered in words is a long fill-in without success', () => {
    const free = { lessonId: 'l', id: 'why', question: 'Why?' };
    const m = predictionStatement('answer', free, 'the queue fills', { base, now: new Date(0) });
    expect(m.statement.object.definition).toEqual({
      name: { 'en-US': 'Why?' },
      type: 'http://adlnet.gov/expapi/activities/cmi.interaction',
      interactionType: 'long-fill-in',
    });
    expect(m.statement.result).toEqual({ response: 'the queue fills', completion: true });
  });
});
