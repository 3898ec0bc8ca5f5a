//! NCPLD, Samaraweera's non-congestion packet loss detection, as described by Lim & Jang
//! (their eq. 3 and the pipe-size equation; docs/design.md §5.4, A10).
//!
//! ```text
//! pipe-size sample between two RTT samples (T_{k−1}, cwnd_{k−1}) → (T_k, cwnd_k), cwnd in segments:
//!   TotalPipeSize = ½·T_k·(cwnd_k − cwnd_{k−1}) / (T_k − T_{k−1})   when both differences > 0,
//!                   else unchanged                                   (segments)
//! B_TX ← (1 − g)·B_TX + g·delivered/elapsed                             (segments/s, g = ⅛;
//!                                                                        first sample initialises)
//! knee RTT:  T_kp = BaseRTT + ½·T·(B_TX·BaseRTT) / TotalPipeSize                      (eq. 3)
//! congestion ⇔ T > T_kp   (T = latest RTT sample);  no estimate yet → congestion
//! ```
//! What the knee is. Past the knee a flow's extra window only queues, so its RTT grows by
//! ΔT = Δcwnd/B per extra segment, B being the rate at which the flow's own segments leave the
//! bottleneck: Δcwnd/ΔT is that rate (segments/s) and TotalPipeSize = ½·T·B. Eq. 3 then reads
//! `T_kp = BaseRTT + (B_TX·BaseRTT)/(Δcwnd/ΔT)·(T/T_k)`: BaseRTT plus the time the flow's
//! bottleneck share needs to drain one pipe (B_TX·BaseRTT segments) — the knee is BaseRTT plus
//! the queueing delay a pipe-sized backlog adds. When B_TX and Δcwnd/ΔT measure the same rate,
//! T_kp ≈ 2·BaseRTT: a loss with more than one bandwidth-delay product queued is congestion.
//! The test is only meaningful if B_TX and Δcwnd/ΔT are the same quantity, the flow's own
//! delivery rate averaged over a round trip, hence the two sampling knobs (docs/design.md A10):
//! - `btx_sampling = per_rtt` (default): one rate sample per RTT window (delivered segments
//!   since the window opened / its length, the window closing on the first ACK at least one
//!   latest-RTT after it opened, as Westwood+'s bandwidth sample, docs/design.md §2.3). `per_ack` averages
//!   per-ACK instantaneous rates d_k/(t_k − t_{k−1}) instead: ACKs of a flow sharing a bottleneck
//!   come back in bursts spaced by the bottleneck's service time, so that average is close to the
//!   whole bottleneck rate, not the flow's share (Lim & Jang Fig. 8(b), 16 flows on 2 Mbit/s:
//!   B_TX ≈ 200 segments/s for a flow delivering 14).
//! - `pipe_sampling = per_rtt` (default): the differences are taken between RTT samples one RTT
//!   apart (the first sample at least one reference-RTT after the previous reference), as in
//!   ns-2, which times one segment per RTT and was Lim & Jang's simulator. `per_ack` takes them
//!   between consecutive ACKs: the window then grows by only 1/cwnd while the RTT moves by the
//!   cross traffic queued between two of the flow's segments, so keeping the positive
//!   differences gives pipe sizes of about one segment (Fig. 8(b): 0.4–6) and a knee of several
//!   seconds, i.e. every loss "wireless".
//!
//! Ambiguity A10: the extracted pipe-size denominator reads "T_k − T_{k−1} − 1", which is not
//! dimensionally consistent; the "− 1" is taken as a transcription artefact. The B_TX gain is not
//! given; ⅛ is assumed. Crediting (our assumption; docs/design.md says only "acked segments"): Westwood's
//! duplicate-ACK-aware delivery accounting ([`AckCredit`], docs/design.md §2.2) — a duplicate ACK credits
//! one segment and the cumulative ACK that covers it does not count it again. ACKs arriving at
//! the same instant are pooled into the next sample. The RTT samples are the ones the sender
//! measured (after its `rtt_tick_ms` rounding), the same that T and BaseRTT come from.

use super::{Classifier, LossClassifier};
use crate::param::{set_bool, set_choice, set_f64, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckCredit, AckEvent, LossCtx, Truth, Verdict};
use crate::time::SimTime;
use serde_json::Value;

/// How often an estimate takes a sample (docs/design.md A10).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sampling {
    /// Once per round trip (default).
    PerRtt,
    /// On every ACK.
    PerAck,
}

/// Settings of NCPLD.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Gain of the B_TX EWMA (docs/design.md A10: ⅛).
    pub btx_gain: f64,
    /// Credit a segment per duplicate ACK (and subtract it from the next cumulative ACK); false
    /// = only newly acknowledged bytes count.
    pub dupack_credit: bool,
    /// B_TX rate samples: per RTT window (default) or per ACK.
    pub btx_sampling: Sampling,
    /// Pipe-size differences: between samples one RTT apart (default) or consecutive ACKs.
    pub pipe_sampling: Sampling,
}

impl Default for Params {
    /// Gain ⅛, duplicate-ACK crediting on, both estimates sampled once per RTT.
    fn default() -> Self {
        Params {
            btx_gain: 0.125,
            dupack_credit: true,
            btx_sampling: Sampling::PerRtt,
            pipe_sampling: Sampling::PerRtt,
        }
    }
}

/// Catalog text of `ncpld`.
pub(super) const INFO: Info = Info {
    id: "ncpld",
    title: "NCPLD",
    description: "A loss is congestion when the RTT is beyond the knee of the delay-versus-load curve.",
    reference: "Samaraweera, \"Non-congestion packet loss detection for TCP error recovery using wireless links\", IEE Proc. Commun. 146(4), 1999; Lim & Jang eq. 3",
};

/// The `ncpld` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(Ncpld::with_params(tuned(p))),
};

crate::choice_ids!(Sampling { PerRtt => "per_rtt", PerAck => "per_ack" });

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number("btx_gain", "", 0.001, 1.0, d.btx_gain, "Gain of the EWMA of the transmission rate B_TX (1/8)."),
            ParamSpec::boolean("dupack_credit", d.dupack_credit, "Credit a segment per duplicate ACK (and subtract it from the next cumulative ACK)."),
            ParamSpec::choice_of("btx_sampling", d.btx_sampling, "B_TX rate samples: delivered segments per RTT window, the flow's own rate (default), or per ACK, which measures the bottleneck's burst rate."),
            ParamSpec::choice_of("pipe_sampling", d.pipe_sampling, "Pipe-size differences Δcwnd/ΔT between RTT samples one RTT apart, as ns-2's one timed segment per RTT (default), or between consecutive ACKs."),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "btx_gain" => set_f64(&mut self.btx_gain, v),
            "dupack_credit" => set_bool(&mut self.dupack_credit, v),
            "btx_sampling" => set_choice(&mut self.btx_sampling, v),
            "pipe_sampling" => set_choice(&mut self.pipe_sampling, v),
            _ => unknown(name),
        }
    }
}

/// One RTT sample with the window and the time it was taken.
#[derive(Clone, Copy, Debug)]
struct PipePoint {
    at: SimTime,
    rtt_s: f64,
    cwnd_pkts: f64,
}

/// NCPLD classifier.
#[derive(Clone, Debug)]
pub struct Ncpld {
    params: Params,
    base_rtt_s: f64,
    last_rtt_s: f64,
    /// (T_{k−1}, cwnd_{k−1}) of the reference RTT sample of the pipe-size difference.
    prev_sample: Option<PipePoint>,
    /// TotalPipeSize, segments.
    pipe_pkts: Option<f64>,
    /// B_TX, segments/s.
    btx_pps: Option<f64>,
    /// Start of the current rate interval.
    prev_ack_at: Option<SimTime>,
    /// Segments credited since the last rate sample.
    pending_pkts: f64,
    /// Duplicate-ACK-aware delivery credit (docs/design.md §2.2).
    credit: AckCredit,
}

impl Ncpld {
    /// A classifier with the given settings.
    pub fn with_params(params: Params) -> Self {
        Ncpld {
            params,
            base_rtt_s: f64::INFINITY,
            last_rtt_s: 0.0,
            prev_sample: None,
            pipe_pkts: None,
            btx_pps: None,
            prev_ack_at: None,
            pending_pkts: 0.0,
            credit: AckCredit::default(),
        }
    }
    /// TotalPipeSize, segments (`None` before the first valid estimate).
    pub fn pipe_pkts(&self) -> Option<f64> {
        self.pipe_pkts
    }
    /// B_TX, segments per second (`None` before the first rate sample).
    pub fn btx_pps(&self) -> Option<f64> {
        self.btx_pps
    }
    /// T_kp, seconds, when both estimates exist.
    pub fn knee_rtt_s(&self) -> Option<f64> {
        match (self.pipe_pkts, self.btx_pps) {
            (Some(pipe), Some(btx)) => {
                Some(knee_rtt_s(self.base_rtt_s, self.last_rtt_s, btx, pipe))
            }
            _ => None,
        }
    }

    /// Segments this ACK reports delivered.
    fn credit_pkts(&mut self, ack: &AckEvent) -> f64 {
        let bytes = if self.params.dupack_credit {
            self.credit.credit(ack)
        } else {
            ack.acked_bytes as f64
        };
        bytes / ack.mss
    }

    /// Pipe-size update from the RTT sample `t` (already in `last_rtt_s`) of this ACK.
    fn pipe_sample(&mut self, ack: &AckEvent, t: f64) {
        let here = PipePoint {
            at: ack.now,
            rtt_s: t,
            cwnd_pkts: ack.cwnd / ack.mss,
        };
        let Some(prev) = self.prev_sample else {
            self.prev_sample = Some(here);
            return;
        };
        let due = match self.params.pipe_sampling {
            Sampling::PerAck => true,
            // one reference RTT has passed since the reference sample
            Sampling::PerRtt => ack.now.saturating_since(prev.at).as_secs_f64() >= prev.rtt_s,
        };
        if due {
            if let Some(p) = pipe_size(prev.rtt_s, prev.cwnd_pkts, t, here.cwnd_pkts) {
                self.pipe_pkts = Some(p);
            }
            self.prev_sample = Some(here);
        }
    }
}

impl Default for Ncpld {
    fn default() -> Self {
        Self::with_params(Params::default())
    }
}

/// Pipe size ½·T_k·Δcwnd/ΔT (segments), when Δcwnd > 0 and ΔT > 0.
pub fn pipe_size(t_prev: f64, cwnd_prev: f64, t: f64, cwnd: f64) -> Option<f64> {
    let (dc, dt) = (cwnd - cwnd_prev, t - t_prev);
    (dc > 0.0 && dt > 0.0).then(|| 0.5 * t * dc / dt)
}

/// Eq. 3: T_kp = BaseRTT + ½·T·(B_TX·BaseRTT)/TotalPipeSize, seconds.
pub fn knee_rtt_s(base_rtt_s: f64, t: f64, btx_pps: f64, pipe_pkts: f64) -> f64 {
    base_rtt_s + 0.5 * t * (btx_pps * base_rtt_s) / pipe_pkts
}

impl LossClassifier for Ncpld {
    fn id(&self) -> &'static str {
        "ncpld"
    }
    fn on_rtt_sample(&mut self, r: f64) {
        self.base_rtt_s = self.base_rtt_s.min(r);
        self.last_rtt_s = r;
    }
    fn on_ack(&mut self, ack: &AckEvent) {
        if ack.rtt_s.is_some() {
            // the sender hands the (tick-rounded) sample to on_rtt_sample just before
            self.pipe_sample(ack, self.last_rtt_s);
        }
        if !ack.duplicate && ack.acked_bytes == 0 {
            return; // an old ACK reports nothing delivered
        }
        self.pending_pkts += self.credit_pkts(ack);
        if let Some(prev) = self.prev_ack_at {
            let dt = ack.now.saturating_since(prev).as_secs_f64();
            let due = match self.params.btx_sampling {
                Sampling::PerAck => dt > 0.0,
                Sampling::PerRtt => dt > 0.0 && dt >= self.last_rtt_s,
            };
            if due {
                let r = self.pending_pkts / dt;
                let g = self.params.btx_gain;
                self.btx_pps = Some(self.btx_pps.map_or(r, |b| (1.0 - g) * b + g * r));
                self.pending_pkts = 0.0;
                self.prev_ack_at = Some(ack.now);
            }
        } else {
            self.pending_pkts = 0.0; // the first ACK only opens the first interval
            self.prev_ack_at = Some(ack.now);
        }
    }
    fn classify(&mut self, _ctx: &LossCtx, _truth: &Truth) -> Verdict {
        match self.knee_rtt_s() {
            Some(kp) if self.last_rtt_s <= kp => Verdict::Wireless,
            _ => Verdict::Congestion,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{ack_at, assert_close, loss_ctx, MSS};
    use super::*;
    use crate::packet::Cause;

    fn sampled_ack(now_ms: f64, acked_pkts: u64, rtt: f64, cwnd_pkts: f64) -> AckEvent {
        AckEvent {
            delivery: None,
            acked_bytes: acked_pkts * MSS as u64,
            rtt_s: Some(rtt),
            cwnd: cwnd_pkts * MSS,
            ..ack_at(now_ms)
        }
    }

    fn feed(n: &mut Ncpld, a: AckEvent) {
        if let Some(r) = a.rtt_s {
            n.on_rtt_sample(r);
        }
        n.on_ack(&a);
    }

    fn verdict(n: &mut Ncpld) -> Verdict {
        n.classify(&loss_ctx(0, 10.0), &Truth::new(Some(Cause::QueueOverflow)))
    }

    /// The per-ACK reading of both estimates (the implementation before the RTT-window fix).
    fn per_ack() -> Ncpld {
        Ncpld::with_params(Params {
            btx_sampling: Sampling::PerAck,
            pipe_sampling: Sampling::PerAck,
            ..Params::default()
        })
    }

    #[test]
    fn knee_by_hand_per_ack() {
        let mut n = per_ack();
        // ACK 1 at 0 ms: T = 0.10, cwnd 10 — opens the rate interval, no pipe estimate yet.
        feed(&mut n, sampled_ack(0.0, 1, 0.10, 10.0));
        // no TotalPipeSize yet
        assert_eq!(verdict(&mut n), Verdict::Congestion);
        // ACK 2 at 10 ms acks 1 segment: B_TX = 1/0.01 = 100 seg/s (first sample).
        // T = 0.12, cwnd 11: pipe = ½·0.12·(11 − 10)/(0.12 − 0.10) = 0.06/0.02 = 3 segments.
        feed(&mut n, sampled_ack(10.0, 1, 0.12, 11.0));
        assert_close(n.pipe_pkts().unwrap(), 3.0, 1e-9);
        assert_close(n.btx_pps().unwrap(), 100.0, 1e-9);
        // T_kp = 0.10 + ½·0.12·(100·0.10)/3 = 0.10 + 0.06·10/3 = 0.30 ≥ T = 0.12 → wireless
        assert_close(n.knee_rtt_s().unwrap(), 0.30, 1e-9);
        assert_eq!(verdict(&mut n), Verdict::Wireless);
        // ACK 3 at 30 ms acks 2 segments: rate 2/0.02 = 100 → B_TX stays 100.
        // T = 0.40, cwnd 11 (Δcwnd = 0): pipe stays 3.
        // T_kp = 0.10 + ½·0.40·10/3 = 0.10 + 0.6667 = 0.7667 ≥ 0.40 → wireless
        feed(&mut n, sampled_ack(30.0, 2, 0.40, 11.0));
        assert_close(n.pipe_pkts().unwrap(), 3.0, 1e-9);
        assert_close(n.knee_rtt_s().unwrap(), 0.10 + 0.2 * 10.0 / 3.0, 1e-9);
        // ACK 4 at 40 ms acks 1: rate 100. T = 0.60, cwnd 21: pipe = ½·0.6·10/0.2 = 15.
        // T_kp = 0.10 + ½·0.6·10/15 = 0.10 + 0.2 = 0.30 < T = 0.60 → congestion
        feed(&mut n, sampled_ack(40.0, 1, 0.60, 21.0));
        assert_close(n.pipe_pkts().unwrap(), 15.0, 1e-9);
        assert_close(n.knee_rtt_s().unwrap(), 0.30, 1e-9);
        assert_eq!(verdict(&mut n), Verdict::Congestion);
    }

    /// On an empty path every RTT sample of a small window rounds to the same tick (ns-2's
    /// 10 ms): ΔT = 0 between samples one RTT apart, so the pipe size is never estimated, there
    /// is no knee, and every loss is congestion, whatever the window does.
    #[test]
    fn equal_ticked_samples_give_no_knee() {
        let mut n = Ncpld::default();
        for k in 0..40 {
            // one ACK per 150 ms RTT, the window growing by a segment each time
            feed(
                &mut n,
                sampled_ack(150.0 * k as f64, 1, 0.150, 2.0 + k as f64),
            );
        }
        assert!(n.btx_pps().is_some());
        assert_eq!(n.pipe_pkts(), None);
        assert_eq!(n.knee_rtt_s(), None);
        assert_eq!(verdict(&mut n), Verdict::Congestion);
        // one sample a tick higher, one RTT later, gives the estimate
        feed(&mut n, sampled_ack(6000.0, 1, 0.160, 43.0));
        assert!(n.pipe_pkts().is_some());
    }

    #[test]
    fn btx_ewma_and_dupack_credit() {
        let mut n = per_ack();
        feed(&mut n, sampled_ack(0.0, 1, 0.1, 10.0));
        // B_TX = 100
        feed(&mut n, sampled_ack(10.0, 1, 0.1, 10.0));
        // Two duplicate ACKs 10 ms apart credit one segment each: r = 100 → B_TX 100.
        let dup = |t| AckEvent {
            delivery: None,
            duplicate: true,
            ..ack_at(t)
        };
        n.on_ack(&dup(20.0));
        n.on_ack(&dup(30.0));
        assert_close(n.btx_pps().unwrap(), 100.0, 1e-9);
        // The cumulative ACK covering 3 segments at 40 ms credits 3 − 2 = 1: r = 100.
        n.on_ack(&AckEvent {
            delivery: None,
            acked_bytes: 3000,
            ..ack_at(40.0)
        });
        assert_close(n.btx_pps().unwrap(), 100.0, 1e-9);
        // Two ACKs at the same instant pool: 2 segments over the next 10 ms → r = 200;
        // B_TX = ⅞·100 + ⅛·200 = 112.5
        n.on_ack(&AckEvent {
            delivery: None,
            acked_bytes: 1000,
            ..ack_at(50.0)
        });
        assert_close(n.btx_pps().unwrap(), 100.0, 1e-9);
        n.on_ack(&AckEvent {
            delivery: None,
            acked_bytes: 1000,
            ..ack_at(50.0)
        });
        n.on_ack(&AckEvent {
            delivery: None,
            acked_bytes: 1000,
            ..ack_at(60.0)
        });
        // interval 50→60 ms carries the second 50 ms ACK and the 60 ms one: 2/0.01 = 200
        assert_close(n.btx_pps().unwrap(), 112.5, 1e-9);
    }

    #[test]
    fn pipe_needs_positive_differences() {
        // ΔT = 0, Δcwnd = 0, ΔT < 0: no estimate
        assert_eq!(pipe_size(0.1, 10.0, 0.1, 11.0), None);
        assert_eq!(pipe_size(0.1, 10.0, 0.2, 10.0), None);
        assert_eq!(pipe_size(0.2, 10.0, 0.1, 11.0), None);
        // ½·0.2·(12 − 10)/(0.2 − 0.1) = 2
        assert_close(pipe_size(0.1, 10.0, 0.2, 12.0).unwrap(), 2.0, 1e-12);
    }

    #[test]
    fn knee_formula_by_hand() {
        // T_kp = 0.1 + ½·0.3·(15·0.1)/2.25 = 0.1 + 0.15·1.5/2.25 = 0.2
        assert_close(knee_rtt_s(0.1, 0.3, 15.0, 2.25), 0.2, 1e-12);
        // When B_TX equals Δcwnd/ΔT and T = T_k, the knee is 2·BaseRTT whatever the load:
        // pipe = ½·T·B → T_kp = BaseRTT + ½·T·B·BaseRTT/(½·T·B) = 2·BaseRTT.
        for (t, b) in [(0.2, 10.0), (0.35, 15.0), (1.0, 240.0)] {
            let pipe = pipe_size(t - 1.0 / b, 7.0, t, 8.0).unwrap(); // Δcwnd = 1, ΔT = 1/B
            assert_close(pipe, 0.5 * t * b, 1e-9);
            assert_close(knee_rtt_s(0.14, t, b, pipe), 0.28, 1e-9);
        }
    }

    /// A flow that gets 10 of the bottleneck's segments per second while its ACKs come back in
    /// pairs 4 ms apart (the bottleneck's service time), one pair every 200 ms; BaseRTT 0.1 s,
    /// RTT 0.3 s and rising 0.1 s per segment of window (ΔT = Δcwnd/B).
    fn paced_flow(n: &mut Ncpld) {
        for k in 0..40u32 {
            let base_ms = 200.0 * k as f64;
            let cwnd = 4.0 + 0.1 * k as f64; // +1 segment per 2 s (= per 10 pairs)
            let t = 0.3 + 0.1 * (cwnd - 4.0); // s
            if k == 0 {
                n.on_rtt_sample(0.1); // the path's base RTT, seen once
            }
            feed(n, sampled_ack(base_ms, 1, t, cwnd));
            feed(n, sampled_ack(base_ms + 4.0, 1, t, cwnd));
        }
    }

    #[test]
    fn per_rtt_estimates_measure_the_flows_own_rate() {
        let mut n = Ncpld::default();
        paced_flow(&mut n);
        // B_TX: windows close on the first ACK ≥ one latest RTT (0.3..0.69 s) after they open —
        // every 400 ms (4 segments) at first, 600 ms (6 segments) later: 10 segments/s each time.
        assert_close(n.btx_pps().unwrap(), 10.0, 1e-6);
        // pipe: Δcwnd/ΔT = 0.1/0.01 = 10 segments/s per sample pair, pipe = ½·T_k·10.
        // last update at the ACK of k = 39 or earlier; T_k ≤ T(39) = 0.69
        let pipe = n.pipe_pkts().unwrap();
        assert!(
            (0.5 * 0.3 * 10.0..=0.5 * 0.69 * 10.0 + 1e-9).contains(&pipe),
            "{pipe}"
        );
        // T_kp = 0.1 + ½·0.69·(10·0.1)/pipe ≈ 2·BaseRTT (exactly, when T_k = T)
        let kp = n.knee_rtt_s().unwrap();
        assert!((0.19..=0.21).contains(&kp), "T_kp {kp}");
        // T = 0.69 > T_kp → congestion
        assert_eq!(verdict(&mut n), Verdict::Congestion);
    }

    #[test]
    fn per_ack_estimates_see_the_bottleneck_burst_rate() {
        // The same flow read per ACK: rate samples alternate 1/0.004 = 250 and 1/0.196 ≈ 5.1
        // segments/s, whose EWMA sits near their mean ≈ 128 — 13× the flow's 10 segments/s;
        // the pipe difference within a pair has ΔT = 0 (no update), across pairs Δcwnd/ΔT = 10.
        let mut n = per_ack();
        paced_flow(&mut n);
        let btx = n.btx_pps().unwrap();
        assert!(btx > 100.0, "B_TX {btx}");
        // T_kp = 0.1 + ½·T·(B_TX·0.1)/(½·T_k·10) ≈ 0.1 + B_TX/100 > 1 s ≫ T: wireless
        assert!(n.knee_rtt_s().unwrap() > 1.0);
        assert_eq!(verdict(&mut n), Verdict::Wireless);
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        use crate::param::testing::{check_tunable, round_trip};
        check_tunable::<Params>();
        round_trip::<Sampling>();
    }
}
