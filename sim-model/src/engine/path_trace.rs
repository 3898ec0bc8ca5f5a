//! The path trace behind the lab's packet view ("Watch the packets"): every packet's passage
//! through every link direction it crosses — offered to the queue, serialized, arrived at the far
//! end, hit by bit errors (in the sensitive header or the payload) or refused by the queue — plus
//! each flow's timeouts and its classifier's verdict with the true cause at each loss.
//!
//! Off unless [`Simulation::enable_path_trace`] is called (the wasm `WasmPathTrace` does; no
//! scenario field turns it on): a run without it takes one untaken branch per packet per hop and
//! gives byte-identical results. The hooks only read: turning the trace on changes no result.
//!
//! One record per hop, not one per enqueue and dequeue: a FIFO link's departures are
//! deterministic (`net/channel.rs`), so the offer time, the serialization start
//! `max(offer, previous departure)`, the departure and the arrival `departure + delay` are known
//! when the packet is offered, and the packets ahead of it are the queue it sees. A duplicate ACK
//! is a pure ACK carrying the same ACK number as its flow's previous ACK (RFC 5681 §2).
//!
//! Memory: the records held between two [`Simulation::take_path_events`] calls are capped at
//! [`MAX_PATH_EVENTS_HELD`]; past the cap, records are counted in [`Simulation::path_dropped`]
//! so the caller can say the trace has a gap. The packet-id table has one slot per packet-pool
//! slot (the pool's own bound).

use super::Simulation;
use crate::net::{Channel, Offer};
use crate::packet::{Cause, Hit, Packet, PacketKind};
use crate::tcp::signal::Verdict;
use crate::tcp::trace::{Trace, TraceKind};
use crate::time::SimTime;
use serde::Serialize;

/// Most records held between two drains (about 64 MB of records at the cap).
pub const MAX_PATH_EVENTS_HELD: usize = 500_000;

/// What a packet is, as the packet view names it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum What {
    /// Connection request.
    Syn,
    /// Connection reply.
    SynAck,
    /// A TCP data segment.
    Data,
    /// A pure TCP acknowledgement.
    Ack,
    /// A cross-traffic UDP datagram.
    Udp,
}

impl From<PacketKind> for What {
    fn from(k: PacketKind) -> Self {
        match k {
            PacketKind::Syn => What::Syn,
            PacketKind::SynAck => What::SynAck,
            PacketKind::Data => What::Data,
            PacketKind::Ack => What::Ack,
            PacketKind::Udp => What::Udp,
        }
    }
}

/// Where this link's errors hit the packet (docs/design.md §D3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum HitPlace {
    /// Intact on this link.
    None,
    /// Bits hit in the sensitive header: discarded at the receiving host, flow unknown.
    Header,
    /// Bits hit only in the payload: the checksum fails, the flow is known.
    Payload,
    /// Destroyed by a packet-level error model: lost at the end of the link.
    Lost,
}

impl From<Hit> for HitPlace {
    fn from(h: Hit) -> Self {
        match h {
            Hit::None => HitPlace::None,
            Hit::Header => HitPlace::Header,
            Hit::Payload => HitPlace::Payload,
            Hit::Lost => HitPlace::Lost,
        }
    }
}

/// The packet a hop or drop record is about.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct PacketInfo {
    /// Serial number of the packet in this run (from 0, in the order packets enter the network).
    pub id: u64,
    /// Flow index (cross-traffic source index for `udp`).
    pub flow: u32,
    /// What it is.
    pub what: What,
    /// First payload byte (data).
    pub seq: u64,
    /// Payload bytes.
    pub len: u32,
    /// Cumulative ACK number (ACK, SYN-ACK).
    pub ack: u64,
    /// A retransmitted data segment.
    pub retx: bool,
    /// A pure ACK repeating its flow's previous ACK number.
    pub dup_ack: bool,
}

/// One record of the path trace. Times are ms; `link` indexes [`Simulation::path_links`].
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum PathEvent {
    /// A packet accepted by a link direction: queued, serialized, carried to the far end.
    Hop {
        /// The packet.
        pkt: PacketInfo,
        /// Link direction.
        link: u32,
        /// Position on the packet's route (0 = first link).
        hop: u32,
        /// The route's last link: the far end is the destination host.
        last: bool,
        /// Offered to the queue.
        offer_ms: f64,
        /// Serialization starts (leaves the queue).
        start_ms: f64,
        /// Serialization ends.
        depart_ms: f64,
        /// Reaches the far end.
        arrive_ms: f64,
        /// Packets ahead of it in the link (waiting or in service) when offered.
        ahead: u32,
        /// Where this link's errors hit it.
        hit: HitPlace,
    },
    /// A packet refused by a link's queue (tail drop or AQM).
    Drop {
        /// The packet.
        pkt: PacketInfo,
        /// Link direction.
        link: u32,
        /// Position on the packet's route.
        hop: u32,
        /// When.
        t_ms: f64,
        /// The true cause (`queue_overflow` or `aqm_drop`).
        cause: Cause,
        /// Packets in the link (waiting and in service) when it was refused.
        queued: u32,
        /// The queue's capacity, packets.
        limit: u32,
    },
    /// A flow's classifier judged a loss (its verdict) and what the loss really was.
    Verdict {
        /// When.
        t_ms: f64,
        /// Flow index.
        flow: u32,
        /// The sender's oldest unacknowledged byte (the loss judged).
        seq: u64,
        /// The classifier's verdict.
        verdict: Verdict,
        /// The true cause; `None` when nothing was lost (a spurious retransmission).
        truth: Option<Cause>,
    },
    /// A flow's retransmission timer expired.
    Timeout {
        /// When.
        t_ms: f64,
        /// Flow index.
        flow: u32,
        /// The sender's oldest unacknowledged byte.
        seq: u64,
    },
}

impl PathEvent {
    /// The record's time, ms (a hop's offer time).
    pub fn t_ms(&self) -> f64 {
        match *self {
            PathEvent::Hop { offer_ms, .. } => offer_ms,
            PathEvent::Drop { t_ms, .. }
            | PathEvent::Verdict { t_ms, .. }
            | PathEvent::Timeout { t_ms, .. } => t_ms,
        }
    }
}

/// One link direction as the packet view draws it.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct PathLink {
    /// Entity name (`access.0`, `bottleneck`, `bottleneck.reverse`, …).
    pub name: String,
    /// Rate, bit/s.
    pub rate_bps: f64,
    /// Propagation delay, ms.
    pub delay_ms: f64,
    /// Queue capacity, packets.
    pub limit_pkts: u32,
}

/// One flow's path: the links its data and its ACKs cross, in order.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct FlowPath {
    /// Flow id.
    pub id: String,
    /// Congestion-control variant id.
    pub cc: String,
    /// Loss classifier id.
    pub classifier: String,
    /// Links of the data route.
    pub data: Vec<u32>,
    /// Links of the ACK route.
    pub ack: Vec<u32>,
}

/// The trace's state (held by the simulation only while on).
#[derive(Debug, Default)]
pub struct PathTrace {
    events: Vec<PathEvent>,
    dropped: u64,
    next_id: u64,
    /// Per packet-pool slot: the id and dup-ACK flag of the packet in it.
    by_slot: Vec<(u64, bool)>,
    /// Per flow: the ACK number of its previous pure ACK.
    last_ack: Vec<Option<u64>>,
}

impl PathTrace {
    fn push(&mut self, ev: PathEvent) {
        if self.events.len() < MAX_PATH_EVENTS_HELD {
            self.events.push(ev);
        } else {
            self.dropped += 1;
        }
    }

    /// Packet `p` in pool slot `slot` was offered to `chan` (`link`) at `now`; `before` is the
    /// link's last departure before the offer, `route_len` the number of links on its route.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn on_offer(
        &mut self,
        now: SimTime,
        slot: u32,
        p: &Packet,
        link: u32,
        route_len: usize,
        chan: &Channel,
        before: SimTime,
        offer: Offer,
    ) {
        let s = slot as usize;
        if self.by_slot.len() <= s {
            self.by_slot.resize(s + 1, (0, false));
        }
        if p.hop == 0 {
            let dup = if p.kind == PacketKind::Ack {
                let f = p.flow as usize;
                if self.last_ack.len() <= f {
                    self.last_ack.resize(f + 1, None);
                }
                let dup = self.last_ack[f] == Some(p.ack) && p.len == 0;
                self.last_ack[f] = Some(p.ack);
                dup
            } else {
                false
            };
            self.by_slot[s] = (self.next_id, dup);
            self.next_id += 1;
        }
        let (id, dup_ack) = self.by_slot[s];
        let pkt = PacketInfo {
            id,
            flow: p.flow,
            what: p.kind.into(),
            seq: p.seq,
            len: p.len,
            ack: p.ack,
            retx: p.retransmission,
            dup_ack,
        };
        let hop = p.hop as u32;
        match offer {
            Offer::Dropped(cause) => self.push(PathEvent::Drop {
                pkt,
                link,
                hop,
                t_ms: now.as_millis_f64(),
                cause,
                queued: chan.queued(),
                limit: chan.limit_pkts(),
            }),
            Offer::Scheduled { arrival, hit, .. } => {
                let arrive_ms = arrival.as_millis_f64();
                self.push(PathEvent::Hop {
                    pkt,
                    link,
                    hop,
                    last: hop as usize + 1 >= route_len,
                    offer_ms: now.as_millis_f64(),
                    start_ms: now.max(before).as_millis_f64(),
                    depart_ms: arrive_ms - chan.delay().as_millis_f64(),
                    arrive_ms,
                    ahead: chan.queued().saturating_sub(1),
                    hit: hit.into(),
                })
            }
        }
    }
}

impl Simulation {
    /// Turn the path trace on (call before running; see the module docs). Also turns on each
    /// sender's trace, read here only for its timeouts and verdicts.
    pub fn enable_path_trace(&mut self) {
        let each = (crate::limits::MAX_TRACE_EVENTS / self.flows.len().max(1) as u64).max(1);
        for f in &mut self.flows {
            if f.sender.trace.is_none() {
                f.sender.trace = Some(Trace::new(each));
            }
        }
        self.path = Some(Box::default());
    }

    /// Whether the path trace is on.
    pub fn path_trace_on(&self) -> bool {
        self.path.is_some()
    }

    /// Path records since the last call, in time order (empty when the trace is off).
    pub fn take_path_events(&mut self) -> Vec<PathEvent> {
        let Some(pt) = &mut self.path else {
            return Vec::new();
        };
        let mut all = std::mem::take(&mut pt.events);
        for f in &mut self.flows {
            let Some(t) = &mut f.sender.trace else {
                continue;
            };
            for e in t.events.drain(..) {
                match (e.kind, e.verdict) {
                    (TraceKind::Verdict, Some(verdict)) => all.push(PathEvent::Verdict {
                        t_ms: e.t_ms,
                        flow: e.flow,
                        seq: e.seq,
                        verdict,
                        truth: e.cause,
                    }),
                    (TraceKind::Timeout, _) => all.push(PathEvent::Timeout {
                        t_ms: e.t_ms,
                        flow: e.flow,
                        seq: e.seq,
                    }),
                    _ => {}
                }
            }
        }
        // Stable: records of one instant keep the order they happened in.
        all.sort_by(|a, b| a.t_ms().total_cmp(&b.t_ms()));
        all
    }

    /// Records left out because the held records reached [`MAX_PATH_EVENTS_HELD`], plus
    /// verdicts and timeouts past the senders' trace cap.
    pub fn path_dropped(&self) -> u64 {
        self.path.as_ref().map_or(0, |p| p.dropped) + self.trace_dropped()
    }

    /// Every link direction, index = `link` in the records.
    pub fn path_links(&self) -> Vec<PathLink> {
        self.net
            .channels
            .iter()
            .map(|c| PathLink {
                name: c.name.clone(),
                rate_bps: c.rate_bps(),
                delay_ms: c.delay().as_millis_f64(),
                limit_pkts: c.limit_pkts(),
            })
            .collect()
    }

    /// Every flow's data and ACK route, index = flow index.
    pub fn path_routes(&self) -> Vec<FlowPath> {
        self.flows
            .iter()
            .zip(&self.scenario.flows)
            .enumerate()
            .map(|(i, (f, spec))| {
                let (data, ack) = self.net.flow_routes[i];
                FlowPath {
                    id: f.id.clone(),
                    cc: spec.tcp.cc.to_string(),
                    classifier: spec.tcp.classifier.to_string(),
                    data: self.net.routes[data as usize].clone(),
                    ack: self.net.routes[ack as usize].clone(),
                }
            })
            .collect()
    }
}

#[cfg(test)]
#[path = "path_trace_tests.rs"]
mod tests;
