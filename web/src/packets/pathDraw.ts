/**
 * Paints one frame of the packet view (`pathModel.frameAt`) on a canvas: the senders, each stage's
 * queue and link along the data lane (left to right) and the ACK lane (right to left), the
 * receiver, every packet (coloured by flow; a retransmission outlined; a duplicate ACK doubled;
 * bits hit in the header marked at the packet's front, in the payload across its body), each
 * queue's fill, and the losses of the last moments: a queue drop falls out under its queue, a
 * corrupted packet is crossed out at the receiving host. Above `MAX_DRAWN_PACKETS` in flight only
 * the queues' fill and the loss marks are drawn.
 */
import { flowColor } from '../lib/colors';
import type { Frame, Lane, PacketGlyph, PathModel, Stage } from './pathModel';

export interface Theme {
  ink: string;
  muted: string;
  bg: string;
  loss: string;
  hit: string;
}

/** Both 3:1 or more (WCAG 1.4.11) on the light and the dark panel the canvas sits on. */
export const HIT_COLOR = '#E0203A';
export const DROP_COLOR = '#996B2E';

export function themeOf(el: Element): Theme {
  const cs = getComputedStyle(el);
  const v = (name: string, fallback: string) => cs.getPropertyValue(name).trim() || fallback;
  return {
    ink: v('--ink', '#1a1a1a'),
    muted: v('--muted', '#6b6b6b'),
    bg: v('--bg', '#ffffff'),
    loss: DROP_COLOR,
    hit: HIT_COLOR,
  };
}

/** Geometry of the path for a canvas `w` × `h` (CSS px). */
export interface Geometry {
  w: number;
  h: number;
  hostW: number;
  laneY: Record<Lane, number>;
  stages: { stage: Stage; x0: number; qx1: number; x1: number }[];
  slotW: number;
  pktW: number;
  pktH: number;
}

export function geometry(m: PathModel, w: number, h: number): Geometry {
  const hostW = Math.max(44, Math.min(80, w * 0.09));
  const inner = w - 2 * hostW;
  const lanes = { data: m.stages.filter((s) => s.lane === 'data'), ack: m.stages.filter((s) => s.lane === 'ack') };
  const stages: Geometry['stages'] = [];
  for (const lane of ['data', 'ack'] as const) {
    const n = Math.max(1, lanes[lane].length);
    const sw = inner / n;
    lanes[lane].forEach((stage, k) => {
      // Data runs left to right; ACKs right to left (their hop 0 leaves the receiver).
      const x0 = lane === 'data' ? hostW + k * sw : w - hostW - k * sw;
      const dir = lane === 'data' ? 1 : -1;
      const qLen = sw * 0.42;
      stages.push({ stage, x0, qx1: x0 + dir * qLen, x1: x0 + dir * sw });
    });
  }
  const small = w < 600;
  return {
    w,
    h,
    hostW,
    laneY: { data: h * 0.36, ack: h * 0.74 },
    stages,
    slotW: small ? 6 : 9,
    pktW: small ? 5 : 8,
    pktH: small ? 10 : 14,
  };
}

function stageOf(g: Geometry, lane: Lane, hop: number) {
  return g.stages.find((s) => s.stage.lane === lane && s.stage.hop === hop);
}

/** Where a packet is drawn (its centre). */
export function packetXY(g: Geometry, p: PacketGlyph): { x: number; y: number } | null {
  const s = stageOf(g, p.lane, p.hop);
  if (!s) return null;
  const dir = s.x1 > s.x0 ? 1 : -1;
  const y = g.laneY[p.lane];
  if (p.phase === 'flying') return { x: s.qx1 + (s.x1 - s.qx1) * p.progress, y };
  // In the queue: slot 0 (in service) at the exit, the others behind it.
  const qLen = Math.abs(s.qx1 - s.x0) - g.slotW;
  const back = Math.min(p.slot * g.slotW, qLen);
  return { x: s.qx1 - dir * (g.slotW / 2 + back), y };
}

export function draw(ctx: CanvasRenderingContext2D, m: PathModel, f: Frame, g: Geometry, th: Theme): void {
  ctx.clearRect(0, 0, g.w, g.h);
  ctx.font = `${g.w < 600 ? 10 : 12}px system-ui, sans-serif`;
  ctx.textBaseline = 'middle';
  // Hosts.
  ctx.strokeStyle = th.muted;
  ctx.lineWidth = 1;
  ctx.fillStyle = th.ink;
  ctx.textAlign = 'center';
  const hostTop = g.laneY.data - 26;
  const hostH = g.laneY.ack - g.laneY.data + 52;
  ctx.strokeRect(4, hostTop, g.hostW - 10, hostH);
  ctx.strokeRect(g.w - g.hostW + 6, hostTop, g.hostW - 10, hostH);
  ctx.fillText(m.routes.length > 1 ? 'senders' : 'sender', g.hostW / 2, hostTop - 10);
  ctx.fillText('receiver', g.w - g.hostW / 2, hostTop - 10);
  // Stages: the queue box with its fill, then the link.
  for (const s of g.stages) {
    const y = g.laneY[s.stage.lane];
    const left = Math.min(s.x0, s.qx1);
    const qw = Math.abs(s.qx1 - s.x0);
    ctx.strokeStyle = th.muted;
    ctx.strokeRect(left + 2, y - g.pktH / 2 - 4, qw - 4, g.pktH + 8);
    const q = f.queues.find((x) => x.lane === s.stage.lane && x.hop === s.stage.hop);
    if (q && q.limit > 0) {
      const frac = Math.min(1, q.count / q.limit);
      ctx.fillStyle = frac >= 1 ? th.loss : th.muted;
      ctx.globalAlpha = 0.35;
      ctx.fillRect(left + 2, y + g.pktH / 2 + 7, (qw - 4) * frac, 4);
      ctx.globalAlpha = 1;
      ctx.fillStyle = th.ink;
      // Narrow: the queue's name and its fill on two lines.
      if (g.w < 600) {
        ctx.fillText(s.stage.queueLabel, left + qw / 2, y + g.pktH / 2 + 19);
        ctx.fillText(`${q.count}/${q.limit}`, left + qw / 2, y + g.pktH / 2 + 31);
      } else ctx.fillText(`${s.stage.queueLabel}: ${q.count}/${q.limit}`, left + qw / 2, y + g.pktH / 2 + 20);
    }
    ctx.strokeStyle = th.ink;
    ctx.beginPath();
    ctx.moveTo(s.qx1, y);
    ctx.lineTo(s.x1, y);
    ctx.stroke();
    ctx.fillStyle = th.ink;
    ctx.fillText(s.stage.linkLabel, (s.qx1 + s.x1) / 2, y - g.pktH / 2 - 12);
  }
  if (f.mode === 'packets') for (const p of f.packets) drawPacket(ctx, g, p, th);
  // Losses at one place stack, newest nearest the path.
  const seen = new Map<string, number>();
  for (let i = f.losses.length - 1; i >= 0; i--) {
    const l = f.losses[i];
    const key = `${l.lane}:${l.hop}:${l.kind === 'queue'}`;
    const k = seen.get(key) ?? 0;
    seen.set(key, k + 1);
    if (k < 3) drawLoss(ctx, g, l, th, f.tMs, k);
  }
}

function drawPacket(ctx: CanvasRenderingContext2D, g: Geometry, p: PacketGlyph, th: Theme): void {
  const at = packetXY(g, p);
  if (!at) return;
  const ack = p.pkt.what === 'ack' || p.pkt.what === 'syn_ack';
  const w = ack ? g.pktW * 0.7 : g.pktW;
  const h = ack ? g.pktH * 0.6 : g.pktH;
  const x = at.x - w / 2;
  const y = at.y - h / 2;
  ctx.fillStyle = p.pkt.what === 'udp' ? th.muted : flowColor(p.pkt.flow);
  ctx.globalAlpha = p.hit === 'lost' ? 0.35 : 1;
  ctx.fillRect(x, y, w, h);
  ctx.globalAlpha = 1;
  if (p.pkt.retx) {
    ctx.strokeStyle = th.ink;
    ctx.lineWidth = 2;
    ctx.strokeRect(x - 1, y - 1, w + 2, h + 2);
    ctx.lineWidth = 1;
  }
  if (p.pkt.dup_ack) {
    ctx.fillStyle = flowColor(p.pkt.flow);
    ctx.fillRect(x, y - h - 2, w, h);
  }
  if (p.hit === 'header' || p.hit === 'payload') {
    ctx.fillStyle = th.hit;
    // The header is the packet's front (the end toward where it travels).
    const front = p.lane === 'data' ? x + w - 3 : x;
    if (p.hit === 'header') ctx.fillRect(front, y, 3, h);
    else ctx.fillRect(x + 1, y + h / 2 - 1.5, w - 2, 3);
  }
}

function drawLoss(
  ctx: CanvasRenderingContext2D,
  g: Geometry,
  l: Frame['losses'][number],
  th: Theme,
  t: number,
  stack: number,
): void {
  const s = stageOf(g, l.lane, l.hop);
  if (!s) return;
  const y = g.laneY[l.lane];
  const age = Math.min(1, (t - l.tMs) / 400);
  ctx.lineWidth = 2;
  if (l.kind === 'queue') {
    // Falls out of the back of the full queue.
    const x = s.x0 + (s.qx1 > s.x0 ? 8 : -8);
    // Below the queue's name and fill.
    const yy = y + g.pktH / 2 + 42 + stack * (g.pktH + 4) + age * 6;
    ctx.fillStyle = flowColor(l.pkt.flow);
    ctx.fillRect(x - g.pktW / 2, yy - g.pktH / 2, g.pktW, g.pktH);
    ctx.strokeStyle = th.loss;
    cross(ctx, x, yy, g.pktH * 0.7);
    // The words in the page's ink (text needs 4.5:1); the cross carries the loss's colour.
    ctx.fillStyle = th.ink;
    ctx.textAlign = s.qx1 > s.x0 ? 'left' : 'right';
    ctx.fillText('queue full: dropped', x + (s.qx1 > s.x0 ? 10 : -10), yy);
  } else {
    // Above the link's name, at the end where it arrives.
    const x = s.x1 + (s.x1 > s.x0 ? -6 : 6);
    const yy = y - g.pktH / 2 - 34 - stack * (g.pktH + 4) - age * 4;
    ctx.fillStyle = flowColor(l.pkt.flow);
    ctx.fillRect(x - g.pktW / 2, yy - g.pktH / 2, g.pktW, g.pktH);
    ctx.strokeStyle = th.hit;
    cross(ctx, x, yy, g.pktH * 0.7);
    ctx.fillStyle = th.ink;
    ctx.textAlign = s.x1 > s.x0 ? 'right' : 'left';
    const words =
      l.kind === 'header' ? 'bits hit: header' : l.kind === 'payload' ? 'bits hit: payload' : 'lost on the link';
    ctx.fillText(words, x + (s.x1 > s.x0 ? -10 : 10), yy);
  }
  ctx.textAlign = 'center';
  ctx.lineWidth = 1;
}

function cross(ctx: CanvasRenderingContext2D, x: number, y: number, r: number): void {
  ctx.beginPath();
  ctx.moveTo(x - r / 2, y - r / 2);
  ctx.lineTo(x + r / 2, y + r / 2);
  ctx.moveTo(x + r / 2, y - r / 2);
  ctx.lineTo(x - r / 2, y + r / 2);
  ctx.stroke();
}
