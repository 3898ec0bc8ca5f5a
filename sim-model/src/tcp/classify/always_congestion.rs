//! Standard TCP's implicit classifier: every loss is a congestion signal (RFC 5681).

use super::{Classifier, LossClassifier};
use crate::param::Info;
use crate::tcp::registry::no_knobs;
use crate::tcp::signal::{LossCtx, Truth, Verdict};

/// Catalog text of `always_congestion`.
pub(super) const INFO: Info = Info {
    id: "always_congestion",
    title: "Standard TCP",
    description: "Every loss is a congestion signal: the window is always reduced.",
    reference: "RFC 5681",
};

/// The `always_congestion` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: no_knobs,
    build: |_| Box::new(AlwaysCongestion),
};

/// Judges every loss as congestion.
#[derive(Clone, Copy, Debug, Default)]
pub struct AlwaysCongestion;

impl LossClassifier for AlwaysCongestion {
    fn id(&self) -> &'static str {
        "always_congestion"
    }
    fn classify(&mut self, _ctx: &LossCtx, _truth: &Truth) -> Verdict {
        Verdict::Congestion
    }
}
