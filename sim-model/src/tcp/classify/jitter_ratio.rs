//! Jitter ratio (JTCP) as given by Lim & Jang eq. 4 (docs/design.md §5.5, A11), implemented literally.
//!
//! ```text
//!        (t_r(i) − t_s(i−w)) − (t_r(i−1) − t_s(i−1−w))
//! J_r = ───────────────────────────────────────────────        w = ⌊cwnd / SMSS⌋ at the 3rd dupACK
//!                  t_r(i) − t_s(i−w)
//! congestion ⇔ J_r > k/w,   k = 1
//! ```
//! t_s(j) = send time of segment j, t_r(j) = its arrival time at the receiver; segments are
//! indexed in sequence order (j = seq / SMSS) and i is the segment whose arrival produced the 3rd
//! duplicate ACK. Each ACK carries the send time (`trigger_sent`, the segment's TSval) and the
//! receiver arrival time (`data_arrival`) of the segment that triggered it; a bounded ring buffer
//! keeps (t_s, t_r) per ACKed segment index so that i − w and i − 1 − w can be looked up.
//!
//! Approximations: a segment's record is its latest ACKed transmission (a retransmission
//! replaces the original); with delayed ACKs only every second segment has a record. When any of
//! the four records is missing (not ACKed individually, lost, or older than the buffer) the loss
//! is judged congestion. Ambiguity A11: eq. 4 mixes arrival and send times one window apart and may
//! be garbled in extraction; the original JTCP compares receiver inter-arrival times with the
//! sender's sending intervals. Lim & Jang report this scheme labels most losses wireless.

use super::{Classifier, LossClassifier};
use crate::param::{set_f64, set_uint, tuned, unknown, Info, ParamSpec, Tunable};
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};
use crate::time::SimTime;
use serde_json::Value;

/// Settings of the jitter ratio.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Params {
    /// k in the threshold k/w (JTCP recommends 1).
    pub k: f64,
    /// Segments of (send, arrival) history kept; windows larger than this judge congestion.
    pub history_segments: usize,
}

impl Default for Params {
    /// k = 1; 1024 segments of history (windows up to 1 MB of 1000-byte segments).
    fn default() -> Self {
        Params {
            k: 1.0,
            history_segments: 1024,
        }
    }
}

/// Catalog text of `jitter_ratio`.
pub(super) const INFO: Info = Info {
    id: "jitter_ratio",
    title: "Jitter ratio",
    description: "A loss is congestion when the jitter ratio of the latest arrivals exceeds k/cwnd (JTCP's test).",
    reference: "Lim & Jang eq. 4",
};

/// The `jitter_ratio` entry of the classifier table.
pub(super) const CLASSIFIER: Classifier = Classifier {
    info: INFO,
    specs: Params::specs,
    build: |p| Box::new(JitterRatio::with_params(tuned(p))),
};

impl Tunable for Params {
    fn specs() -> Vec<ParamSpec> {
        let d = Self::default();
        vec![
            ParamSpec::number(
                "k",
                "",
                0.0,
                1000.0,
                d.k,
                "A loss is congestion when the jitter ratio exceeds k/cwnd (JTCP: 1).",
            ),
            ParamSpec::integer(
                "history_segments",
                "segments",
                2,
                65_536,
                d.history_segments as i64,
                "Send/arrival history kept; larger windows judge congestion.",
            ),
        ]
    }
    fn set(&mut self, name: &str, v: &Value) {
        match name {
            "k" => set_f64(&mut self.k, v),
            "history_segments" => set_uint(&mut self.history_segments, v),
            _ => unknown(name),
        }
    }
}

/// Timing of one ACKed segment.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Record {
    index: u64,
    sent: SimTime,
    arrived: SimTime,
}

/// Jitter-ratio classifier.
#[derive(Clone, Debug)]
pub struct JitterRatio {
    params: Params,
    ring: Vec<Option<Record>>,
    /// Index of the segment whose arrival triggered the latest ACK.
    latest: Option<u64>,
}

impl JitterRatio {
    /// A classifier with the given settings.
    pub fn with_params(params: Params) -> Self {
        JitterRatio {
            params,
            ring: vec![None; params.history_segments.max(2)],
            latest: None,
        }
    }

    fn record(&self, index: u64) -> Option<Record> {
        self.ring[(index % self.ring.len() as u64) as usize].filter(|r| r.index == index)
    }

    /// J_r for the latest arrival with window `w` segments (`None` if a record is missing).
    pub fn ratio(&self, w: u64) -> Option<f64> {
        let i = self.latest?;
        if i < w + 1 {
            return None;
        }
        let (ri, ri1) = (self.record(i)?, self.record(i - 1)?);
        let (si, si1) = (self.record(i - w)?, self.record(i - 1 - w)?);
        jitter_ratio(ri.arrived, si.sent, ri1.arrived, si1.sent)
    }
}

impl Default for JitterRatio {
    fn default() -> Self {
        Self::with_params(Params::default())
    }
}

/// Eq. 4 from t_r(i), t_s(i−w), t_r(i−1), t_s(i−1−w) (`None` if the denominator is not positive).
pub fn jitter_ratio(tr_i: SimTime, ts_iw: SimTime, tr_i1: SimTime, ts_i1w: SimTime) -> Option<f64> {
    let d_i = tr_i.0 as f64 - ts_iw.0 as f64;
    let d_i1 = tr_i1.0 as f64 - ts_i1w.0 as f64;
    (d_i > 0.0).then(|| (d_i - d_i1) / d_i)
}

impl LossClassifier for JitterRatio {
    fn id(&self) -> &'static str {
        "jitter_ratio"
    }
    fn on_ack(&mut self, ack: &AckEvent) {
        if ack.data_arrival == SimTime::ZERO {
            return;
        }
        let index = ack.trigger_seq / (ack.mss as u64).max(1);
        let slot = (index % self.ring.len() as u64) as usize;
        self.ring[slot] = Some(Record {
            index,
            sent: ack.trigger_sent,
            arrived: ack.data_arrival,
        });
        self.latest = Some(index);
    }
    fn classify(&mut self, ctx: &LossCtx, _truth: &Truth) -> Verdict {
        let w = ((ctx.cwnd / ctx.mss).floor() as u64).max(1);
        match self.ratio(w) {
            Some(j) if j <= self.params.k / w as f64 => Verdict::Wireless,
            _ => Verdict::Congestion,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::super::test_support::{assert_close, data_ack, loss_ctx};
    use super::*;
    use crate::packet::Cause;

    /// Segments 0..=12 sent every 10 ms (t_s(j) = 10·j ms), arriving after 100 ms plus
    /// `extra_ms(j)`; segment 9 is lost, so 10, 11, 12 produce the duplicate ACKs.
    fn pattern(extra_ms: impl Fn(u64) -> f64) -> JitterRatio {
        let mut jr = JitterRatio::default();
        for j in (0..=12u64).filter(|&j| j != 9) {
            let sent = 10.0 * j as f64;
            let cum = if j < 9 { (j + 1) * 1000 } else { 9000 };
            jr.on_ack(&data_ack(j * 1000, sent, sent + 100.0 + extra_ms(j), cum));
        }
        jr
    }

    fn verdict(jr: &mut JitterRatio, w: f64) -> Verdict {
        jr.classify(&loss_ctx(9000, w), &Truth::new(Some(Cause::QueueOverflow)))
    }

    #[test]
    fn steady_arrivals_have_zero_jitter() {
        // i = 12, w = 10: t_r(12) − t_s(2) = 220 − 20 = 200 ms; t_r(11) − t_s(1) = 210 − 10 = 200 ms
        // J_r = (200 − 200)/200 = 0 ≤ 1/10 → wireless
        let mut jr = pattern(|_| 0.0);
        assert_close(jr.ratio(10).unwrap(), 0.0, 1e-12);
        assert_eq!(verdict(&mut jr, 10.0), Verdict::Wireless);
    }

    #[test]
    fn small_queueing_jump_is_wireless() {
        // segment 12 arrives 5 ms late: D_i = 205, D_{i−1} = 200 → J_r = 5/205 = 0.0244 ≤ 0.1
        let mut jr = pattern(|j| if j == 12 { 5.0 } else { 0.0 });
        assert_close(jr.ratio(10).unwrap(), 5.0 / 205.0, 1e-9);
        assert_eq!(verdict(&mut jr, 10.0), Verdict::Wireless);
    }

    #[test]
    fn large_queueing_jump_is_congestion() {
        // segment 12 arrives 30 ms late: J_r = 30/230 = 0.1304 > 1/10 → congestion
        let mut jr = pattern(|j| if j == 12 { 30.0 } else { 0.0 });
        assert_close(jr.ratio(10).unwrap(), 30.0 / 230.0, 1e-9);
        assert_eq!(verdict(&mut jr, 10.0), Verdict::Congestion);
        // w = 4 (threshold ¼): D_i = t_r(12) − t_s(8) = 250 − 80 = 170 ms,
        // D_{i−1} = t_r(11) − t_s(7) = 210 − 70 = 140 ms; J_r = 30/170 = 0.176 ≤ 0.25 → wireless
        assert_close(jr.ratio(4).unwrap(), 30.0 / 170.0, 1e-9);
        assert_eq!(verdict(&mut jr, 4.9), Verdict::Wireless); // ⌊4.9⌋ = 4
    }

    #[test]
    fn missing_record_is_congestion() {
        // w = 2: i − 1 − w = 9, the lost segment, has no record
        let mut jr = pattern(|_| 0.0);
        assert_eq!(jr.ratio(2), None);
        assert_eq!(verdict(&mut jr, 2.0), Verdict::Congestion);
        // w = 12 reaches before segment 0
        assert_eq!(jr.ratio(12), None);
    }

    #[test]
    fn ring_forgets_old_segments() {
        let mut jr = JitterRatio::with_params(Params {
            history_segments: 8,
            ..Params::default()
        });
        for j in 0..=12u64 {
            jr.on_ack(&data_ack(
                j * 1000,
                10.0 * j as f64,
                10.0 * j as f64 + 100.0,
                (j + 1) * 1000,
            ));
        }
        assert!(jr.ratio(6).is_some()); // needs 12, 11, 6, 5: all within the last 8
        assert_eq!(jr.ratio(8), None); // needs 4 and 3, overwritten by 12 and 11
    }

    #[test]
    fn every_knob_has_its_default_and_a_setter() {
        crate::param::testing::check_tunable::<Params>();
    }
}
