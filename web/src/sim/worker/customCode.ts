/**
 * The reader's own classifier or congestion control, compiled in the worker and handed to the
 * simulator (`WasmSim.attachCustom`, sim-core/wasm/src/custom.rs; the interface is docs/design.md
 * §1.15). The simulator's adapter decides when the code is called and holds its answers to the
 * sender's rules; this module only turns JavaScript into the object the adapter calls:
 *
 * - the source defines `class Classifier` (methods `on_ack(ack)`, `on_loss(loss)`) or
 *   `class CongestionControl` (`on_ack(ack, window)`, `on_loss(loss, verdict)`,
 *   `on_timeout(loss)`); each flow that uses it gets `new Classifier({ flow, random })`;
 * - it runs in strict mode with `Math.random`, `Date` and `performance` hidden, and a seeded
 *   `random()` (from the scenario's seed and the flow's id) given instead, so a run is repeatable;
 *   hiding names is not isolation (the worker it runs in is what keeps it from the page);
 * - an exception becomes an `Error` whose message names it and its line in the reader's source;
 *   a syntax error is found by acorn before anything runs, with its line;
 * - every loop and function body calls a guard (`codeGuard.ts`): a call that runs too long, or a
 *   run whose calls add up to too much, stops with a `TimeLimit` naming the method and the line.
 */
import { parseCode } from './codeSyntax';
import { CallLimits, GUARD, withGuards } from './codeGuard';

/** Which of the two the source defines. */
export type CodeRole = 'classifier' | 'cc';

const CLASS_NAME: Record<CodeRole, string> = { classifier: 'Classifier', cc: 'CongestionControl' };
const FILE: Record<CodeRole, string> = { classifier: 'your-classifier.js', cc: 'your-congestion-control.js' };

/** Lines the Function constructor and the prologue put before the reader's first line. */
const PROLOGUE = '"use strict";\n';
const LINE_OFFSET = 2 + PROLOGUE.split('\n').length - 1;

/** A problem in the reader's code, with the line it is on when known. */
export class CodeProblem extends Error {
  constructor(
    message: string,
    readonly line: number | null,
  ) {
    super(line === null ? message : `${message} (line ${line})`);
    this.name = 'CodeProblem';
  }
}

/** Names the reader's code cannot reach (they would make runs unrepeatable). */
const HIDDEN = ['Date', 'performance', 'crypto', 'setTimeout', 'setInterval', 'queueMicrotask'];

/** Math without `random`. */
const QUIET_MATH = Object.freeze(
  Object.fromEntries(
    Object.getOwnPropertyNames(Math)
      .filter((k) => k !== 'random')
      .map((k) => [k, (Math as unknown as Record<string, unknown>)[k]]),
  ),
) as unknown as Omit<Math, 'random'>;

/** The line in the reader's source of the innermost frame of `stack` that is theirs. */
function lineOf(stack: string | undefined, role: CodeRole): number | null {
  const m = stack?.match(new RegExp(`${FILE[role].replace('.', '\\.')}:(\\d+):\\d+`));
  return m ? Math.max(1, Number(m[1]) - LINE_OFFSET) : null;
}

/** `TypeError: … (line 4)` for what the reader's code threw. */
function problem(e: unknown, role: CodeRole): CodeProblem {
  if (e instanceof CodeProblem) return e;
  if (e instanceof Error) return new CodeProblem(`${e.name}: ${e.message}`, lineOf(e.stack, role));
  return new CodeProblem(`the code threw ${String(e)}, which is not an Error`, null);
}

/**
 * A small seeded generator (SplitMix32 → Mulberry32 step), uniform in [0, 1): the reader's
 * `random()`. Same seed, same numbers, in every browser.
 */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** FNV-1a of the run's seed and the flow's id: each flow's own random stream. */
function flowSeed(seed: number, flow: string): number {
  let h = 0x811c9dc5;
  for (const ch of `${seed}/${flow}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193);
  return h >>> 0;
}

type Instance = Record<string, unknown>;
type Constructor = new (init: { flow: string; random: () => number }) => Instance;

/** The worker's clock, for the time limits only (the code itself cannot read it). */
const clock = () => performance.now();

/**
 * The class the source defines, compiled with its guards reporting to `limits`; throws a
 * `CodeProblem` with the line of a mistake.
 */
export function compile(source: string, role: CodeRole, limits = new CallLimits(clock)): Constructor {
  const parsed = parseCode(source);
  if ('mistake' in parsed) throw new CodeProblem(parsed.mistake.message, parsed.mistake.line);
  const program = parsed.program;
  const name = CLASS_NAME[role];
  const body = `${PROLOGUE}${withGuards(source, program)}\n;return typeof ${name} === 'function' ? ${name} : undefined;\n//# sourceURL=${FILE[role]}`;
  const made = guarded(limits, 'the code', role, () =>
    new Function('Math', ...HIDDEN, GUARD, body)(QUIET_MATH, ...HIDDEN.map(() => undefined), limits.guard),
  );
  if (typeof made !== 'function') throw new CodeProblem(`the code must define class ${name} { … }`, null);
  return made as Constructor;
}

/** `f()` as a call of the code's `method`: timed by `limits`, what it throws made a `CodeProblem`. */
function guarded<T>(limits: CallLimits, method: string, role: CodeRole, f: () => T): T {
  try {
    limits.enter(method);
    const out = f();
    limits.leave();
    return out;
  } catch (e) {
    throw problem(e, role);
  }
}

/** How a batch of ACKs is packed (`ackFields()` of the core). */
export type AckFields = [name: string, how: 'number' | 'flag' | 'maybe'][];

/** The object `WasmSim.attachCustom` takes (sim-core/wasm/src/custom.rs `JsCode`). */
export interface CodeForCore {
  /** A new classifier for flow `flow` of a run with seed `seed` (its `random()` is drawn from both). */
  classifier(flow: string, seed: number): ClassifierForCore;
  congestionControl(flow: string, seed: number): CcForCore;
}
interface ClassifierForCore {
  readonly wantsAcks: boolean;
  onAcks(packed: Float64Array): void;
  onLoss(loss: unknown): unknown;
}
interface CcForCore {
  onAck(ack: unknown, window: unknown): unknown;
  onLoss(loss: unknown, verdict: string): unknown;
  onTimeout(loss: unknown): unknown;
}

/** Calls `method` of `obj` (if it has one) as a guarded call of the code. */
function caller(
  obj: Instance,
  method: string,
  role: CodeRole,
  limits: CallLimits,
): ((...args: unknown[]) => unknown) | null {
  const f = obj[method];
  if (typeof f !== 'function') return null;
  return (...args) => guarded(limits, method, role, () => (f as (...a: unknown[]) => unknown).apply(obj, args));
}

/** One flow's instance of `C`, made with its seeded `random`. */
function instance(C: Constructor, flow: string, seed: number, role: CodeRole, limits: CallLimits): Instance {
  return guarded(limits, 'constructor', role, () => new C({ flow, random: seededRandom(flowSeed(seed, flow)) }));
}

/**
 * A function making one ACK record from the packed numbers at `base`: an object literal with the
 * core's field names (`ackFields()`, from the simulator's Rust types), compiled once per run so
 * every record has the same shape (what makes it cheap for the JavaScript engine).
 */
function unpacker(fields: AckFields): (packed: Float64Array, base: number) => Record<string, unknown> {
  const props = fields.map(([name, how], i) => {
    const x = `p[b + ${i}]`;
    const value = how === 'flag' ? `${x} === 1` : how === 'maybe' ? `(${x} !== ${x} ? null : ${x})` : x;
    return `${JSON.stringify(name)}: ${value}`;
  });
  return new Function('p', 'b', `return { ${props.join(', ')} };`) as (
    p: Float64Array,
    b: number,
  ) => Record<string, unknown>;
}

/**
 * The object the core calls for the reader's code: `classifier` and `cc` are sources (either may
 * be absent), `fields` the core's `ackFields()`, `limits` the run's
 * time limits (one budget for all the run's code).
 */
export function codeForCore(
  code: { classifier?: string; cc?: string },
  fields: AckFields,
  limits = new CallLimits(clock),
): CodeForCore {
  const classes: Partial<Record<CodeRole, Constructor>> = {};
  const classOf = (role: CodeRole): Constructor => {
    const source = code[role];
    if (source === undefined) {
      const what = role === 'classifier' ? 'classifier' : 'congestion control';
      throw new CodeProblem(`the scenario names "custom" as a ${what}, but no code was given`, null);
    }
    return (classes[role] ??= compile(source, role, limits));
  };
  const width = fields.length;
  const unpack = unpacker(fields);
  return {
    classifier(flow, seed) {
      const obj = instance(classOf('classifier'), flow, seed, 'classifier', limits);
      const onAck = obj.on_ack;
      const onLoss = caller(obj, 'on_loss', 'classifier', limits);
      if (!onLoss) throw new CodeProblem('class Classifier needs an on_loss(loss) method', null);
      return {
        wantsAcks: typeof onAck === 'function',
        // A batch of ACKs is one call for the time limits: the clock is read per batch, not per ACK.
        onAcks(packed) {
          if (typeof onAck !== 'function') return;
          guarded(limits, 'on_ack', 'classifier', () => {
            for (let base = 0; base < packed.length; base += width) onAck.call(obj, unpack(packed, base));
          });
        },
        onLoss: (loss) => onLoss(loss),
      };
    },
    congestionControl(flow, seed) {
      const obj = instance(classOf('cc'), flow, seed, 'cc', limits);
      const none = () => undefined;
      const onAck = caller(obj, 'on_ack', 'cc', limits) ?? none;
      const onLoss = caller(obj, 'on_loss', 'cc', limits) ?? none;
      const onTimeout = caller(obj, 'on_timeout', 'cc', limits) ?? none;
      return {
        onAck: (ack, window) => onAck(ack, window),
        onLoss: (loss, verdict) => onLoss(loss, verdict),
        onTimeout: (loss) => onTimeout(loss),
      };
    },
  };
}
