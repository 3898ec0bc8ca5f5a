//! One direction of a link: FIFO serializer, queue discipline, propagation delay and error model.
//!
//! Departures of a FIFO link are deterministic, `depart = max(arrival, last_depart) + 8·size/rate`
//! (docs/design.md §D10), so a packet is scheduled straight to its arrival at the far end
//! (`depart + delay`) — one event per packet per hop — and the queue occupancy needed for drop
//! decisions is derived from the departure times still pending.

use super::TraceCapacity;
use crate::error_model::{ErrorModel, TxContext};
use crate::packet::{Cause, Hit, PacketKind};
use crate::queue::{Admit, DropTail, QueueDiscipline, QueueView};
use crate::time::{SimDuration, SimTime};
use serde::Serialize;
use std::collections::VecDeque;

/// Counters of one link direction.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct ChannelStats {
    /// Packets accepted for transmission.
    pub sent: u64,
    /// Tail drops.
    pub drops_queue: u64,
    /// AQM drops.
    pub drops_aqm: u64,
    /// Packets delivered corrupted (bit errors).
    pub corrupted: u64,
    /// Packets destroyed by a packet-level error model.
    pub lost: u64,
    /// Packets accepted with the congestion-warning mark set.
    pub marked: u64,
    /// The most packets ever waiting at once (not counting the one in service), seen as each
    /// packet is accepted: the peak of the `queue_pkts` series without its sampling gaps
    ///.
    pub max_waiting: u64,
}

/// The outcome of offering a packet to a link direction.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Offer {
    /// Refused by the queue.
    Dropped(Cause),
    /// Will reach the far end at `arrival`, hit as `hit`.
    Scheduled {
        /// Arrival time at the far end.
        arrival: SimTime,
        /// Corruption or loss decided by the error model.
        hit: Hit,
        /// The queue set the congestion-warning mark.
        mark: bool,
    },
}

/// One direction of a link.
#[derive(Debug)]
pub struct Channel {
    /// Entity id in series and CSV (`bottleneck`, `bottleneck.reverse`, …).
    pub name: String,
    rate_bps: f64,
    delay: SimDuration,
    framing_bytes: u32,
    sensitive_bytes: u32,
    queue: Box<dyn QueueDiscipline>,
    errors: Box<dyn ErrorModel>,
    /// `queue` as a plain drop-tail, run inline (the common case; no dynamic call per packet).
    drop_tail: Option<DropTail>,
    /// `errors` never hits a packet: skip it.
    error_free: bool,
    /// Departure times of packets not yet fully serialized, oldest first.
    departs: VecDeque<SimTime>,
    last_depart: SimTime,
    bits_sent: u64,
    /// Serialization time of the last wire size seen (a direction mostly carries one size).
    tx_cache: (u64, SimDuration),
    /// Capacity following a trace (`rate_trace`): serialisation ends when the trace has carried
    /// the packet's bits, not after `8·size/rate`.
    trace: Option<TraceCapacity>,
    /// Counters.
    pub stats: ChannelStats,
}

impl Channel {
    /// A link direction.
    pub fn new(
        name: String,
        rate_bps: f64,
        delay: SimDuration,
        framing_bytes: u32,
        sensitive_bytes: u32,
        queue: Box<dyn QueueDiscipline>,
        errors: Box<dyn ErrorModel>,
    ) -> Self {
        Channel {
            name,
            rate_bps,
            delay,
            framing_bytes,
            sensitive_bytes,
            drop_tail: queue.as_drop_tail(),
            error_free: errors.is_error_free(),
            queue,
            errors,
            departs: VecDeque::with_capacity(64),
            last_depart: SimTime::ZERO,
            bits_sent: 0,
            tx_cache: (u64::MAX, SimDuration::ZERO),
            trace: None,
            stats: ChannelStats::default(),
        }
    }

    /// Serialise by `trace` instead of the constant rate (which stays the trace's mean, for
    /// estimates).
    pub fn follow_trace(&mut self, trace: TraceCapacity) {
        self.trace = Some(trace);
    }

    /// Occupancy at `now` (forgets packets that have finished serialization), as seen by an
    /// arriving packet of `kind` and `size_bytes` (IP size).
    pub fn view(&mut self, now: SimTime, size_bytes: u32, kind: PacketKind) -> QueueView {
        let n = self.in_system(now);
        QueueView {
            waiting: n.saturating_sub(1),
            in_system: n,
            idle_since: (n == 0).then_some(self.last_depart),
            rate_bps: self.rate_bps,
            wire_bytes: size_bytes.saturating_add(self.framing_bytes),
            kind,
        }
    }

    /// Packets in the system at `now`, waiting or in service (forgets those already serialized).
    fn in_system(&mut self, now: SimTime) -> u32 {
        while self.departs.front().is_some_and(|&d| d <= now) {
            self.departs.pop_front();
        }
        self.departs.len() as u32
    }

    /// Occupancy at `now` (forgets packets that have finished serialization).
    pub fn occupancy(&mut self, now: SimTime) -> QueueView {
        self.view(now, 0, PacketKind::Data)
    }

    /// Offer a packet of `kind` and `size_bytes` (IP size) arriving at `now`.
    pub fn offer(&mut self, now: SimTime, size_bytes: u32, kind: PacketKind) -> Offer {
        let drop_tail = self.drop_tail;
        let admit = match drop_tail {
            Some(q) if q.overflows(self.in_system(now)) => Admit::Drop(Cause::QueueOverflow),
            Some(_) => Admit::ACCEPT,
            None => {
                let view = self.view(now, size_bytes, kind);
                self.queue.admit(now, view)
            }
        };
        let mark = match admit {
            Admit::Accept { mark } => mark,
            Admit::Drop(cause) => {
                match cause {
                    Cause::QueueOverflow => self.stats.drops_queue += 1,
                    _ => self.stats.drops_aqm += 1,
                }
                return Offer::Dropped(cause);
            }
        };
        self.stats.marked += mark as u64;
        let wire_bytes = size_bytes as u64 + self.framing_bytes as u64;
        let start = now.max(self.last_depart);
        let depart = match &mut self.trace {
            Some(t) => t.finish(start, wire_bytes * 8),
            None => {
                if self.tx_cache.0 != wire_bytes {
                    self.tx_cache = (
                        wire_bytes,
                        SimDuration::transmission(wire_bytes, self.rate_bps),
                    );
                }
                start + self.tx_cache.1
            }
        };
        self.last_depart = depart;
        self.departs.push_back(depart);
        let waiting = self.departs.len() as u64 - 1;
        self.stats.max_waiting = self.stats.max_waiting.max(waiting);
        let hit = if self.error_free {
            Hit::None
        } else {
            self.errors.judge(&TxContext {
                bit_offset: self.bits_sent,
                bits: wire_bytes * 8,
                sensitive_bits: (self.framing_bytes as u64 + self.sensitive_bytes as u64) * 8,
                index: self.stats.sent,
                depart,
            })
        };
        self.bits_sent += wire_bytes * 8;
        self.stats.sent += 1;
        match hit {
            Hit::None => {}
            Hit::Lost => self.stats.lost += 1,
            Hit::Header | Hit::Payload => self.stats.corrupted += 1,
        }
        Offer::Scheduled {
            arrival: depart + self.delay,
            hit,
            mark,
        }
    }

    /// Configured queue capacity in packets.
    pub fn limit_pkts(&self) -> u32 {
        self.queue.limit_pkts()
    }

    /// The queue's average (RED, congestion warning), packets; `None` for plain drop-tail.
    pub fn queue_average(&self) -> Option<f64> {
        self.queue.average_pkts()
    }

    /// Link rate, bit/s.
    pub fn rate_bps(&self) -> f64 {
        self.rate_bps
    }

    /// Propagation delay (the packet view's path trace, `engine/path_trace.rs`).
    pub fn delay(&self) -> SimDuration {
        self.delay
    }

    /// When the last accepted packet finishes serialization (the next one starts no earlier).
    pub fn last_depart(&self) -> SimTime {
        self.last_depart
    }

    /// Packets accepted and not yet fully serialized, as last counted (waiting and in service).
    pub fn queued(&self) -> u32 {
        self.departs.len() as u32
    }

    /// Seconds a packet of `size_bytes` (IP size) takes through an empty queue: serialisation
    /// (with framing) plus the propagation delay (the base RTT of [`crate::metrics::threshold`]).
    pub fn empty_latency_s(&self, size_bytes: u32) -> f64 {
        SimDuration::transmission(size_bytes as u64 + self.framing_bytes as u64, self.rate_bps)
            .as_secs_f64()
            + self.delay.as_secs_f64()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error_model::NoErrors;
    use crate::queue::DropTail;

    fn link(limit: u32) -> Channel {
        Channel::new(
            "l".into(),
            1e6,
            SimDuration::from_millis(10),
            0,
            24,
            Box::new(DropTail {
                limit_pkts: limit,
                counts_in_service: false,
            }),
            Box::new(NoErrors),
        )
    }

    #[test]
    fn back_to_back_packets_serialize_one_after_another() {
        let mut l = link(10);
        // 1500 B at 1 Mbit/s = 12 ms each; + 10 ms propagation.
        let a = l.offer(SimTime::ZERO, 1500, PacketKind::Data);
        let b = l.offer(SimTime::ZERO, 1500, PacketKind::Data);
        assert_eq!(
            a,
            Offer::Scheduled {
                arrival: SimTime(22_000_000),
                hit: Hit::None,
                mark: false
            }
        );
        assert_eq!(
            b,
            Offer::Scheduled {
                arrival: SimTime(34_000_000),
                hit: Hit::None,
                mark: false
            }
        );
        // An idle link starts at once: a packet at t = 100 ms arrives at 122 ms.
        let c = l.offer(SimTime(100_000_000), 1500, PacketKind::Data);
        assert_eq!(
            c,
            Offer::Scheduled {
                arrival: SimTime(122_000_000),
                hit: Hit::None,
                mark: false
            }
        );
    }

    #[test]
    fn drop_tail_overflows_after_limit_waiting_packets() {
        // Limit 2 excluding the one in service: 1 in service + 2 waiting accepted, 4th dropped.
        let mut l = link(2);
        for _ in 0..3 {
            assert!(matches!(
                l.offer(SimTime::ZERO, 1500, PacketKind::Data),
                Offer::Scheduled { .. }
            ));
        }
        assert_eq!(
            l.offer(SimTime::ZERO, 1500, PacketKind::Data),
            Offer::Dropped(Cause::QueueOverflow)
        );
        assert_eq!(l.stats.drops_queue, 1);
        // After the first departure (12 ms) one slot is free again.
        assert!(matches!(
            l.offer(SimTime(12_000_000), 1500, PacketKind::Data),
            Offer::Scheduled { .. }
        ));
        assert_eq!(l.occupancy(SimTime(12_000_000)).waiting, 2);
    }

    #[test]
    fn queue_marks_reach_the_offer_and_idle_time_is_reported() {
        use crate::json_reader::{Obj, Problems};
        use crate::queue::{congestion_warning, CongestionWarning, Marked};
        // Instantaneous CW at 1 packet: the 3rd back-to-back data packet finds 1 waiting → marked;
        // an ACK finding 2 waiting is not.
        let mut p = Problems::default();
        let knobs = serde_json::json!({ "threshold_pkts": 1, "instantaneous": true });
        let o = Obj::new(Some(&knobs), String::new(), &mut p);
        let cw = CongestionWarning::new(congestion_warning::read(o, &mut p), false);
        assert!(p.0.is_empty());
        let q = Marked::new(
            Box::new(DropTail {
                limit_pkts: 10,
                counts_in_service: false,
            }),
            cw,
        );
        let mut l = Channel::new(
            "l".into(),
            1e6,
            SimDuration::from_millis(10),
            0,
            24,
            Box::new(q),
            Box::new(NoErrors),
        );
        let marks: Vec<bool> = (0..3)
            .map(|_| match l.offer(SimTime::ZERO, 1500, PacketKind::Data) {
                Offer::Scheduled { mark, .. } => mark,
                o => panic!("{o:?}"),
            })
            .collect();
        assert_eq!(marks, [false, false, true]);
        assert!(matches!(
            l.offer(SimTime::ZERO, 52, PacketKind::Ack),
            Offer::Scheduled { mark: false, .. }
        ));
        assert_eq!(l.stats.marked, 1);
        // Busy until 3·12 ms + 0.416 ms (the ACK); idle since then.
        assert_eq!(
            l.view(SimTime(30_000_000), 1500, PacketKind::Data)
                .idle_since,
            None
        );
        assert_eq!(
            l.view(SimTime(50_000_000), 1500, PacketKind::Data)
                .idle_since,
            Some(SimTime(36_416_000))
        );
    }
}
