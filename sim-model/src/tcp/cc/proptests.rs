//! Model-based property test over every variant in [`AVAILABLE`] (after s2n-quic's
//! `fuzz_target.rs`): random sequences of ACKs, duplicate ACKs, fast retransmits, recovery exits,
//! RTOs and idle time are applied through a small harness that plays the sender's part the way
//! `sender.rs` does, and after every step the invariants are checked — no panic, no NaN or ∞,
//! cwnd ≥ 1 SMSS, ssthresh ≥ 2 SMSS after any reduction, finite reactions and pacing rates.

use super::{build, CcState, CongestionControl, Reaction, AVAILABLE};
use crate::tcp::signal::{AckEvent, LossCtx};
use crate::tcp::CwndGrowth;
use crate::time::SimTime;
use proptest::prelude::*;

#[derive(Clone, Debug)]
enum Op {
    /// A new ACK of `bytes` (1..=4 segments or a short tail) with an RTT sample.
    NewAck {
        bytes_mult: u8,
        tail: u16,
        rtt_ms: u16,
        cw: bool,
        ack_gap_us: u32,
    },
    /// A duplicate ACK.
    DupAck { cw: bool, ack_gap_us: u32 },
    /// Third dupACK judged congestion.
    FastRetransmit,
    /// Full ACK ends recovery.
    RecoveryExit,
    /// The retransmission timer expires.
    Rto,
    /// Time passes with no event.
    Advance { ms: u32 },
}

fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        6 => (1u8..=4, 0u16..1500, 1u16..=2000, any::<bool>(), 0u32..200_000).prop_map(
            |(bytes_mult, tail, rtt_ms, cw, ack_gap_us)| Op::NewAck { bytes_mult, tail, rtt_ms, cw, ack_gap_us }
        ),
        3 => (any::<bool>(), 0u32..50_000).prop_map(|(cw, ack_gap_us)| Op::DupAck { cw, ack_gap_us }),
        1 => Just(Op::FastRetransmit),
        1 => Just(Op::RecoveryExit),
        1 => Just(Op::Rto),
        1 => (0u32..20_000).prop_map(|ms| Op::Advance { ms }),
    ]
}

/// The sender's side, reduced to what the hooks see.
struct Harness {
    cc: Box<dyn CongestionControl>,
    mss: f64,
    rwnd: f64,
    growth: CwndGrowth,
    cwnd: f64,
    ssthresh: f64,
    cwnd_base: f64,
    abc_bytes: f64,
    in_recovery: bool,
    now: u64,
    snd_una: u64,
    last_send: u64,
    srtt: f64,
    last_rtt: f64,
    min_rtt: f64,
    max_rtt: f64,
    timeouts_in_a_row: u32,
}

impl Harness {
    fn new(id: &'static str, mss: f64, rwnd: f64, growth: CwndGrowth) -> Self {
        Harness {
            cc: build(id, &[]),
            mss,
            rwnd,
            growth,
            cwnd: 2.0 * mss,
            ssthresh: rwnd,
            cwnd_base: 0.0,
            abc_bytes: 0.0,
            in_recovery: false,
            now: 0,
            snd_una: 0,
            last_send: 0,
            srtt: 0.0,
            last_rtt: 0.0,
            min_rtt: 0.0,
            max_rtt: 0.0,
            timeouts_in_a_row: 0,
        }
    }

    fn ack_event(&self, acked: u64, rtt_s: Option<f64>, cw: bool) -> AckEvent {
        let now = SimTime(self.now);
        AckEvent {
            delivery: None,
            now,
            ack: self.snd_una + acked,
            acked_bytes: acked,
            duplicate: acked == 0,
            in_recovery: self.in_recovery,
            rtt_s,
            receiver_ts: SimTime(self.now.saturating_sub(5_000_000)),
            echo_ts: SimTime(self.last_send),
            data_arrival: SimTime(self.now.saturating_sub(5_000_000)),
            trigger_seq: self.snd_una,
            trigger_sent: SimTime(self.last_send),
            cw_echo: cw,
            mss: self.mss,
            cwnd: self.cwnd,
        }
    }

    fn loss_ctx(&self, repeated: bool) -> LossCtx {
        LossCtx {
            now: SimTime(self.now),
            seq: self.snd_una,
            flight_bytes: self.cwnd.min(self.rwnd),
            cwnd: self.cwnd,
            ssthresh: self.ssthresh,
            mss: self.mss,
            srtt_s: self.srtt,
            last_rtt_s: self.last_rtt,
            min_rtt_s: self.min_rtt,
            max_rtt_s: self.max_rtt,
            corruption_notified: false,
            repeated_timeout: repeated,
        }
    }

    fn check_reaction(&self, r: Reaction, ctx: &LossCtx, what: &str) -> Result<(), TestCaseError> {
        let id = self.cc.id();
        prop_assert!(
            r.ssthresh.is_finite() && r.cwnd_base.is_finite(),
            "{id} {what}: {r:?}"
        );
        prop_assert!(
            r.cwnd_base >= self.mss,
            "{id} {what}: cwnd_base {} < SMSS",
            r.cwnd_base
        );
        if r.ssthresh < ctx.ssthresh {
            prop_assert!(
                r.ssthresh >= 2.0 * self.mss - 1e-9,
                "{id} {what}: ssthresh {} < 2·SMSS",
                r.ssthresh
            );
        }
        Ok(())
    }

    fn apply(&mut self, op: &Op) -> Result<(), TestCaseError> {
        let id = self.cc.id();
        match *op {
            Op::NewAck {
                bytes_mult,
                tail,
                rtt_ms,
                cw,
                ack_gap_us,
            } => {
                self.now += 1_000 + ack_gap_us as u64 * 1_000;
                let acked = bytes_mult as u64 * self.mss as u64 + tail as u64 % self.mss as u64;
                let rtt = rtt_ms as f64 * 1e-3;
                self.srtt = if self.srtt == 0.0 {
                    rtt
                } else {
                    0.875 * self.srtt + 0.125 * rtt
                };
                self.last_rtt = rtt;
                self.min_rtt = if self.min_rtt == 0.0 {
                    rtt
                } else {
                    self.min_rtt.min(rtt)
                };
                self.max_rtt = self.max_rtt.max(rtt);
                self.cc.on_rtt_sample(rtt, SimTime(self.now));
                self.cc.on_ack(&self.ack_event(acked, Some(rtt), cw));
                self.snd_una += acked;
                self.timeouts_in_a_row = 0;
                if self.in_recovery {
                    // NewReno partial ACK: deflate, add back one SMSS.
                    self.cwnd = (self.cwnd - acked as f64 + self.mss).max(self.mss);
                } else {
                    let mut st = CcState {
                        cwnd: self.cwnd,
                        ssthresh: self.ssthresh,
                        mss: self.mss,
                        rwnd: self.rwnd,
                        growth: self.growth,
                        abc_bytes: self.abc_bytes,
                    };
                    self.cc.on_new_ack_open(acked, &mut st);
                    prop_assert!(
                        st.cwnd.is_finite() && st.cwnd >= self.mss,
                        "{id} growth: cwnd {}",
                        st.cwnd
                    );
                    prop_assert!(
                        st.ssthresh.is_finite() && st.ssthresh > 0.0,
                        "{id} growth: ssthresh {}",
                        st.ssthresh
                    );
                    prop_assert!(st.abc_bytes.is_finite() && st.abc_bytes >= 0.0);
                    self.cwnd = st.cwnd;
                    self.ssthresh = st.ssthresh;
                    self.abc_bytes = st.abc_bytes;
                }
                // The sender refills the window now.
                self.last_send = self.now;
            }
            Op::DupAck { cw, ack_gap_us } => {
                self.now += 1_000 + ack_gap_us as u64 * 1_000;
                self.cc.on_ack(&self.ack_event(0, None, cw));
                if self.in_recovery {
                    self.cwnd += self.mss;
                }
            }
            Op::FastRetransmit if !self.in_recovery => {
                let ctx = self.loss_ctx(false);
                let r = self.cc.on_fast_retransmit(&ctx);
                self.check_reaction(r, &ctx, "3rd dupACK")?;
                self.ssthresh = r.ssthresh;
                self.cwnd_base = r.cwnd_base;
                self.cwnd = r.cwnd_base + 3.0 * self.mss;
                self.in_recovery = true;
                self.last_send = self.now;
            }
            Op::FastRetransmit => {}
            Op::RecoveryExit if self.in_recovery => {
                let c = self.cc.on_recovery_exit(self.cwnd_base);
                prop_assert!(c.is_finite() && c >= self.mss, "{id} exit: cwnd {c}");
                self.cwnd = c;
                self.in_recovery = false;
            }
            Op::RecoveryExit => {}
            Op::Rto => {
                let ctx = self.loss_ctx(self.timeouts_in_a_row > 0);
                let r = self.cc.on_rto(&ctx);
                self.check_reaction(r, &ctx, "RTO")?;
                self.ssthresh = r.ssthresh;
                self.cwnd = r.cwnd_base.max(self.mss);
                self.abc_bytes = 0.0;
                self.in_recovery = false;
                self.timeouts_in_a_row += 1;
                self.last_send = self.now;
            }
            Op::Advance { ms } => self.now += ms as u64 * 1_000_000,
        }
        prop_assert!(
            self.cwnd.is_finite() && self.cwnd >= self.mss,
            "{id}: cwnd {}",
            self.cwnd
        );
        prop_assert!(
            self.ssthresh.is_finite() && self.ssthresh > 0.0,
            "{id}: ssthresh {}",
            self.ssthresh
        );
        if let Some(rate) = self.cc.pacing_rate_bps() {
            prop_assert!(rate.is_finite() && rate > 0.0, "{id}: pacing {rate}");
        }
        Ok(())
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 96, ..ProptestConfig::default() })]

    #[test]
    fn every_variant_survives_random_event_sequences(
        ops in prop::collection::vec(op(), 1..250),
        mss in prop_oneof![Just(256.0), Just(536.0), Just(1000.0), Just(1448.0), Just(1460.0)],
        rwnd_segments in 2u32..400,
        byte_counting in any::<bool>(),
    ) {
        let growth = if byte_counting { CwndGrowth::Byte } else { CwndGrowth::Packet };
        for id in AVAILABLE {
            let mut h = Harness::new(id, mss, rwnd_segments as f64 * mss, growth);
            for o in &ops {
                h.apply(o)?;
            }
        }
    }
}

#[test]
fn build_returns_every_available_id() {
    for id in AVAILABLE {
        assert_eq!(build(id, &[]).id(), *id);
    }
}
