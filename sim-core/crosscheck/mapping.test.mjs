// Checks of mapping.mjs (LossLab scenario → ns-3 harness arguments): the crosscheck's strict
// mapping and the two options `npm run bench:ns3` uses. Run: `node --test sim-core/crosscheck/`
// (plain node:test, no build; not part of `npm test`, like the crosscheck itself).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { flowGroups, harnessArgs } from './mapping.mjs';
import { jain, secondShare } from './report.mjs';

const root = new URL('../../', import.meta.url).pathname;
const gridDir = join(root, 'content', 'crosscheck', 'scenarios');

/** A W1-like run as `losslab bench --scenarios` writes it (resolved fields written out). */
function finiteRun() {
  return {
    id: 'bench-w1',
    seed: 3,
    stop: { time_s: 600, when_transfers_done: true },
    topology: {
      kind: 'dumbbell',
      access: { rate_bps: 1e8, delay_ms: 0.1, framing_bytes: 0, queue: { kind: 'drop_tail', limit_pkts: 1000 } },
      bottleneck: {
        rate_bps: 1e6,
        delay_ms: 10,
        framing_bytes: 0,
        queue: { kind: 'drop_tail', limit_pkts: 99 },
        errors: { kind: 'bit_error', ber: 1e-6 },
      },
    },
    flows: [
      {
        id: 'ld',
        count: 5,
        bytes: 1048576,
        start_s: 0,
        tcp: {
          cc: 'new_reno',
          classifier: 'always_congestion',
          mss_bytes: 1448,
          initial_window_pkts: 2,
          delayed_ack_ms: 100,
          min_rto_ms: 1000,
          clock_granularity_ms: 10,
          sack: false,
          timestamps: true,
          limited_transmit: false,
          rwnd_bytes: 65535,
        },
      },
    ],
  };
}

test('every crosscheck grid scenario maps without options, and never with --maxBytes', () => {
  for (const name of readdirSync(gridDir).filter((n) => n.endsWith('.json'))) {
    const args = harnessArgs(JSON.parse(readFileSync(join(gridDir, name), 'utf8')));
    assert.ok(
      args.some((a) => a.startsWith('--variant=') || a.startsWith('--variants=')),
      name,
    );
    assert.ok(!args.some((a) => a.startsWith('--maxBytes')), name);
  }
});

test('finite transfers are refused by default and mapped to --maxBytes with { finite }', () => {
  const sc = finiteRun();
  assert.throws(() => harnessArgs(sc), /bulk flows from t = 0 only/);
  assert.throws(() => harnessArgs(sc, { finite: true }), /PPP framing is 2 bytes/);
  const args = harnessArgs(sc, { finite: true, anyFraming: true });
  assert.ok(args.includes('--maxBytes=1048576'));
  assert.ok(args.includes('--flows=5'));
  assert.ok(args.includes('--errors=bit_error') && args.includes('--errorRate=0.000001'));
  assert.ok(args.includes('--delAckCount=2') && args.includes('--delAckTimeout=100'));
});

test('{ finite } still needs stop.when_transfers_done', () => {
  const sc = finiteRun();
  sc.stop.when_transfers_done = false;
  assert.throws(() => harnessArgs(sc, { finite: true, anyFraming: true }), /finite ones/);
});

test('bulk flows never get --maxBytes', () => {
  const sc = finiteRun();
  sc.flows[0].bytes = null;
  sc.stop = { time_s: 20, when_transfers_done: false };
  const args = harnessArgs(sc, { finite: true, anyFraming: true });
  assert.ok(!args.some((a) => a.startsWith('--maxBytes')));
  assert.ok(args.includes('--duration=20'));
});

/** Two bulk groups as the mixed grid writes them: `na` NewReno flows from 0, `nb` `cc` flows from 1 ms. */
function mixedRun(cc = 'cubic', na = 1, nb = 1) {
  const sc = finiteRun();
  sc.id = 'mixed';
  sc.stop = { time_s: 60, when_transfers_done: false };
  sc.topology.access.framing_bytes = 2;
  sc.topology.bottleneck.framing_bytes = 2;
  const a = { ...sc.flows[0], id: 'a', count: na, bytes: null, start_s: 0 };
  const b = { ...a, id: 'b', count: nb, start_s: 0.001, tcp: { ...a.tcp, cc, cc_params: { reduce_from: 'cwnd' } } };
  sc.flows = [a, b];
  return sc;
}

test('one flow group keeps --variant and --flows', () => {
  const sc = mixedRun();
  sc.flows = [sc.flows[0]];
  sc.flows[0].count = 3;
  const args = harnessArgs(sc);
  assert.ok(args.includes('--variant=TcpNewReno') && args.includes('--flows=3'));
  assert.ok(!args.some((a) => a.startsWith('--variants') || a.startsWith('--starts')));
});

test('several flow groups give every flow its own variant and start, in LossLab order', () => {
  const args = harnessArgs(mixedRun('bbr', 2, 3));
  assert.ok(args.includes('--variants=TcpNewReno,TcpNewReno,TcpBbr,TcpBbr,TcpBbr'), args.join(' '));
  assert.ok(args.includes('--starts=0,0,0.001,0.001,0.001'));
  assert.ok(!args.some((a) => a.startsWith('--variant=') || a.startsWith('--flows=')));
  assert.deepEqual(flowGroups(mixedRun('bbr', 2, 3)), [0, 0, 1, 1, 1]);
});

test('flow groups may differ only in cc and cc_params', () => {
  const sc = mixedRun();
  sc.flows[1].tcp = { ...sc.flows[1].tcp, sack: true };
  assert.throws(() => harnessArgs(sc), /flows\[1\]\.tcp\.sack: differs from flows\[0\]/);
  const unknown = mixedRun('vegas');
  assert.throws(() => harnessArgs(unknown), /flows\[1\]\.tcp\.cc: vegas has no ns-3 counterpart/);
});

test('mixed groups must be bulk, with a start time', () => {
  const sc = mixedRun();
  sc.flows[1].bytes = 1000;
  assert.throws(() => harnessArgs(sc), /only as bulk flows/);
  const late = mixedRun();
  late.flows[1].start_s = -1;
  assert.throws(() => harnessArgs(late), /flows\[1\]\.start_s must be a time/);
});

test('every mixed grid scenario maps to one variant per flow', () => {
  const mixed = readdirSync(gridDir).filter((n) => n.startsWith('xc-mix-'));
  assert.ok(mixed.length >= 10, `${mixed.length} mixed scenarios`);
  for (const name of mixed) {
    const sc = JSON.parse(readFileSync(join(gridDir, name), 'utf8'));
    const args = harnessArgs(sc);
    const variants = args
      .find((a) => a.startsWith('--variants='))
      .slice('--variants='.length)
      .split(',');
    assert.equal(variants.length, flowGroups(sc).length, name);
    assert.equal(new Set(variants).size, 2, name);
  }
});

test("the second group's share and Jain's index", () => {
  assert.equal(secondShare([1, 3], [0, 1]), 0.75);
  assert.equal(secondShare([1, 1, 2, 4], [0, 0, 1, 1]), 0.75);
  assert.equal(jain([5, 5]), 1);
  assert.equal(jain([1, 0]), 0.5);
  assert.ok(Math.abs(jain([1, 3]) - 16 / 20) < 1e-12);
});
