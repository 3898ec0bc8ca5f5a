/**
 * The packet view's worker jobs ("Watch the packets"): the lab's scenario run again with the
 * simulator's path trace on (sim-core `engine/path_trace.rs` through wasm `WasmPathTrace`), and
 * the records of one time window handed to the page. Same scenario and seed, so the same packets
 * as the charts' run; the page draws them and models nothing itself.
 *
 * Memory stays bounded by the window: the run is advanced in slices and the records before the
 * window are drained and thrown away; a window earlier than the run's clock starts a fresh run.
 * Free of worker globals, so tests drive it with the real wasm or a fake.
 */
import * as glue from './pkg/losslab_wasm.js';
import { answerJob } from './requestWorker';

/** The packet a hop or drop record is about (`PacketInfo` in the Rust docs). */
export interface PathPacket {
  id: number;
  flow: number;
  what: 'syn' | 'syn_ack' | 'data' | 'ack' | 'udp';
  seq: number;
  len: number;
  ack: number;
  retx: boolean;
  dup_ack: boolean;
}

export type PathCause = 'queue_overflow' | 'aqm_drop' | 'header_corruption' | 'payload_corruption' | 'wireless_loss';

/** One path-trace record, as the simulator writes it (times in ms). */
export type PathEvent =
  | {
      type: 'hop';
      pkt: PathPacket;
      link: number;
      hop: number;
      last: boolean;
      offer_ms: number;
      start_ms: number;
      depart_ms: number;
      arrive_ms: number;
      ahead: number;
      hit: 'none' | 'header' | 'payload' | 'lost';
    }
  | {
      type: 'drop';
      pkt: PathPacket;
      link: number;
      hop: number;
      t_ms: number;
      cause: PathCause;
      queued: number;
      limit: number;
    }
  | {
      type: 'verdict';
      t_ms: number;
      flow: number;
      seq: number;
      verdict: 'congestion' | 'wireless';
      truth: PathCause | null;
    }
  | { type: 'timeout'; t_ms: number; flow: number; seq: number };

export interface PathLink {
  name: string;
  rate_bps: number;
  delay_ms: number;
  limit_pkts: number;
}

export interface FlowPath {
  id: string;
  cc: string;
  classifier: string;
  data: number[];
  ack: number[];
}

/** The records needed to draw any instant in `[fromMs, toMs]`. */
export interface PathWindow {
  fromMs: number;
  toMs: number;
  /** The run's end (its stop time, or when it finished), ms. */
  endMs: number;
  links: PathLink[];
  routes: FlowPath[];
  /** Hops still under way at `fromMs` or started by `toMs`; other records inside the window. */
  events: PathEvent[];
  /** Records left out at the simulator's cap (0 when whole). */
  dropped: number;
}

export type PacketTraceToWorker = {
  type: 'pathWindow';
  requestId: number;
  scenarioJson: string;
  fromMs: number;
  toMs: number;
};

export type PacketTraceFromWorker =
  | { type: 'pathWindowDone'; requestId: number; window: PathWindow; wallMs: number }
  | { type: 'pathWindowError'; requestId: number; message: string; trapped?: boolean }
  | { type: 'pathFatal'; message: string };

/** The wasm handle, as far as these jobs use it. */
export interface PathTraceHandle {
  links(): PathLink[];
  routes(): FlowPath[];
  runUntil(tMs: number, maxEvents: number): boolean;
  take(): PathEvent[];
  dropped(): number;
  nowMs(): number;
  stopMs(): number;
  free(): void;
}

export function openWasmPathTrace(json: string): PathTraceHandle {
  const t = new glue.WasmPathTrace(json);
  return {
    links: () => t.links() as PathLink[],
    routes: () => t.routes() as FlowPath[],
    runUntil: (ms, max) => t.runUntil(ms, max),
    take: () => t.take() as PathEvent[],
    dropped: () => t.dropped(),
    nowMs: () => t.nowMs(),
    stopMs: () => t.stopMs(),
    free: () => t.free(),
  };
}

/** Simulated time advanced per slice while skipping to a window (records drained each slice). */
const SLICE_MS = 250;

/** Whether record `e` matters to an instant at or after `fromMs`. */
export function reaches(e: PathEvent, fromMs: number): boolean {
  return e.type === 'hop' ? e.arrive_ms >= fromMs : e.t_ms >= fromMs;
}

export class PacketTraceJobs {
  private run: {
    json: string;
    h: PathTraceHandle;
    finished: boolean;
    /** Records drained but still under way (hops not yet arrived) at the run's clock. */
    carry: PathEvent[];
  } | null = null;

  constructor(
    private readonly env: {
      post(msg: PacketTraceFromWorker): void;
      now(): number;
      open?(json: string): PathTraceHandle;
    },
  ) {}

  handle(msg: PacketTraceToWorker): void {
    const { requestId } = msg;
    const a = answerJob(
      () => this.env.now(),
      () => this.window(msg.scenarioJson, msg.fromMs, msg.toMs),
      () => (this.run = null),
    );
    this.env.post(
      a.ok
        ? { type: 'pathWindowDone', requestId, window: a.value, wallMs: a.wallMs }
        : { type: 'pathWindowError', requestId, message: a.message, trapped: a.trapped },
    );
  }

  /** The records of `[fromMs, toMs]` (see `PathWindow`). */
  window(json: string, fromMs: number, toMs: number): PathWindow {
    let r = this.run;
    if (!r || r.json !== json || r.h.nowMs() > fromMs) {
      r?.h.free();
      r = { json, h: (this.env.open ?? openWasmPathTrace)(json), finished: false, carry: [] };
      this.run = r;
    }
    // Skip to the window, keeping only hops still under way.
    while (!r.finished && r.h.nowMs() < fromMs) {
      r.finished = r.h.runUntil(Math.min(fromMs, r.h.nowMs() + SLICE_MS), 0xffffffff);
      r.carry = r.carry.concat(r.h.take()).filter((e) => reaches(e, fromMs));
    }
    const events = r.carry.filter((e) => reaches(e, fromMs));
    while (!r.finished && r.h.nowMs() < toMs) {
      r.finished = r.h.runUntil(Math.min(toMs, r.h.nowMs() + SLICE_MS), 0xffffffff);
      for (const e of r.h.take()) events.push(e);
    }
    // What is still under way at the window's end starts the next window.
    r.carry = events.filter((e) => reaches(e, toMs));
    return {
      fromMs,
      toMs,
      endMs: r.finished ? r.h.nowMs() : r.h.stopMs(),
      links: r.h.links(),
      routes: r.h.routes(),
      events,
      dropped: r.h.dropped(),
    };
  }
}
