//! JTCP: NewReno with built-in jitter-ratio loss differentiation, as Lim & Jang evaluated it
//! (\[LJ\] §2 and eq. 4; docs/design.md §5.5).
//!
//! ```text
//! J_r = [(t_r(i) − t_s(i−w)) − (t_r(i−1) − t_s(i−1−w))] / (t_r(i) − t_s(i−w)),  w = ⌊cwnd⌋
//! 3rd dupACK: J_r > k/cwnd (k = 1) → congestion: ssthresh = max(FlightSize/2, 2·SMSS), cwnd_base = ssthresh
//!             otherwise            → wireless:   ssthresh and cwnd unchanged
//! RTO: standard (RFC 5681)
//! ```
//! The jitter ratio is the `jitter_ratio` classifier itself (one implementation); JTCP reports its
//! verdicts for the confusion matrix like Veno and the Jersey family.

use super::{half_flight, CongestionControl, Reaction, Variant};
use crate::param::{tuned, Info, Tunable};
use crate::tcp::classify::jitter_ratio::JitterRatio;
use crate::tcp::classify::LossClassifier;
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use crate::time::SimTime;

/// JTCP's knobs are those of its jitter-ratio test (`k`, `history_segments`).
pub use crate::tcp::classify::jitter_ratio::Params;

/// Catalog text of `jtcp`.
pub(super) const INFO: Info = Info {
    id: "jtcp",
    title: "JTCP",
    description: "NewReno that keeps its window when the jitter ratio says a loss was wireless.",
    reference: "Lim & Jang eq. 4 after Wu & Chen, \"JTCP: jitter-based TCP for heterogeneous wireless networks\", IEEE JSAC 22(4), 2004",
};

/// The `jtcp` entry of the variant table.
pub(super) const VARIANT: Variant = Variant {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(Jtcp::with_params(tuned(p))),
};

/// JTCP.
#[derive(Debug, Default)]
pub struct Jtcp {
    jr: JitterRatio,
    last: Option<Verdict>,
}

impl Jtcp {
    /// JTCP with the given jitter-ratio settings.
    pub fn with_params(p: Params) -> Self {
        Jtcp {
            jr: JitterRatio::with_params(p),
            last: None,
        }
    }
}

impl CongestionControl for Jtcp {
    fn id(&self) -> &'static str {
        "jtcp"
    }
    fn on_rtt_sample(&mut self, rtt_s: f64, _now: SimTime) {
        self.jr.on_rtt_sample(rtt_s);
    }
    fn on_ack(&mut self, ack: &AckEvent) {
        self.jr.on_ack(ack);
    }
    fn on_fast_retransmit(&mut self, ctx: &LossCtx) -> Reaction {
        // The sender never sees ground truth: the classifier gets an empty Truth.
        let v = self.jr.classify(ctx, &Truth::new(None));
        self.last = Some(v);
        match v {
            Verdict::Wireless => Reaction {
                ssthresh: ctx.ssthresh,
                cwnd_base: ctx.cwnd,
            },
            Verdict::Congestion => {
                let ssthresh = half_flight(ctx);
                Reaction {
                    ssthresh,
                    cwnd_base: ssthresh,
                }
            }
        }
    }
    fn on_rto(&mut self, ctx: &LossCtx) -> Reaction {
        self.last = None;
        let ssthresh = if ctx.repeated_timeout {
            ctx.ssthresh
        } else {
            half_flight(ctx)
        };
        Reaction {
            ssthresh,
            cwnd_base: ctx.mss,
        }
    }
    fn loss_verdict(&self) -> Option<Verdict> {
        self.last
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::cc::testing::loss;

    #[test]
    fn without_jitter_history_a_loss_is_congestion_and_halves() {
        // No ACK history: the jitter ratio cannot be formed, so the classifier answers congestion
        // (its documented fallback) and JTCP halves: ssthresh = max(20 000/2, 2·1000) = 10 000.
        let mut j = Jtcp::default();
        let ctx = loss(1.0, 20_000.0, 20_000.0); // now 1 s, cwnd 20 000, FlightSize 20 000
        let r = j.on_fast_retransmit(&ctx);
        assert_eq!(j.loss_verdict(), Some(Verdict::Congestion));
        assert_eq!(
            r,
            Reaction {
                ssthresh: 10_000.0,
                cwnd_base: 10_000.0
            }
        );
        let r = j.on_rto(&ctx);
        assert_eq!((r.cwnd_base, j.loss_verdict()), (1000.0, None));
    }
}
