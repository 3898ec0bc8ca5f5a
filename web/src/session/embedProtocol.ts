/**
 * The embed's two-way protocol (docs/embedding.md): the commands a course page may send an
 * embedded LossLab with `postMessage`, how they are checked, and the replies. Pure functions,
 * shared by the two embeds that take commands: the embed of a scenario or a pair
 * (`embed/useEmbedCommands.ts`) and the embed of one lesson figure (`learn/useFigureCommands.ts`),
 * both listening through `useEmbedChannel.ts`.
 *
 * A command: `{ type: "losslab:command", protocol: 1, id, command, …fields }`, where `id` is the
 * sender's (a string or a number) and is repeated in the reply:
 *
 *   set        { path, value, side? }  put `value` at the scenario path (`flows[0].tcp.cc`); takes
 *                                 effect at the next `run`; refused, with the simulator's problems,
 *                                 when the changed scenario is not valid. In the embed of a pair,
 *                                 `side` "a" or "b" picks one configuration; without it both change
 *                                 (B always runs on A's seed)
 *   run                           run the scenario (a paused run of the same scenario resumes)
 *   pause                         pause the run
 *   step       { toMs? }          advance one sample period (or to simulated time `toMs`) and stay paused
 *   reset                         drop the run and clear the charts
 *   getState                      → { state: { protocol, scenario, status, nowMs } } (a pair adds
 *                                 `scenarioB` and `nowMsB`; a lesson figure's state is its
 *                                 `controls` and `predictions` instead of a scenario)
 *   setState   { state }          load `state.scenario` (and a pair's `scenarioB`), or a figure's
 *                                 `controls` and `predictions`, as `getState` gave them, and reset
 *
 * `run`, `pause`, `step` and `reset` act on both configurations of a pair; `step` moves both by one
 * sample period (or both to `toMs`).
 *   subscribe  { events }         start posting these events as xAPI statements: `run`, and in
 *                                 a lesson figure's embed `prediction` and `answer` too
 *   unsubscribe { events }        stop
 *
 * A reply: `{ type: "losslab:reply", protocol: 1, id, ok: true, result? }` or
 * `{ …, ok: false, error }` with the problem in plain words. Once it takes commands the embed posts
 * `{ type: "losslab:ready", protocol: 1, commands, events }`: a page should wait for it before its
 * first command (the embed loads the simulator first, which may end after the frame's `load`).
 *
 * Commands are taken only from the page that embeds LossLab (the frame's parent) and only when
 * that page's origin is one the embed's address lists (`origins=https://a.example,https://b.example`);
 * everything else is ignored. Replies and events go to that origin only.
 */

/** The protocol's version, in every message both ways. */
export const PROTOCOL = 1;

/**
 * The events a page can subscribe to: a finished run; a prediction committed; the answer shown
 * (the run that answers a prediction finished and its explanation appeared). Only a lesson
 * figure's embed has predictions.
 */
export const EVENT_NAMES = ['run', 'prediction', 'answer'] as const;
export type EventName = (typeof EVENT_NAMES)[number];

export type CommandId = string | number;

/** What `getState` answers and `setState` takes. */
export interface EmbedState {
  protocol: number;
  /** The scenario as the share link encodes it (`s=` of `#/embed?s=…`). */
  scenario: string;
  /** A pair's configuration B, encoded the same way (`b=`). */
  scenarioB?: string;
  /** The run's status (`idle`, `loading`, `running`, `paused`, `done`, `error`); ignored by `setState`. */
  status?: string;
  /** Simulated time of the run, ms; ignored by `setState`. */
  nowMs?: number;
  /** A pair's configuration B: its simulated time, ms; ignored by `setState`. */
  nowMsB?: number;
}

/** What a lesson figure's prediction keeps (learn/predictState.ts `PredictRecord`). */
export interface PredictionState {
  /** The committed choice: an index into the question's choices, or free text. */
  chosen?: number | string;
  /** The run that answers it has finished since: its explanation shows. */
  observed?: boolean;
}

/** What a lesson figure's embed answers to `getState` and takes in `setState`. */
export interface FigureState {
  protocol: number;
  /** `<lesson>/<figure>`; ignored by `setState`. */
  figure?: string;
  /** Each control's value, by its scenario path. */
  controls: Record<string, unknown>;
  /** Each of the figure's predictions, by its id. */
  predictions: Record<string, PredictionState>;
  status?: string;
  nowMs?: number;
}

/** One configuration of the embed of a pair. */
export type Side = 'a' | 'b';

export type Command =
  | { id: CommandId; command: 'set'; path: string; value: unknown; side?: Side }
  | { id: CommandId; command: 'run' | 'pause' | 'reset' | 'getState' }
  | { id: CommandId; command: 'step'; toMs?: number }
  | { id: CommandId; command: 'setState'; state: EmbedState | FigureState }
  | { id: CommandId; command: 'subscribe' | 'unsubscribe'; events: EventName[] };

export type CommandName = Command['command'];

const COMMANDS: readonly CommandName[] = [
  'set',
  'run',
  'pause',
  'step',
  'reset',
  'getState',
  'setState',
  'subscribe',
  'unsubscribe',
];

/** The reading of one message: not a command at all, a command with a problem, or a command. */
export type Parsed =
  { kind: 'other' } | { kind: 'bad'; id: CommandId | null; error: string } | { kind: 'command'; command: Command };

/** The longest scenario path or encoded state a command may carry (characters). */
export const MAX_PATH_CHARS = 1000;
export const MAX_STATE_CHARS = 64_000;

function isId(x: unknown): x is CommandId {
  return (typeof x === 'string' && x.length > 0 && x.length <= 200) || (typeof x === 'number' && Number.isFinite(x));
}

/** Reads a message's data as a command. Messages of other types are `other` (left alone). */
export function parseCommand(data: unknown): Parsed {
  if (data === null || typeof data !== 'object' || (data as { type?: unknown }).type !== 'losslab:command')
    return { kind: 'other' };
  const m = data as Record<string, unknown>;
  const id = isId(m.id) ? m.id : null;
  const bad = (error: string): Parsed => ({ kind: 'bad', id, error });
  if (id === null) return bad('a command needs an "id" (a string or a number) to answer to');
  if (m.protocol !== PROTOCOL)
    return bad(`this LossLab speaks protocol ${PROTOCOL}; the command says ${String(m.protocol)}`);
  const name = m.command;
  if (typeof name !== 'string' || !(COMMANDS as readonly string[]).includes(name))
    return bad(`unknown command ${JSON.stringify(name)} (known: ${COMMANDS.join(', ')})`);
  switch (name as CommandName) {
    case 'set': {
      if (typeof m.path !== 'string' || m.path.trim() === '')
        return bad('"set" needs a "path" such as "topology.bottleneck.errors.ber"');
      if (m.path.length > MAX_PATH_CHARS) return bad(`"set": the path is longer than ${MAX_PATH_CHARS} characters`);
      if (!('value' in m) || m.value === undefined) return bad('"set" needs a "value"');
      if (m.side === undefined)
        return { kind: 'command', command: { id, command: 'set', path: m.path, value: m.value } };
      if (m.side !== 'a' && m.side !== 'b')
        return bad(`"set": "side" is "a" or "b" (a configuration of a pair), not ${JSON.stringify(m.side)}`);
      return { kind: 'command', command: { id, command: 'set', path: m.path, value: m.value, side: m.side } };
    }
    case 'step': {
      if (m.toMs === undefined) return { kind: 'command', command: { id, command: 'step' } };
      if (typeof m.toMs !== 'number' || !Number.isFinite(m.toMs) || m.toMs < 0)
        return bad('"step": "toMs" is a simulated time in ms, a number from 0');
      return { kind: 'command', command: { id, command: 'step', toMs: m.toMs } };
    }
    case 'setState': {
      const st = m.state as Record<string, unknown> | null | undefined;
      if (!st || typeof st !== 'object' || Array.isArray(st))
        return bad('"setState" needs a "state" as "getState" gives it');
      if (st.protocol !== PROTOCOL) return bad(`"setState": the state is of protocol ${String(st.protocol)}`);
      if (st.scenario === undefined && (st.controls !== undefined || st.predictions !== undefined))
        return figureState(st, id, bad);
      if (typeof st.scenario !== 'string')
        return bad('"setState" needs a "state" as "getState" gives it (with its "scenario")');
      if (st.scenario.length > MAX_STATE_CHARS)
        return bad(`"setState": the scenario is longer than ${MAX_STATE_CHARS} characters`);
      if (st.scenarioB === undefined)
        return {
          kind: 'command',
          command: { id, command: 'setState', state: { protocol: PROTOCOL, scenario: st.scenario } },
        };
      if (typeof st.scenarioB !== 'string' || st.scenarioB.length > MAX_STATE_CHARS)
        return bad(`"setState": "scenarioB" is an encoded scenario of at most ${MAX_STATE_CHARS} characters`);
      return {
        kind: 'command',
        command: {
          id,
          command: 'setState',
          state: { protocol: PROTOCOL, scenario: st.scenario, scenarioB: st.scenarioB },
        },
      };
    }
    case 'subscribe':
    case 'unsubscribe': {
      const ev = m.events;
      if (!Array.isArray(ev) || ev.length === 0)
        return bad(`"${name}" needs "events", a list of: ${EVENT_NAMES.join(', ')}`);
      const unknown = ev.filter((e) => !(EVENT_NAMES as readonly unknown[]).includes(e));
      if (unknown.length > 0)
        return bad(`"${name}": unknown event ${JSON.stringify(unknown[0])} (known: ${EVENT_NAMES.join(', ')})`);
      return {
        kind: 'command',
        command: { id, command: name as 'subscribe' | 'unsubscribe', events: [...new Set(ev as EventName[])] },
      };
    }
    default:
      return { kind: 'command', command: { id, command: name as 'run' | 'pause' | 'reset' | 'getState' } };
  }
}

const isPlainObject = (x: unknown): x is Record<string, unknown> =>
  typeof x === 'object' && x !== null && !Array.isArray(x);

/**
 * A lesson figure's state, checked for shape only (which controls and predictions the figure has,
 * and their values, the figure's embed checks): `controls` an object, `predictions` an object of
 * `{ chosen?, observed? }`, the whole at most {@link MAX_STATE_CHARS} characters of JSON.
 */
function figureState(st: Record<string, unknown>, id: CommandId, bad: (e: string) => Parsed): Parsed {
  const controls = st.controls ?? {};
  const predictions = st.predictions ?? {};
  if (!isPlainObject(controls)) return bad('"setState": "controls" is an object { control path: value }');
  if (!isPlainObject(predictions)) return bad('"setState": "predictions" is an object { prediction id: { chosen } }');
  if (JSON.stringify({ controls, predictions }).length > MAX_STATE_CHARS)
    return bad(`"setState": the state is longer than ${MAX_STATE_CHARS} characters`);
  const read: Record<string, PredictionState> = {};
  for (const [pid, r] of Object.entries(predictions)) {
    if (!isPlainObject(r)) return bad(`"setState": prediction "${pid}" is an object { chosen, observed }`);
    const { chosen, observed } = r;
    if (chosen !== undefined && typeof chosen !== 'string' && !(Number.isInteger(chosen) && (chosen as number) >= 0))
      return bad(`"setState": prediction "${pid}": "chosen" is a choice's index (0, 1, …) or the text of a prediction`);
    if (observed !== undefined && typeof observed !== 'boolean')
      return bad(`"setState": prediction "${pid}": "observed" is true or false`);
    read[pid] = {
      ...(chosen !== undefined ? { chosen: chosen as number | string } : {}),
      ...(observed !== undefined ? { observed } : {}),
    };
  }
  return {
    kind: 'command',
    command: { id, command: 'setState', state: { protocol: PROTOCOL, controls: { ...controls }, predictions: read } },
  };
}

/** Is this state a lesson figure's (rather than a scenario's)? */
export function isFigureState(s: EmbedState | FigureState): s is FigureState {
  return 'controls' in s;
}

/** The origins an embed address lists (`origins=…`, comma-separated), each exactly a URL's origin. */
export function parseOrigins(raw: string | null): { origins: string[]; problems: string[] } {
  const origins: string[] = [];
  const problems: string[] = [];
  for (const part of (raw ?? '').split(',')) {
    const o = part.trim();
    if (!o) continue;
    let origin: string | null = null;
    try {
      origin = new URL(o).origin;
    } catch {
      origin = null;
    }
    if (origin === null || origin === 'null' || origin !== o.replace(/\/$/, ''))
      problems.push(`"${o}" is not an origin (write it as https://course.example.org)`);
    else if (!origins.includes(origin)) origins.push(origin);
  }
  return { origins, problems };
}

export type Reply =
  | { type: 'losslab:reply'; protocol: number; id: CommandId | null; ok: true; result?: unknown }
  | { type: 'losslab:reply'; protocol: number; id: CommandId | null; ok: false; error: string };

export function okReply(id: CommandId, result?: unknown): Reply {
  return result === undefined
    ? { type: 'losslab:reply', protocol: PROTOCOL, id, ok: true }
    : { type: 'losslab:reply', protocol: PROTOCOL, id, ok: true, result };
}

export function errorReply(id: CommandId | null, error: string): Reply {
  return { type: 'losslab:reply', protocol: PROTOCOL, id, ok: false, error };
}

export interface ReadyMessage {
  type: 'losslab:ready';
  protocol: number;
  commands: readonly CommandName[];
  events: readonly EventName[];
}

/** The message that says commands are taken, with the events this embed can post. */
export function readyMessage(events: readonly EventName[]): ReadyMessage {
  return { type: 'losslab:ready', protocol: PROTOCOL, commands: COMMANDS, events };
}
