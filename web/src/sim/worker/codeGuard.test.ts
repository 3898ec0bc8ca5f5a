/**
 * The reader's code under time limits: guards go into every loop and function body without
 * moving a line, and an endless loop, one that hides the limit in its own try/catch, or a run
 * whose calls add up to too much, stops with a message naming the method (and the line).
 */
import { parse } from 'acorn';
import { describe, expect, it } from 'vitest';
import { CallLimits, GUARD, withGuards } from './codeGuard';
import { codeForCore, compile } from './customCode';

const FIELDS: [string, 'number' | 'flag' | 'maybe'][] = [['now_s', 'number']];

describe('the guards in the reader’s code', () => {
  it('go at the start of every loop and function body, and no line moves', () => {
    const src = [
      'class Classifier {',
      '  on_loss(l) {',
      '    for (let i = 0; i < 3; i++) this.n = i;',
      '    while (false) {}',
      '    const f = (x) => x + 1;',
      '    const g = () => ({ a: 1 });',
      '    do this.n--; while (this.n > 0);',
      "    return f(1) > 0 && g().a ? 'congestion' : 'wireless';",
      '  }',
      '}',
    ].join('\n');
    const out = withGuards(src, parse(src, { ecmaVersion: 'latest' }));
    expect(out.split('\n')).toHaveLength(src.split('\n').length);
    expect(out.split(`${GUARD}()`).length - 1).toBe(6); // the method, three loops, two arrows
    expect(out).toContain(`for (let i = 0; i < 3; i++) {${GUARD}();this.n = i;}`);
    expect(out).toContain(`const g = () => ((${GUARD}(), { a: 1 }));`);
    // Still the same program.
    const C = compile(src, 'classifier');
    expect((new C({ flow: 'a', random: () => 0 }).on_loss as () => string)()).toBe('congestion');
  });

  it('stop an endless loop in a call, with the method and the line', () => {
    const src = 'class Classifier {\n  on_loss(loss) {\n    while (true) {}\n  }\n}';
    const code = codeForCore({ classifier: src }, FIELDS, new CallLimits(() => performance.now(), 50));
    const c = code.classifier('tcp', 1);
    expect(() => c.onLoss({})).toThrow(
      /^TimeLimit: on_loss ran for more than 0\.05 s, the most one call may take \(an endless loop\?\) \(line 3\)$/,
    );
  });

  it('cannot be caught by the code, nor dodged by recursion', () => {
    const hides = 'class Classifier { on_loss() { try { for (;;) {} } catch (e) {} return "wireless"; } }';
    const c = codeForCore({ classifier: hides }, FIELDS, new CallLimits(() => performance.now(), 50)).classifier(
      'a',
      1,
    );
    expect(() => c.onLoss({})).toThrow(/^TimeLimit: on_loss ran for more than 0\.05 s/);
    const recurses =
      'function f(n) { return n > 0 ? f(n - 1) + f(n - 1) : 0; }\nclass Classifier { on_loss() { f(40); } }';
    const r = codeForCore({ classifier: recurses }, FIELDS, new CallLimits(() => performance.now(), 50));
    expect(() => r.classifier('a', 1).onLoss({})).toThrow(/^TimeLimit: on_loss ran for more than 0\.05 s/);
  });

  it('add every call of a run up against the run’s limit', () => {
    let t = 0;
    const limits = new CallLimits(() => t, 1000, 100);
    const busy = 'class Classifier { on_loss() { for (let i = 0; i < 300; i++); return "congestion"; } }';
    const c = codeForCore({ classifier: busy }, FIELDS, limits).classifier('a', 1);
    for (let i = 0; i < 10; i++) {
      t += 5; // each call "takes" the time between enter and leave only
      expect(c.onLoss({})).toBe('congestion');
    }
    // A clock that moves 30 ms a read: each call now takes 30 ms and the run's 100 ms go.
    const moving = new CallLimits(() => (t += 30), 1000, 100);
    const d = codeForCore({ classifier: busy }, FIELDS, moving).classifier('a', 1);
    const answers: string[] = [];
    try {
      for (let i = 0; i < 10; i++) answers.push(d.onLoss({}) as string);
    } catch (e) {
      expect((e as Error).message).toMatch(/^TimeLimit: the code has taken more than 0\.1 s in this run/);
    }
    expect(answers.length).toBeGreaterThan(0);
    expect(answers.length).toBeLessThan(10);
  });
});
