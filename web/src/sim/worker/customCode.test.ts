/**
 * The reader's JavaScript through the real simulator (wasm): a classifier that always answers
 * congestion equals the built-in `always_congestion`, and NewReno written against the interface
 * equals the built-in `new_reno`, byte for byte — through the same Rust adapter as Python's code
 * (sim-core/tests/custom_code.rs, python/tests/test_custom_code.py). Mistakes say their line;
 * the code's randomness is seeded and the clock hidden.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { simCoreForTests } from '../loadCoreForTests';
import { repoRoot } from '../nativeCliForTests';
import { codeForCore, compile } from './customCode';
import type { SimCore } from './wasmTypes';

let core: SimCore;
beforeAll(() => {
  core = simCoreForTests();
});

const content = (id: string) =>
  JSON.parse(readFileSync(join(repoRoot, 'content/scenarios', `${id}.json`), 'utf8')) as Record<string, any>;

type Sources = { classifier?: string; cc?: string };

/**
 * The summary of `doc` run to its end (JSON text), or the error's message; `code` is put in the
 * scenario's `code`, as the lab does.
 */
function run(doc: Record<string, unknown>, code?: Sources): string {
  let sim;
  try {
    sim = core.createSim(JSON.stringify(code ? { ...doc, code } : doc));
    while (!sim.runUntil(sim.stopMs(), 1_000_000));
    const { csv: _csv, ...summary } = sim.summary();
    return JSON.stringify(summary);
  } catch (e) {
    return `error: ${(e as Error).message}`;
  } finally {
    sim?.free();
  }
}

const ALWAYS = `
class Classifier {
  constructor() { this.acks = 0; }
  on_ack(ack) { this.acks += ack.duplicate ? 0 : 1; }
  on_loss(loss) { return 'congestion'; }
}`;

const NEW_RENO = `
class CongestionControl {
  on_ack(ack, w) {
    const grow = w.cwnd_bytes < w.ssthresh_bytes ? w.mss_bytes : (w.mss_bytes * w.mss_bytes) / w.cwnd_bytes;
    return { cwnd_bytes: w.cwnd_bytes + grow };
  }
  on_loss(loss, verdict) {
    if (verdict === 'wireless') return;
    const half = Math.max(loss.flight_bytes / 2, 2 * loss.mss_bytes);
    return { cwnd_bytes: half, ssthresh_bytes: half };
  }
  on_timeout(loss) {
    const half = Math.max(loss.flight_bytes / 2, 2 * loss.mss_bytes);
    return { cwnd_bytes: loss.mss_bytes, ssthresh_bytes: loss.repeated_timeout ? loss.ssthresh_bytes : half };
  }
}`;

describe('the reader’s code in the simulator', () => {
  it('a classifier always answering congestion equals the built-in, as a shadow and driving five flows', () => {
    const base = content('gb04-s1-1mbps-10ms');
    base.observe.shadow_classifiers = ['oracle', 'always_congestion'];
    const theirs = run(base);
    base.observe.shadow_classifiers = ['oracle', 'custom'];
    const ours = run(base, { classifier: ALWAYS });
    expect(ours).toContain('"custom"');
    expect(ours.replaceAll('"custom"', '"always_congestion"')).toBe(theirs);
    expect(JSON.parse(theirs).flows[0].fast_retransmits).toBeGreaterThan(5);

    const five = content('gb04-s1-1mbps-10ms-5flows');
    const builtIn = run(five);
    five.flows[0].tcp.classifier = 'custom';
    expect(run(five, { classifier: ALWAYS }).replaceAll('"custom"', '"always_congestion"')).toBe(builtIn);
  });

  it('NewReno written against the interface equals the built-in byte for byte', () => {
    for (const id of ['gb04-s1-1mbps-10ms', 'gurtov-per-5pct-7pkt']) {
      const doc = content(id);
      const theirs = run(doc);
      doc.flows[0].tcp.cc = 'custom';
      const ours = run(doc, { cc: NEW_RENO });
      expect(ours.replaceAll('"cc":"custom"', '"cc":"new_reno"'), id).toBe(theirs);
    }
  });

  it('code the scenario carries runs where it names "custom", and nowhere without it', () => {
    const doc = content('gb04-s1-1mbps-10ms');
    const theirs = run(doc);
    doc.flows[0].tcp.cc = 'custom';
    doc.code = { cc: NEW_RENO };
    expect(run(doc).replaceAll('"cc":"custom"', '"cc":"new_reno"')).toBe(theirs);
    doc.code = { classifier: ALWAYS };
    expect(run(doc)).toBe('error: the scenario names "custom" as a congestion control, but no code was given');
    delete doc.code;
    expect(run(doc)).toBe('error: the scenario names "custom" as a congestion control, but no code was given');
  });

  it('a mistake stops the run with the method, the flow, the time and the line', () => {
    const doc = content('gb04-s1-1mbps-10ms');
    doc.flows[0].tcp.classifier = 'custom';
    const broken = 'class Classifier {\n  on_loss(loss) {\n    return loss.nothing.here;\n  }\n}';
    expect(run(doc, { classifier: broken })).toMatch(
      /^error: your classifier \(flow "tcp", on_loss, at \d+\.\d{3} s\): TypeError: Cannot read properties of undefined \(reading 'here'\) \(line 3\)$/,
    );
    expect(() => compile('class Classifier {\n  on_loss(loss) {\n    return 1 +;\n  }\n}', 'classifier')).toThrow(
      /^SyntaxError: Unexpected token \(line 3\)$/,
    );
    expect(() => compile('const x = 1;', 'classifier')).toThrow('the code must define class Classifier');
    doc.flows[0].tcp.classifier = 'always_congestion';
    doc.flows[0].tcp.cc = 'custom';
    const shrinking = 'class CongestionControl { on_ack() { return { cwnd_bytes: 10 }; } }';
    expect(run(doc, { cc: shrinking })).toMatch(
      /on_ack returned a value the sender cannot take: cwnd_bytes must be at least one segment \(1448 bytes\); got 10$/,
    );
    const typo = 'class CongestionControl { on_ack(a, w) { return { cwnd: w.cwnd_bytes }; } }';
    expect(run(doc, { cc: typo })).toMatch(
      /on_ack returned the key "cwnd"; the keys are cwnd_bytes and ssthresh_bytes$/,
    );
    const word = 'class CongestionControl { on_ack() { return "more"; } }';
    expect(run(doc, { cc: word })).toMatch(
      /on_ack must return nothing or \{ cwnd_bytes, ssthresh_bytes \} \(got "more"/,
    );
  });

  it('runs are repeatable: random() is seeded per flow, Math.random and Date are hidden', () => {
    const C = compile(
      'class Classifier { constructor({ random }) { this.r = random; } on_loss() { return this.r() < 0.5 ? "wireless" : "congestion"; } probe() { return [typeof Math.random, typeof Date, Math.max(1, 2)]; } }',
      'classifier',
    );
    const a = new C({ flow: 'x', random: Math.random });
    expect((a.probe as () => unknown)()).toEqual(['undefined', 'undefined', 2]);
    const doc = content('gb04-s1-1mbps-10ms');
    doc.flows[0].tcp.classifier = 'custom';
    const coin =
      'class Classifier { constructor({ random }) { this.r = random; } on_loss() { return this.r() < 0.5 ? "wireless" : "congestion"; } }';
    const first = run(doc, { classifier: coin });
    expect(first).not.toMatch(/^error/);
    expect(run(doc, { classifier: coin })).toBe(first);
    // Each run's seed gives its own stream (and each flow its own).
    const draws = (seed: number, flow = 'tcp') => {
      const c = codeForCore({ classifier: coin }, core.ackFields!()).classifier(flow, seed);
      return Array.from({ length: 32 }, () => c.onLoss({})).join();
    };
    expect(draws(1)).toBe(draws(1));
    expect(draws(2)).not.toBe(draws(1));
    expect(draws(1, 'tcp.2')).not.toBe(draws(1));
  });
});

describe('the reader’s code in a sweep', () => {
  it('runs in every replication of the pool’s batches and equals the built-in it copies', () => {
    const base = content('gb04-s1-1mbps-10ms');
    const sweep = (shadow: string, code?: Sources) =>
      JSON.stringify({
        schema: 1,
        id: 'custom-sweep',
        base: { ...base, observe: { sample_ms: 100, shadow_classifiers: [shadow] }, ...(code ? { code } : {}) },
        vary: [{ path: 'topology.bottleneck.errors.ber', values: [2e-6, 4.274e-6] }],
        replications: 2,
        metrics: ['throughput_kbps', `shadow.${shadow}.accuracy_wireless`],
      });
    const rows = (json: string) => {
      const batch = core.openSweepBatch!(json);
      const out: number[][] = [];
      for (const point of [0, 1]) {
        batch.prepare(point);
        for (const rep of [0, 1]) out.push(Array.from(batch.runReplication(point, rep)));
      }
      batch.free();
      return out;
    };
    const theirs = rows(sweep('always_congestion'));
    expect(rows(sweep('custom', { classifier: ALWAYS }))).toEqual(theirs);
    // Each replication's accuracy was measured: no NaN where the built-in has a value.
    expect(theirs.flat().every(Number.isFinite)).toBe(true);
    expect(() => rows(sweep('custom'))).toThrow(/no code was given/);
  });
});
