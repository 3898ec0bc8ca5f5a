//! Unit tests of westwood.rs (moved out of the module file unchanged).

use super::super::testing::{assert_delta, dup_ack, loss, new_ack};
use super::super::CongestionControl;
use super::*;
use crate::tcp::CwndGrowth;

/// Westwood+ with `p`, RTT samples of `rtt` s, fed ACKs of `bytes` every `gap` s from `t0` to
/// `t1` inclusive. Returns the time after the last ACK.
fn feed(c: &mut Westwood, t0: f64, t1: f64, gap: f64, bytes: u64) -> f64 {
    let mut t = t0;
    while t <= t1 + 1e-9 {
        c.on_ack(&new_ack(t, bytes));
        t += gap;
    }
    t
}

// ===== Estimator =====

#[test]
fn westwood_plus_samples_once_per_rtt_and_filters_paper() {
    let mut c = Westwood::new(Estimator::PerRtt, Params::default());
    c.on_rtt_sample(0.100, t0());
    // ACKs of 1000 B every 10 ms at t = 0.00 … 0.09: the window opened at t = 0 closes at the
    // ACK at t = 0.10 (Δ = 0.1 ≥ max(RTT 0.1, 0.05)); bk = 10·1000 → b = 10 000/0.1 = 100 000 B/s.
    feed(&mut c, 0.0, 0.09, 0.01, 1000);
    assert_eq!(c.bwe(), 0.0);
    // ACKs of 2000 B at t = 0.10 … 0.19: the ACK at 0.10 closes window 1 (seeds bwe = 100 000),
    // the ACK at 0.20 closes window 2: b = 10·2000/0.1 = 200 000;
    // bwe = 0.9·100 000 + 0.1·200 000 = 110 000.
    feed(&mut c, 0.10, 0.19, 0.01, 2000);
    assert_delta!(c.bwe(), 100_000.0, 1e-6);
    c.on_ack(&new_ack(0.20, 0));
    assert_delta!(c.bwe(), 110_000.0, 1e-6);
}

fn t0() -> SimTime {
    SimTime::ZERO
}

#[test]
fn ns3_and_linux_filters_by_hand() {
    for (filter, want) in [
        // ns3_tustin: 0.9·100 000 + 0.1·(200 000 + 100 000)/2 = 105 000
        (Filter::Ns3Tustin, 105_000.0),
        // linux: x = (7·100 000 + 200 000)/8 = 112 500; bwe = (7·100 000 + 112 500)/8 = 101 562.5
        (Filter::Linux, 101_562.5),
    ] {
        let mut c = Westwood::new(
            Estimator::PerRtt,
            Params {
                filter,
                ..Params::default()
            },
        );
        c.on_rtt_sample(0.100, t0());
        feed(&mut c, 0.0, 0.09, 0.01, 1000);
        feed(&mut c, 0.10, 0.19, 0.01, 2000);
        c.on_ack(&new_ack(0.20, 0));
        assert_delta!(c.bwe(), want, 1e-6);
    }
}

#[test]
fn sampling_window_has_a_50_ms_floor_and_credits_dup_acks() {
    let mut c = Westwood::new(Estimator::PerRtt, Params::default());
    c.on_rtt_sample(0.010, t0()); // RTT 10 ms < 50 ms floor
                                  // t = 0.00 new ACK 1000 B; t = 0.01 … 0.04 four dupACKs (1000 B credit each);
                                  // the ACK at t = 0.05 closes the window: b = (1000 + 4·1000)/0.05 = 100 000 B/s.
    c.on_ack(&new_ack(0.0, 1000));
    for i in 1..=4 {
        c.on_ack(&dup_ack(i as f64 * 0.01));
        assert_eq!(c.bwe(), 0.0, "no sample before 50 ms");
    }
    // Cumulative ACK of 5000 B after 4 dupACKs credits 5000 − 4000 = 1000 in the next window.
    c.on_ack(&new_ack(0.05, 5000));
    assert_delta!(c.bwe(), 100_000.0, 1e-6);
    // Next window: only that 1000 B over 0.05 s → b = 20 000; bwe = 0.9·100 000 + 0.1·20 000 = 92 000
    c.on_ack(&new_ack(0.10, 0));
    assert_delta!(c.bwe(), 92_000.0, 1e-6);
}

#[test]
fn original_westwood_tustin_per_ack() {
    let mut c = Westwood::new(Estimator::PerAckTustin, Params::default()); // τ = 0.5 s
    c.on_ack(&new_ack(0.00, 1000)); // starts the clock
    c.on_ack(&new_ack(0.01, 1000)); // b1 = 1000/0.01 = 100 000 → seeds bwe = 100 000
    assert_delta!(c.bwe(), 100_000.0, 1e-6);
    // b2 = 2000/0.01 = 200 000; a = (1 − 0.01)/(1 + 0.01) = 0.99/1.01
    // bwe = (0.99·100 000 + 0.02·(200 000 + 100 000)/2)/1.01 = 102 000/1.01 = 100 990.099…
    c.on_ack(&new_ack(0.02, 2000));
    assert_delta!(c.bwe(), 102_000.0 / 1.01, 1e-6);
    // A 2 s gap > 2τ clamps a to 0: bwe = (b3 + b2)/2 with b3 = 1000/2 = 500 → 100 250
    c.on_ack(&new_ack(2.02, 1000));
    assert_delta!(c.bwe(), 100_250.0, 1e-6);
}

// ===== Across a timeout (pause_at_rto) =====

/// Westwood+ with RTT 0.1 s: window 1 (ACKs of 1000 B every 10 ms, t = 0.00 … 0.09) closes at
/// t = 0.10 and seeds bwe = 10·1000/0.1 = 100 000 B/s; window 2 opens at t = 0.10 and gets the
/// ACKs at 0.10, 0.11, 0.12, 0.13 and 0.145 (5000 B, 45 ms) before the stall. The timer fires
/// at t = 0.40 and again (backoff) at t = 0.80; ACKs resume at t = 1.25, every 10 ms.
fn stalled(p: Params) -> Westwood {
    let mut c = Westwood::new(Estimator::PerRtt, p);
    c.on_rtt_sample(0.100, t0());
    feed(&mut c, 0.0, 0.13, 0.01, 1000);
    c.on_ack(&new_ack(0.145, 1000));
    assert_delta!(c.bwe(), 100_000.0, 1e-6);
    c.on_rto(&loss(0.40, 5000.0, 5000.0));
    c.on_rto(&LossCtx {
        repeated_timeout: true,
        ..loss(0.80, 1000.0, 5000.0)
    });
    c
}

#[test]
fn a_timeout_stall_does_not_enter_a_bandwidth_sample() {
    let mut c = stalled(Params::default());
    // The clock stopped at the last ACK (t = 0.145, 45 ms into window 2) and the backoff did
    // not move it: at t = 1.25 window 2 resumes as if opened at 1.25 − 0.045 = 1.205.
    // ACKs at 1.25 … 1.30 (dt ≤ 0.095) only credit; the ACK at 1.31 (dt = 0.105) closes it:
    // b = (5000 + 6·1000)/0.105 = 104 761.9…; bwe = 0.9·100 000 + 0.1·b = 100 476.19…
    feed(&mut c, 1.25, 1.30, 0.01, 1000);
    assert_delta!(c.bwe(), 100_000.0, 1e-6);
    c.on_ack(&new_ack(1.31, 1000));
    assert_delta!(c.bwe(), 90_000.0 + 0.1 * 11_000.0 / 0.105, 1e-6);
}

#[test]
fn linux_lets_the_window_span_the_stall() {
    let mut c = stalled(Params {
        pause_at_rto: false,
        ..Params::default()
    });
    // The first ACK after the stall closes window 2 over 1.25 − 0.10 = 1.15 s:
    // b = 5000/1.15 = 4347.8…; bwe = 0.9·100 000 + 0.1·b = 90 434.78…
    c.on_ack(&new_ack(1.25, 1000));
    assert_delta!(c.bwe(), 90_000.0 + 0.1 * 5000.0 / 1.15, 1e-6);
}

#[test]
fn a_window_closed_just_before_the_stall_feeds_no_zero_sample() {
    for (pause, want) in [
        // Paused: the stall leaves an empty window of 0 s, which restarts at t = 1.25; the
        // ACKs up to 1.34 (dt = 0.09) give no sample.
        (true, 100_000.0),
        // Linux: the window opened at t = 0.10 by an ACK crediting nothing closes at t = 1.25
        // with bk = 0: b = 0, bwe = 0.9·100 000 = 90 000.
        (false, 90_000.0),
    ] {
        let mut c = Westwood::new(
            Estimator::PerRtt,
            Params {
                pause_at_rto: pause,
                ..Params::default()
            },
        );
        c.on_rtt_sample(0.100, t0());
        feed(&mut c, 0.0, 0.09, 0.01, 1000);
        c.on_ack(&new_ack(0.10, 0));
        assert_delta!(c.bwe(), 100_000.0, 1e-6);
        c.on_rto(&loss(0.40, 5000.0, 5000.0));
        feed(&mut c, 1.25, 1.34, 0.01, 1000);
        assert_delta!(c.bwe(), want, 1e-6);
    }
}

#[test]
fn original_westwood_restarts_its_ack_clock_after_a_timeout() {
    let seeded = |pause_at_rto| {
        let mut c = Westwood::new(
            Estimator::PerAckTustin,
            Params {
                pause_at_rto,
                ..Params::default()
            },
        );
        c.on_ack(&new_ack(0.00, 1000)); // starts the clock
        c.on_ack(&new_ack(0.01, 1000)); // b = 1000/0.01 = 100 000 seeds bwe
        c.on_rto(&loss(0.30, 4000.0, 4000.0));
        c
    };
    // Paused: the ACK at t = 0.60 only restarts the clock; the ACK at 0.61 samples
    // b = 1000/0.01 = 100 000 (a = 0.99/1.01): bwe stays 100 000.
    let mut c = seeded(true);
    c.on_ack(&new_ack(0.60, 1000));
    assert_delta!(c.bwe(), 100_000.0, 1e-6);
    c.on_ack(&new_ack(0.61, 1000));
    assert_delta!(c.bwe(), 100_000.0, 1e-6);
    // Linux-style: the ACK at 0.60 samples across the stall, Δ = 0.59 s, b = 1000/0.59;
    // a = (1 − 0.59)/(1 + 0.59); bwe = a·100 000 + (1 − a)·(b + 100 000)/2.
    let mut l = seeded(false);
    l.on_ack(&new_ack(0.60, 1000));
    let (a, b) = (0.41 / 1.59, 1000.0 / 0.59);
    assert_delta!(
        l.bwe(),
        a * 100_000.0 + (1.0 - a) * (b + 100_000.0) / 2.0,
        1e-6
    );
}

// ===== Reactions (docs/design.md §2.4, §12.7) =====

fn primed(p: Params) -> Westwood {
    // bwe = 1.25e6 B/s (10 Mbit/s), RTTmin = 50 ms: two windows of 62 500 B over 50 ms.
    let mut c = Westwood::new(Estimator::PerRtt, p);
    c.on_rtt_sample(0.050, t0());
    c.on_ack(&new_ack(0.0, 62_500));
    c.on_ack(&new_ack(0.05, 0));
    assert_delta!(c.bwe(), 1.25e6, 1e-6);
    c
}

fn ctx1460(cwnd: f64) -> LossCtx {
    LossCtx {
        mss: 1460.0,
        ..loss(1.0, cwnd, cwnd)
    }
}

/// Linux's whole-segment BW (docs/design.md §12.7 worked example).
fn whole() -> Params {
    Params {
        whole_segments: true,
        ..Params::default()
    }
}

#[test]
fn third_dup_ack_paper_min_spec_12_7() {
    // bwe·RTTmin = 1.25e6·0.05 = 62 500 B = 42.8 segments of 1460 → 42·1460 = 61 320 B
    let mut c = primed(whole());
    assert_eq!(
        c.on_fast_retransmit(&ctx1460(100_000.0)),
        Reaction {
            ssthresh: 61_320.0,
            cwnd_base: 61_320.0
        }
    );
    // cwnd below BW: cwnd_base = min(cwnd, ssthresh) = cwnd
    assert_eq!(
        c.on_fast_retransmit(&ctx1460(30_000.0)),
        Reaction {
            ssthresh: 61_320.0,
            cwnd_base: 30_000.0
        }
    );
    // Byte version (default, ns-3 style): 62 500 B exactly.
    let mut b = primed(Params::default());
    assert_eq!(b.on_fast_retransmit(&ctx1460(100_000.0)).ssthresh, 62_500.0);
}

#[test]
fn reaction_floor_is_two_segments_without_estimate() {
    let mut c = Westwood::new(Estimator::PerRtt, Params::default());
    // bwe = 0 → ssthresh = max(2·1000, 0) = 2000; RTO: cwnd = 1 SMSS
    assert_eq!(
        c.on_fast_retransmit(&loss(1.0, 8000.0, 8000.0)),
        Reaction {
            ssthresh: 2000.0,
            cwnd_base: 2000.0
        }
    );
    assert_eq!(
        c.on_rto(&loss(1.0, 8000.0, 8000.0)),
        Reaction {
            ssthresh: 2000.0,
            cwnd_base: 1000.0
        }
    );
}

#[test]
fn ns3_and_linux_exits() {
    let mut n = primed(Params {
        exit: Exit::Ns3,
        ..whole()
    });
    // ns3: cwnd_base = ssthresh = 61 320 even when cwnd was lower
    assert_eq!(
        n.on_fast_retransmit(&ctx1460(30_000.0)),
        Reaction {
            ssthresh: 61_320.0,
            cwnd_base: 61_320.0
        }
    );
    let mut l = primed(Params {
        exit: Exit::Linux,
        ..whole()
    });
    // linux: Reno halving first: max(100 000/2, 2·1460) = 50 000
    assert_eq!(
        l.on_fast_retransmit(&ctx1460(100_000.0)),
        Reaction {
            ssthresh: 50_000.0,
            cwnd_base: 50_000.0
        }
    );
    // recovery completes: cwnd = BW = 61 320, and ssthresh follows on the next new ACK
    assert_eq!(l.on_recovery_exit(50_000.0), 61_320.0);
    let mut st = CcState {
        cwnd: 61_320.0,
        ssthresh: 50_000.0,
        mss: 1460.0,
        rwnd: 1e9,
        growth: CwndGrowth::Packet,
        abc_bytes: 0.0,
    };
    l.on_new_ack_open(1460, &mut st);
    assert_eq!(st.ssthresh, 61_320.0);
    // cwnd = ssthresh → avoidance: + 1460²/61 320 = 34.76…
    assert_delta!(st.cwnd, 61_320.0 + 1460.0 * 1460.0 / 61_320.0, 1e-9);
    // A second exit without a new linux-mode loss returns the base unchanged.
    assert_eq!(l.on_recovery_exit(7000.0), 7000.0);
}

#[test]
fn rto_uses_bandwidth_and_resets_rtt_min() {
    let mut c = primed(whole());
    // RTO: ssthresh = 61 320 (as above), cwnd = 1 SMSS = 1460
    assert_eq!(
        c.on_rto(&ctx1460(100_000.0)),
        Reaction {
            ssthresh: 61_320.0,
            cwnd_base: 1460.0
        }
    );
    // reset_rtt_min: the next sample (0.2 s) replaces RTTmin 0.05 even though it is larger.
    c.on_rtt_sample(0.2, t0());
    assert_eq!(c.rtt_min_s(), 0.2);
    c.on_rtt_sample(0.3, t0());
    assert_eq!(c.rtt_min_s(), 0.2);
    // Without the option RTTmin survives the RTO.
    let mut k = primed(Params {
        reset_rtt_min: false,
        ..whole()
    });
    k.on_rto(&ctx1460(100_000.0));
    k.on_rtt_sample(0.2, t0());
    assert_eq!(k.rtt_min_s(), 0.05);
}

#[test]
fn growth_is_standard_and_exit_default_keeps_base() {
    let mut c = Westwood::new(Estimator::PerRtt, Params::default());
    let mut st = CcState {
        cwnd: 4000.0,
        ssthresh: 2000.0,
        mss: 1000.0,
        rwnd: 1e9,
        growth: CwndGrowth::Packet,
        abc_bytes: 0.0,
    };
    c.on_new_ack_open(1000, &mut st); // avoidance: + 1000²/4000 = 250
    assert_eq!(st.cwnd, 4250.0);
    assert_eq!(c.on_recovery_exit(5000.0), 5000.0);
    assert_eq!(c.id(), "westwood_plus");
    assert_eq!(
        Westwood::new(Estimator::PerAckTustin, Params::default()).id(),
        "westwood"
    );
}

#[test]
fn every_knob_has_its_default_and_a_setter() {
    use crate::param::testing::{check_tunable, round_trip};
    check_tunable::<Params>();
    round_trip::<Filter>();
    round_trip::<Exit>();
}
