//! The oracle: judges each loss by its true cause — the upper bound any real classifier can reach.
//!
//! [`Truth`] keeps its field private to this module, so no other classifier can read it.

use super::{LossClassifier, Verdict};
use crate::packet::Cause;
use crate::tcp::cc::LossCtx;

/// The true cause of a loss, opaque outside this module.
#[derive(Clone, Copy, Debug)]
pub struct Truth(Option<Cause>);

impl Truth {
    /// Wrap the cause (`None` when no drop of that segment was recorded).
    pub(crate) fn new(cause: Option<Cause>) -> Self {
        Truth(cause)
    }
}

/// Reads ground truth.
#[derive(Clone, Copy, Debug, Default)]
pub struct Oracle;

impl LossClassifier for Oracle {
    fn id(&self) -> &'static str {
        "oracle"
    }
    fn classify(&mut self, _ctx: &LossCtx, truth: &Truth) -> Verdict {
        match truth.0 {
            Some(c) if c.is_corruption() => Verdict::Wireless,
            _ => Verdict::Congestion,
        }
    }
}
