//! Unit tests of jersey.rs (moved out of the module file unchanged).

use super::super::testing::{assert_delta, dup_ack, loss, new_ack, t};
use super::*;
use crate::tcp::CwndGrowth;

// ===== ABE, docs/design.md §12.6 (RTT = 0.1 s, R_{n−1} = 100 000 B/s) =====

#[test]
fn abe_eq1_by_hand() {
    let step = |dt: f64| {
        let mut a = Abe {
            rate: 100_000.0,
            t_prev: Some(1.0),
        };
        a.update(1.0 + dt, 1000.0, 0.1);
        a.rate
    };
    // Δt = 10 ms: (0.1·100 000 + 1000)/(0.01 + 0.1) = 11 000/0.11 = 100 000 (steady state)
    assert_delta!(step(0.010), 100_000.0, 1e-6);
    // Δt = 5 ms: 11 000/0.105 = 104 761.9
    assert_delta!(step(0.005), 104_761.904_761_9, 1e-4);
    // Δt = 20 ms: 11 000/0.12 = 91 666.7
    assert_delta!(step(0.020), 91_666.666_666_7, 1e-4);
    // Zero-byte sample after 0.3 s: 0.1·100 000/(0.3 + 0.1) = 25 000
    let a = Abe {
        rate: 100_000.0,
        t_prev: Some(1.0),
    };
    assert_delta!(a.decayed(1.3, 0.1), 25_000.0, 1e-6);
}

/// A family member warmed up to R = 100 000 B/s on both clocks, RTT 0.1, SMSS 1000:
/// ownd = 100 000·0.1/1000 = 10 segments.
fn warmed<C: CongestionControl>(mut c: C) -> C {
    c.on_rtt_sample(0.1, t(0.0));
    // 1000 B every 10 ms keeps R where it is once there; start from R = 0 and run 5 s
    // (R approaches 100 000 as 1 − e^{−t/RTT}).
    for i in 1..=500 {
        c.on_ack(&new_ack(i as f64 * 0.01, 1000));
    }
    c
}

#[test]
fn ownd_is_rate_times_rtt_over_smss() {
    let c = warmed(Jersey::new(Flavour::NewJersey, Params::default()));
    assert_delta!(c.rate(), 100_000.0, 1e-3);
    // ownd = 100 000·0.1/1000 = 10 segments
    assert_delta!(c.ownd(), 10.0, 1e-6);
    // Before any ACK the floor of 2 segments applies.
    assert_eq!(Jersey::new(Flavour::NjPlus, Params::default()).ownd(), 2.0);
}

#[test]
fn clocks_per_flavour() {
    // Receiver clock delivers every 10 ms, the ACKs reach the sender in pairs (compressed):
    // t_s = 0.02·k twice. Jersey sees bursts; New Jersey sees the steady receiver clock.
    let mut j = Jersey::new(Flavour::Jersey, Params::default());
    let mut nj = Jersey::new(Flavour::NewJersey, Params::default());
    let mut p = Jersey::new(Flavour::NjPlus, Params::default());
    for c in [&mut j as &mut dyn CongestionControl, &mut nj, &mut p] {
        c.on_rtt_sample(0.1, t(0.0));
        for i in 1..=600u32 {
            let ts = 0.02 * i.div_ceil(2) as f64;
            let ev = AckEvent {
                delivery: None,
                receiver_ts: t(i as f64 * 0.01),
                ..new_ack(ts, 1000)
            };
            c.on_ack(&ev);
        }
    }
    let (rs, rr) = p.rates();
    assert_eq!(j.rate(), rs);
    assert_eq!(nj.rate(), rr);
    assert_eq!(p.rate(), rs.max(rr));
    assert_delta!(rr, 100_000.0, 1e-3);
    // Right after a pair the sender-clock estimate is above the true rate:
    // second ACK of a pair: R = (0.1·R + 1000)/0.1 ≈ R + 10 000.
    assert!(rs > 105_000.0, "rs = {rs}");
}

// ===== 3rd dupACK (Fig. 3) =====

fn with_dups<C: CongestionControl>(mut c: C, cw: [bool; 3]) -> C {
    for (k, m) in cw.iter().enumerate() {
        let ev = AckEvent {
            delivery: None,
            cw_echo: *m,
            receiver_ts: t(5.01 + 0.01 * k as f64),
            ..dup_ack(5.01 + 0.01 * k as f64)
        };
        c.on_ack(&ev);
    }
    c
}

#[test]
fn third_dup_ack_with_cw() {
    // dupACKs keep R ≈ 100 000 (1000 B credit every 10 ms): ownd ≈ 10 segments.
    for mut c in [
        Box::new(with_dups(
            warmed(Jersey::new(Flavour::NewJersey, Params::default())),
            [false, true, false],
        )) as Box<dyn CongestionControl>,
        Box::new(with_dups(
            warmed(Jersey::new(Flavour::NjPlus, Params::default())),
            [true, false, false],
        )),
        Box::new(with_dups(
            warmed(Jersey::new(Flavour::Jersey, Params::default())),
            [false, false, true],
        )),
    ] {
        // cwnd 20 seg > ownd 10: ssthresh = cwnd_base = ownd ≈ 10 000 B
        let r = c.on_fast_retransmit(&loss(5.04, 20_000.0, 20_000.0));
        assert_delta!(r.ssthresh, 10_000.0, 1e-2);
        assert_delta!(r.cwnd_base, r.ssthresh, 0.0);
        // cwnd 6 seg ≤ ownd: cwnd_base = cwnd
        let r = c.on_fast_retransmit(&loss(5.04, 6_000.0, 6_000.0));
        assert_delta!(r.ssthresh, 10_000.0, 1e-2);
        assert_eq!(r.cwnd_base, 6_000.0);
    }
}

#[test]
fn third_dup_ack_without_cw() {
    // New Jersey: BER loss keeps ssthresh (64 000) and cwnd.
    let mut nj = with_dups(
        warmed(Jersey::new(Flavour::NewJersey, Params::default())),
        [false; 3],
    );
    assert_eq!(
        nj.on_fast_retransmit(&loss(5.04, 20_000.0, 20_000.0)),
        Reaction {
            ssthresh: 64_000.0,
            cwnd_base: 20_000.0
        }
    );
    // NJ+: ssthresh = ownd ≈ 10 000, cwnd_base = cwnd + 1 SMSS = 21 000
    let mut p = with_dups(
        warmed(Jersey::new(Flavour::NjPlus, Params::default())),
        [false; 3],
    );
    let r = p.on_fast_retransmit(&loss(5.04, 20_000.0, 20_000.0));
    assert_delta!(r.ssthresh, 10_000.0, 1e-2);
    assert_eq!(r.cwnd_base, 21_000.0);
}

#[test]
fn cw_series_resets_on_new_ack_and_third_only_option() {
    // A CW echo on the 1st dupACK, then a new ACK: the next series is clean.
    let mut c = with_dups(
        warmed(Jersey::new(Flavour::NewJersey, Params::default())),
        [true, false, false],
    );
    c.on_ack(&new_ack(5.05, 1000));
    let mut c = with_dups(c, [false; 3]);
    assert_eq!(
        c.on_fast_retransmit(&loss(5.1, 20_000.0, 20_000.0))
            .cwnd_base,
        20_000.0
    );
    // ThirdDupAck rule: a mark on the 1st dupACK only does not count.
    let p = Params {
        cw_dup_rule: CwDupRule::ThirdDupAck,
        ..Params::default()
    };
    let mut c = with_dups(
        warmed(Jersey::new(Flavour::NewJersey, p)),
        [true, false, false],
    );
    assert_eq!(
        c.on_fast_retransmit(&loss(5.1, 20_000.0, 20_000.0))
            .cwnd_base,
        20_000.0
    );
}

// ===== RTO (Fig. 2) =====

#[test]
fn rto_zero_sample_decay_nj_and_nj_plus() {
    // Last ACK at t = 5.00 with R = 100 000, ownd_{n−1} = 10. RTO at 5.30:
    // R' = 0.1·100 000/(0.3 + 0.1) = 25 000 → ownd_n = 25 000·0.1/1000 = 2.5 segments.
    let mut nj = warmed(Jersey::new(Flavour::NewJersey, Params::default()));
    let r = nj.on_rto(&loss(5.30, 20_000.0, 20_000.0));
    // no CW: ssthresh = cwnd = ownd_n = 2 500 B
    assert_delta!(r.ssthresh, 2_500.0, 1e-2);
    assert_delta!(r.cwnd_base, 2_500.0, 1e-2);
    // NJ+: cwnd = ⌊(2.5 + 10)/2⌋ = ⌊6.25⌋ = 6 segments
    let mut p = warmed(Jersey::new(Flavour::NjPlus, Params::default()));
    let r = p.on_rto(&loss(5.30, 20_000.0, 20_000.0));
    assert_delta!(r.ssthresh, 2_500.0, 1e-2);
    assert_eq!(r.cwnd_base, 6_000.0);
    // A long gap decays ownd_n to the 2-segment floor: NJ+ cwnd = ⌊(2 + 10)/2⌋ = 6
    let r = p.on_rto(&loss(8.0, 20_000.0, 20_000.0));
    assert_eq!((r.ssthresh, r.cwnd_base), (2_000.0, 6_000.0));
}

#[test]
fn rto_with_cw_on_last_ack() {
    let mut p = warmed(Jersey::new(Flavour::NjPlus, Params::default()));
    p.on_ack(&AckEvent {
        delivery: None,
        cw_echo: true,
        ..new_ack(5.01, 1000)
    });
    let r = p.on_rto(&loss(5.31, 20_000.0, 20_000.0));
    // CW: cwnd = 1 SMSS; ssthresh = ownd_n = max(0.1·R/(0.3 + 0.1)·0.1/1000, 2) ≈ 2.5 seg
    assert_eq!(r.cwnd_base, 1_000.0);
    assert_delta!(r.ssthresh, 2_500.0, 1.0);
    // A later unmarked ACK clears it (LastAck rule) …
    p.on_ack(&new_ack(5.02, 1000));
    assert_ne!(p.on_rto(&loss(5.32, 20_000.0, 20_000.0)).cwnd_base, 1_000.0);
    // … but not under the WithinSrtt rule (SRTT = 0.1; mark at 5.01, RTO at 5.05).
    let mut w = warmed(Jersey::new(
        Flavour::NjPlus,
        Params {
            cw_rto_rule: CwRtoRule::WithinSrtt,
            ..Params::default()
        },
    ));
    w.on_ack(&AckEvent {
        delivery: None,
        cw_echo: true,
        ..new_ack(5.01, 1000)
    });
    w.on_ack(&new_ack(5.02, 1000));
    assert_eq!(w.on_rto(&loss(5.05, 20_000.0, 20_000.0)).cwnd_base, 1_000.0);
    assert_ne!(w.on_rto(&loss(5.50, 20_000.0, 20_000.0)).cwnd_base, 1_000.0);
}

#[test]
fn rto_last_two_acks_option() {
    let p = Params {
        rto_ownd: RtoOwnd::LastTwoAcks,
        ..Params::default()
    };
    let mut c = warmed(Jersey::new(Flavour::NjPlus, p));
    // One ACK 20 ms after the last: R = 11 000/0.12 = 91 666.7 → ownd_n = 9.1667, ownd_{n−1} = 10
    c.on_ack(&new_ack(5.02, 1000));
    let r = c.on_rto(&loss(5.30, 20_000.0, 20_000.0));
    // ssthresh = 9 166.7 B; cwnd = ⌊(9.1667 + 10)/2⌋ = ⌊9.58⌋ = 9 segments (the RTO gap is ignored)
    assert_delta!(r.ssthresh, 9_166.666_7, 1e-3);
    assert_eq!(r.cwnd_base, 9_000.0);
}

// ===== Growth, exit, Jersey rate control =====

#[test]
fn growth_standard_and_optional_rate_control() {
    let mut st = CcState {
        cwnd: 20_000.0,
        ssthresh: 10_000.0,
        mss: 1000.0,
        rwnd: 1e9,
        growth: CwndGrowth::Packet,
        abc_bytes: 0.0,
    };
    let mut c = warmed(Jersey::new(Flavour::Jersey, Params::default()));
    c.on_ack(&AckEvent {
        delivery: None,
        cw_echo: true,
        ..new_ack(5.01, 1000)
    });
    c.on_new_ack_open(1000, &mut st); // rate control off: + 1000²/20 000 = 50
    assert_eq!(st.cwnd, 20_050.0);
    assert_eq!(c.on_recovery_exit(7_000.0), 7_000.0);
    let mut rc = warmed(Jersey::new(
        Flavour::Jersey,
        Params {
            jersey_rc_on_cw: true,
            ..Params::default()
        },
    ));
    rc.on_ack(&AckEvent {
        delivery: None,
        cw_echo: true,
        ..new_ack(5.01, 1000)
    });
    rc.on_new_ack_open(1000, &mut st); // cwnd = min(20 050, ownd 10 000); ssthresh = ownd
    assert_delta!(st.cwnd, 10_000.0, 1e-2);
    assert_delta!(st.ssthresh, 10_000.0, 1e-2);
    // At most once per RTT: another mark 20 ms later is ignored (standard growth).
    rc.on_ack(&AckEvent {
        delivery: None,
        cw_echo: true,
        ..new_ack(5.03, 1000)
    });
    let before = st.cwnd;
    rc.on_new_ack_open(1000, &mut st);
    assert!(st.cwnd > before);
}

#[test]
fn every_knob_has_its_default_and_a_setter() {
    use crate::param::testing::{check_tunable, round_trip};
    check_tunable::<Params>();
    round_trip::<CwDupRule>();
    round_trip::<CwRtoRule>();
    round_trip::<RtoOwnd>();
    round_trip::<RttChoice>();
}
