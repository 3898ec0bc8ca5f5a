//! BBR's ACK-aggregation estimate (Linux `tcp_bbr.c`, `extra_acked`; ns-3's TcpBbr calls the
//! allowance it gives AckAggregationCwnd): how much more data recent ACKs acknowledged in a burst
//! than BtlBw would have delivered in that time. Delayed ACKs, or another flow's packets queued in
//! front of this flow's, bunch ACKs together; a window of 2·BDP can then run dry before a burst's
//! ACKs return. The caller ([`super::Bbr::aggregation_allowance`]) adds gain × this estimate to its
//! window target, capped at 0.1 s of BtlBw, once the pipe is full.
//!
//! ```text
//!   per ACK of `acked` bytes at `now`:
//!     expected = BtlBw · (now − epoch_start)
//!     if epoch_acked ≤ expected (ACKs ran no faster than BtlBw) or the epoch is very old:
//!         epoch_start = now, epoch_acked = 0, expected = 0
//!     epoch_acked += acked
//!     excess = min(epoch_acked − expected, cwnd)
//!     extra[idx] = max(extra[idx], excess)
//!   at every 5th round start: idx flips and extra[idx] = 0, so the max covers 5–10 rounds
//! ```

use crate::time::SimTime;

/// Rounds each half of the max filter covers (Linux `bbr_extra_acked_win_rtts`).
const WIN_ROUNDS: u32 = 5;
/// An epoch that has counted this many segments starts again (Linux
/// `bbr_ack_epoch_acked_reset_thresh`).
const EPOCH_RESET_SEGMENTS: f64 = (1u64 << 20) as f64;

/// The windowed max of excess ACKed bytes.
#[derive(Clone, Debug, Default)]
pub struct AckAggregation {
    /// The two halves of the max filter, bytes.
    pub(super) extra: [f64; 2],
    /// The half being filled.
    pub(super) idx: usize,
    /// Rounds since that half was cleared.
    rounds: u32,
    /// When the current epoch began.
    epoch_start: SimTime,
    /// Bytes ACKed since then.
    pub(super) epoch_acked: f64,
}

impl AckAggregation {
    /// One ACK: `acked` bytes at `now`; `round_start` if it began a round trip; `bw` BtlBw in
    /// bytes/s; `cwnd` and `mss` in bytes.
    pub fn update(
        &mut self,
        now: SimTime,
        acked: f64,
        round_start: bool,
        bw: f64,
        cwnd: f64,
        mss: f64,
    ) {
        if acked <= 0.0 {
            return;
        }
        if round_start {
            self.rounds = (self.rounds + 1).min(31);
            if self.rounds >= WIN_ROUNDS {
                self.rounds = 0;
                self.idx ^= 1;
                self.extra[self.idx] = 0.0;
            }
        }
        let mut expected = bw * now.saturating_since(self.epoch_start).as_secs_f64();
        let reset_at = EPOCH_RESET_SEGMENTS * mss.max(1.0);
        if self.epoch_acked <= expected || self.epoch_acked + acked >= reset_at {
            self.epoch_acked = 0.0;
            self.epoch_start = now;
            expected = 0.0;
        }
        self.epoch_acked += acked;
        let excess = (self.epoch_acked - expected).min(cwnd).max(0.0);
        self.extra[self.idx] = self.extra[self.idx].max(excess);
    }

    /// The largest recent excess, bytes.
    pub fn max_excess(&self) -> f64 {
        self.extra[0].max(self.extra[1])
    }
}
