//! What the sender knows when it detects a loss: the context handed to a variant's loss hooks and
//! to a classifier's `classify` (docs/design.md §1.12, §5).

use crate::time::SimTime;

/// What the sender knows when it detects a loss.
#[derive(Clone, Copy, Debug)]
pub struct LossCtx {
    /// Now.
    pub now: SimTime,
    /// Sequence number of the segment judged lost (`snd_una`).
    pub seq: u64,
    /// FlightSize = snd_max − snd_una, bytes.
    pub flight_bytes: f64,
    /// Window before the reaction, bytes.
    pub cwnd: f64,
    /// Current ssthresh, bytes.
    pub ssthresh: f64,
    /// SMSS, bytes.
    pub mss: f64,
    /// Smoothed RTT, s.
    pub srtt_s: f64,
    /// Latest valid RTT sample, s.
    pub last_rtt_s: f64,
    /// Minimum RTT of the connection, s.
    pub min_rtt_s: f64,
    /// Maximum RTT of the connection, s.
    pub max_rtt_s: f64,
    /// The receiver reported the segment at `seq` as corrupted (checksum loss differentiation).
    pub corruption_notified: bool,
    /// For an RTO: the segment was already retransmitted by a timeout (keep ssthresh, RFC 5681 §3.1).
    pub repeated_timeout: bool,
}
