//! Spike, sender-side RTT form — Lim & Jang eq. 2 after Cen, Cosman & Voelker (SPEC §5.3).
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
//! The same state machine on ROTT instead of RTT is Cen et al.'s receiver-side Spike, used by
//! ZBS ([`SpikeState`] is shared). TCPW-BR's α = 0.4, β = 0.05 are available through
//! [`Params`]; Lim & Jang report that they call almost every loss congestion.

use super::{LossClassifier, Truth, Verdict};
use crate::tcp::cc::LossCtx;

/// Thresholds of the Spike state machine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// α: fraction of the delay range above the minimum that starts a spike.
    pub alpha: f64,
    /// β: fraction of the delay range above the minimum that ends it (β < α).
    pub beta: f64,
}

impl Default for Params {
    /// Cen et al.'s α = 1/2, β = 1/3 (used by Lim & Jang).
    fn default() -> Self {
        Params {
            alpha: 0.5,
            beta: 1.0 / 3.0,
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
    min_rtt_s: f64,
    max_rtt_s: f64,
}

impl Spike {
    /// A classifier with the given thresholds.
    pub fn with_params(params: Params) -> Self {
        Spike {
            params,
            state: SpikeState::default(),
            min_rtt_s: f64::INFINITY,
            max_rtt_s: 0.0,
        }
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
        self.min_rtt_s = self.min_rtt_s.min(r);
        self.max_rtt_s = self.max_rtt_s.max(r);
        self.state
            .update(&self.params, r, self.min_rtt_s, self.max_rtt_s);
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
}
