//! Standard TCP's implicit classifier: every loss is a congestion signal (RFC 5681).

use super::LossClassifier;
use crate::param::Info;
use crate::tcp::signal::{LossCtx, Truth, Verdict};

/// Catalog text of `always_congestion`.
pub(super) const INFO: Info = Info {
    id: "always_congestion",
    title: "Standard TCP",
    description: "Every loss is a congestion signal: the window is always reduced.",
    reference: "RFC 5681",
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
