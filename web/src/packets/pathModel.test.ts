/**
 * The packet view's model over the simulator's real path trace (wasm `WasmPathTrace`, driven by
 * the worker's jobs in this process): windows chain without losing packets in flight, every
 * instant's packets sit where the records say, a queue drop and a bit-error hit are told apart,
 * stepping moves to the next record, and many packets in flight switch to occupancy.
 */
import { describe, expect, it } from 'vitest';
import { inProcessPathWindows } from '../sim/packetTraceForTests';
import {
  buildModel,
  frameAt,
  judge,
  MAX_DRAWN_PACKETS,
  nextEventAfter,
  nextLossAfter,
  type PathModel,
} from './pathModel';

/** One NewReno flow, 1 Mbit/s bottleneck with a 10-packet queue and bit errors, 8 s. */
const scenario = (over: { rate?: number; limit?: number; flows?: number; ber?: number } = {}) =>
  JSON.stringify({
    schema: 1,
    id: 'packets-test',
    seed: 2,
    stop: { time_s: 8 },
    topology: {
      kind: 'dumbbell',
      access: { rate_bps: 100e6, delay_ms: 0.1, queue: { kind: 'drop_tail', limit_pkts: 1000 } },
      bottleneck: {
        rate_bps: over.rate ?? 1e6,
        delay_ms: 10,
        queue: { kind: 'drop_tail', limit_pkts: over.limit ?? 10 },
        errors: { kind: 'bit_error', ber: over.ber ?? 3e-6, header_bytes: 300 },
      },
    },
    flows: [{ id: 'f', count: over.flows ?? 1, bytes: null, tcp: { cc: 'new_reno', classifier: 'spike' } }],
    observe: { sample_ms: 100 },
  });

function models(json: string, toMs: number, step = 1000): PathModel[] {
  const window = inProcessPathWindows();
  const out: PathModel[] = [];
  for (let t = 0; t < toMs; t += step) out.push(buildModel(window(json, t, t + step)));
  return out;
}

describe('packet view model', () => {
  it('draws both kinds of loss, and each packet where its hop record puts it', () => {
    const ms = models(scenario(), 8000);
    const kinds = new Set<string>();
    for (const m of ms) {
      for (let t = m.fromMs; t < m.toMs; t += 5) {
        const f = frameAt(m, t);
        for (const l of f.losses) kinds.add(l.kind);
        for (const p of f.packets) {
          const h = m.hops.find(
            (x) => x.pkt.id === p.pkt.id && m.place.get(x.link)?.hop === p.hop && x.offer_ms <= t && t < x.arrive_ms,
          );
          expect(h, `packet ${p.pkt.id} at ${t}`).toBeDefined();
          expect(p.phase).toBe(t < h!.start_ms ? 'queued' : t < h!.depart_ms ? 'sending' : 'flying');
        }
        // A queue never shows more waiting than it holds.
        for (const q of f.queues) expect(q.count).toBeLessThanOrEqual(q.limit);
      }
    }
    expect(kinds.has('queue')).toBe(true);
    expect(kinds.has('header') || kinds.has('payload')).toBe(true);
  });

  it('chains windows: a packet in flight at a window edge is in the next window', () => {
    const [a, b] = models(scenario(), 2000);
    const edge = frameAt(a, a.toMs - 1e-3).packets.filter((p) => p.phase !== 'flying' || p.progress < 0.99);
    const next = new Set(frameAt(b, b.fromMs).packets.map((p) => p.pkt.id));
    expect(edge.length).toBeGreaterThan(0);
    for (const p of edge) expect(next.has(p.pkt.id)).toBe(true);
  });

  it('steps to the next record and to the next loss', () => {
    const [m] = models(scenario(), 1000);
    const s = nextEventAfter(m, 100);
    expect(s).not.toBeNull();
    expect(s!.tMs).toBeGreaterThan(100);
    expect(m.times.some((x) => x > 100 && x < s!.tMs)).toBe(false);
    const ms = models(scenario(), 8000);
    const loss = ms.map((x) => nextLossAfter(x, x.fromMs)).find((x) => x !== null);
    expect(loss).toBeDefined();
    const at = ms.find((x) => loss!.tMs >= x.fromMs && loss!.tMs <= x.toMs)!;
    // A stop is a loss drawn at that instant, or the verdict on one.
    const f = frameAt(at, loss!.tMs);
    expect(f.losses.length > 0 || f.verdict?.tMs === loss!.tMs).toBe(true);
  });

  it('judges verdicts against the truth', () => {
    expect(judge('congestion', 'queue_overflow')).toBe('right');
    expect(judge('congestion', 'payload_corruption')).toBe('wrong');
    expect(judge('wireless', 'header_corruption')).toBe('right');
    expect(judge('wireless', null)).toBe('none');
    const ms = models(scenario(), 8000);
    expect(ms.some((m) => m.verdicts.length > 0)).toBe(true);
  });

  it('switches to queue occupancy above the packet limit', () => {
    // 20 flows over 100 Mbit/s with a 1000-packet queue: well over the limit in flight.
    const ms = models(scenario({ rate: 100e6, limit: 1000, flows: 20, ber: 1e-9 }), 3000);
    const last = ms[ms.length - 1];
    const f = frameAt(last, last.toMs - 1);
    expect(f.inFlight).toBeGreaterThan(MAX_DRAWN_PACKETS);
    expect(f.mode).toBe('occupancy');
    expect(frameAt(ms[0], 0).mode).toBe('packets');
  });
});
