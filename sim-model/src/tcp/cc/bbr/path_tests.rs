//! BBR's state machine on a small simulated path: a loss-free FIFO bottleneck driven by the variant
//! as the sender drives it (Startup, Drain, ProbeBW's gain cycle and window, ProbeRTT).

use super::super::testing::{assert_delta, t};
use super::tests::{ack, bbr, st};
use super::*;

/// A loss-free path: one FIFO bottleneck of `rate` B/s, `prop` s one way in each direction,
/// immediate ACKs, SMSS 1000, and a bulk sender with window `cwnd` driven by the variant.
struct Path {
    rate: f64,
    prop: f64,
    link_free: f64,
    acks: VecDeque<(f64, f64, u64)>, // (arrival at sender, send time, end seq)
    snd_una: u64,
    snd_nxt: u64,
    st: CcState,
    now: f64,
    /// Pace new segments at the variant's rate, as the sender does with `tcp.pacing`.
    paced: bool,
    /// Earliest time the next paced segment may leave.
    pace_next: f64,
}

impl Path {
    fn new(rate: f64, prop: f64) -> Self {
        Path {
            rate,
            prop,
            link_free: 0.0,
            acks: VecDeque::new(),
            snd_una: 0,
            snd_nxt: 0,
            st: st(2000.0),
            now: 0.0,
            paced: false,
            pace_next: 0.0,
        }
    }

    fn paced(rate: f64, prop: f64) -> Self {
        Path {
            paced: true,
            ..Path::new(rate, prop)
        }
    }

    fn window_open(&self) -> bool {
        (self.snd_nxt - self.snd_una + 1000) as f64 <= self.st.cwnd
    }

    fn send(&mut self, b: &mut Bbr) {
        while self.window_open() {
            if let Some(bps) = b.pacing_rate_bps().filter(|_| self.paced) {
                if self.now < self.pace_next {
                    break;
                }
                // 8·L/rate per segment of L = 1000 payload bytes.
                self.pace_next = self.now + 8000.0 / bps;
            }
            let start = self.now.max(self.link_free);
            self.link_free = start + 1000.0 / self.rate;
            b.on_sent(t(self.now), self.snd_nxt, 1000);
            self.snd_nxt += 1000;
            self.acks
                .push_back((self.link_free + 2.0 * self.prop, self.now, self.snd_nxt));
        }
    }

    /// Run until `until` s, calling `each` after every ACK.
    fn run(&mut self, b: &mut Bbr, until: f64, mut each: impl FnMut(f64, &Bbr, &CcState)) {
        if self.now == 0.0 {
            // Handshake sample, taken equal to a data RTT to keep the numbers round (a real
            // SYN is smaller, so RTprop would be 0.040 + 0.000 32 s here).
            b.on_rtt_sample(2.0 * self.prop + 1000.0 / self.rate, t(0.0));
            self.send(b);
        }
        loop {
            let ack_at = self.acks.front().map_or(f64::INFINITY, |a| a.0);
            // A paced segment held back while the window is open leaves at pace_next.
            if self.paced && self.window_open() && self.pace_next < ack_at.min(until) {
                self.now = self.now.max(self.pace_next);
                self.send(b);
                continue;
            }
            let Some(&(at, sent, end)) = self.acks.front() else {
                break;
            };
            if at > until {
                break;
            }
            self.acks.pop_front();
            self.now = at;
            let acked = end - self.snd_una;
            self.snd_una = end;
            let rtt = at - sent;
            b.on_rtt_sample(rtt, t(at));
            let mut e = ack(at, acked, sent, self.st.cwnd, Some(rtt));
            e.ack = end;
            b.on_ack(&e);
            b.on_new_ack_open(acked, &mut self.st);
            self.send(b);
            each(at, b, &self.st);
        }
    }
}

#[test]
fn startup_drain_probe_bw_on_a_1_mbps_path() {
    // 125 000 B/s, 20 ms each way: RTprop = 0.04 + 0.008 (serialisation) = 0.048 s,
    // BDP = 6 000 B = 6 segments; targets: drain 10 segments, ProbeBW 16 (18 in phase 0).
    let mut path = Path::new(125_000.0, 0.020);
    let mut b = bbr();
    let mut modes: Vec<(f64, Mode)> = vec![(0.0, Mode::Startup)];
    let mut bw_at_drain = 0.0;
    let mut last_growth_round = 0;
    let mut last_full_bw = 0.0;
    let mut full_round = None;
    path.run(&mut b, 3.0, |now, b, _| {
        if b.full_bw != last_full_bw {
            last_full_bw = b.full_bw;
            last_growth_round = b.round_count();
        }
        if b.mode() != modes.last().unwrap().1 {
            if b.mode() == Mode::Drain {
                bw_at_drain = b.max_bw();
            }
            modes.push((now, b.mode()));
        }
        if b.full_bw_reached() && full_round.is_none() {
            full_round = Some(b.round_count());
        }
    });
    let seq: Vec<Mode> = modes.iter().map(|m| m.1).collect();
    assert_eq!(
        &seq[..3],
        &[Mode::Startup, Mode::Drain, Mode::ProbeBw],
        "{modes:?}"
    );
    // Startup ends when the bandwidth stopped growing by 25 % for 3 rounds: by then BtlBw is the
    // bottleneck rate (samples never exceed it on this path).
    assert!(
        bw_at_drain > 0.9 * 125_000.0 && bw_at_drain <= 125_000.0 * 1.000_001,
        "{bw_at_drain}"
    );
    assert_eq!(
        full_round.unwrap() - last_growth_round,
        3,
        "three rounds without 25 % growth"
    );
    assert_delta!(b.min_rtt_s(), 0.048, 1e-9);
    // Drain leaves as soon as the window estimate is down to inflight(1) = 10 segments.
    let drain_time = modes[2].0 - modes[1].0;
    assert!(drain_time < 0.2, "drain took {drain_time} s");
    assert_eq!(b.inflight_target(1.0), 10_000.0);
    assert!(b.pacing_rate_bps().unwrap() > 0.0);
}

#[test]
fn probe_bw_window_is_two_bdp_and_gain_cycles() {
    let mut path = Path::new(125_000.0, 0.020);
    let mut b = bbr();
    let mut phases = std::collections::BTreeSet::new();
    path.run(&mut b, 5.0, |now, b, _| {
        if now > 2.0 {
            phases.insert(b.cycle_idx());
        }
    });
    assert_eq!(b.mode(), Mode::ProbeBw);
    // 2·BDP + 3 quanta = 12 + 3 = 15 → 16 segments, 18 in phase 0.
    let want = if b.cycle_idx() == 0 {
        18_000.0
    } else {
        16_000.0
    };
    assert_eq!(path.st.cwnd, want);
    assert_eq!(phases.len(), 8, "every phase visited: {phases:?}");
}

#[test]
fn probe_rtt_after_ten_seconds_without_a_new_min_rtt() {
    // RTprop 0.048 s was measured at t ≈ 0 and never beaten (a standing queue inflates later
    // samples), so the filter expires 10 s later: ProbeRTT at 4 segments for ≥ 200 ms and one
    // round trip, then back to ProbeBW with a fresh stamp.
    let mut path = Path::new(125_000.0, 0.020);
    let mut b = bbr();
    let mut entered = None;
    let mut left = None;
    let mut min_cwnd_in_probe = f64::INFINITY;
    path.run(&mut b, 12.0, |now, b, s| {
        if b.mode() == Mode::ProbeRtt {
            entered.get_or_insert(now);
            min_cwnd_in_probe = min_cwnd_in_probe.min(s.cwnd);
        } else if entered.is_some() && left.is_none() {
            left = Some(now);
            assert_eq!(b.mode(), Mode::ProbeBw);
        }
    });
    let entered = entered.expect("ProbeRTT entered");
    let left = left.expect("ProbeRTT left");
    assert!((10.0..10.2).contains(&entered), "entered at {entered}");
    assert_eq!(min_cwnd_in_probe, 4_000.0);
    let stay = left - entered;
    assert!((0.2..0.5).contains(&stay), "stayed {stay} s");
    // After ProbeRTT the window is restored to the ProbeBW target.
    assert!(path.st.cwnd >= 16_000.0);
    assert!(b.min_rtt_stamp.as_secs_f64() >= left - 1e-9);
}

#[test]
fn max_bw_and_probe_rtt_length_hold_on_a_paced_short_rtt_path() {
    // 12.5e6 B/s (100 Mbit/s), 2 ms each way: RTprop = 0.004 + 1000/12.5e6 = 0.004 08 s,
    // BDP = 12.5e6·0.004 08 = 51 000 B = 51 segments. The RTprop window is 1 s so ProbeRTT comes
    // at ≈ 1 s; its 200 ms are ≈ 49 packet-timed rounds, far more than the 10-round BtlBw window.
    // ProbeRTT's 4-segment samples (4000/0.004 08 ≈ 0.98e6 B/s) are app-limited: they must not
    // replace the max, nor age it out.
    let rtprop = 0.004 + 1000.0 / 12.5e6;
    let mut path = Path::paced(12.5e6, 0.002);
    let mut b = Bbr::with_params(Params {
        min_rtt_window_s: 1.0,
        ..Params::default()
    });
    let (mut bw_before, mut min_bw_after) = (0.0, f64::INFINITY);
    let (mut entered, mut left) = (None, None);
    path.run(&mut b, 1.6, |now, b, _| {
        if entered.is_none() && b.mode() != Mode::ProbeRtt {
            bw_before = b.max_bw();
        } else if b.mode() == Mode::ProbeRtt {
            entered.get_or_insert(now);
        } else if left.is_none() {
            left = Some(now);
        }
        if entered.is_some() {
            min_bw_after = min_bw_after.min(b.max_bw());
        }
    });
    let (entered, left) = (
        entered.expect("ProbeRTT entered"),
        left.expect("ProbeRTT left"),
    );
    assert!(
        bw_before > 0.95 * 12.5e6,
        "BtlBw before ProbeRTT {bw_before}"
    );
    // From ProbeRTT entry to 1.6 s (≈ 90 rounds after it ended) the max never drops > 10 %.
    assert!(
        min_bw_after >= 0.9 * bw_before,
        "BtlBw fell from {bw_before} to {min_bw_after} across ProbeRTT"
    );
    // ProbeRTT = drain to 4 segments (≈ 1 RTT) + 200 ms, ended by the first ACK after that:
    // with the real in-flight count it lasts < 0.2 s + 3·RTprop (a window-based estimate drains
    // at 4 segments per round and stays ≈ 60 ms longer).
    let stay = left - entered;
    assert!(
        (0.2..0.2 + 3.0 * rtprop).contains(&stay),
        "stayed {stay} s, entered at {entered}"
    );
}
