//! Queue disciplines: whether a packet arriving at a link direction may wait for transmission,
//! and whether it leaves marked.
//!
//! - [`DropTail`] (`drop_tail`): FIFO with a limit in packets; the packet in service counts against
//!   the limit only if `counts_in_service` (docs/design.md §8.5: Gurtov and ns-2 exclude it; Dummynet may not).
//! - [`Red`] (`red`): Random Early Detection (Floyd & Jacobson 1993), optional gentle mode.
//! - [`DualThreshold`] (`dual_threshold`): Gurtov's soft/hard limit policy against the start-up
//!   buffer overflow (Gurtov §6).
//! - [`CongestionWarning`]: the NJ/NJ+ router marking (docs/design.md §3.3), wrapped around any discipline
//!   when the queue has `congestion_warning`.
//! - [`QueueSpec`], [`Discipline`]: the configuration, each discipline's variant (and the
//!   congestion-warning option) carrying its `Params`. Each discipline's file declares its catalog
//!   entry and knob table ([`KINDS`], [`OPTIONS`]), its `Params`, the reader of its fields and the
//!   discipline built from them, so adding a knob touches that file (and the schema).
//!
//! The link derives the occupancy from the departure times still pending (docs/design.md §D10), so a
//! discipline sees a [`QueueView`] (occupancy, idle time, link rate, the packet's size and kind)
//! and answers with [`Admit`]. Everything is `Copy` and allocation-free on the per-packet path.
//!
//! ```
//! use sim_model::packet::PacketKind;
//! use sim_model::queue::{build, Admit, QueueView};
//! use sim_model::rng::SimRng;
//! use sim_model::queue::{Discipline, QueueSpec};
//! use sim_model::time::SimTime;
//! let spec = QueueSpec { discipline: Discipline::DropTail, limit_pkts: 2, counts_in_service: false, congestion_warning: None };
//! let mut q = build(&spec, SimRng::stream(1, "link:l:red"));
//! let view = QueueView { waiting: 2, in_system: 3, idle_since: None, rate_bps: 1e6, wire_bytes: 1500, kind: PacketKind::Data };
//! assert!(matches!(q.admit(SimTime::ZERO, view), Admit::Drop(_)));
//! ```

pub mod congestion_warning;
mod drop_tail;
pub mod dual_threshold;
pub mod red;
mod spec;

pub use congestion_warning::{CongestionWarning, Marked};
pub use drop_tail::DropTail;
pub use dual_threshold::DualThreshold;
pub use red::Red;
pub use spec::{Discipline, QueueSpec, KINDS, OPTIONS};

use crate::packet::{Cause, PacketKind};
use crate::rng::SimRng;
use crate::time::SimTime;

/// Occupancy of a link direction at a packet's arrival, and what a discipline needs to know about
/// the link and the packet.
#[derive(Clone, Copy, Debug)]
pub struct QueueView {
    /// Packets waiting, excluding the one being serialized.
    pub waiting: u32,
    /// Packets in the system: waiting plus the one in service (if any).
    pub in_system: u32,
    /// When the link fell idle (its last departure), if nothing is in the system; else `None`.
    pub idle_since: Option<SimTime>,
    /// Link rate of this direction, bit/s.
    pub rate_bps: f64,
    /// The arriving packet's size on the wire (framing included), bytes.
    pub wire_bytes: u32,
    /// The arriving packet's kind (marking applies to data only).
    pub kind: PacketKind,
}

impl QueueView {
    /// Occupancy as the discipline counts it: with or without the packet in service (docs/design.md A24).
    pub fn occupied(&self, counts_in_service: bool) -> u32 {
        if counts_in_service {
            self.in_system
        } else {
            self.waiting
        }
    }

    /// RED's m: how many packets of `typical_bytes` the link could have sent while idle
    /// (`(now − idle_since)/s`, s = 8·typical_bytes/rate); `None` if the link is busy.
    pub fn idle_packets(&self, now: SimTime, typical_bytes: u32) -> Option<f64> {
        let since = self.idle_since?;
        let s = typical_bytes.max(1) as f64 * 8.0 / self.rate_bps;
        Some(now.saturating_since(since).as_secs_f64() / s)
    }
}

/// RED's average-queue update at an arrival (Floyd & Jacobson 1993 §4; docs/design.md §3.3):
///
///   after an idle period of m typical packet times:  avg ← (1 − w_q)^m · avg
///   then, with q = the occupancy at arrival:          avg ← (1 − w_q)·avg + w_q·q
///
/// Floyd & Jacobson's pseudo-code only decays on an arrival to an empty queue; ns-2 and docs/design.md §3.3
/// ("first decay") also fold in the q = 0 sample, one extra factor (1 − w_q) ≈ 0.998.
pub fn update_average(avg: f64, w_q: f64, q: f64, idle_packets: Option<f64>) -> f64 {
    let decayed = match idle_packets {
        Some(m) => avg * libm::pow(1.0 - w_q, m),
        None => avg,
    };
    (1.0 - w_q) * decayed + w_q * q
}

/// A discipline's decision about an arriving packet.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Admit {
    /// Enqueue it; `mark` sets the congestion-warning bit (`Packet::cw_mark`).
    Accept {
        /// Set the packet's congestion-warning mark.
        mark: bool,
    },
    /// Drop it, for this cause.
    Drop(Cause),
}

impl Admit {
    /// Enqueue unmarked.
    pub const ACCEPT: Admit = Admit::Accept { mark: false };
}

/// A queue discipline owning its own state.
pub trait QueueDiscipline: std::fmt::Debug {
    /// Decide about a packet arriving at `now`.
    fn admit(&mut self, now: SimTime, q: QueueView) -> Admit;
    /// The configured capacity in packets (for plots).
    fn limit_pkts(&self) -> u32;
    /// The average queue the discipline keeps (RED, congestion warning), packets; for plots.
    fn average_pkts(&self) -> Option<f64> {
        None
    }
    /// A plain drop-tail queue (stateless), which the link then runs inline, without a dynamic
    /// call per packet.
    fn as_drop_tail(&self) -> Option<DropTail> {
        None
    }
}

/// Build the discipline of `spec`; `rng` is the direction's queue stream (`link:<name>:red`).
pub fn build(spec: &QueueSpec, rng: SimRng) -> Box<dyn QueueDiscipline> {
    let QueueSpec {
        limit_pkts,
        counts_in_service,
        ..
    } = *spec;
    let inner: Box<dyn QueueDiscipline> = match &spec.discipline {
        Discipline::DropTail => Box::new(DropTail {
            limit_pkts,
            counts_in_service,
        }),
        Discipline::Red(s) => s.build(limit_pkts, counts_in_service, rng),
        Discipline::DualThreshold(s) => s.build(limit_pkts, counts_in_service, rng),
    };
    match &spec.congestion_warning {
        Some(cw) => cw.build(inner, counts_in_service),
        None => inner,
    }
}

#[cfg(test)]
pub(crate) mod testing {
    use super::*;

    /// A data packet of 1500 B on a 1 Mbit/s link (12 ms per packet) finding `waiting` packets
    /// queued behind one in service (or an idle link since `idle_ms` when `waiting` is None).
    pub fn view(waiting: Option<u32>, idle_ms: u64) -> QueueView {
        let (w, n, idle) = match waiting {
            Some(w) => (w, w + 1, None),
            None => (0, 0, Some(SimTime(idle_ms * 1_000_000))),
        };
        QueueView {
            waiting: w,
            in_system: n,
            idle_since: idle,
            rate_bps: 1e6,
            wire_bytes: 1500,
            kind: PacketKind::Data,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn average_follows_the_ewma_and_decays_over_idle_time() {
        // 100 arrivals finding q = 10 from avg = 0: avg = 10·(1 − 0.998^100) = 10·(1 − 0.818567) = 1.81433.
        let mut avg = 0.0;
        for _ in 0..100 {
            avg = update_average(avg, 0.002, 10.0, None);
        }
        assert!((avg - 1.81433).abs() < 1e-5, "{avg}");
        // Idle 1.2 s on 1 Mbit/s with 1500-B packets: m = 1.2/0.012 = 100 packet times.
        // avg ← 0.998^100·1.81433 = 0.818567·1.81433 = 1.48516, then (1 − 0.002)·1.48516 + 0.002·0 = 1.48218.
        let v = testing::view(None, 0);
        let m = v.idle_packets(SimTime(1_200_000_000), 1500).unwrap();
        assert!((m - 100.0).abs() < 1e-9, "{m}");
        let after = update_average(avg, 0.002, 0.0, Some(m));
        assert!((after - 1.48218).abs() < 1e-5, "{after}");
        assert_eq!(
            testing::view(Some(3), 0).idle_packets(SimTime::ZERO, 1500),
            None
        );
    }
}
