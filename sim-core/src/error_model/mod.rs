//! Error models: what a link direction does to the bits and packets it carries.
//!
//! - [`BitError`] (`bit_error`): i.i.d. bit errors placed along the link's cumulative bit stream
//!   (paired error patterns, DESIGN §3; PER = 1 − (1 − BER)^(8·L), SPEC §8.1).
//! - [`PacketError`] (`packet_error`): Bernoulli loss per packet, independent of size (SPEC §8.2).
//!
//! A model judges each packet once, when the packet is committed to the link, in transmission order.

mod bit_error;
mod packet_error;

pub use bit_error::BitError;
pub use packet_error::PacketError;

use crate::packet::Hit;
use crate::rng::SimRng;
use crate::scenario::ErrorSpec;
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
}

/// The error-free link.
#[derive(Debug, Default)]
pub struct NoErrors;

impl ErrorModel for NoErrors {
    fn judge(&mut self, _tx: &TxContext) -> Hit {
        Hit::None
    }
}

/// Build the model of `spec`, drawing from its own stream `rng`.
pub fn build(spec: &ErrorSpec, rng: SimRng) -> Box<dyn ErrorModel> {
    match *spec {
        ErrorSpec::None => Box::new(NoErrors),
        ErrorSpec::BitError { ber, .. } => Box::new(BitError::new(ber, rng)),
        ErrorSpec::PacketError { per } => Box::new(PacketError::new(per, rng)),
    }
}
