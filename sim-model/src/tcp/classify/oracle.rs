//! The oracle: judges each loss by its true cause — the upper bound any real classifier can reach.
//!
//! [`Truth`] keeps its field private to the signal module; the oracle is the only caller of
//! `Truth::oracle_verdict`.

use super::{Classifier, LossClassifier};
use crate::param::Info;
use crate::tcp::registry::no_knobs;
use crate::tcp::signal::{LossCtx, Truth, Verdict};

/// Catalog text of `oracle`.
pub(super) const INFO: Info = Info {
    id: "oracle",
    title: "Oracle",
    description: "Judges each loss by its true cause: the upper bound any real classifier can reach (teaching only).",
    reference: "LossLab ground truth",
};

/// The `oracle` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: no_knobs,
    build: |_| Box::new(Oracle),
};

/// Reads ground truth.
#[derive(Clone, Copy, Debug, Default)]
pub struct Oracle;

impl LossClassifier for Oracle {
    fn id(&self) -> &'static str {
        "oracle"
    }
    fn classify(&mut self, _ctx: &LossCtx, truth: &Truth) -> Verdict {
        truth.oracle_verdict()
    }
}
