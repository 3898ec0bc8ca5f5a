//! Garcia & Brunstrom's checksum-based loss differentiation, the sender half (docs/design.md §7).
//!
//! ```text
//! receiver: TCP checksum fails, flow matched on addresses + ports → notify the sender (option)
//!           IP header hit (flow unknown)                          → silent drop
//! sender:   wireless ⇔ the segment at snd_una was notified as corrupted (ctx.corruption_notified)
//!           congestion otherwise
//! ```
//! A congestion loss is never notified, so it is never called wireless; the only error is a
//! corruption that hit the sensitive header (P ≈ h/L, below 0.03 in their experiments). The sensitive
//! bytes (h = 24 by default, docs/design.md A2), the notification transport (piggyback on the next ACK, A3) and
//! the scoreboard of notified ranges belong to the receiver and the sender; this classifier only
//! reads the flag they set.

use super::{Classifier, LossClassifier};
use crate::param::{tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{LossCtx, Truth, Verdict};
use serde_json::Value;

/// Settings of the checksum classifier: none — its assumptions (sensitive header size,
/// notification transport) are settings of the receiver and the error model.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Params {}

/// Catalog text of `checksum`.
pub(super) const INFO: Info = Info {
    id: "checksum",
    title: "Checksum notification",
    description: "The receiver reports segments that failed the TCP checksum; the sender retransmits them without reducing its window.",
    reference: "Garcia & Brunstrom, \"An experimental study on the performance and fairness of loss differentiation for TCP\", ICETE 2004",
};

/// The `checksum` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(Checksum::with_params(tuned(p))),
};

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        Vec::new()
    }
    fn set(&mut self, name: &str, _v: &Value) {
        unknown(name)
    }
}

/// Checksum-notification classifier.
#[derive(Clone, Copy, Debug, Default)]
pub struct Checksum;

impl Checksum {
    /// A classifier with the given settings.
    pub fn with_params(_params: Params) -> Self {
        Checksum
    }
}

impl LossClassifier for Checksum {
    fn id(&self) -> &'static str {
        "checksum"
    }
    fn classify(&mut self, ctx: &LossCtx, _truth: &Truth) -> Verdict {
        if ctx.corruption_notified {
            Verdict::Wireless
        } else {
            Verdict::Congestion
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::loss_ctx;
    use super::*;
    use crate::packet::Cause;

    #[test]
    fn only_notified_losses_are_wireless() {
        let mut c = Checksum::with_params(Params::default());
        let notified = LossCtx {
            corruption_notified: true,
            ..loss_ctx(0, 10.0)
        };
        assert_eq!(
            c.classify(&notified, &Truth::new(Some(Cause::PayloadCorruption))),
            Verdict::Wireless
        );
        // A header hit is never notified: it stays congestion, whatever the truth.
        let silent = loss_ctx(0, 10.0);
        assert_eq!(
            c.classify(&silent, &Truth::new(Some(Cause::HeaderCorruption))),
            Verdict::Congestion
        );
        assert_eq!(
            c.classify(&silent, &Truth::new(Some(Cause::QueueOverflow))),
            Verdict::Congestion
        );
    }
}
