/**
 * `npm run bench:custom`: what the reader's own classifier costs in wasm (docs/performance.md,
 * "Your code"). The four benchmark workloads (quick variants, `sim_core::bench`) run with one
 * shadow classifier each way: the built-in `always_congestion`, the reader's classifier answering
 * congestion without looking at ACKs (the batches are then not even gathered), and the same with
 * an `on_ack` that counts every ACK (each ACK unpacked into an object and handed over). Measured,
 * never asserted: a benchmark, not a test.
 */
import { bench, describe } from 'vitest';
import { simCoreForTests } from '../loadCoreForTests';
import * as glue from './pkg/losslab_wasm.js';

const core = simCoreForTests();

const ON_LOSS = "class Classifier { on_loss(loss) { return 'congestion'; } }";
const ON_ACK =
  "class Classifier { constructor() { this.n = 0; } on_ack(ack) { this.n += ack.acked_bytes; } on_loss(loss) { return 'congestion'; } }";

type Doc = Record<string, unknown> & { observe?: Record<string, unknown> };

function variants(id: string): Record<string, string[]> {
  const runs = (JSON.parse(glue.benchDocuments(id, true)) as { runs: Doc[] }).runs;
  const withShadow = (shadow: string, code?: string) =>
    runs.map((d) =>
      JSON.stringify({
        ...d,
        observe: { ...d.observe, shadow_classifiers: [shadow] },
        ...(code ? { code: { classifier: code } } : {}),
      }),
    );
  return {
    'built-in always_congestion': withShadow('always_congestion'),
    'your classifier, on_loss only': withShadow('custom', ON_LOSS),
    'your classifier, on_ack and on_loss': withShadow('custom', ON_ACK),
  };
}

function runAll(docs: string[]): void {
  for (const json of docs) {
    const sim = core.createSim(json);
    while (!sim.runUntil(sim.stopMs(), 1_000_000)) sim.takePoints();
    sim.free();
  }
}

for (const id of ['w1', 'w2', 'w3', 'w4']) {
  describe(`${id} (quick)`, () => {
    for (const [name, docs] of Object.entries(variants(id)))
      bench(name, () => runAll(docs), { iterations: 8, warmupIterations: 2, time: 0 });
  });
}
