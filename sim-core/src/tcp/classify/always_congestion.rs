//! Standard TCP's implicit classifier: every loss is a congestion signal (RFC 5681).

use super::{LossClassifier, Truth, Verdict};
use crate::tcp::cc::LossCtx;

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
