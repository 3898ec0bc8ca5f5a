//! Drop list: lose exactly the listed 0-based packet numbers of a link direction (the idea of
//! ns-3's `ListErrorModel`), for lessons that need one specific loss ("drop the 5th segment").
//!
//! A packet's number is [`TxContext::index`]: how many packets the direction transmitted before it,
//! whatever their kind. On a data direction with the handshake on, the SYN is packet 0 and the
//! first data segment packet 1. Retransmissions get new numbers, so they are not dropped again.

use super::{ErrorModel, TxContext};
use crate::packet::Hit;

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
        TxContext { bit_offset: 0, bits: 12_000, sensitive_bits: 192, index, depart: SimTime::ZERO }
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
