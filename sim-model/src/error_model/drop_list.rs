//! Drop list: lose exactly the listed 0-based packet numbers of a link direction (the idea of
//! ns-3's `ListErrorModel`), for lessons that need one specific loss ("drop the 5th segment").
//!
//! A packet's number is [`TxContext::index`]: how many packets the direction transmitted before it,
//! whatever their kind. On a data direction with the handshake on, the SYN is packet 0 and the
//! first data segment packet 1. Retransmissions get new numbers, so they are not dropped again.

use super::ErrorKind;
use super::ErrorSpec;
use super::{ErrorModel, TxContext};
use crate::json_reader::{show, Obj, Problems};
use crate::packet::Hit;
use crate::param::{Component, Info, ParamKind, ParamSpec};
use crate::rng::SimRng;
use serde::Serialize;
use serde_json::json;

/// Catalog entry and knobs of `drop_list`.
pub(crate) const KIND: ErrorKind = Component {
    info: Info {
        id: "drop_list",
        title: "Drop list",
        description: "Loses exactly the listed 0-based packet numbers of the link direction (lessons, tests).",
        reference: "ns-3 ListErrorModel",
    },
    mode: None,
    params,
    read: |o, _, p| ErrorSpec::DropList(read(o, p)),
};

fn params() -> Vec<ParamSpec> {
    vec![ParamSpec::integer_list(
        "packets",
        "packets",
        0,
        9_000_000_000_000_000,
        "0-based packet numbers of the direction to lose.",
    )
    .with_default(json!([20, 21]))
    .required()]
}

/// Most packet numbers a `drop_list` may name.
const MAX_DROP_LIST: usize = crate::limits::MAX_DROP_LIST;

/// The knobs of `drop_list` (`ErrorSpec::DropList`).
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Params {
    /// Packet numbers to lose (0-based, sorted, no duplicates).
    pub packets: Vec<u64>,
}

/// The `drop_list` fields of an `errors` object: `packets`, sorted and without duplicates.
pub(crate) fn read(o: &mut Obj, p: &mut Problems) -> Params {
    let ParamKind::IntegerList { min, max } = params()[0].kind else {
        unreachable!("packets is a list")
    };
    let (min, max) = (min as f64, max as f64);
    let mut packets = Vec::new();
    let items = o.array("packets", p);
    if !o.has("packets") {
        p.push(
            o.at("packets"),
            "is required (an array of 0-based packet numbers, e.g. [5, 6])",
        );
    }
    if items.len() > MAX_DROP_LIST {
        p.push(
            o.at("packets"),
            format!(
                "too many packet numbers: {} (at most {MAX_DROP_LIST})",
                items.len()
            ),
        );
    }
    for (path, nv) in items.into_iter().take(MAX_DROP_LIST) {
        match nv.as_f64() {
            Some(x) if x.fract() == 0.0 && (min..=max).contains(&x) => packets.push(x as u64),
            _ => p.push(
                &path,
                format!(
                    "must be a whole packet number from {} to {} (got {nv})",
                    show(min),
                    show(max)
                ),
            ),
        }
    }
    packets.sort_unstable();
    packets.dedup();
    Params { packets }
}

impl Params {
    /// The model of these knobs (deterministic: it draws nothing from `_rng`).
    pub fn build(&self, _rng: SimRng) -> Box<dyn ErrorModel> {
        Box::new(DropList::new(self.packets.clone()))
    }
}

/// Deterministic loss of listed packet numbers.
#[derive(Debug)]
pub struct DropList {
    /// Sorted, without duplicates.
    packets: Vec<u64>,
    /// Index of the next entry of `packets` not yet passed.
    next: usize,
}

impl DropList {
    /// Lose the packets numbered in `packets` (any order; duplicates are ignored).
    pub fn new(mut packets: Vec<u64>) -> Self {
        packets.sort_unstable();
        packets.dedup();
        DropList { packets, next: 0 }
    }
}

impl ErrorModel for DropList {
    fn judge(&mut self, tx: &TxContext) -> Hit {
        // Packet numbers only grow, so a cursor replaces a search.
        while self.packets.get(self.next).is_some_and(|&n| n < tx.index) {
            self.next += 1;
        }
        if self.packets.get(self.next) == Some(&tx.index) {
            self.next += 1;
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

    fn tx(index: u64) -> TxContext {
        TxContext {
            bit_offset: 0,
            bits: 12_000,
            sensitive_bits: 192,
            index,
            depart: SimTime::ZERO,
        }
    }

    #[test]
    fn loses_exactly_the_listed_packets() {
        let mut m = DropList::new(vec![7, 2, 2, 3]);
        let lost: Vec<u64> = (0..10).filter(|&i| m.judge(&tx(i)) == Hit::Lost).collect();
        assert_eq!(lost, [2, 3, 7]);
    }

    #[test]
    fn skipped_numbers_are_passed_over() {
        // Numbers 1 and 4 are never judged (as if the cursor missed them); 5 must still be lost.
        let mut m = DropList::new(vec![1, 4, 5]);
        assert_eq!(m.judge(&tx(0)), Hit::None);
        assert_eq!(m.judge(&tx(2)), Hit::None);
        assert_eq!(m.judge(&tx(5)), Hit::Lost);
        assert_eq!(m.judge(&tx(6)), Hit::None);
    }
}
