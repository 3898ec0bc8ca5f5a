//! Builders shared by the classifier unit tests: ACK events and loss contexts with every field
//! set to a harmless default.

use crate::tcp::signal::{AckEvent, LossCtx};
use crate::time::SimTime;

/// SMSS used by the test builders, bytes.
pub const MSS: f64 = 1000.0;

/// Assert `|a − b| ≤ tol`.
#[track_caller]
pub fn assert_close(a: f64, b: f64, tol: f64) {
    assert!((a - b).abs() <= tol, "{a} is not within {tol} of {b}");
}

/// An instant `ms` milliseconds into the run.
pub fn ms(ms: f64) -> SimTime {
    SimTime::from_millis_f64(ms)
}

/// A new ACK arriving at `now_ms` that acknowledges nothing in particular.
pub fn ack_at(now_ms: f64) -> AckEvent {
    AckEvent {
        delivery: None,
        now: ms(now_ms),
        ack: 0,
        acked_bytes: 0,
        duplicate: false,
        in_recovery: false,
        rtt_s: None,
        receiver_ts: SimTime::ZERO,
        echo_ts: SimTime::ZERO,
        data_arrival: SimTime::ZERO,
        trigger_seq: 0,
        trigger_sent: SimTime::ZERO,
        cw_echo: false,
        mss: MSS,
        cwnd: 10.0 * MSS,
    }
}

/// The ACK triggered by segment `seq`, sent at `sent_ms` and arriving at the receiver at
/// `arrival_ms`, whose cumulative ACK is `cum_ack` (it reaches the sender 50 ms later).
pub fn data_ack(seq: u64, sent_ms: f64, arrival_ms: f64, cum_ack: u64) -> AckEvent {
    AckEvent {
        delivery: None,
        ack: cum_ack,
        data_arrival: ms(arrival_ms),
        receiver_ts: ms(arrival_ms),
        trigger_seq: seq,
        trigger_sent: ms(sent_ms),
        echo_ts: ms(sent_ms),
        ..ack_at(arrival_ms + 50.0)
    }
}

/// The loss of segment `seq` detected with a window of `cwnd_pkts` segments.
pub fn loss_ctx(seq: u64, cwnd_pkts: f64) -> LossCtx {
    LossCtx {
        now: SimTime::ZERO,
        seq,
        flight_bytes: cwnd_pkts * MSS,
        cwnd: cwnd_pkts * MSS,
        ssthresh: 1e9,
        mss: MSS,
        srtt_s: 0.0,
        last_rtt_s: 0.0,
        min_rtt_s: 0.0,
        max_rtt_s: 0.0,
        corruption_notified: false,
        repeated_timeout: false,
    }
}
