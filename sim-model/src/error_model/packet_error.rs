//! Packet-level uniform loss: every packet is lost with probability `per`, whatever its size
//! (docs/design.md §8.2; Gurtov, Lim & Jang, NJ+). Lost packets still consume link time (docs/design.md §8.4).

use super::ErrorKind;
use super::ErrorSpec;
use super::{ErrorModel, TxContext};
use crate::json_reader::Problems;
use crate::packet::Hit;
use crate::param::{Component, Info, Knobs, ParamSpec};
use crate::rng::SimRng;
use serde::Serialize;

/// Catalog entry and knobs of `packet_error`.
pub(crate) const KIND: ErrorKind = Component {
    info: Info {
        id: "packet_error",
        title: "Packet errors",
        description: "Each packet is lost independently with probability per.",
        reference: "Bernoulli packet loss (ns-2 ErrorModel)",
    },
    mode: None,
    params: || {
        vec![
            ParamSpec::number("per", "", 0.0, 1.0, 0.01, "Loss probability per packet.").required(),
        ]
    },
    read: |o, _, p| ErrorSpec::PacketError(read(&mut Knobs::new(o, (KIND.params)()), p)),
};

/// The knobs of `packet_error` (`ErrorSpec::PacketError`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Loss probability per packet.
    pub per: f64,
}

/// The `packet_error` fields of an `errors` object.
pub(crate) fn read(k: &mut Knobs, p: &mut Problems) -> Params {
    Params {
        per: k.num("per", p),
    }
}

impl Params {
    /// The process of these knobs, drawing from `rng`.
    pub fn build(&self, rng: SimRng) -> Box<dyn ErrorModel> {
        Box::new(PacketError::new(self.per, rng))
    }
}

/// Bernoulli packet loss.
#[derive(Debug)]
pub struct PacketError {
    per: f64,
    rng: SimRng,
}

impl PacketError {
    /// Loss probability `per` per packet.
    pub fn new(per: f64, rng: SimRng) -> Self {
        PacketError { per, rng }
    }
}

impl ErrorModel for PacketError {
    fn judge(&mut self, _tx: &TxContext) -> Hit {
        if self.rng.chance(self.per) {
            Hit::Lost
        } else {
            Hit::None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimTime;

    #[test]
    fn loss_fraction_matches_probability() {
        // p = 0.05 over 100 000 packets: σ = sqrt(0.05·0.95/1e5) = 0.00069; tolerance 0.003.
        let mut m = PacketError::new(0.05, SimRng::stream(1, "t"));
        let tx = TxContext {
            bit_offset: 0,
            bits: 8,
            sensitive_bits: 0,
            index: 0,
            depart: SimTime::ZERO,
        };
        let lost = (0..100_000).filter(|_| m.judge(&tx) == Hit::Lost).count();
        assert!((lost as f64 / 1e5 - 0.05).abs() < 0.003, "{lost}");
    }
}
