//! BBR tests by hand: filters, samples, gains, state transitions and loss reactions (the state
//! machine on a simulated path is in `path_tests.rs`).

use super::super::testing::{assert_delta, loss, t};
use super::*;
use crate::tcp::CwndGrowth;

/// An ACK at `now_s` for `acked` bytes whose segment was sent at `sent_s`.
pub(super) fn ack(now_s: f64, acked: u64, sent_s: f64, cwnd: f64, rtt: Option<f64>) -> AckEvent {
    AckEvent {
        delivery: None,
        now: t(now_s),
        ack: 0,
        acked_bytes: acked,
        duplicate: acked == 0,
        in_recovery: false,
        rtt_s: rtt,
        receiver_ts: t(now_s),
        echo_ts: t(sent_s),
        data_arrival: t(now_s),
        trigger_seq: 0,
        trigger_sent: t(sent_s),
        cw_echo: false,
        mss: 1000.0,
        cwnd,
    }
}

/// A BBR with default parameters (tests poke its private state directly).
pub(super) fn bbr() -> Bbr {
    Bbr::with_params(Params::default())
}

pub(super) fn st(cwnd: f64) -> CcState {
    CcState {
        cwnd,
        ssthresh: 1e9,
        mss: 1000.0,
        rwnd: 1e9,
        growth: CwndGrowth::Packet,
        abc_bytes: 0.0,
    }
}

// ===== Filters, samples and the window formula =====

#[test]
fn bandwidth_max_filter_keeps_ten_rounds() {
    let mut b = bbr();
    b.round_count = 1;
    b.bw_sample(100.0);
    b.round_count = 5;
    b.bw_sample(50.0);
    assert_eq!(b.max_bw(), 100.0);
    // Round 10: the round-1 sample is 9 rounds old and still counts.
    b.round_count = 10;
    b.bw_sample(40.0);
    assert_eq!(b.max_bw(), 100.0);
    // Round 11: 11 − 1 = 10 rounds old → expired; the best left is round 5's 50.
    b.round_count = 11;
    b.bw_sample(30.0);
    assert_eq!(b.max_bw(), 50.0);
}

#[test]
fn delivery_rate_sample_from_ack_history() {
    let mut b = bbr();
    b.on_rtt_sample(0.1, t(0.0));
    // First ACK at 0.1 s of a segment sent at 0: nothing was delivered when it left →
    // rate = 1000/(0.1 − 0) = 10 000 B/s; round 1 starts.
    b.on_ack(&ack(0.1, 1000, 0.0, 2000.0, Some(0.1)));
    assert_delta!(b.max_bw(), 10_000.0, 1e-6);
    assert_eq!(b.round_count(), 1);
    // Second ACK at 0.11 of a segment also sent at 0: rate = 2000/(0.11 − 0) = 18 181.8
    b.on_ack(&ack(0.11, 1000, 0.0, 2000.0, Some(0.11)));
    assert_delta!(b.max_bw(), 2000.0 / 0.11, 1e-6);
    assert_eq!(b.round_count(), 1, "sent before the round began");
    // ACK at 0.2 of a segment sent at 0.1 (after the first ACK: delivered then = 1000):
    // rate = (4000 − 1000)/max(0.2 − 0.1, 0.1 − 0) = 30 000 B/s; new round (1000 ≥ 1000).
    b.on_ack(&ack(0.2, 2000, 0.1, 4000.0, Some(0.1)));
    assert_delta!(b.max_bw(), 30_000.0, 1e-6);
    assert_eq!(b.round_count(), 2);
    // ACK A at 0.3 of a segment sent at 0.25 (record of the 0.2 ACK: d₀ = 4000, s₀ = 0.1):
    // (5000 − 4000)/max(0.1, 0.15) = 6 667 — below the max, no change.
    b.on_ack(&ack(0.3, 1000, 0.25, 4000.0, None));
    assert_delta!(b.max_bw(), 30_000.0, 1e-6);
    // ACK B at 0.31 of a segment sent at 0.3 (record A: t₀ = 0.3, s₀ = 0.25):
    // interval = max(0.01, 0.05) = 0.05 < RTprop 0.1 → discarded (it would claim 5000/0.05 = 100 000).
    b.on_ack(&ack(0.31, 5000, 0.3, 4000.0, None));
    assert_delta!(b.max_bw(), 30_000.0, 1e-6);
}

#[test]
fn app_limited_sample_below_the_max_neither_enters_nor_ages_the_filter() {
    // Linux bbr_update_bw: `if (!rs->is_app_limited || bw >= bbr_max_bw(sk))` update the filter.
    let mut b = bbr();
    b.min_rtt_s = 0.1;
    b.round_count = 1;
    b.bw_sample(100_000.0);
    // A segment sent at 2.9 s while the ProbeRTT mark was pending (the record of the ACK at
    // 2.9 s: delivered 0), acknowledged at 3.0 s in round 30 with 1000 B delivered since:
    // rate = 1000/max(3.0 − 2.9, 2.9 − 2.8) = 10 000 B/s.
    b.history.push_back(Record {
        at: t(2.9),
        delivered: 0.0,
        sent: t(2.8),
        app_limited: true,
    });
    b.delivered = 1000.0;
    b.round_count = 30;
    b.next_round_delivered = 1e9; // no new round on this ACK
    let ev = ack(3.0, 1000, 2.9, 4000.0, None);
    b.update_bw(&ev);
    // 10 000 < BtlBw 100 000 and app-limited → ignored; the round-1 sample is 29 rounds old but
    // nothing aged it.
    assert_eq!(b.max_bw(), 100_000.0);
    // The same sample, not app-limited, enters the filter and ages out the round-1 sample.
    b.history.back_mut().unwrap().app_limited = false;
    b.update_bw(&ev);
    assert_delta!(b.max_bw(), 10_000.0, 1e-6);
    // An app-limited sample above the max still counts: 20 000 ≥ 10 000.
    b.history.back_mut().unwrap().app_limited = true;
    b.delivered = 2000.0;
    b.update_bw(&ev);
    assert_delta!(b.max_bw(), 20_000.0, 1e-6);
}

#[test]
fn probe_rtt_marks_what_is_in_flight_app_limited() {
    let mut b = bbr();
    b.on_rtt_sample(0.05, t(0.0));
    b.mode = Mode::ProbeBw;
    b.full_bw_reached = true;
    for i in 0..20 {
        b.on_sent(t(9.9), i * 1000, 1000);
    }
    // 10.01 s: RTprop expired → ProbeRTT. delivered = 1000, inflight = 20 000 − 1000 = 19 000:
    // the mark is delivered + inflight = 20 000.
    let mut e = ack(10.01, 1000, 9.9, 20_000.0, Some(0.08));
    e.ack = 1000;
    b.on_ack(&e);
    assert_eq!(b.mode(), Mode::ProbeRtt);
    assert_eq!(b.app_limited_until, 20_000.0);
    assert!(b.history.back().unwrap().app_limited);
}

#[test]
fn inflight_is_sent_minus_acked_minus_dupack_credit() {
    let mut b = bbr();
    b.on_rtt_sample(0.1, t(0.0));
    // Ten segments of 1000 B sent: snd_hi = 10 000.
    for i in 0..10 {
        b.on_sent(t(0.0), i * 1000, 1000);
    }
    // ACK 3000: inflight = 10 000 − 3000 = 7000 (prior: 10 000).
    let mut e = ack(0.1, 3000, 0.0, 10_000.0, Some(0.1));
    e.ack = 3000;
    b.on_ack(&e);
    assert_eq!(
        (b.inflight_prior, b.inflight_estimate()),
        (10_000.0, 7000.0)
    );
    // A duplicate ACK: one more segment left the network → 7000 − 1000 = 6000.
    let mut d = ack(0.11, 0, 0.0, 10_000.0, None);
    d.ack = 3000;
    b.on_ack(&d);
    assert_eq!(b.inflight_estimate(), 6000.0);
    // A retransmission does not raise snd_hi; new data does: 11 000 − 3000 − 1000 = 7000.
    b.on_sent(t(0.12), 3000, 1000);
    b.on_sent(t(0.12), 10_000, 1000);
    assert_eq!(b.flight(), 7000.0);
    // RTO: go-back-N from snd_una = 3000, nothing in flight; the resent segment counts again.
    let mut ctx = loss(1.0, 10_000.0, 8000.0);
    ctx.seq = 3000;
    b.on_rto(&ctx);
    assert_eq!(b.inflight_estimate(), 0.0);
    b.on_sent(t(1.0), 3000, 1000);
    b.credit.accounted = 0.0;
    assert_eq!(b.flight(), 1000.0);
}

#[test]
fn target_window_bdp_plus_quanta() {
    let mut b = bbr();
    b.mss = 1000.0;
    b.min_rtt_s = 0.048;
    b.bw_sample(125_000.0);
    b.pacing_rate = 125_000.0; // 1 Mbit/s < 1.2 Mbit/s → quantum 1 segment
                               // BDP = 125 000·0.048 = 6 000 B = 6 segments
                               // gain 1: 6 + 3·1 = 9 → even 10 segments
    assert_eq!(b.inflight_target(1.0), 10_000.0);
    // gain 2: 12 + 3 = 15 → 16 segments
    assert_eq!(b.inflight_target(2.0), 16_000.0);
    // ProbeBW phase 0 adds 2 segments: 18
    b.mode = Mode::ProbeBw;
    b.cycle_idx = 0;
    assert_eq!(b.inflight_target(2.0), 18_000.0);
    // 100 Mbit/s pacing: 12.5e6/1024/1000 = 12.2 → quantum 12 segments: 12 + 36 = 48 (phase 0: 50)
    b.pacing_rate = 12.5e6;
    b.cycle_idx = 2;
    assert_eq!(b.inflight_target(2.0), 48_000.0);
    // ns-3's quantum is one segment at any rate: 12 + 3 = 15 → 16 segments.
    b.p.quantum = Quantum::OneSegment;
    assert_eq!(b.inflight_target(2.0), 16_000.0);
    // No model yet: the initial window.
    let mut n = bbr();
    n.init_cwnd = Some(2000.0);
    assert_eq!(n.inflight_target(2.885), 2000.0);
}

#[test]
fn gains_per_mode_and_pacing_rate() {
    let mut b = bbr();
    b.update_gains();
    // Startup: 2/ln 2 = 2.885 390 08
    assert_delta!(b.pacing_gain, 2.885_390_081_777_927, 1e-12);
    assert_delta!(b.cwnd_gain, 2.885_390_081_777_927, 1e-12);
    b.bw_sample(100_000.0);
    b.update_pacing_rate();
    // pacing = 2.885 39·100 000·0.99 = 285 653.6 B/s = 2 285 228.9 bit/s
    assert_delta!(
        b.pacing_rate_bps().unwrap(),
        2.885_390_081_777_927 * 100_000.0 * 0.99 * 8.0,
        1e-6
    );
    b.mode = Mode::Drain;
    b.update_gains();
    // Drain: pacing ln 2/2 = 0.346 574; cwnd gain 1 (drain_by_cwnd)
    assert_delta!(b.pacing_gain, std::f64::consts::LN_2 / 2.0, 1e-12);
    assert_eq!(b.cwnd_gain, 1.0);
    b.enter_probe_bw();
    b.update_gains();
    assert_eq!((b.cycle_idx(), b.pacing_gain, b.cwnd_gain), (2, 1.0, 2.0));
}

#[test]
fn startup_pacing_starts_at_high_gain_times_the_initial_window_and_the_first_sample_keeps_it() {
    let mut b = bbr();
    b.on_rtt_sample(0.04, t(0.0)); // the handshake: RTprop 40 ms
                                   // The first ACK covers two of the ten initial segments: a rate sample of
                                   // 2 000 B / 0.042 s = 47 619 B/s, far below what the path was shown to take.
    b.on_ack(&ack(0.083, 2000, 0.041, 10_000.0, Some(0.042)));
    // Startup's rate starts at high_gain · IW / RTT = 2.885 39 · 10 000 / 0.04 = 721 348 B/s
    // and is never lowered before the pipe is full (2.885 · 47 619 · 0.99 = 136 024 would be).
    assert_delta!(
        b.pacing_rate_bps().unwrap(),
        2.885_390_081_777_927 * 10_000.0 / 0.04 * 8.0,
        1e-6
    );
}

#[test]
fn probe_bw_drain_phase_ends_on_the_inflight_from_before_the_ack() {
    let mut b = bbr();
    b.mss = 1000.0;
    b.min_rtt_s = 0.048;
    b.bw_sample(125_000.0);
    b.pacing_rate = 125_000.0; // inflight(1) = even_up(6 + 3) = 10 segments = 10 000 B
    b.enter_probe_bw();
    b.cycle_idx = 1;
    b.update_gains();
    assert_eq!(b.pacing_gain, 0.75);
    // 20 ms into the phase (less than RTprop): the ACK takes inflight from 11 000 to 9 000 B.
    b.now = t(0.02);
    (b.inflight_prior, b.inflight) = (11_000.0, 9_000.0);
    b.update_cycle_phase();
    assert_eq!(
        b.cycle_idx(),
        1,
        "prior_inflight 11 000 > inflight(1) 10 000: the phase goes on"
    );
    (b.inflight_prior, b.inflight) = (10_000.0, 8_000.0);
    b.update_cycle_phase();
    assert_eq!(b.cycle_idx(), 2);
}

#[test]
fn rate_sample_per_ack_or_carried_over_as_ns3() {
    // Four segments leave at 1.0 s, after the ACK at 1.0 s; two delayed ACKs cover them.
    let run = |rate_sample: RateSample| {
        let mut b = Bbr::with_params(Params {
            rate_sample,
            ..Params::default()
        });
        b.min_rtt_s = 0.05;
        b.on_ack(&ack(1.0, 1000, 0.95, 10_000.0, None)); // 1 000 B / 0.05 s = 20 000 B/s
        b.on_ack(&ack(1.1, 2000, 1.0, 10_000.0, None)); // 2 000 B / 0.1 s = 20 000 B/s
        b.on_ack(&ack(1.2, 2000, 1.0, 10_000.0, None));
        b.max_bw()
    };
    // per_ack: the third ACK measures from the state its own segments were sent at (the ACK at
    // 1.0 s): 4 000 B over 0.2 s = 20 000 B/s, the rate the ACKs came back at.
    assert_delta!(run(RateSample::PerAck), 20_000.0, 1e-9);
    // ns3: the third ACK's segments were sent at the same delivered count as the second's, so
    // the second ACK's reference and its 0.1 s stay: 4 000 B / 0.1 s = 40 000 B/s.
    assert_delta!(run(RateSample::Ns3), 40_000.0, 1e-9);
}

#[test]
fn a_segment_newly_lost_during_recovery_ends_the_probe_up_phase() {
    let mut b = bbr();
    b.mss = 1000.0;
    b.min_rtt_s = 0.048;
    b.bw_sample(125_000.0);
    b.pacing_rate = 125_000.0;
    b.enter_probe_bw();
    b.cycle_idx = 0;
    b.update_gains();
    assert_eq!(b.pacing_gain, 1.25);
    // 60 ms into the 5/4 phase (longer than RTprop), inflight short of inflight(1.25): it goes on.
    b.now = t(0.06);
    b.inflight_prior = 5_000.0;
    b.update_cycle_phase();
    assert_eq!(b.cycle_idx(), 0);
    // An ACK of a recovery already under way marks a segment lost: the phase ends.
    let lost = RecoveryAck {
        start: false,
        delivered: 1000.0,
        lost: 1000.0,
        pipe: 5_000.0,
    };
    b.on_recovery_ack(&lost, &mut st(8_000.0));
    b.update_cycle_phase();
    assert_eq!(b.cycle_idx(), 1);
}

// ===== State transitions by hand =====

#[test]
fn startup_to_drain_after_three_rounds_below_25_percent_growth() {
    let mut b = bbr();
    b.mss = 1000.0;
    b.min_rtt_s = 0.1;
    let round = |b: &mut Bbr, bw: f64| {
        b.round_count += 1;
        b.round_start = true;
        b.bw_sample(bw);
        b.check_full_bw_reached();
        b.inflight = 1e9; // a full pipe: Drain cannot end in the same step
        b.check_drain();
    };
    round(&mut b, 100_000.0); // 100 000 ≥ 1.25·0 → full_bw = 100 000, count 0
    round(&mut b, 200_000.0); // 200 000 ≥ 1.25·100 000 = 125 000 → full_bw = 200 000
    round(&mut b, 240_000.0); // 240 000 < 1.25·200 000 = 250 000 → count 1
    round(&mut b, 249_000.0); // < 250 000 → count 2
    assert_eq!((b.mode(), b.full_bw_cnt), (Mode::Startup, 2));
    round(&mut b, 249_000.0); // count 3 → pipe full → Drain
    assert!(b.full_bw_reached());
    assert_eq!(b.mode(), Mode::Drain);
    // A 25 % jump after that does not matter any more.
    round(&mut b, 400_000.0);
    assert_eq!(b.mode(), Mode::Drain);
}

#[test]
fn drain_to_probe_bw_when_inflight_reaches_bdp() {
    let mut b = bbr();
    b.mss = 1000.0;
    b.min_rtt_s = 0.048;
    b.bw_sample(125_000.0);
    b.pacing_rate = 125_000.0;
    b.full_bw_reached = true;
    b.mode = Mode::Drain;
    // inflight(1) = even_up(6 + 3) = 10 segments = 10 000 B
    b.inflight = 12_000.0;
    b.check_drain();
    assert_eq!(b.mode(), Mode::Drain);
    b.inflight = 10_000.0;
    b.check_drain();
    assert_eq!((b.mode(), b.cycle_idx()), (Mode::ProbeBw, 2));
}

#[test]
fn probe_rtt_entry_when_min_rtt_is_ten_seconds_old() {
    let mut b = bbr();
    b.on_rtt_sample(0.05, t(0.0)); // RTprop 0.05 stamped at 0
    b.mode = Mode::ProbeBw;
    b.full_bw_reached = true;
    // 9.9 s later a larger sample: not expired, nothing changes.
    b.on_ack(&ack(9.9, 1000, 9.8, 20_000.0, Some(0.08)));
    assert_eq!((b.mode(), b.min_rtt_s()), (Mode::ProbeBw, 0.05));
    // 10.01 s: 10.01 > 0 + 10 → expired: RTprop = 0.08 (the current sample), ProbeRTT
    b.on_ack(&ack(10.01, 1000, 9.9, 20_000.0, Some(0.08)));
    assert_eq!((b.mode(), b.min_rtt_s()), (Mode::ProbeRtt, 0.08));
    // The window drops to 4 segments while in ProbeRTT.
    let mut s = st(20_000.0);
    b.on_new_ack_open(1000, &mut s);
    assert_eq!(s.cwnd, 4_000.0);
}

// ===== Loss reactions =====

#[test]
fn recovery_window_conserves_packets_takes_off_losses_then_grows() {
    let mut b = bbr();
    b.mss = 1000.0;
    b.min_rtt_s = 0.1;
    b.bw_sample(100_000.0); // BDP 10 segments
    b.full_bw_reached = true;
    b.mode = Mode::ProbeBw;
    b.update_gains();
    let rec = |start, delivered, lost, pipe| RecoveryAck {
        start,
        delivered,
        lost,
        pipe,
    };
    let mut s = st(30_000.0);
    // First ACK: cwnd = pipe + max(delivered, 1 SMSS), whatever it was.
    b.on_recovery_ack(&rec(true, 0.0, 1000.0, 20_000.0), &mut s);
    assert_eq!(s.cwnd, 21_000.0);
    // Conservation: a newly lost segment comes off, but never below pipe + delivered.
    b.on_recovery_ack(&rec(false, 1000.0, 2000.0, 18_000.0), &mut s);
    assert_eq!(s.cwnd, 19_000.0); // max(21 000 − 2 000, 18 000 + 1 000)
    b.on_recovery_ack(&rec(false, 1000.0, 0.0, 15_000.0), &mut s);
    assert_eq!(s.cwnd, 19_000.0);
    // The next round: growth by what is delivered, up to the target.
    b.packet_conservation = false;
    b.on_recovery_ack(&rec(false, 2000.0, 0.0, 17_000.0), &mut s);
    assert_eq!(s.cwnd, 21_000.0);
    b.on_recovery_ack(&rec(false, 20_000.0, 0.0, 17_000.0), &mut s);
    assert_eq!(s.cwnd, b.cwnd_target());
    assert!(s.cwnd < 41_000.0);
    assert!(b.owns_recovery_window());
    let sender = Bbr::with_params(Params {
        recovery_window: RecoveryWindow::Sender,
        ..Params::default()
    });
    assert!(!sender.owns_recovery_window());
}

#[test]
fn recovery_exit_restores_or_takes_ns3s_ssthresh_of_one_bdp() {
    let drained = |exit| {
        let mut b = Bbr::with_params(Params {
            recovery_exit: exit,
            ..Params::default()
        });
        b.mss = 1000.0;
        b.min_rtt_s = 0.1;
        b.bw_sample(100_000.0);
        assert_eq!(
            b.on_recovery_exit(40_000.0),
            40_000.0,
            "before Drain: the base"
        );
        b.full_bw_reached = true;
        b.inflight = 1e9;
        b.check_drain();
        assert_eq!(b.mode(), Mode::Drain);
        b
    };
    assert_eq!(
        drained(RecoveryExit::Restore).on_recovery_exit(40_000.0),
        40_000.0
    );
    // ns-3.44: cwnd = ssthresh = inflight(1) when Drain began: even_up(10 + 3 quanta of 1
    // segment at this rate) = 14 segments.
    let mut ns3 = drained(RecoveryExit::Ns3);
    assert_eq!(ns3.on_recovery_exit(40_000.0), ns3.inflight_target(1.0));
    assert_eq!(ns3.on_recovery_exit(40_000.0), 14_000.0);
}

#[test]
fn losses_keep_the_model_and_rto_restores() {
    let mut b = bbr();
    b.on_ack(&ack(0.1, 1000, 0.0, 20_000.0, Some(0.1)));
    // Fast retransmit: cwnd_base = cwnd = 20 000; ssthresh kept (64 000)
    assert_eq!(
        b.on_fast_retransmit(&loss(1.0, 20_000.0, 20_000.0)),
        Reaction {
            ssthresh: 64_000.0,
            cwnd_base: 20_000.0
        }
    );
    assert_eq!(b.on_recovery_exit(20_000.0), 20_000.0);
    // RTO: cwnd = 1 SMSS; prior cwnd 20 000 remembered until FlightSize (seq 0 + 20 000) is acked
    let mut ctx = loss(2.0, 20_000.0, 20_000.0);
    ctx.seq = 0;
    assert_eq!(
        b.on_rto(&ctx),
        Reaction {
            ssthresh: 64_000.0,
            cwnd_base: 1_000.0
        }
    );
    let mut s = st(1_000.0);
    let mut e = ack(2.2, 1000, 2.0, 1000.0, Some(0.2));
    e.ack = 1000;
    b.on_ack(&e);
    b.on_new_ack_open(1000, &mut s);
    // Startup growth cwnd + acked = 2 000, raised to the 4-segment minimum
    assert_eq!(s.cwnd, 4_000.0);
    e = ack(2.3, 19_000, 2.2, 4000.0, Some(0.1));
    e.ack = 20_000;
    b.on_ack(&e);
    b.on_new_ack_open(19_000, &mut s);
    assert!(
        s.cwnd >= 20_000.0,
        "restored to the pre-RTO window, got {}",
        s.cwnd
    );
}

#[test]
fn every_knob_has_its_default_and_a_setter() {
    crate::param::testing::check_tunable::<Params>();
}

#[test]
fn ack_aggregation_allowance_by_hand() {
    // BtlBw 125 000 B/s (1 Mbit/s), RTprop 48 ms, 1000-byte segments: inflight(2) = 16 segments.
    let setup = |gain: f64| {
        let mut b = Bbr::with_params(Params {
            extra_acked_gain: gain,
            ..Params::default()
        });
        b.mss = 1000.0;
        b.min_rtt_s = 0.048;
        b.bw_sample(125_000.0);
        b.pacing_rate = 125_000.0;
        b.full_bw_reached = true;
        b.mode = Mode::ProbeBw;
        b.cycle_idx = 2;
        b.update_gains();
        b
    };
    // Off (the default): ACKs are counted but the window target stays inflight(2).
    let mut off = setup(0.0);
    off.now = t(1.0);
    off.update_ack_aggregation(8000.0, 40_000.0);
    assert_eq!(off.aggregation_allowance(), 0.0);
    assert_eq!(off.cwnd_target(), 16_000.0);

    // On: at 1.000 s a burst ACKs 8000 bytes at once. The epoch begun at 0 s had ACKed nothing
    // of the 125 000 bytes BtlBw would deliver in 1 s, so a new epoch starts with the burst:
    // expected 0, excess 8000 bytes.
    let mut on = setup(1.0);
    on.now = t(1.0);
    on.update_ack_aggregation(8000.0, 40_000.0);
    assert_delta!(on.aggregation_allowance(), 8000.0, 1e-9);
    // 20 ms later 1000 more: expected 125 000 · 0.020 = 2500 < 8000 ACKed, so the epoch goes on;
    // excess 9000 − 2500 = 6500, below the 8000 the filter holds.
    on.now = t(1.02);
    on.update_ack_aggregation(1000.0, 40_000.0);
    assert_eq!(on.aggregation.epoch_acked, 9000.0);
    assert_delta!(on.aggregation_allowance(), 8000.0, 1e-9);
    // The target gets ⌊8000/1000⌋ = 8 segments before the quanta: 12 + 8 + 3 = 23 → even 24.
    assert_eq!(on.cwnd_target(), 24_000.0);
    // The mode checks do not: inflight(2) is still 16 segments.
    assert_eq!(on.inflight_target(2.0), 16_000.0);
    // The excess is capped by cwnd, and the allowance by 0.1 s of BtlBw (12 500 bytes).
    on.update_ack_aggregation(50_000.0, 40_000.0);
    assert_delta!(on.aggregation.extra[on.aggregation.idx], 40_000.0, 1e-9);
    assert_delta!(on.aggregation_allowance(), 12_500.0, 1e-9);
    // ACKs slower than BtlBw start a new epoch: 2 s later, expected 250 000 > ACKed.
    on.now = t(3.02);
    on.update_ack_aggregation(1000.0, 40_000.0);
    assert_eq!(on.aggregation.epoch_acked, 1000.0);
    // Ten rounds later both halves of the filter have been cleared and refilled by small excesses.
    for k in 0..10 {
        on.round_start = true;
        on.now = t(3.1 + 0.1 * k as f64);
        on.update_ack_aggregation(1000.0, 40_000.0);
    }
    on.round_start = false;
    assert!(
        on.aggregation_allowance() <= 1000.0,
        "{}",
        on.aggregation_allowance()
    );
    // Before the pipe is full there is no allowance.
    on.full_bw_reached = false;
    assert_eq!(on.aggregation_allowance(), 0.0);
}
