//! Error models: what a link direction does to the bits and packets it carries.
//!
//! - [`BitError`] (`bit_error`): i.i.d. bit errors placed along the link's cumulative bit stream
//!   (paired error patterns, docs/design.md §D3; PER = 1 − (1 − BER)^(8·L), docs/design.md §8.1).
//! - [`PacketError`] (`packet_error`): Bernoulli loss per packet, independent of size (docs/design.md §8.2).
//! - [`GilbertElliott`] (`gilbert_elliott`): two-state bursty channel, either Lim & Jang's
//!   time-driven form with deterministic sojourns (docs/design.md §8.3) or a packet-indexed Markov chain.
//! - [`DropList`] (`drop_list`): lose exactly the listed packet numbers (lessons, tests).
//! - [`Burst`] (`burst`): one error burst in time (Gurtov §6).
//! - [`LossTrace`] (`loss_trace`): measured loss or corruption events replayed in time.
//!
//! [`ErrorSpec`] is the configuration: one variant per model, carrying the model's `Params`. Each
//! model's file declares its catalog entry and knob table ([`KINDS`]), its `Params`, the reader of
//! its fields and the model built from them, so adding a knob touches that file (and the schema).
//!
//! A model judges each packet once, when the packet is committed to the link, in transmission order.
//! Bit-level models answer [`Hit::Header`] or [`Hit::Payload`] (the packet is delivered corrupted);
//! packet-level models answer [`Hit::Lost`] (ground truth `WirelessLoss`).
//!
//! ```
//! use sim_model::error_model::{DropList, ErrorModel, TxContext};
//! use sim_model::packet::Hit;
//! use sim_model::time::SimTime;
//! let mut m = DropList::new(vec![1]);
//! let tx = |index| TxContext { bit_offset: 0, bits: 8, sensitive_bits: 0, index, depart: SimTime::ZERO };
//! assert_eq!((m.judge(&tx(0)), m.judge(&tx(1))), (Hit::None, Hit::Lost));
//! ```

pub mod bit_error;
pub mod burst;
pub mod drop_list;
pub mod gilbert_elliott;
pub mod loss_trace;
pub mod packet_error;
mod spec;

pub use bit_error::BitError;
pub use burst::Burst;
pub use drop_list::DropList;
pub use gilbert_elliott::{GilbertElliott, GilbertSpec, MarkovChannel};
pub use loss_trace::LossTrace;
pub use packet_error::PacketError;
pub use spec::{ErrorKind, ErrorSpec, Reader, KINDS};

use crate::packet::Hit;
use crate::rng::SimRng;
use crate::time::SimTime;

/// What an error model knows about the packet being transmitted.
#[derive(Clone, Copy, Debug)]
pub struct TxContext {
    /// Bits this link direction transmitted before this packet (its offset in the bit stream).
    pub bit_offset: u64,
    /// Bits of this packet on the wire (framing included).
    pub bits: u64,
    /// Leading bits whose corruption makes the packet unattributable (framing + sensitive header).
    pub sensitive_bits: u64,
    /// Packets this direction transmitted before this one (0-based packet number).
    pub index: u64,
    /// Time the packet finishes serialization.
    pub depart: SimTime,
}

/// A per-direction error process.
pub trait ErrorModel: std::fmt::Debug {
    /// Decide the fate of one packet.
    fn judge(&mut self, tx: &TxContext) -> Hit;
    /// True if the model never hits a packet (and keeps no state): the link then skips it.
    fn is_error_free(&self) -> bool {
        false
    }
}

/// The error-free link.
#[derive(Debug, Default)]
pub struct NoErrors;

impl ErrorModel for NoErrors {
    fn judge(&mut self, _tx: &TxContext) -> Hit {
        Hit::None
    }
    fn is_error_free(&self) -> bool {
        true
    }
}

/// Build the model of `spec`, drawing from its own stream `rng`.
pub fn build(spec: &ErrorSpec, rng: SimRng) -> Box<dyn ErrorModel> {
    match spec {
        ErrorSpec::None => Box::new(NoErrors),
        ErrorSpec::BitError(s) => s.build(rng),
        ErrorSpec::PacketError(s) => s.build(rng),
        ErrorSpec::GilbertElliott(s) => s.build(rng),
        ErrorSpec::DropList(s) => s.build(rng),
        ErrorSpec::Burst(s) => s.build(rng),
        ErrorSpec::LossTrace(s) => s.build(rng),
    }
}
