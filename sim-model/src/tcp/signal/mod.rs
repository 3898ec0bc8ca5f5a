//! The signals congestion control and loss classifiers share, below both: what an ACK and a loss
//! tell the sender, how a loss is judged, and the small estimators both keep (docs/design.md §1.6, §1.12, §5).
//!
//! - [`AckEvent`]: everything an arriving ACK tells the sender.
//! - [`LossCtx`]: what the sender knows when it detects a loss.
//! - [`Verdict`] and [`Truth`]: a loss's judgement and its opaque ground truth.
//! - [`AckCredit`], [`Srtt`]: duplicate-ACK delivery credit and the RFC 6298 smoothed RTT.
//!
//! `cc` and `classify` import these; this module imports neither.

mod ack;
pub mod estimators;
mod loss;
mod verdict;

pub use ack::{AckEvent, Delivery};
pub use estimators::{AckCredit, Srtt};
pub use loss::LossCtx;
pub use verdict::{Truth, Verdict};
