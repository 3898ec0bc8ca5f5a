//! Sender tests grouped by state; each reads like a packet trace (smoltcp style).
//! MSS 1000 B, initial window 10 segments, no handshake, no timestamps unless stated.

use super::*;
use crate::tcp::{CwndGrowth, TcpConfig};

const MSS: u64 = 1000;

fn cfg(cc: &'static str) -> TcpConfig {
    TcpConfig {
        cc,
        mss_bytes: MSS as u32,
        initial_window_pkts: 10,
        rwnd_bytes: 1_000_000,
        handshake: false,
        timestamps: false,
        cwnd_growth: CwndGrowth::Packet,
        min_rto_ms: 1000.0,
        initial_rto_ms: 1000.0,
        ..TcpConfig::default()
    }
}

fn ms(t: u64) -> SimTime {
    SimTime(t * 1_000_000)
}

/// A sender that has sent its initial window of 10 segments at t = 0.
fn started(c: TcpConfig) -> (Sender, Vec<Packet>) {
    let mut s = Sender::new(c, 0, 0, None, &[]);
    let mut out = Vec::new();
    s.start(ms(0), &mut out);
    (s, out)
}

fn ack(s: &mut Sender, t_ms: u64, a: u64) -> Vec<Packet> {
    let mut p = Packet::new(PacketKind::Ack, 0, 1, 40);
    p.ack = a;
    let mut out = Vec::new();
    s.on_packet(ms(t_ms), &p, &mut out);
    out
}

/// The duplicate ACK of segment 0 that SACKs segments 1 to `k` (segment 0 lost), at `t_ms`.
fn sack_dupack(s: &mut Sender, t_ms: u64, k: u64) -> Vec<Packet> {
    let mut p = Packet::new(PacketKind::Ack, 0, 1, 40);
    p.ack = 0;
    p.sack[0] = (MSS, (k + 1) * MSS);
    p.sack_n = 1;
    let mut out = Vec::new();
    s.on_packet(ms(t_ms), &p, &mut out);
    out
}

fn seqs(out: &[Packet]) -> Vec<u64> {
    out.iter().map(|p| p.seq).collect()
}

// ===== Open =====

#[test]
fn sends_the_initial_window_then_grows_per_ack() {
    let (mut s, out) = started(cfg("new_reno"));
    assert_eq!(seqs(&out), (0..10).map(|i| i * MSS).collect::<Vec<_>>());
    // Slow start, packet counting: one new ACK → cwnd 11 segments → segments 10 and 11 go out.
    let out = ack(&mut s, 100, 1000);
    assert_eq!(s.cwnd, 11_000.0);
    assert_eq!(seqs(&out), vec![10_000, 11_000]);
}

// ===== Recovery (NewReno, RFC 6582) =====

#[test]
fn newreno_fast_retransmit_partial_and_full_ack() {
    let (mut s, _) = started(cfg("new_reno"));
    // Segment 0 lost; segments 1..9 arrive → duplicate ACKs of 0.
    assert!(ack(&mut s, 100, 0).is_empty());
    assert!(ack(&mut s, 101, 0).is_empty());
    let out = ack(&mut s, 102, 0);
    // 3rd dupACK: ssthresh = max(FlightSize/2, 2·MSS) = 10 000/2 = 5 000; cwnd = 5 000 + 3·1 000.
    assert_eq!(seqs(&out), vec![0]);
    assert!(out[0].retransmission);
    assert_eq!((s.ssthresh, s.cwnd), (5_000.0, 8_000.0));
    assert!(s.in_recovery());
    // Each further dupACK inflates by one MSS: 9 000, 10 000, 11 000 → the 11th allows segment 10.
    ack(&mut s, 103, 0);
    ack(&mut s, 104, 0);
    let out = ack(&mut s, 105, 0);
    assert_eq!(s.cwnd, 11_000.0);
    assert_eq!(seqs(&out), vec![10_000]);
    // Partial ACK up to 5 000 (segment 5 was also lost): retransmit it, deflate by 5 000 and add
    // back one MSS: 11 000 − 5 000 + 1 000 = 7 000; stay in recovery.
    let out = ack(&mut s, 200, 5_000);
    assert_eq!(seqs(&out)[0], 5_000);
    assert!(out[0].retransmission);
    assert_eq!(s.cwnd, 7_000.0);
    assert!(s.in_recovery());
    // Full ACK (≥ recover = 11 000): leave recovery with cwnd = ssthresh = 5 000.
    ack(&mut s, 300, 11_000);
    assert!(!s.in_recovery());
    assert_eq!(s.cwnd, 5_000.0);
}

#[test]
fn reno_leaves_recovery_on_the_first_new_ack() {
    let (mut s, _) = started(cfg("reno"));
    for t in 0..3 {
        ack(&mut s, 100 + t, 0);
    }
    assert!(s.in_recovery());
    ack(&mut s, 200, 5_000); // a partial ACK for NewReno, the end of recovery for Reno
    assert!(!s.in_recovery());
    assert_eq!(s.cwnd, 5_000.0);
}

#[test]
fn tahoe_restarts_from_one_segment() {
    let (mut s, _) = started(cfg("tahoe"));
    ack(&mut s, 100, 0);
    ack(&mut s, 101, 0);
    let out = ack(&mut s, 102, 0);
    // Fast retransmit, then slow start: cwnd = 1 MSS, ssthresh = 5 000, only segment 0 resent.
    assert_eq!(seqs(&out), vec![0]);
    assert_eq!((s.cwnd, s.ssthresh), (1_000.0, 5_000.0));
    assert!(!s.in_recovery());
}

#[test]
fn recover_guard_blocks_a_second_fast_retransmit_for_the_same_flight() {
    let (mut s, _) = started(cfg("new_reno"));
    for t in 0..3 {
        ack(&mut s, 100 + t, 0);
    }
    ack(&mut s, 200, 10_000); // full ACK: recover = 10 000 was covered
    assert_eq!(s.stats.fast_retransmits, 1);
    // Segment 10 000 (new data after the recovery point) is delivered, 11 000 lost: three
    // dupACKs of 11 000 > recover + 1 cover more than recover — a new loss, fast retransmit.
    ack(&mut s, 300, 11_000);
    for t in 0..3 {
        ack(&mut s, 400 + t, 11_000);
    }
    assert_eq!(s.stats.fast_retransmits, 2);
}

// ===== Limited Transmit (RFC 3042) =====

#[test]
fn limited_transmit_sends_one_new_segment_per_early_dupack() {
    let (mut s, _) = started(TcpConfig {
        limited_transmit: true,
        ..cfg("new_reno")
    });
    assert_eq!(seqs(&ack(&mut s, 100, 0)), vec![10_000]);
    assert_eq!(seqs(&ack(&mut s, 101, 0)), vec![11_000]);
    // The third is a fast retransmit, not a limited transmit.
    assert_eq!(seqs(&ack(&mut s, 102, 0))[0], 0);
}

// ===== Loss (RTO, RFC 6298 / RFC 5681 §3.1) =====

#[test]
fn rto_goes_back_n_from_one_segment_and_backs_off() {
    let (mut s, _) = started(cfg("new_reno"));
    let mut out = Vec::new();
    s.on_timeout(ms(1000), &mut out);
    // ssthresh = FlightSize/2 = 5 000; cwnd = 1 MSS; segment 0 resent; RTO 1 s → 2 s.
    assert_eq!(seqs(&out), vec![0]);
    assert_eq!((s.ssthresh, s.cwnd), (5_000.0, 1_000.0));
    assert_eq!(s.rtt.rto_s(), 2.0);
    assert_eq!(s.timer.deadline(), Some(ms(3000)));
    // A second timeout of the same segment keeps ssthresh and doubles the RTO again.
    out.clear();
    s.on_timeout(ms(3000), &mut out);
    assert_eq!((s.ssthresh, s.rtt.rto_s()), (5_000.0, 4.0));
    assert_eq!(s.stats.timeouts, 2);
}

#[test]
fn karn_takes_no_sample_from_a_retransmitted_segment() {
    let (mut s, _) = started(cfg("new_reno"));
    let mut out = Vec::new();
    s.on_timeout(ms(1000), &mut out); // segment 0 (the timed one) is retransmitted
    ack(&mut s, 1100, 1000);
    assert!(
        !s.rtt.has_sample(),
        "an ACK of a retransmitted segment gives no RTT sample"
    );
    assert_eq!(s.rtt.backoff, 1, "so the backed-off RTO stays");
}

#[test]
fn one_per_rtt_sampling_times_a_segment_even_with_timestamps() {
    use crate::tcp::RttSampling;
    let (mut s, _) = started(TcpConfig {
        timestamps: true,
        rtt_sampling: RttSampling::OnePerRtt,
        ..cfg("new_reno")
    });
    // Segment 0 was timed at t = 0; its ACK at 80 ms gives one sample of 80 ms, whatever TSecr says.
    let mut p = Packet::new(PacketKind::Ack, 0, 1, 52);
    p.ack = 1000;
    p.ts_ecr = ms(0);
    s.on_packet(ms(80), &p, &mut Vec::new());
    assert!((s.rtt.last_rtt_s - 0.080).abs() < 1e-12);
    // The next ACK does not carry a sample (segment 10, sent at 80 ms, is now the timed one).
    p.ack = 2000;
    s.on_packet(ms(90), &p, &mut Vec::new());
    assert!((s.rtt.last_rtt_s - 0.080).abs() < 1e-12);
}

#[test]
fn timestamps_give_a_sample_per_ack_even_after_retransmission() {
    let (mut s, _) = started(TcpConfig {
        timestamps: true,
        ..cfg("new_reno")
    });
    let mut out = Vec::new();
    s.on_timeout(ms(1000), &mut out);
    let mut p = Packet::new(PacketKind::Ack, 0, 1, 52);
    p.ack = 1000;
    p.ts_ecr = ms(1000); // echo of the retransmission's TSval
    s.on_packet(ms(1080), &p, &mut Vec::new());
    assert!((s.rtt.last_rtt_s - 0.080).abs() < 1e-12);
    assert_eq!(s.rtt.backoff, 0);
}

// ===== PRR (RFC 6937) =====

#[test]
fn prr_reduces_to_ssthresh_then_conserves_packets_and_exits_at_ssthresh() {
    use crate::tcp::Recovery;
    // Segment 0 of a 10-segment flight is lost; segments 1–9 each bring a duplicate ACK.
    let (mut s, _) = started(TcpConfig {
        recovery: Recovery::Prr,
        ..cfg("new_reno")
    });
    let mut sent = vec![];
    for k in 1..=9u64 {
        let out = ack(&mut s, 100 + k, 0);
        if k >= 3 {
            sent.push(seqs(&out));
        }
    }
    // ssthresh = FlightSize / 2 = 5 segments, RecoverFS = 10. pipe = FlightSize − dupACKed
    // segments (7 at the 3rd dupACK): proportional part, the retransmission (⌈1·5/10⌉ = 1), then
    // nothing (⌈2·5/10⌉ − 1 = 0). At the 5th dupACK pipe = 5 = ssthresh: from then on the
    // reduction bound sends min(ssthresh − pipe, limit) = one segment per delivered segment.
    assert_eq!(s.ssthresh, 5_000.0);
    assert_eq!(
        sent,
        vec![
            vec![0],
            vec![],
            vec![],
            vec![10_000],
            vec![11_000],
            vec![12_000],
            vec![13_000]
        ]
    );
    assert_eq!(
        s.cwnd, 5_000.0,
        "cwnd = pipe + sndcnt = ssthresh on the last dupACK"
    );
    // Full ACK: cwnd = ssthresh, and the exit releases at most DeliveredData + 1 SMSS = 2.
    let out = ack(&mut s, 200, 10_000);
    assert!(!s.in_recovery());
    assert_eq!(s.cwnd, 5_000.0);
    assert!(out.len() <= 2, "burst of {} at exit", out.len());
}

#[test]
fn careful_rule_refuses_dupacks_that_only_reach_recover() {
    // RFC 6582 §3.2 step 1: after recovery, dupACKs acknowledging exactly recover + 1 (the
    // first byte after the recovery point) do not cover more than recover.
    let (mut s, _) = started(cfg("new_reno"));
    for t in 0..3 {
        ack(&mut s, 100 + t, 0);
    }
    ack(&mut s, 200, 10_000);
    for t in 0..3 {
        ack(&mut s, 300 + t, 10_000);
    }
    assert_eq!(s.stats.fast_retransmits, 1);
    // The timestamp heuristic (RFC 6582 §4) admits them: the dupACKs echo the timestamp of the
    // segment that advanced the cumulative ACK (a hole, not resends).
    let c = TcpConfig {
        recover_heuristic: crate::tcp::RecoverHeuristic::Timestamp,
        timestamps: true,
        ..cfg("new_reno")
    };
    let (mut s, _) = started(c);
    for t in 0..3 {
        ack(&mut s, 100 + t, 0);
    }
    ack(&mut s, 200, 10_000);
    for t in 0..3 {
        ack(&mut s, 300 + t, 10_000);
    }
    assert_eq!(s.stats.fast_retransmits, 2);
}

// ===== FlightSize of the loss reaction (`flight_size`) =====

/// Ten segments out, segment 0 lost; dupACKs SACK segments 1..=3 (the third triggers recovery).
/// Outstanding = 10 000 B → ssthresh 5 000 B. The RFC 6675 pipe at that moment leaves out the
/// three SACKed segments and the lost head (IsLost: 3 segments SACKed above it): 6 segments,
/// 6 000 B → ssthresh 3 000 B, as ns-3's `GetSsThresh(BytesInFlight())` computes it.
#[test]
fn flight_size_pipe_halves_the_rfc6675_pipe_not_the_outstanding_data() {
    for (flight, want) in [
        (FlightSize::Outstanding, 5_000.0),
        (FlightSize::Pipe, 3_000.0),
    ] {
        let (mut s, _) = started(TcpConfig {
            sack: true,
            flight_size: flight,
            ..cfg("new_reno")
        });
        for k in 1..=3u64 {
            sack_dupack(&mut s, 100 + k, k);
        }
        assert!(s.in_recovery(), "{flight:?}");
        assert_eq!(s.ssthresh, want, "{flight:?}");
    }
}

/// BBR in fast recovery with SACK sets its own window (the BBR v1 draft, "Modulating cwnd in loss
/// recovery"; Linux; ns-3's TcpBbr): cwnd = pipe + delivered on the first ACK, then one segment
/// out for each one delivered during the first round (packet conservation). The sender's PRR,
/// aiming at the window from before the loss, sent two per delivered segment here.
#[test]
fn bbr_conserves_packets_through_the_first_round_of_recovery() {
    use crate::tcp::Recovery;
    let (mut s, _) = started(TcpConfig {
        sack: true,
        pacing: false,
        recovery: Recovery::Prr,
        ..cfg("bbr")
    });
    // Segment 0 lost; segments 1–9 arrive, each SACKed by a duplicate ACK.
    let mut sent = vec![];
    for k in 1..=9u64 {
        let out = sack_dupack(&mut s, 100 + k, k);
        if k >= 3 {
            sent.push(seqs(&out));
        }
    }
    assert!(s.in_recovery());
    // 3rd duplicate ACK: pipe = 10 − 3 SACKed − 1 lost = 6 segments, cwnd = 6 + 1 delivered = 7:
    // the retransmission fills it. Then each duplicate ACK delivers one segment and one new one
    // goes out.
    assert_eq!(
        sent,
        vec![
            vec![0],
            vec![10_000],
            vec![11_000],
            vec![12_000],
            vec![13_000],
            vec![14_000],
            vec![15_000]
        ]
    );
    assert_eq!(s.cwnd, 7_000.0);
}

/// With `rtt_tick_ms` the sample is measured in ticks (ns-2's tcpTick_), and the variant's own
/// estimators see that sample on every ACK, as the RTO estimator does: with a 10 ms tick, echoes
/// of 103 ms and then 97 ms are both 100 ms, so BBR's RTprop stays 100 ms (it took the
/// untruncated 97 ms from the ACK event).
#[test]
fn the_variant_sees_the_rtt_sample_in_ticks() {
    let (mut s, _) = started(TcpConfig {
        timestamps: true,
        rtt_tick_ms: 10.0,
        ..cfg("bbr")
    });
    for (t_ms, a, echo_ms) in [(103, 1000, 0), (197, 2000, 100)] {
        let mut p = Packet::new(PacketKind::Ack, 0, 1, 40);
        p.ack = a;
        p.ts_ecr = ms(echo_ms);
        let mut out = Vec::new();
        s.on_packet(ms(t_ms), &p, &mut out);
    }
    let rtprop = s.cc_phase().expect("BBR has phases").min_rtt_s;
    assert!((rtprop - 0.100).abs() < 1e-12, "RTprop {rtprop}");
}
