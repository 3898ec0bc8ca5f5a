//! One error burst (Gurtov §6, docs/design.md §10.2 "Bursts"): every packet whose transmission ends inside
//! `[start_s, start_s + duration_s)` is lost with probability `loss` (default 1); outside the
//! window the link is error-free. Gurtov found that "little or no data gets through during the
//! burst as soon as at a 20 % packet loss rate"; the burst length is not given in the paper, so
//! both length and loss rate are parameters (docs/design.md A7).
//!
//!   P(lost | depart ∈ burst) = loss,   P(lost | otherwise) = 0

use super::ErrorKind;
use super::ErrorSpec;
use super::{ErrorModel, TxContext};
use crate::json_reader::Problems;
use crate::limits::MAX_TIME_S;
use crate::packet::Hit;
use crate::param::{Component, Info, Knobs, ParamSpec};
use crate::rng::SimRng;
use crate::time::{SimDuration, SimTime};
use serde::Serialize;

/// Catalog entry and knobs of `burst`.
pub(crate) const KIND: ErrorKind = Component {
    info: Info {
        id: "burst",
        title: "Error burst",
        description: "Packets departing between start_s and start_s + duration_s are lost with probability loss.",
        reference: "Gurtov, \"TCP performance in the presence of congestion and corruption losses\" §6",
    },
    mode: None,
    params: || {
        let t = MAX_TIME_S;
        vec![
            ParamSpec::number("start_s", "s", 0.0, t, 1.0, "Burst start.").required(),
            ParamSpec::number("duration_s", "s", 0.0, t, 0.5, "Burst length.").required(),
            ParamSpec::number("loss", "", 0.0, 1.0, 1.0, "Loss probability inside the burst."),
        ]
    },
    read: |o, _, p| ErrorSpec::Burst(read(&mut Knobs::new(o, (KIND.params)()), p)),
};

/// The knobs of `burst` (`ErrorSpec::Burst`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Burst start, seconds.
    pub start_s: f64,
    /// Burst length, seconds.
    pub duration_s: f64,
    /// Loss probability inside the burst.
    pub loss: f64,
}

/// The `burst` fields of an `errors` object.
pub(crate) fn read(k: &mut Knobs, p: &mut Problems) -> Params {
    let start_s = k.num("start_s", p);
    let duration_s = k.num("duration_s", p);
    let loss = k.num("loss", p);
    Params {
        start_s,
        duration_s,
        loss,
    }
}

impl Params {
    /// The process of these knobs, drawing from `rng`.
    pub fn build(&self, rng: SimRng) -> Box<dyn ErrorModel> {
        Box::new(Burst::new(self.start_s, self.duration_s, self.loss, rng))
    }
}

/// A single loss burst in time.
#[derive(Debug)]
pub struct Burst {
    start: SimTime,
    end: SimTime,
    loss: f64,
    rng: SimRng,
}

impl Burst {
    /// A burst of `duration_s` seconds from `start_s`, losing packets with probability `loss`.
    pub fn new(start_s: f64, duration_s: f64, loss: f64, rng: SimRng) -> Self {
        let start = SimTime::from_secs_f64(start_s);
        Burst {
            start,
            end: start + SimDuration::from_secs_f64(duration_s),
            loss,
            rng,
        }
    }
}

impl ErrorModel for Burst {
    fn judge(&mut self, tx: &TxContext) -> Hit {
        if tx.depart >= self.start && tx.depart < self.end && self.rng.chance(self.loss) {
            Hit::Lost
        } else {
            Hit::None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(ms: u64) -> TxContext {
        TxContext {
            bit_offset: 0,
            bits: 8,
            sensitive_bits: 0,
            index: 0,
            depart: SimTime(ms * 1_000_000),
        }
    }

    #[test]
    fn total_burst_loses_everything_inside_the_window_only() {
        // Burst from 2.0 s for 0.5 s: departures at 1999 ms and 2500 ms are outside ([2.0, 2.5)).
        let mut m = Burst::new(2.0, 0.5, 1.0, SimRng::stream(1, "t"));
        assert_eq!(m.judge(&at(1999)), Hit::None);
        assert_eq!(m.judge(&at(2000)), Hit::Lost);
        assert_eq!(m.judge(&at(2499)), Hit::Lost);
        assert_eq!(m.judge(&at(2500)), Hit::None);
    }

    #[test]
    fn partial_burst_loses_the_given_fraction() {
        // loss 0.2 over 50 000 departures inside the burst: σ = sqrt(0.2·0.8/5e4) = 0.0018;
        // tolerance 0.008 ≈ 4.5 σ.
        let mut m = Burst::new(0.0, 100.0, 0.2, SimRng::stream(2, "t"));
        let lost = (0..50_000)
            .filter(|i| m.judge(&at(i / 1000)) == Hit::Lost)
            .count();
        assert!((lost as f64 / 5e4 - 0.2).abs() < 0.008, "{lost}");
    }
}
