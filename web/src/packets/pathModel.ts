/**
 * The packet view's model: from the simulator's path-trace records of a time window
 * (`sim/packetTrace.ts`, sim-core `engine/path_trace.rs`) to what is on the path at one instant —
 * each packet in a queue, being serialized or on the wire, each queue's occupancy, the losses of
 * the last moments (a queue-overflow drop, or bits hit in the header or the payload) and each
 * loss's verdict against its truth. Nothing is simulated here: every time and fate is the
 * simulator's; this file only looks records up by time.
 *
 * Layout: two lanes, data left to right and ACKs right to left; a lane has one stage per position
 * on the routes (hop 0, 1, …), each a queue followed by its link.
 */
import type { FlowPath, PathCause, PathEvent, PathLink, PathPacket, PathWindow } from '../sim/packetTrace';

/** Above this many packets in flight the view draws queue occupancy and loss marks instead. */
export const MAX_DRAWN_PACKETS = 300;

/** How long (simulated ms) a loss stays marked after it happens. */
export const LOSS_LINGER_MS = 400;

export type Lane = 'data' | 'ack';

export interface Stage {
  lane: Lane;
  hop: number;
  /** The links drawn at this stage (several when flows' routes differ there). */
  links: number[];
  queueLabel: string;
  linkLabel: string;
  limit: number;
}

type Hop = Extract<PathEvent, { type: 'hop' }>;
type Drop = Extract<PathEvent, { type: 'drop' }>;
type VerdictRec = Extract<PathEvent, { type: 'verdict' }>;

export interface PacketGlyph {
  pkt: PathPacket;
  lane: Lane;
  hop: number;
  /** `queued`: waiting (slot ≥ 1); `sending`: being serialized (slot 0); `flying`: on the wire. */
  phase: 'queued' | 'sending' | 'flying';
  /** Place in its queue, 0 = in service. */
  slot: number;
  /** Along the wire (flying) or through serialization (sending), 0–1. */
  progress: number;
  /** Where this or an earlier link's errors hit it (`none` when intact). */
  hit: Hop['hit'];
}

export interface LossMark {
  pkt: PathPacket;
  lane: Lane;
  hop: number;
  tMs: number;
  /** `queue`: refused by a full queue (or AQM); `header`/`payload`: bits hit there, discarded at the receiving host; `lost`: destroyed on the link. */
  kind: 'queue' | 'header' | 'payload' | 'lost';
  /** Queue drops: packets in the link and its capacity. */
  queued?: number;
  limit?: number;
}

export interface VerdictNote {
  tMs: number;
  flow: string;
  classifier: string;
  seq: number;
  verdict: 'congestion' | 'wireless';
  truth: PathCause | null;
  /** `right`, `wrong`, or `none` when nothing was lost (a spurious retransmission). */
  judged: 'right' | 'wrong' | 'none';
}

export interface Frame {
  tMs: number;
  inFlight: number;
  /** `packets`: every packet drawn; `occupancy`: too many in flight, queues and losses only. */
  mode: 'packets' | 'occupancy';
  packets: PacketGlyph[];
  queues: { lane: Lane; hop: number; count: number; limit: number }[];
  losses: LossMark[];
  /** The latest verdict at or before the instant (within the window). */
  verdict: VerdictNote | null;
}

export interface PathModel {
  fromMs: number;
  toMs: number;
  endMs: number;
  stages: Stage[];
  routes: FlowPath[];
  links: PathLink[];
  dropped: number;
  hops: Hop[];
  drops: Drop[];
  verdicts: VerdictRec[];
  /** Longest hop (offer to arrival), ms: how far back an active hop can start. */
  maxHopMs: number;
  /** Every record's time, sorted (for stepping). */
  times: number[];
  place: Map<number, { lane: Lane; hop: number }>;
}

/** Plain words for a link's name (`bottleneck.reverse` → "bottleneck (ACKs)"). */
export function linkWords(name: string): string {
  const rev = name.endsWith('.reverse');
  const base = rev ? name.slice(0, -'.reverse'.length) : name;
  const words = base.startsWith('access') ? 'access link' : base;
  return rev ? `${words} (ACKs)` : words;
}

const CAUSE_WORDS: Record<PathCause, string> = {
  queue_overflow: 'a full queue',
  aqm_drop: 'an early queue drop (AQM)',
  header_corruption: 'bit errors in the header',
  payload_corruption: 'bit errors in the payload',
  wireless_loss: 'a loss on the radio link',
};

export function causeWords(c: PathCause | null): string {
  return c ? CAUSE_WORDS[c] : 'nothing (the segment was not lost)';
}

const isCongestion = (c: PathCause) => c === 'queue_overflow' || c === 'aqm_drop';

export function judge(verdict: 'congestion' | 'wireless', truth: PathCause | null): VerdictNote['judged'] {
  if (!truth) return 'none';
  return (verdict === 'congestion') === isCongestion(truth) ? 'right' : 'wrong';
}

/** Where each link is drawn, and the stages of both lanes. */
export function layout(
  links: PathLink[],
  routes: FlowPath[],
): { stages: Stage[]; place: Map<number, { lane: Lane; hop: number }> } {
  const place = new Map<number, { lane: Lane; hop: number }>();
  const stages: Stage[] = [];
  for (const lane of ['data', 'ack'] as const) {
    for (const r of routes) {
      (lane === 'data' ? r.data : r.ack).forEach((link, hop) => {
        if (place.has(link)) return;
        place.set(link, { lane, hop });
        let s = stages.find((x) => x.lane === lane && x.hop === hop);
        if (!s) {
          s = {
            lane,
            hop,
            links: [],
            queueLabel: hop === 0 ? (lane === 'data' ? 'sender queue' : 'receiver queue') : 'router queue',
            linkLabel: linkWords(links[link]?.name ?? `link ${link}`),
            limit: 0,
          };
          stages.push(s);
        }
        s.links.push(link);
        s.limit = Math.max(s.limit, links[link]?.limit_pkts ?? 0);
      });
    }
  }
  stages.sort((a, b) => (a.lane === b.lane ? a.hop - b.hop : a.lane === 'data' ? -1 : 1));
  return { stages, place };
}

export function buildModel(w: PathWindow): PathModel {
  const hops: Hop[] = [];
  const drops: Drop[] = [];
  const verdicts: VerdictRec[] = [];
  const times: number[] = [];
  let maxHopMs = 0;
  for (const e of w.events) {
    if (e.type === 'hop') {
      hops.push(e);
      maxHopMs = Math.max(maxHopMs, e.arrive_ms - e.offer_ms);
      times.push(e.offer_ms);
    } else if (e.type === 'drop') {
      drops.push(e);
      times.push(e.t_ms);
    } else if (e.type === 'verdict') {
      verdicts.push(e);
      times.push(e.t_ms);
    } else times.push(e.t_ms);
  }
  hops.sort((a, b) => a.offer_ms - b.offer_ms);
  times.sort((a, b) => a - b);
  const { stages, place } = layout(w.links, w.routes);
  return {
    fromMs: w.fromMs,
    toMs: w.toMs,
    endMs: w.endMs,
    stages,
    routes: w.routes,
    links: w.links,
    dropped: w.dropped,
    hops,
    drops,
    verdicts,
    maxHopMs,
    times,
    place,
  };
}

/** First index in sorted `xs` with `key(x) >= v`. */
function lowerBound<T>(xs: readonly T[], v: number, key: (x: T) => number): number {
  let lo = 0;
  let hi = xs.length;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (key(xs[mid]) < v) lo = mid + 1;
    else hi = mid;
  }
  return lo;
}

export function flowName(m: PathModel, flow: number, what: PathPacket['what']): string {
  if (what === 'udp') return 'cross traffic';
  return m.routes[flow]?.id ?? `flow ${flow + 1}`;
}

/** Describes a packet in words ("f0 data 14,600", "f0 duplicate ACK 13,140"). */
export function packetWords(m: PathModel, p: PathPacket): string {
  const who = flowName(m, p.flow, p.what);
  const n = (x: number) => x.toLocaleString('en-US');
  switch (p.what) {
    case 'data':
      return `${who} ${p.retx ? 'retransmission' : 'data'} from byte ${n(p.seq)}`;
    case 'ack':
      return `${who} ${p.dup_ack ? 'duplicate ACK' : 'ACK'} ${n(p.ack)}`;
    case 'syn':
      return `${who} connection request`;
    case 'syn_ack':
      return `${who} connection reply`;
    default:
      return `${who} datagram`;
  }
}

/** What is on the path at `t` (ms, inside the model's window). */
export function frameAt(m: PathModel, t: number): Frame {
  const first = lowerBound(m.hops, t - m.maxHopMs, (h) => h.offer_ms);
  const packets: PacketGlyph[] = [];
  const perLink = new Map<number, number>();
  for (let i = first; i < m.hops.length; i++) {
    const h = m.hops[i];
    if (h.offer_ms > t) break;
    if (h.arrive_ms <= t) continue;
    const at = m.place.get(h.link);
    if (!at) continue;
    let phase: PacketGlyph['phase'];
    let slot = 0;
    let progress = 0;
    if (t < h.depart_ms) {
      // FIFO: the packets still in this link before it are ahead of it, in order of offer.
      slot = perLink.get(h.link) ?? 0;
      perLink.set(h.link, slot + 1);
      phase = t >= h.start_ms ? 'sending' : 'queued';
      if (phase === 'sending') progress = (t - h.start_ms) / Math.max(1e-9, h.depart_ms - h.start_ms);
    } else {
      phase = 'flying';
      progress = (t - h.depart_ms) / Math.max(1e-9, h.arrive_ms - h.depart_ms);
    }
    packets.push({ pkt: h.pkt, lane: at.lane, hop: at.hop, phase, slot, progress, hit: h.hit });
  }
  const queues = m.stages.map((s) => ({
    lane: s.lane,
    hop: s.hop,
    count: s.links.reduce((sum, l) => sum + Math.max(0, (perLink.get(l) ?? 0) - 1), 0),
    limit: s.limit,
  }));
  const losses: LossMark[] = [];
  for (const d of m.drops) {
    if (d.t_ms > t || d.t_ms <= t - LOSS_LINGER_MS) continue;
    const at = m.place.get(d.link);
    if (at) losses.push({ pkt: d.pkt, ...at, tMs: d.t_ms, kind: 'queue', queued: d.queued, limit: d.limit });
  }
  for (let i = lowerBound(m.hops, t - LOSS_LINGER_MS - m.maxHopMs, (h) => h.offer_ms); i < m.hops.length; i++) {
    const h = m.hops[i];
    if (h.offer_ms > t) break;
    if (h.hit === 'none' || h.arrive_ms > t || h.arrive_ms <= t - LOSS_LINGER_MS) continue;
    const at = m.place.get(h.link);
    if (at && (h.last || h.hit === 'lost')) losses.push({ pkt: h.pkt, ...at, tMs: h.arrive_ms, kind: h.hit });
  }
  losses.sort((a, b) => a.tMs - b.tMs);
  const v = m.verdicts[lowerBound(m.verdicts, t, (x) => x.t_ms + 1e-9) - 1];
  const verdict: VerdictNote | null = v
    ? {
        tMs: v.t_ms,
        flow: m.routes[v.flow]?.id ?? `flow ${v.flow + 1}`,
        classifier: m.routes[v.flow]?.classifier ?? '',
        seq: v.seq,
        verdict: v.verdict,
        truth: v.truth,
        judged: judge(v.verdict, v.truth),
      }
    : null;
  return {
    tMs: t,
    inFlight: packets.length,
    mode: packets.length > MAX_DRAWN_PACKETS ? 'occupancy' : 'packets',
    packets,
    queues,
    losses,
    verdict,
  };
}

/** Notable happenings (losses, duplicate ACKs, retransmissions, verdicts) up to `t`, newest first. */
export function logUpTo(m: PathModel, t: number, max = 6): string[] {
  const out: { t: number; text: string }[] = [];
  const s = (ms: number) => `${(ms / 1000).toFixed(3)} s`;
  for (let i = lowerBound(m.hops, t, (h) => h.offer_ms) - 1; i >= 0 && out.length < max * 3; i--) {
    const h = m.hops[i];
    if (h.hop === 0 && h.pkt.retx)
      out.push({ t: h.offer_ms, text: `${s(h.offer_ms)} · ${packetWords(m, h.pkt)} sent again` });
    if (h.last && h.pkt.dup_ack && h.arrive_ms <= t)
      out.push({ t: h.arrive_ms, text: `${s(h.arrive_ms)} · ${packetWords(m, h.pkt)} reaches the sender` });
    if (h.hit !== 'none' && h.arrive_ms <= t && (h.last || h.hit === 'lost'))
      out.push({ t: h.arrive_ms, text: `${s(h.arrive_ms)} · ${packetWords(m, h.pkt)} ${hitWords(h.hit)}` });
  }
  for (const d of m.drops)
    if (d.t_ms <= t)
      out.push({
        t: d.t_ms,
        text: `${s(d.t_ms)} · ${packetWords(m, d.pkt)} dropped: the ${linkWords(m.links[d.link]?.name ?? '')} queue was full (${d.queued - 1} of ${d.limit} waiting)`,
      });
  for (const v of m.verdicts)
    if (v.t_ms <= t) {
      const j = judge(v.verdict, v.truth);
      out.push({
        t: v.t_ms,
        text: `${s(v.t_ms)} · ${m.routes[v.flow]?.id ?? ''} judged a loss ${v.verdict === 'congestion' ? 'congestion' : 'a bit error'}; truth: ${causeWords(v.truth)}${j === 'none' ? '' : ` (${j})`}`,
      });
    }
  return out
    .sort((a, b) => b.t - a.t)
    .slice(0, max)
    .map((x) => x.text);
}

export function hitWords(hit: Hop['hit']): string {
  switch (hit) {
    case 'header':
      return 'discarded: bits hit in the header';
    case 'payload':
      return 'discarded: bits hit in the payload (checksum failed)';
    case 'lost':
      return 'lost on the link';
    default:
      return 'arrived intact';
  }
}

/** The next record strictly after `t` inside the window (a packet entering a link, a drop, a verdict), or null. */
export function nextEventAfter(m: PathModel, t: number): { tMs: number; text: string } | null {
  const i = lowerBound(m.times, t + 1e-6, (x) => x);
  if (i >= m.times.length) return null;
  const tMs = m.times[i];
  const h = m.hops.find((x) => x.offer_ms === tMs);
  if (h)
    return {
      tMs,
      text: `${packetWords(m, h.pkt)} enters the ${linkWords(m.links[h.link]?.name ?? '')}${h.ahead > 0 ? ` behind ${h.ahead} packet${h.ahead === 1 ? '' : 's'}` : ''}`,
    };
  const d = m.drops.find((x) => x.t_ms === tMs);
  if (d) return { tMs, text: `${packetWords(m, d.pkt)} dropped at a full queue` };
  return { tMs, text: 'a loss is judged' };
}

/**
 * The next loss strictly after `t` inside the window — a queue drop, or a hit packet reaching its
 * end — or the next verdict on one (the sender noticing it, three duplicate ACKs later).
 */
export function nextLossAfter(m: PathModel, t: number): { tMs: number; text: string } | null {
  let best: { tMs: number; text: string } | null = null;
  for (const d of m.drops)
    if (d.t_ms > t + 1e-6 && (!best || d.t_ms < best.tMs))
      best = { tMs: d.t_ms, text: `${packetWords(m, d.pkt)} dropped: the queue was full` };
  for (const h of m.hops)
    if (h.hit !== 'none' && (h.last || h.hit === 'lost') && h.arrive_ms > t + 1e-6 && (!best || h.arrive_ms < best.tMs))
      best = { tMs: h.arrive_ms, text: `${packetWords(m, h.pkt)} ${hitWords(h.hit)}` };
  for (const v of m.verdicts)
    if (v.t_ms > t + 1e-6 && (!best || v.t_ms < best.tMs))
      best = {
        tMs: v.t_ms,
        text: `${m.routes[v.flow]?.id ?? ''} notices a loss and its classifier judges it`,
      };
  return best;
}
