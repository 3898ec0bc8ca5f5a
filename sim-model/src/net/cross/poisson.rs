//! Poisson cross traffic (`cross_traffic[].kind: "poisson"`): exponential gaps with mean
//! T = 8·packet_bytes/rate_bps,
//!
//!   t_{k+1} = t_k + Exp(mean T)             (mean rate = rate_bps)

use super::Arrivals;
use crate::json_reader::Problems;
use crate::net::cross_spec::common_params;
use crate::net::cross_spec::{CrossKind, CrossKindEntry};
use crate::param::{Component, Info, Knobs};
use crate::rng::SimRng;
use crate::time::{SimDuration, SimTime};
use serde::Serialize;

/// Catalog entry and knobs of `poisson` (only the ones every source kind has).
pub(crate) const KIND: CrossKindEntry = Component {
    info: Info {
        id: "poisson",
        title: "Poisson",
        description: "UDP datagrams with exponential gaps at mean rate rate_bps.",
        reference: "Poisson arrivals",
    },
    mode: None,
    params: common_params,
    read: |k, p| CrossKind::Poisson(read(k, p)),
};

/// The knobs of `poisson` beyond the common ones (`CrossKind::Poisson`): none yet.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize)]
pub struct Params {}

/// The `poisson` fields of a `cross_traffic[]` object beyond the common ones.
pub(crate) fn read(_k: &mut Knobs, _p: &mut Problems) -> Params {
    Params {}
}

impl Params {
    /// The arrival process of these knobs, with mean gap `interval_s`.
    pub fn arrivals(&self, interval_s: f64) -> Box<dyn Arrivals> {
        Box::new(Poisson { interval_s })
    }
}

/// Poisson arrivals.
#[derive(Debug)]
struct Poisson {
    /// Mean gap, seconds.
    interval_s: f64,
}

impl Arrivals for Poisson {
    fn first(&mut self, start: SimTime, _rng: &mut SimRng) -> SimTime {
        start
    }
    fn next_after(&mut self, now: SimTime, rng: &mut SimRng) -> SimTime {
        now + SimDuration::from_secs_f64(rng.exponential(self.interval_s))
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::times;
    use super::*;
    use crate::net::CrossKind;

    #[test]
    fn poisson_mean_rate_matches() {
        // T = 16 ms over 1000 s: 62 500 datagrams expected, σ = √62 500 = 250; tolerance 1 250 (5 σ).
        let n = times(CrossKind::Poisson(Params {}), 0.5e6, 0.0, 1000.0, 2).len() as f64;
        assert!((n - 62_500.0).abs() < 1250.0, "{n}");
    }
}
