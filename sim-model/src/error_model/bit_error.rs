//! Uniform i.i.d. bit errors along the link's bit stream (docs/design.md §8.1, docs/design.md §D3 "paired error patterns").
//!
//! Error positions are drawn once per link direction, as gaps ~ Geometric(BER) over the cumulative
//! count of transmitted bits. A packet occupying bits [c, c + n) is corrupted when an error position
//! falls inside; it is a header hit when the first one falls in its sensitive leading bits.
//!
//!   P(corrupted)            = 1 − (1 − BER)^n                       (n = 8·wire bytes)
//!   P(header hit | corrupt) = (1 − (1 − BER)^h) / (1 − (1 − BER)^n)  ≈ h/n   (docs/design.md §7.2)
//!
//! Two runs with the same seed see the same error positions, whatever traffic crosses the link —
//! how the Garcia & Brunstrom testbed reused its pattern files with and without loss differentiation.

use super::ErrorKind;
use super::ErrorSpec;
use super::{ErrorModel, TxContext};
use crate::json_reader::Problems;
use crate::packet::Hit;
use crate::param::{Component, Info, Knobs, ParamSpec};
use crate::rng::SimRng;
use serde::Serialize;

/// Catalog entry and knobs of `bit_error`.
pub(crate) const KIND: ErrorKind = Component {
    info: Info {
        id: "bit_error",
        title: "Bit errors",
        description: "Independent bit errors along the link's bit stream, paired across runs; a hit in the first header_bytes makes a packet unattributable.",
        reference: "Garcia & Brunstrom (ICETE 2004) bit-error patterns",
    },
    mode: None,
    params: || {
        vec![
            ParamSpec::number("ber", "", 0.0, 0.5, 1e-5, "Bit error rate.").required(),
            ParamSpec::integer("header_bytes", "bytes", 0, 1500, 24, "Leading bytes (IP header + ports) whose corruption makes the packet unattributable."),
        ]
    },
    read: |o, _, p| ErrorSpec::BitError(read(&mut Knobs::new(o, (KIND.params)()), p)),
};

/// The knobs of `bit_error` (`ErrorSpec::BitError`).
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Bit error rate.
    pub ber: f64,
    /// Sensitive leading bytes whose corruption makes a packet unattributable (docs/design.md A2).
    pub header_bytes: u32,
}

/// The `bit_error` fields of an `errors` object.
pub(crate) fn read(k: &mut Knobs, p: &mut Problems) -> Params {
    let ber = k.num("ber", p);
    let header_bytes = k.int("header_bytes", p) as u32;
    Params { ber, header_bytes }
}

impl Params {
    /// The process of these knobs, drawing from `rng` (`header_bytes` is the link's business).
    pub fn build(&self, rng: SimRng) -> Box<dyn ErrorModel> {
        Box::new(BitError::new(self.ber, rng))
    }
}

/// The rule above: the probability that a packet of `wire_bytes` on the wire (IP size plus the
/// link's framing) is corrupted at bit error rate `ber`, 1 − (1 − BER)^(8·wire bytes). The process
/// below draws error positions so that each packet is hit with this probability; the lessons'
/// theory curves (`sim_core::theory`) and the lab's PER read-out (through wasm) turn a bit error
/// rate into a packet loss rate with it.
///
/// Computed as −expm1(8·bytes·log1p(−BER)), the same quantity written so that tiny rates keep
/// their digits (1 − (1 − 1e-12)^12000 would lose most of them). NaN for a negative or NaN input;
/// a rate of 1 or more corrupts every non-empty packet.
pub fn corruption_probability(ber: f64, wire_bytes: f64) -> f64 {
    if ber.is_nan() || wire_bytes.is_nan() || ber < 0.0 || wire_bytes < 0.0 {
        return f64::NAN;
    }
    if ber >= 1.0 {
        return if wire_bytes > 0.0 { 1.0 } else { 0.0 };
    }
    -libm::expm1(8.0 * wire_bytes * libm::log1p(-ber))
}

/// Bit-error process of one link direction.
#[derive(Debug)]
pub struct BitError {
    ber: f64,
    /// Absolute bit position of the next error.
    next_error_bit: u64,
    rng: SimRng,
}

impl BitError {
    /// A process with bit error rate `ber`.
    pub fn new(ber: f64, mut rng: SimRng) -> Self {
        let first = rng.geometric(ber);
        BitError {
            ber,
            next_error_bit: first,
            rng,
        }
    }
}

impl ErrorModel for BitError {
    fn judge(&mut self, tx: &TxContext) -> Hit {
        let start = tx.bit_offset;
        let end = start.saturating_add(tx.bits);
        debug_assert!(self.next_error_bit >= start, "bit stream went backwards");
        if self.next_error_bit >= end {
            return Hit::None;
        }
        let first = self.next_error_bit - start;
        // Skip every further error inside this packet: the next one lies beyond it.
        while self.next_error_bit < end {
            self.next_error_bit = self
                .next_error_bit
                .saturating_add(1 + self.rng.geometric(self.ber));
        }
        if first < tx.sensitive_bits {
            Hit::Header
        } else {
            Hit::Payload
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::time::SimTime;

    fn run(ber: f64, bytes: u64, sensitive: u64, n: u64, seed: u64) -> (u64, u64) {
        let mut m = BitError::new(ber, SimRng::stream(seed, "test"));
        let (mut corrupted, mut header) = (0, 0);
        for i in 0..n {
            let tx = TxContext {
                bit_offset: i * bytes * 8,
                bits: bytes * 8,
                sensitive_bits: sensitive * 8,
                index: i,
                depart: SimTime::ZERO,
            };
            match m.judge(&tx) {
                Hit::None => {}
                Hit::Header => {
                    corrupted += 1;
                    header += 1
                }
                Hit::Payload | Hit::Lost => corrupted += 1,
            }
        }
        (corrupted, header)
    }

    #[test]
    fn corruption_probability_keeps_tiny_rates_and_refuses_bad_input() {
        let naive = |ber: f64, n: f64| 1.0 - (1.0 - ber).powf(8.0 * n);
        assert!((corruption_probability(1e-5, 1500.0) - naive(1e-5, 1500.0)).abs() < 1e-12);
        // ~5 % for 1500-byte packets at 4.274e-6 (Garcia & Brunstrom's scenario 1).
        assert!((corruption_probability(4.274e-6, 1500.0) - 0.04999).abs() < 1e-4);
        assert_eq!(corruption_probability(0.0, 1500.0), 0.0);
        // 1 − (1 − p)^n ≈ n·p − n(n − 1)/2·p² for tiny p: the naive form loses these digits.
        let (p, n) = (1e-12, 12_000.0);
        let series = n * p - n * (n - 1.0) / 2.0 * p * p;
        assert!((corruption_probability(p, 1500.0) / series - 1.0).abs() < 1e-12);
        assert!((corruption_probability(0.5, 1.0) - (1.0 - 0.5f64.powi(8))).abs() < 1e-15);
        assert!(corruption_probability(-1.0, 1500.0).is_nan());
        assert!(corruption_probability(f64::NAN, 1500.0).is_nan());
        assert!(corruption_probability(1e-5, -1.0).is_nan());
        assert_eq!(corruption_probability(1.0, 40.0), 1.0);
    }

    #[test]
    fn corruption_fraction_matches_per_formula() {
        // BER 1.2e-5, 1500 B: PER = 1 − (1 − 1.2e-5)^12000 = 0.13412 (docs/design.md §12.1).
        // 200 000 packets: σ = sqrt(0.134·0.866/2e5) = 0.00076; tolerance 0.004 ≈ 5 σ.
        let per = corruption_probability(1.2e-5, 1500.0);
        assert!((per - 0.13412).abs() < 1e-4);
        let (c, _) = run(1.2e-5, 1500, 24, 200_000, 1);
        let measured = c as f64 / 200_000.0;
        assert!(
            (measured - per).abs() < 0.004,
            "measured {measured}, expected {per}"
        );
        // A 40-byte ACK at the same BER: 1 − (1 − 1.2e-5)^320 = 0.003833; σ over 200 000 = 0.00014.
        let (c, _) = run(1.2e-5, 40, 24, 200_000, 2);
        let measured = c as f64 / 200_000.0;
        assert!((measured - 0.003833).abs() < 0.0007, "ack PER {measured}");
    }

    #[test]
    fn header_hit_share_is_about_h_over_l() {
        // h = 24, L = 1500, BER 8.78e-6: P(header | corrupted) = 0.0168 (docs/design.md §12.2).
        // About 1e6 · 0.1 = 100 000 corrupted packets: σ = sqrt(0.0168·0.983/1e5) = 0.0004.
        let (c, h) = run(8.78e-6, 1500, 24, 1_000_000, 3);
        let share = h as f64 / c as f64;
        assert!((share - 0.0168).abs() < 0.002, "header share {share}");
    }

    #[test]
    fn zero_ber_never_corrupts_and_patterns_repeat() {
        assert_eq!(run(0.0, 1500, 24, 10_000, 4), (0, 0));
        assert_eq!(run(1e-5, 1500, 24, 5_000, 9), run(1e-5, 1500, 24, 5_000, 9));
    }
}
