// Checks of mapping.mjs (LossLab scenario → ns-3 harness arguments): the crosscheck's strict
// mapping and the two options `npm run bench:ns3` uses. Run: `node --test sim-core/crosscheck/`
// (plain node:test, no build; not part of `npm test`, like the crosscheck itself).
import assert from 'node:assert/strict';
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';
import { harnessArgs } from './mapping.mjs';

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
    assert.ok(args.includes('--variant=TcpNewReno') || args.some((a) => a.startsWith('--variant=')), name);
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
