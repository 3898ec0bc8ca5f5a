//! Constant-bit-rate cross traffic (`cross_traffic[].kind: "cbr"`, ns-2 Application/Traffic/CBR):
//! one datagram every T = 8·packet_bytes/rate_bps,
//!
//!   t_k = start + k·T                       (k·T, not a running sum: no drift)
//!
//! The same clock paces an on/off source while it is on (`Clock`).

use super::Arrivals;
use crate::json_reader::Problems;
use crate::net::cross_spec::common_params;
use crate::net::cross_spec::{CrossKind, CrossKindEntry};
use crate::param::{Component, Info, Knobs};
use crate::rng::SimRng;
use crate::time::{SimDuration, SimTime};
use serde::Serialize;

/// Catalog entry and knobs of `cbr` (only the ones every source kind has).
pub(crate) const KIND: CrossKindEntry = Component {
    info: Info {
        id: "cbr",
        title: "Constant bit rate",
        description: "UDP datagrams evenly spaced: one every packet_bytes·8/rate_bps.",
        reference: "UDP CBR source (ns-2 Application/Traffic/CBR)",
    },
    mode: None,
    params: common_params,
    read: |k, p| CrossKind::Cbr(read(k, p)),
};

/// The knobs of `cbr` beyond the common ones (`CrossKind::Cbr`): none yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Params {}

/// The `cbr` fields of a `cross_traffic[]` object beyond the common ones.
pub(crate) fn read(_k: &mut Knobs, _p: &mut Problems) -> Params {
    Params {}
}

impl Params {
    /// The arrival process of these knobs, with CBR spacing `interval_s`.
    pub fn arrivals(&self, interval_s: f64) -> Box<dyn Arrivals> {
        Box::new(Clock::new(interval_s))
    }
}

/// A CBR clock: datagram k of the current phase leaves at phase_start + k·T.
#[derive(Debug)]
pub(crate) struct Clock {
    /// CBR spacing T, seconds.
    interval_s: f64,
    /// Start of the current CBR phase (the run's start, or the current on period's start).
    phase_start: SimTime,
    /// Datagrams sent in the current CBR phase.
    k: u64,
}

impl Clock {
    /// A clock with spacing `interval_s` (its phase starts at [`Clock::restart`]).
    pub(crate) fn new(interval_s: f64) -> Self {
        Clock {
            interval_s,
            phase_start: SimTime::ZERO,
            k: 0,
        }
    }

    /// Start a new phase at `at` (its datagram 0).
    pub(crate) fn restart(&mut self, at: SimTime) {
        self.phase_start = at;
        self.k = 0;
    }

    /// start + k·T for the next k of the current phase.
    pub(crate) fn next(&mut self) -> SimTime {
        self.k += 1;
        self.phase_start + SimDuration::from_secs_f64(self.k as f64 * self.interval_s)
    }
}

impl Arrivals for Clock {
    fn first(&mut self, start: SimTime, _rng: &mut SimRng) -> SimTime {
        self.restart(start);
        start
    }
    fn next_after(&mut self, _now: SimTime, _rng: &mut SimRng) -> SimTime {
        self.next()
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::times;
    use super::*;
    use crate::net::CrossKind;

    #[test]
    fn cbr_sends_at_exact_multiples_of_the_spacing() {
        // 1000 B at 0.5 Mbit/s: T = 8000/0.5e6 = 16 ms; from 1 s to 2 s: 1.000, 1.016, …, 1.984 s
        // = 1/0.016 = 62.5 → 63 datagrams (k = 0 … 62, the last at 1.992 s).
        let t = times(CrossKind::Cbr(Params {}), 0.5e6, 1.0, 2.0, 1);
        assert_eq!(t.len(), 63);
        assert_eq!(t[0], SimTime(1_000_000_000));
        assert_eq!(t[62], SimTime(1_992_000_000));
    }
}
