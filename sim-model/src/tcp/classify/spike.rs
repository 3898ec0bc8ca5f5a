//! Spike, sender-side RTT form — Lim & Jang eq. 2 after Cen, Cosman & Voelker (docs/design.md §5.3).
//!
//! ```text
//! B_start = RTTmin + α·(RTTmax − RTTmin)        α = 1/2
//! B_end   = RTTmin + β·(RTTmax − RTTmin)        β = 1/3   ([LJ] misprints it as a second B_start)
//!
//!            T > B_start
//!   Normal ─────────────► Spike          run on every RTT sample T, after RTTmin/RTTmax
//!          ◄─────────────                 have taken T in
//!            T < B_end
//!
//! congestion ⇔ the state is Spike at the 3rd dupACK
//! ```
//! RTTmin and RTTmax are kept over the whole connection, as Cen et al. keep the session's ROTT
//! extremes and Lim & Jang give no other rule. Knob `window_s` > 0 is a different reading (not
//! the paper's): the extremes age — they cover the current epoch of `window_s` seconds and the
//! one before it (between `window_s` and 2·`window_s` of history), so a range widened by one
//! old excursion narrows again. Why the connection-long range leaves the state stuck in Spike
//! when many flows keep the bottleneck queue above β of the buffer: `docs/mechanisms/spike.md`.
//!
//! The same state machine on ROTT instead of RTT is Cen et al.'s receiver-side Spike, used by
//! ZBS ([`SpikeState`] is shared). TCPW-BR's α = 0.4, β = 0.05 are available through
//! [`Params`]; Lim & Jang report that they call almost every loss congestion.

use super::{Classifier, LossClassifier};
use crate::param::{set_f64, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use crate::time::SimTime;
use serde_json::Value;

/// Thresholds of the Spike state machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// α: fraction of the delay range above the minimum that starts a spike.
    pub alpha: f64,
    /// β: fraction of the delay range above the minimum that ends it (β < α).
    pub beta: f64,
    /// Ageing epoch of RTTmin/RTTmax, seconds; 0 = the whole connection (the paper). Only the
    /// sender-side classifier reads it; ZBS keeps the session-long ROTT range.
    pub window_s: f64,
}

impl Default for Params {
    /// Cen et al.'s α = 1/2, β = 1/3 (used by Lim & Jang).
    fn default() -> Self {
        Params {
            alpha: 0.5,
            beta: 1.0 / 3.0,
            window_s: 0.0,
        }
    }
}

/// Catalog text of `spike`.
pub(super) const INFO: Info = Info {
    id: "spike",
    title: "Spike",
    description: "A loss during an RTT spike (entered above min + α·range, left below min + β·range) is congestion.",
    reference: "Lim & Jang eq. 2 after Cen, Cosman & Voelker 2003",
};

/// The `spike` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(Spike::with_params(tuned(p))),
};

/// The spike knobs; with `prefix`, named as ZBS flattens them (`spike_alpha`, …).
pub(super) fn knob_specs(prefix: bool, d: Params) -> Vec<ParamSpec> {
    let (a, b) = if prefix {
        ("spike_alpha", "spike_beta")
    } else {
        ("alpha", "beta")
    };
    vec![
        ParamSpec::number(
            a,
            "",
            0.0,
            1.0,
            d.alpha,
            "α: a spike starts above min + α·(max − min) of the delay (1/2).",
        ),
        ParamSpec::number(
            b,
            "",
            0.0,
            1.0,
            d.beta,
            "β: the spike ends below min + β·(max − min); keep β < α (1/3).",
        ),
    ]
}

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        let mut s = knob_specs(false, d);
        s.push(ParamSpec::number(
            "window_s",
            "s",
            0.0,
            1.0e6,
            d.window_s,
            "Ageing of RTTmin/RTTmax: they cover the current and the previous epoch of this many seconds; 0 = the whole connection (the paper).",
        ));
        s
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "alpha" => set_f64(&mut self.alpha, v),
            "beta" => set_f64(&mut self.beta, v),
            "window_s" => set_f64(&mut self.window_s, v),
            _ => unknown(name),
        }
    }
}

/// The two-state Spike machine over a delay signal (RTT or ROTT).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SpikeState {
    /// True in the Spike state.
    pub spiking: bool,
}

impl SpikeState {
    /// Feed delay `d` with the session's `min` and `max` (already including `d`); returns the
    /// new state.
    pub fn update(&mut self, p: &Params, d: f64, min: f64, max: f64) -> bool {
        let start = min + p.alpha * (max - min);
        let end = min + p.beta * (max - min);
        if self.spiking {
            if d < end {
                self.spiking = false;
            }
        } else if d > start {
            self.spiking = true;
        }
        self.spiking
    }
}

/// Sender-side Spike classifier.
#[derive(Clone, Debug)]
pub struct Spike {
    params: Params,
    state: SpikeState,
    /// Extremes of the current epoch (the whole connection when `window_s` = 0).
    min_rtt_s: f64,
    max_rtt_s: f64,
    /// Extremes of the previous epoch (`window_s` > 0).
    prev_min_s: f64,
    prev_max_s: f64,
    epoch_start: SimTime,
    /// Arrival time of the latest ACK (the clock of the RTT samples).
    now: SimTime,
}

impl Spike {
    /// A classifier with the given thresholds.
    pub fn with_params(params: Params) -> Self {
        Spike {
            params,
            state: SpikeState::default(),
            min_rtt_s: f64::INFINITY,
            max_rtt_s: 0.0,
            prev_min_s: f64::INFINITY,
            prev_max_s: 0.0,
            epoch_start: SimTime::ZERO,
            now: SimTime::ZERO,
        }
    }
    /// (RTTmin, RTTmax) the thresholds use now, seconds.
    pub fn range_s(&self) -> (f64, f64) {
        (
            self.min_rtt_s.min(self.prev_min_s),
            self.max_rtt_s.max(self.prev_max_s),
        )
    }
    /// True in the Spike state.
    pub fn spiking(&self) -> bool {
        self.state.spiking
    }
}

impl Default for Spike {
    fn default() -> Self {
        Self::with_params(Params::default())
    }
}

impl LossClassifier for Spike {
    fn id(&self) -> &'static str {
        "spike"
    }
    fn on_rtt_sample(&mut self, r: f64) {
        let w = self.params.window_s;
        if w > 0.0 && self.now.saturating_since(self.epoch_start).as_secs_f64() >= w {
            // a new epoch: the previous one is remembered, older history forgotten
            (self.prev_min_s, self.prev_max_s) = (self.min_rtt_s, self.max_rtt_s);
            (self.min_rtt_s, self.max_rtt_s) = (f64::INFINITY, 0.0);
            self.epoch_start = self.now;
        }
        self.min_rtt_s = self.min_rtt_s.min(r);
        self.max_rtt_s = self.max_rtt_s.max(r);
        let (min, max) = self.range_s();
        self.state.update(&self.params, r, min, max);
    }
    fn on_ack(&mut self, ack: &AckEvent) {
        // the sender hands an ACK's RTT sample over just before the ACK itself, so a sample
        // is dated by the previous ACK's arrival (at most one ACK gap early)
        self.now = ack.now;
    }
    fn classify(&mut self, _ctx: &LossCtx, _truth: &Truth) -> Verdict {
        if self.state.spiking {
            Verdict::Congestion
        } else {
            Verdict::Wireless
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::loss_ctx;
    use super::*;
    use crate::packet::Cause;

    fn verdict(s: &mut Spike) -> Verdict {
        s.classify(&loss_ctx(0, 10.0), &Truth::new(Some(Cause::WirelessLoss)))
    }

    #[test]
    fn state_transitions_by_hand() {
        let mut s = Spike::default();
        s.on_rtt_sample(0.100);
        // min = max = 0.1: B_start = 0.1, 0.1 > 0.1 is false → Normal
        assert!(!s.spiking());
        assert_eq!(verdict(&mut s), Verdict::Wireless);
        s.on_rtt_sample(0.200);
        // max = 0.2: B_start = 0.1 + ½·0.1 = 0.15 < 0.2 → Spike
        assert!(s.spiking());
        assert_eq!(verdict(&mut s), Verdict::Congestion);
        s.on_rtt_sample(0.140);
        // B_end = 0.1 + ⅓·0.1 = 0.1333; 0.14 ≥ 0.1333 → stays Spike (hysteresis)
        assert!(s.spiking());
        s.on_rtt_sample(0.130);
        // 0.13 < 0.1333 → Normal
        assert!(!s.spiking());
        assert_eq!(verdict(&mut s), Verdict::Wireless);
        s.on_rtt_sample(0.140);
        // Normal needs T > B_start = 0.15: 0.14 stays Normal (hysteresis the other way)
        assert!(!s.spiking());
        s.on_rtt_sample(0.160);
        // 0.16 > 0.15 → Spike
        assert!(s.spiking());
        s.on_rtt_sample(0.300);
        // max = 0.3: B_end = 0.1 + ⅓·0.2 = 0.1667; 0.3 stays Spike
        s.on_rtt_sample(0.160);
        // 0.16 < 0.1667 → Normal (the wider range moved B_end up)
        assert!(!s.spiking());
    }

    #[test]
    fn tcpw_br_thresholds_spike_sooner() {
        // α = 0.4, β = 0.05 over min 0.1, max 0.2: B_start = 0.14, B_end = 0.105
        let mut s = Spike::with_params(Params {
            alpha: 0.4,
            beta: 0.05,
            ..Params::default()
        });
        s.on_rtt_sample(0.100);
        s.on_rtt_sample(0.200);
        s.on_rtt_sample(0.110); // 0.11 ≥ 0.105: still Spike (default β would leave at 0.1333)
        assert!(s.spiking());
        s.on_rtt_sample(0.104);
        assert!(!s.spiking());
        s.on_rtt_sample(0.145); // > 0.14
        assert!(s.spiking());
    }

    #[test]
    fn ageing_window_forgets_an_old_excursion() {
        use super::super::test_support::ack_at;
        let mut s = Spike::with_params(Params {
            window_s: 10.0,
            ..Params::default()
        });
        let sample = |s: &mut Spike, t_ms: f64, r: f64| {
            s.on_ack(&ack_at(t_ms));
            s.on_rtt_sample(r);
        };
        sample(&mut s, 0.0, 0.100);
        sample(&mut s, 1000.0, 1.000); // one 1 s excursion: range 0.1..1.0
        sample(&mut s, 2000.0, 0.300);
        // B_end = 0.1 + ⅓·0.9 = 0.4 > 0.3 → Normal; B_start = 0.55
        assert!(!s.spiking());
        // epoch 10..20 s: range still includes the previous epoch (0.1..1.0)
        sample(&mut s, 10_000.0, 0.300);
        assert_eq!(s.range_s(), (0.1, 1.0));
        // epoch 20..30 s: only 10..20 s (0.3) and the new samples remain
        sample(&mut s, 20_000.0, 0.350);
        assert_eq!(s.range_s(), (0.3, 0.35));
        // B_start = 0.3 + ½·0.05 = 0.325 < 0.35 → Spike
        assert!(s.spiking());
        // the paper's connection-long range would still be 0.1..1.0: B_start 0.55, Normal
        let mut whole = Spike::default();
        for (t, r) in [
            (0.0, 0.1),
            (1000.0, 1.0),
            (2000.0, 0.3),
            (10_000.0, 0.3),
            (20_000.0, 0.35),
        ] {
            whole.on_ack(&ack_at(t));
            whole.on_rtt_sample(r);
        }
        assert_eq!(whole.range_s(), (0.1, 1.0));
        assert!(!whole.spiking());
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        crate::param::testing::check_tunable::<Params>();
    }
}
