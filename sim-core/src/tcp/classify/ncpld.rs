//! NCPLD, Samaraweera's non-congestion packet loss detection, as described by Lim & Jang
//! (their eq. 3 and the pipe-size equation; SPEC §5.4, A10).
//!
//! ```text
//! every ACK k with an RTT sample T_k (cwnd_k = window before the ACK, segments):
//!   TotalPipeSize = ½·T_k·(cwnd_k − cwnd_{k−1}) / (T_k − T_{k−1})   when both differences > 0,
//!                   else unchanged                                   (segments)
//! every ACK at sender time t_k, crediting d_k delivered segments:
//!   B_TX ← ⅞·B_TX + ⅛·d_k/(t_k − t_{k−1})     (segments/s; the first sample initialises B_TX)
//! knee RTT:  T_kp = BaseRTT + ½·T·(B_TX·BaseRTT) / TotalPipeSize                      (eq. 3)
//! congestion ⇔ T > T_kp   (T = latest RTT sample);  no pipe-size estimate yet → congestion
//! ```
//! Ambiguity A10: the extracted pipe-size denominator reads "T_k − T_{k−1} − 1", which is not
//! dimensionally consistent; the "− 1" is taken as a transcription artefact. The B_TX gain is not
//! given; ⅛ is assumed. Crediting (our assumption; SPEC says only "acked segments"): Westwood's
//! duplicate-ACK-aware delivery accounting ([`AckCredit`], SPEC §2.2) — a duplicate ACK credits
//! one segment and the cumulative ACK that covers it does not count it again. ACKs arriving at
//! the same instant are pooled into the next sample.

use super::{LossClassifier, Truth, Verdict};
use crate::tcp::cc::{AckCredit, AckEvent, LossCtx};
use crate::time::SimTime;

/// Settings of NCPLD.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// Gain of the B_TX EWMA (SPEC A10: ⅛).
    pub btx_gain: f64,
    /// Credit a segment per duplicate ACK (and subtract it from the next cumulative ACK); false
    /// = only newly acknowledged bytes count.
    pub dupack_credit: bool,
}

impl Default for Params {
    /// Gain ⅛, duplicate-ACK crediting on.
    fn default() -> Self {
        Params {
            btx_gain: 0.125,
            dupack_credit: true,
        }
    }
}

/// NCPLD classifier.
#[derive(Clone, Debug)]
pub struct Ncpld {
    params: Params,
    base_rtt_s: f64,
    last_rtt_s: f64,
    /// (T_{k−1}, cwnd_{k−1}) of the previous ACK with an RTT sample.
    prev_sample: Option<(f64, f64)>,
    /// TotalPipeSize, segments.
    pipe_pkts: Option<f64>,
    /// B_TX, segments/s.
    btx_pps: Option<f64>,
    prev_ack_at: Option<SimTime>,
    /// Segments credited since the last rate sample.
    pending_pkts: f64,
    /// Duplicate-ACK-aware delivery credit (SPEC §2.2).
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
        if let Some(t) = ack.rtt_s {
            let cwnd = ack.cwnd / ack.mss;
            if let Some((t_prev, c_prev)) = self.prev_sample {
                if let Some(p) = pipe_size(t_prev, c_prev, t, cwnd) {
                    self.pipe_pkts = Some(p);
                }
            }
            self.prev_sample = Some((t, cwnd));
        }
        if !ack.duplicate && ack.acked_bytes == 0 {
            return; // an old ACK reports nothing delivered
        }
        self.pending_pkts += self.credit_pkts(ack);
        if let Some(prev) = self.prev_ack_at {
            let dt = ack.now.saturating_since(prev).as_secs_f64();
            if dt > 0.0 {
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

    #[test]
    fn knee_by_hand() {
        let mut n = Ncpld::default();
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

    #[test]
    fn btx_ewma_and_dupack_credit() {
        let mut n = Ncpld::default();
        feed(&mut n, sampled_ack(0.0, 1, 0.1, 10.0));
        // B_TX = 100
        feed(&mut n, sampled_ack(10.0, 1, 0.1, 10.0));
        // Two duplicate ACKs 10 ms apart credit one segment each: r = 100 → B_TX 100.
        let dup = |t| AckEvent {
            duplicate: true,
            ..ack_at(t)
        };
        n.on_ack(&dup(20.0));
        n.on_ack(&dup(30.0));
        assert_close(n.btx_pps().unwrap(), 100.0, 1e-9);
        // The cumulative ACK covering 3 segments at 40 ms credits 3 − 2 = 1: r = 100.
        n.on_ack(&AckEvent {
            acked_bytes: 3000,
            ..ack_at(40.0)
        });
        assert_close(n.btx_pps().unwrap(), 100.0, 1e-9);
        // Two ACKs at the same instant pool: 2 segments over the next 10 ms → r = 200;
        // B_TX = ⅞·100 + ⅛·200 = 112.5
        n.on_ack(&AckEvent {
            acked_bytes: 1000,
            ..ack_at(50.0)
        });
        assert_close(n.btx_pps().unwrap(), 100.0, 1e-9);
        n.on_ack(&AckEvent {
            acked_bytes: 1000,
            ..ack_at(50.0)
        });
        n.on_ack(&AckEvent {
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
}
