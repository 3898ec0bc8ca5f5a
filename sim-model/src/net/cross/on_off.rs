//! Exponential on/off cross traffic (`cross_traffic[].kind: "on_off"`, ns-2
//! Application/Traffic/Exponential): on periods ~ Exp(on_s), off periods ~ Exp(off_s), starting
//! with an on period; while on, CBR at rate_bps:
//!
//!   t = on_start + k·T < on_end             (T = 8·packet_bytes/rate_bps)
//!
//! Every on period sends at least its first datagram, so very short on periods (on_s ≪ T) send
//! slightly more than rate_bps·on_s/(on_s + off_s) on average.

use super::cbr::Clock;
use super::Arrivals;
use crate::json_reader::Problems;
use crate::limits::MAX_TIME_S;
use crate::net::cross_spec::common_params;
use crate::net::cross_spec::{CrossKind, CrossKindEntry};
use crate::param::{Component, Info, Knobs, ParamSpec};
use crate::rng::SimRng;
use crate::time::{SimDuration, SimTime};
use serde::Serialize;

/// Catalog entry and knobs of `on_off`.
pub(crate) const KIND: CrossKindEntry = Component {
    info: Info {
        id: "on_off",
        title: "On/off",
        description: "Exponential on and off periods; constant bit rate at rate_bps while on.",
        reference: "Exponential on/off source (ns-2 Application/Traffic/Exponential)",
    },
    mode: None,
    params,
    read: |k, p| CrossKind::OnOff(read(k, p)),
};

fn params() -> Vec<ParamSpec> {
    let mut k = common_params();
    k.extend([
        ParamSpec::number("on_s", "s", 1e-6, MAX_TIME_S, 1.0, "Mean on period."),
        ParamSpec::number("off_s", "s", 1e-6, MAX_TIME_S, 1.0, "Mean off period."),
    ]);
    k
}

/// The knobs of `on_off` beyond the common ones (`CrossKind::OnOff`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Mean on period, seconds.
    pub on_s: f64,
    /// Mean off period, seconds.
    pub off_s: f64,
}

/// The `on_off` fields of a `cross_traffic[]` object beyond the common ones.
pub(crate) fn read(k: &mut Knobs, p: &mut Problems) -> Params {
    Params {
        on_s: k.num("on_s", p),
        off_s: k.num("off_s", p),
    }
}

impl Params {
    /// The arrival process of these knobs, with CBR spacing `interval_s` while on.
    pub fn arrivals(&self, interval_s: f64) -> Box<dyn Arrivals> {
        Box::new(OnOff {
            p: *self,
            clock: Clock::new(interval_s),
            on_end: SimTime::NEVER,
        })
    }
}

/// On/off arrivals: a CBR clock restarted at every on period.
#[derive(Debug)]
struct OnOff {
    p: Params,
    clock: Clock,
    /// End of the current on period.
    on_end: SimTime,
}

impl Arrivals for OnOff {
    fn first(&mut self, start: SimTime, rng: &mut SimRng) -> SimTime {
        self.on_end = start + SimDuration::from_secs_f64(rng.exponential(self.p.on_s));
        self.clock.restart(start);
        start
    }
    fn next_after(&mut self, _now: SimTime, rng: &mut SimRng) -> SimTime {
        let t = self.clock.next();
        if t < self.on_end {
            return t;
        }
        // Off until on_end + Exp(off_s), then a new on period of Exp(on_s).
        let on_start = self.on_end + SimDuration::from_secs_f64(rng.exponential(self.p.off_s));
        self.on_end = on_start + SimDuration::from_secs_f64(rng.exponential(self.p.on_s));
        self.clock.restart(on_start);
        on_start
    }
}

#[cfg(test)]
mod tests {
    use super::super::testing::times;
    use super::*;
    use crate::net::CrossKind;

    #[test]
    fn on_off_sends_at_the_duty_cycle() {
        // on 1 s / off 1 s (means), T = 16 ms while on. An on period of length L sends ⌈L/T⌉
        // datagrams, E ≈ E[L]/T + ½ = 62.5 + 0.5 = 63, per mean cycle of 2 s → 31.5 datagrams/s;
        // over 16 000 s: 504 000. Renewal-reward spread: per cycle R − 31.5·C ≈ 31·L − 31.5·F has
        // variance ≈ 31² + 31.5² = 1953, over 8000 cycles σ ≈ √(8000·1953) = 3953 (0.8 %);
        // tolerance 4 % ≈ 5 σ.
        let p = Params {
            on_s: 1.0,
            off_s: 1.0,
        };
        let t = times(CrossKind::OnOff(p), 0.5e6, 0.0, 16_000.0, 3);
        let n = t.len() as f64;
        assert!((n - 504_000.0).abs() < 0.04 * 504_000.0, "{n}");
        // Within an on period datagrams are exactly T apart; gaps are either 16 ms or an off period.
        let gaps_16 = t
            .windows(2)
            .filter(|w| w[1].0 - w[0].0 == 16_000_000)
            .count();
        assert!(gaps_16 as f64 > 0.95 * n, "{gaps_16}");
    }
}
