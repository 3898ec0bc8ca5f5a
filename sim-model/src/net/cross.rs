//! UDP cross-traffic sources (`cross_traffic[]`): background load that shares queues with TCP.
//!
//! One `Event::CrossSend` per datagram; each source draws from its own stream `cross:<id>`.
//! With T = 8·packet_bytes/rate_bps (the CBR spacing), each kind's file gives its arrival
//! process ([`Arrivals`]), its knobs (`Params`) and its catalog entry:
//!
//! - [`cbr`]: t_k = start + k·T.
//! - [`poisson`]: exponential gaps of mean T.
//! - [`on_off`]: exponential on and off periods, CBR at rate_bps while on.
//!
//! No datagram is sent at or after `stop_s`. `packet_bytes` is the IP datagram (UDP/IP headers
//! included); links add their framing.

pub mod cbr;
pub mod on_off;
pub mod poisson;

use super::{CrossKind, CrossSpec};
use crate::rng::SimRng;
use crate::time::SimTime;
use serde::Serialize;

/// When a source kind's datagrams leave, built from the kind's `Params`.
pub trait Arrivals: std::fmt::Debug {
    /// Time of the first datagram of a source starting at `start` (drawing what the kind needs).
    fn first(&mut self, start: SimTime, rng: &mut SimRng) -> SimTime;
    /// Time of the datagram after one sent at `now` (the source checks it against its stop).
    fn next_after(&mut self, now: SimTime, rng: &mut SimRng) -> SimTime;
}

/// What happened to a source's datagrams.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct CrossStats {
    /// Datagrams emitted.
    pub sent: u64,
    /// Datagrams that reached their destination intact.
    pub delivered: u64,
    /// Bytes (IP) delivered.
    pub bytes_delivered: u64,
    /// Tail drops on the way.
    pub drops_queue: u64,
    /// AQM drops on the way.
    pub drops_aqm: u64,
    /// Lost to packet-level error models.
    pub lost: u64,
    /// Delivered corrupted (bit errors) and discarded.
    pub corrupted: u64,
}

/// One cross-traffic source.
#[derive(Debug)]
pub struct CrossSource {
    /// Source id.
    pub id: String,
    /// Route index in the network's route table.
    pub route: u32,
    /// IP datagram size, bytes.
    pub size_bytes: u32,
    /// The kind's arrival process.
    arrivals: Box<dyn Arrivals>,
    start: SimTime,
    stop: SimTime,
    rng: SimRng,
    /// Counters.
    pub stats: CrossStats,
}

impl CrossKind {
    /// The arrival process of this kind, with CBR spacing (or mean gap) `interval_s`.
    pub fn arrivals(&self, interval_s: f64) -> Box<dyn Arrivals> {
        match self {
            CrossKind::Cbr(k) => k.arrivals(interval_s),
            CrossKind::Poisson(k) => k.arrivals(interval_s),
            CrossKind::OnOff(k) => k.arrivals(interval_s),
        }
    }
}

impl CrossSource {
    /// The source of `spec` on route `route`, with random stream `cross:<id>` of run `seed`.
    pub fn new(spec: &CrossSpec, route: u32, seed: u64) -> Self {
        CrossSource {
            id: spec.id.clone(),
            route,
            size_bytes: spec.packet_bytes,
            arrivals: spec
                .kind
                .arrivals(spec.packet_bytes as f64 * 8.0 / spec.rate_bps),
            start: SimTime::from_secs_f64(spec.start_s),
            stop: SimTime::from_secs_f64(spec.stop_s),
            rng: SimRng::stream(seed, &format!("cross:{}", spec.id)),
            stats: CrossStats::default(),
        }
    }

    /// Time of the first datagram, or `None` if the source never sends.
    pub fn first(&mut self) -> Option<SimTime> {
        let start = self.arrivals.first(self.start, &mut self.rng);
        (start < self.stop).then_some(start)
    }

    /// Time of the datagram after one sent at `now`, or `None` once the source has stopped.
    pub fn next_after(&mut self, now: SimTime) -> Option<SimTime> {
        let t = self.arrivals.next_after(now, &mut self.rng);
        (t < self.stop).then_some(t)
    }
}

/// What the kinds' tests share.
#[cfg(test)]
pub(crate) mod testing {
    use super::*;
    use crate::net::CrossPath;

    /// Departure times of a forward source of `kind` sending 1000-B datagrams at `rate_bps` from
    /// `start_s` to `stop_s`, with run seed `seed`.
    pub(crate) fn times(
        kind: CrossKind,
        rate_bps: f64,
        start_s: f64,
        stop_s: f64,
        seed: u64,
    ) -> Vec<SimTime> {
        let spec = CrossSpec {
            id: "x".into(),
            kind,
            rate_bps,
            packet_bytes: 1000,
            start_s,
            stop_s,
            path: CrossPath::Forward,
        };
        let mut s = CrossSource::new(&spec, 0, seed);
        let mut out = Vec::new();
        let mut t = s.first();
        while let Some(now) = t {
            out.push(now);
            t = s.next_after(now);
        }
        out
    }
}
