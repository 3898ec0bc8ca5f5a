//! Test helpers for the variants: event builders with defaults and a float-tolerance assert.

use crate::tcp::signal::{AckEvent, LossCtx};
use crate::time::SimTime;

/// `assert!(|a − b| ≤ tol)` with both values in the message (s2n-quic's `assert_delta!`).
macro_rules! assert_delta {
    ($a:expr, $b:expr, $tol:expr) => {{
        let (a, b, tol): (f64, f64, f64) = ($a, $b, $tol);
        assert!(
            (a - b).abs() <= tol,
            "{a} differs from {b} by more than {tol}"
        );
    }};
}
pub(crate) use assert_delta;

/// Seconds → [`SimTime`].
pub fn t(s: f64) -> SimTime {
    SimTime::from_secs_f64(s)
}

/// A new ACK at `now_s` acknowledging `acked` bytes (SMSS 1000, cwnd 10 000, no RTT sample).
pub fn new_ack(now_s: f64, acked: u64) -> AckEvent {
    AckEvent {
        delivery: None,
        now: t(now_s),
        ack: 0,
        acked_bytes: acked,
        duplicate: false,
        in_recovery: false,
        rtt_s: None,
        receiver_ts: t(now_s),
        echo_ts: SimTime::ZERO,
        data_arrival: t(now_s),
        trigger_seq: 0,
        trigger_sent: SimTime::ZERO,
        cw_echo: false,
        mss: 1000.0,
        cwnd: 10_000.0,
    }
}

/// A duplicate ACK at `now_s`.
pub fn dup_ack(now_s: f64) -> AckEvent {
    AckEvent {
        delivery: None,
        duplicate: true,
        acked_bytes: 0,
        ..new_ack(now_s, 0)
    }
}

/// A loss context: SMSS 1000, the given window and FlightSize, all RTTs 0.1 s.
pub fn loss(now_s: f64, cwnd: f64, flight: f64) -> LossCtx {
    LossCtx {
        now: t(now_s),
        seq: 0,
        flight_bytes: flight,
        cwnd,
        ssthresh: 64_000.0,
        mss: 1000.0,
        srtt_s: 0.1,
        last_rtt_s: 0.1,
        min_rtt_s: 0.1,
        max_rtt_s: 0.1,
        corruption_notified: false,
        repeated_timeout: false,
    }
}
