//! A loss's judgement and its ground truth: the [`Verdict`] a classifier (or a variant with
//! built-in loss differentiation) gives, and the opaque [`Truth`] it must not read (docs/design.md §5.8).

use crate::packet::Cause;
use serde::Serialize;
use ts_rs::TS;

/// A classifier's decision about one loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Verdict {
    /// Queue overflow: reduce the window.
    Congestion,
    /// Transmission error: retransmit without reducing.
    Wireless,
}

/// The true cause of a loss, opaque: its field is private to this module, and the only reading
/// is `Truth::oracle_verdict`, which only the oracle classifier calls (the classifier tests
/// check that every other classifier's verdict is the same whatever the truth).
#[derive(Clone, Copy, Debug)]
pub struct Truth(Option<Cause>);

impl Truth {
    /// Wrap the cause (`None` when no drop of that segment was recorded).
    pub(crate) fn new(cause: Option<Cause>) -> Self {
        Truth(cause)
    }

    /// The verdict the true cause gives: wireless for a corruption, congestion otherwise
    /// (unknown causes included). For the oracle only.
    pub(crate) fn oracle_verdict(&self) -> Verdict {
        match self.0 {
            Some(c) if c.is_corruption() => Verdict::Wireless,
            _ => Verdict::Congestion,
        }
    }
}
