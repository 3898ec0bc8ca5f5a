//! Congestion Warning (CW): routers mark data packets while their average queue is above a
//! threshold; the receiver echoes the mark on the ACK; a loss is congestion if the marks say so
//! — the Jersey / New Jersey / NJ+ classifier (docs/design.md §3.3–3.4, A16).
//!
//! ```text
//! series = the duplicate ACKs received since the last new ACK
//! congestion ⇔ ∃ dupACK ∈ series with cw_echo           (default, docs/design.md A16)
//!            ⇔ the dupACK that triggered fast retransmit carried cw_echo   (option)
//! ```
//! The marking itself (RED-style average, `th_cw`, `w_q`) lives in the queue; the echo in the
//! receiver. ACKs older than `snd_una` neither reset nor extend the series. The RTO case of NJ+
//! (echo on the last ACK) is not a classification here: the sender classifies only at the 3rd
//! duplicate ACK.

use super::{Classifier, LossClassifier};
use crate::param::{set_choice, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use serde_json::Value;

/// Which duplicate ACKs' marks count.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CwScope {
    /// Any duplicate ACK of the current series (docs/design.md A16 default).
    AnyDupAck,
    /// Only the duplicate ACK that triggered the fast retransmit (the 3rd).
    TriggeringDupAck,
}

/// Settings of the CW classifier.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Which marks count.
    pub scope: CwScope,
}

impl Default for Params {
    /// Any duplicate ACK of the series.
    fn default() -> Self {
        Params {
            scope: CwScope::AnyDupAck,
        }
    }
}

/// Catalog text of `congestion_warning`.
pub(super) const INFO: Info = Info {
    id: "congestion_warning",
    title: "Congestion warning",
    description: "A loss is congestion when routers marked the packets around it (the Jersey / NJ+ router signal).",
    reference: "Xu, Tian & Ansari, IEEE JSAC 2004; Kim, Koo & Choo (TCP NJ+) §3",
};

/// The `congestion_warning` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(CongestionWarning::with_params(tuned(p))),
};

crate::choice_ids!(CwScope { AnyDupAck => "any_dup_ack", TriggeringDupAck => "triggering_dup_ack" });

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        vec![ParamSpec::choice_of(
            "scope",
            Self::default().scope,
            "Which duplicate ACKs' marks count: any of the series or only the one that triggered the fast retransmit.",
        )]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "scope" => set_choice(&mut self.scope, v),
            _ => unknown(name),
        }
    }
}

/// Congestion-warning classifier.
#[derive(Clone, Debug)]
pub struct CongestionWarning {
    params: Params,
    any_marked: bool,
    last_dup_marked: bool,
}

impl CongestionWarning {
    /// A classifier with the given settings.
    pub fn with_params(params: Params) -> Self {
        CongestionWarning {
            params,
            any_marked: false,
            last_dup_marked: false,
        }
    }
}

impl Default for CongestionWarning {
    fn default() -> Self {
        Self::with_params(Params::default())
    }
}

impl LossClassifier for CongestionWarning {
    fn id(&self) -> &'static str {
        "congestion_warning"
    }
    fn on_ack(&mut self, ack: &AckEvent) {
        if ack.duplicate {
            self.any_marked |= ack.cw_echo;
            self.last_dup_marked = ack.cw_echo;
        } else if ack.acked_bytes > 0 {
            self.any_marked = false;
            self.last_dup_marked = false;
        }
    }
    fn classify(&mut self, _ctx: &LossCtx, _truth: &Truth) -> Verdict {
        let marked = match self.params.scope {
            CwScope::AnyDupAck => self.any_marked,
            CwScope::TriggeringDupAck => self.last_dup_marked,
        };
        if marked {
            Verdict::Congestion
        } else {
            Verdict::Wireless
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{ack_at, loss_ctx};
    use super::*;
    use crate::packet::Cause;

    fn new_ack(cw: bool) -> AckEvent {
        AckEvent {
            delivery: None,
            acked_bytes: 1000,
            cw_echo: cw,
            ..ack_at(0.0)
        }
    }
    fn dup(cw: bool) -> AckEvent {
        AckEvent {
            delivery: None,
            duplicate: true,
            cw_echo: cw,
            ..ack_at(0.0)
        }
    }
    fn run(params: Params, acks: &[AckEvent]) -> Verdict {
        let mut c = CongestionWarning::with_params(params);
        for a in acks {
            c.on_ack(a);
        }
        c.classify(&loss_ctx(0, 10.0), &Truth::new(Some(Cause::QueueOverflow)))
    }

    #[test]
    fn any_marked_dup_ack_of_the_series_means_congestion() {
        let any = Params::default();
        assert_eq!(
            run(any, &[new_ack(false), dup(false), dup(false), dup(false)]),
            Verdict::Wireless
        );
        assert_eq!(
            run(any, &[new_ack(false), dup(true), dup(false), dup(false)]),
            Verdict::Congestion
        );
        assert_eq!(
            run(any, &[new_ack(false), dup(false), dup(false), dup(true)]),
            Verdict::Congestion
        );
    }

    #[test]
    fn a_new_ack_starts_a_new_series() {
        let any = Params::default();
        // The marked dupACK belongs to the previous series; the new ACK's own mark is not a dupACK.
        assert_eq!(
            run(
                any,
                &[dup(true), new_ack(true), dup(false), dup(false), dup(false)]
            ),
            Verdict::Wireless
        );
        // An old ACK (not duplicate, nothing acked) neither resets nor extends.
        let old = ack_at(0.0);
        assert_eq!(run(any, &[dup(true), old, dup(false)]), Verdict::Congestion);
    }

    #[test]
    fn triggering_scope_reads_only_the_third() {
        let third = Params {
            scope: CwScope::TriggeringDupAck,
        };
        assert_eq!(
            run(third, &[new_ack(false), dup(true), dup(false), dup(false)]),
            Verdict::Wireless
        );
        assert_eq!(
            run(third, &[new_ack(false), dup(false), dup(false), dup(true)]),
            Verdict::Congestion
        );
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        use crate::param::testing::{check_tunable, round_trip};
        check_tunable::<Params>();
        round_trip::<CwScope>();
    }
}
