/**
 * Time limits for the reader's own code (docs/design.md §1.15), which runs in the simulation's
 * worker between the simulator's events: an endless loop there would stop the run for good.
 *
 * `withGuards` puts a call to the guard at the start of every loop body and every function body
 * of the source (positions from acorn's syntax tree; nothing else changes, lines included). The
 * guard (`CallLimits.guard`) counts its calls and reads the worker's clock every 256 of them: a
 * call of the code that runs longer than `perCallMs`, or a run whose calls add up to more than
 * `perRunMs`, throws a `TimeLimit` naming the method. A limit once reached fails the call even if
 * the code catches the error itself. The worker's own watchdog (the page replaces a worker that
 * stops answering) remains for what no guard sees, such as one enormous built-in call.
 */
import type { Node, Program } from 'acorn';

/** The guard's name inside the reader's code. */
export const GUARD = '__losslabGuard';

const LOOPS = new Set(['ForStatement', 'ForInStatement', 'ForOfStatement', 'WhileStatement', 'DoWhileStatement']);
const FUNCTIONS = new Set(['FunctionDeclaration', 'FunctionExpression', 'ArrowFunctionExpression']);

type AnyNode = Node & { body?: AnyNode | AnyNode[]; expression?: boolean };

/** Every node of the tree, parents before children. */
function* nodes(n: unknown): Generator<AnyNode> {
  if (Array.isArray(n)) {
    for (const x of n) yield* nodes(x);
    return;
  }
  if (!n || typeof n !== 'object' || typeof (n as Node).type !== 'string') return;
  yield n as AnyNode;
  for (const [key, v] of Object.entries(n)) if (key !== 'loc' && v && typeof v === 'object') yield* nodes(v);
}

/** `source` with a guard call at the start of each loop and function body of `program`. */
export function withGuards(source: string, program: Program): string {
  const inserts: [at: number, text: string][] = [];
  const call = `${GUARD}();`;
  for (const n of nodes(program)) {
    if (!LOOPS.has(n.type) && !FUNCTIONS.has(n.type)) continue;
    const body = n.body as AnyNode | undefined;
    if (!body || Array.isArray(body)) continue;
    if (body.type === 'BlockStatement') inserts.push([body.start + 1, call]);
    else if (LOOPS.has(n.type)) inserts.push([body.start, `{${call}`], [body.end, '}']);
    else inserts.push([body.start, `(${GUARD}(), `], [body.end, ')']);
  }
  // From the end backwards, so earlier positions stay where acorn found them.
  inserts.sort((a, b) => b[0] - a[0]);
  let out = source;
  for (const [at, text] of inserts) out = out.slice(0, at) + text + out.slice(at);
  return out;
}

/** A limit the code reached. */
export class TimeLimit extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'TimeLimit';
  }
}

/** The limits of one run's code, and the guard the code calls. */
export class CallLimits {
  private started = 0;
  private spent = 0;
  private count = 0;
  private method = '';
  private tripped: TimeLimit | null = null;

  constructor(
    private readonly clock: () => number,
    readonly perCallMs = 250,
    readonly perRunMs = 30_000,
  ) {}

  /** The code's `method` is called now. */
  enter(method: string): void {
    this.method = method;
    this.tripped = null;
    this.started = this.clock();
    if (this.spent > this.perRunMs) throw this.runLimit();
  }

  /** The call returned; throws the limit it reached, even if the code caught it. */
  leave(): void {
    this.spent += this.clock() - this.started;
    if (this.tripped) throw this.tripped;
  }

  /** Called by the code at each loop pass and function entry. */
  readonly guard = (): void => {
    if ((++this.count & 255) !== 0 && !this.tripped) return;
    const now = this.clock();
    if (now - this.started > this.perCallMs)
      this.tripped = new TimeLimit(
        `${this.method} ran for more than ${this.perCallMs / 1000} s, the most one call may take (an endless loop?)`,
      );
    else if (this.spent + now - this.started > this.perRunMs) this.tripped = this.runLimit();
    if (this.tripped) throw this.tripped;
  };

  private runLimit(): TimeLimit {
    return new TimeLimit(
      `the code has taken more than ${this.perRunMs / 1000} s in this run, the most a run may spend in it`,
    );
  }
}
