//! What code of one's own sees and answers (docs/design.md, "Your own classifier or congestion
//! control"): plain records in seconds and bytes, built from the sender's own [`AckEvent`] and
//! [`LossCtx`]; the browser's type hints and the Python docs are generated from these types.

use crate::tcp::signal::{AckEvent, LossCtx};
use serde::{Deserialize, Serialize};
use ts_rs::TS;

/// One ACK as the sender sees it when it arrives.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, TS)]
pub struct AckView {
    /// Arrival time at the sender, s.
    pub now_s: f64,
    /// The cumulative acknowledgement: every byte below it has arrived.
    pub ack: u64,
    /// Bytes this ACK newly acknowledges (0 for a duplicate).
    pub acked_bytes: u64,
    /// True when the ACK repeats the previous cumulative acknowledgement.
    pub duplicate: bool,
    /// Duplicate ACKs in a row, this one included (0 for a new ACK).
    pub dupacks: u32,
    /// True while the sender is in fast recovery.
    pub in_recovery: bool,
    /// The round-trip time measured from this ACK, s (`null` when it gives none).
    pub rtt_s: Option<f64>,
    /// Congestion window before this ACK, bytes.
    pub cwnd_bytes: f64,
    /// Segment size, bytes.
    pub mss_bytes: f64,
    /// First byte of the data segment that made the receiver send this ACK.
    pub data_seq: u64,
    /// When that segment was sent, s.
    pub data_sent_s: f64,
    /// When that segment reached the receiver, s (what receiver-side rules such as Biaz read).
    pub data_arrival_s: f64,
    /// When the receiver sent this ACK, s.
    pub ack_sent_s: f64,
    /// A router on the path marked the data as meeting congestion (when the path's queues warn).
    pub congestion_warning: bool,
}

impl AckView {
    /// The view of `ev`, the `dupacks`-th duplicate in a row.
    pub fn new(ev: &AckEvent, dupacks: u32) -> Self {
        AckView {
            now_s: ev.now.as_secs_f64(),
            ack: ev.ack,
            acked_bytes: ev.acked_bytes,
            duplicate: ev.duplicate,
            dupacks,
            in_recovery: ev.in_recovery,
            rtt_s: ev.rtt_s,
            cwnd_bytes: ev.cwnd,
            mss_bytes: ev.mss,
            data_seq: ev.trigger_seq,
            data_sent_s: ev.trigger_sent.as_secs_f64(),
            data_arrival_s: ev.data_arrival.as_secs_f64(),
            ack_sent_s: ev.receiver_ts.as_secs_f64(),
            congestion_warning: ev.cw_echo,
        }
    }
}

/// How a field of [`AckView`] is written in [`AckView::pack`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "snake_case")]
pub enum Packed {
    /// A number as it is.
    Number,
    /// A boolean as 1 or 0.
    Flag,
    /// A number, or NaN for `null`.
    Maybe,
}

impl AckView {
    /// The fields in the order [`AckView::pack`] writes them, with how each is written: a host
    /// that hands a batch over as numbers (the browser's worker) unpacks it by this list.
    pub const FIELDS: [(&'static str, Packed); 14] = [
        ("now_s", Packed::Number),
        ("ack", Packed::Number),
        ("acked_bytes", Packed::Number),
        ("duplicate", Packed::Flag),
        ("dupacks", Packed::Number),
        ("in_recovery", Packed::Flag),
        ("rtt_s", Packed::Maybe),
        ("cwnd_bytes", Packed::Number),
        ("mss_bytes", Packed::Number),
        ("data_seq", Packed::Number),
        ("data_sent_s", Packed::Number),
        ("data_arrival_s", Packed::Number),
        ("ack_sent_s", Packed::Number),
        ("congestion_warning", Packed::Flag),
    ];

    /// Append the ACK to `out` as [`AckView::FIELDS`] says.
    pub fn pack(&self, out: &mut Vec<f64>) {
        let flag = |b: bool| if b { 1.0 } else { 0.0 };
        out.extend_from_slice(&[
            self.now_s,
            self.ack as f64,
            self.acked_bytes as f64,
            flag(self.duplicate),
            self.dupacks as f64,
            flag(self.in_recovery),
            self.rtt_s.unwrap_or(f64::NAN),
            self.cwnd_bytes,
            self.mss_bytes,
            self.data_seq as f64,
            self.data_sent_s,
            self.data_arrival_s,
            self.ack_sent_s,
            flag(self.congestion_warning),
        ]);
    }
}

/// How the sender found a loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum Detection {
    /// Three duplicate ACKs (fast retransmit).
    DuplicateAcks,
    /// The retransmission timer expired.
    Timeout,
}

/// A loss the sender detected, with the round-trip statistics it keeps.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, TS)]
pub struct LossView {
    /// When the loss was detected, s.
    pub now_s: f64,
    /// First byte of the lost segment.
    pub seq: u64,
    /// How it was detected.
    pub detected_by: Detection,
    /// Bytes in flight when it was detected.
    pub flight_bytes: f64,
    /// Congestion window, bytes.
    pub cwnd_bytes: f64,
    /// Slow-start threshold, bytes.
    pub ssthresh_bytes: f64,
    /// Segment size, bytes.
    pub mss_bytes: f64,
    /// Smoothed round-trip time (RFC 6298), s.
    pub srtt_s: f64,
    /// The latest round-trip sample, s.
    pub last_rtt_s: f64,
    /// The smallest round-trip sample so far, s (0 before the first).
    pub min_rtt_s: f64,
    /// The largest round-trip sample so far, s.
    pub max_rtt_s: f64,
    /// The receiver said this segment arrived corrupted (when the flow's receiver notifies).
    pub corruption_notified: bool,
    /// A timeout that follows another without new data acknowledged in between.
    pub repeated_timeout: bool,
}

impl LossView {
    /// The view of `ctx`, found by `detected_by`.
    pub fn new(ctx: &LossCtx, detected_by: Detection) -> Self {
        LossView {
            now_s: ctx.now.as_secs_f64(),
            seq: ctx.seq,
            detected_by,
            flight_bytes: ctx.flight_bytes,
            cwnd_bytes: ctx.cwnd,
            ssthresh_bytes: ctx.ssthresh,
            mss_bytes: ctx.mss,
            srtt_s: ctx.srtt_s,
            last_rtt_s: ctx.last_rtt_s,
            min_rtt_s: ctx.min_rtt_s,
            max_rtt_s: ctx.max_rtt_s,
            corruption_notified: ctx.corruption_notified,
            repeated_timeout: ctx.repeated_timeout,
        }
    }
}

/// The window a congestion control may change on a new ACK.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, TS)]
pub struct WindowView {
    /// Congestion window, bytes.
    pub cwnd_bytes: f64,
    /// Slow-start threshold, bytes.
    pub ssthresh_bytes: f64,
    /// Segment size, bytes.
    pub mss_bytes: f64,
    /// The receiver's window, bytes: the congestion window grows no further once it is reached.
    pub rwnd_bytes: f64,
}

/// A congestion control's answer: the new values; a missing one stays as it is.
#[derive(Clone, Copy, Debug, Default, PartialEq, Serialize, Deserialize, TS)]
#[serde(deny_unknown_fields)]
pub struct WindowChange {
    /// The new congestion window, bytes.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub cwnd_bytes: Option<f64>,
    /// The new slow-start threshold, bytes.
    #[ts(optional)]
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub ssthresh_bytes: Option<f64>,
}

/// The largest window the sender keeps, bytes: RFC 7323's 2^30 with window scaling.
pub const MAX_WINDOW_BYTES: f64 = (1u64 << 30) as f64;

impl WindowChange {
    /// The sender's invariants on an answer (RFC 5681 §3.1): each value a finite number of
    /// bytes, the window at least one segment, the threshold at least two, neither above
    /// [`MAX_WINDOW_BYTES`]. A value equal to the current one (`now`: cwnd, ssthresh) is no
    /// change and always passes. The error names the value, what it was and the limit it broke.
    pub fn check(&self, mss: f64, now: (f64, f64)) -> Result<(), String> {
        let bound = |name: &str, v: Option<f64>, floor: f64, floor_words: &str, was: f64| {
            match v {
            None => Ok(()),
            Some(x) if x == was => Ok(()),
            Some(x) if !x.is_finite() => Err(format!("{name} must be a number of bytes (got {x})")),
            Some(x) if x < floor => Err(format!(
                "{name} must be at least {floor_words} ({floor} bytes); got {x}"
            )),
            Some(x) if x > MAX_WINDOW_BYTES => Err(format!(
                "{name} must be at most {MAX_WINDOW_BYTES} bytes (2^30, the largest TCP window); got {x}"
            )),
            Some(_) => Ok(()),
        }
        };
        bound("cwnd_bytes", self.cwnd_bytes, mss, "one segment", now.0)?;
        bound(
            "ssthresh_bytes",
            self.ssthresh_bytes,
            2.0 * mss,
            "two segments",
            now.1,
        )
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::classify::test_support::data_ack;

    #[test]
    fn the_packed_fields_are_the_records_fields_in_order_and_unpack_to_the_same_values() {
        let mut ev = data_ack(2896, 10.0, 35.0, 4344);
        ev.rtt_s = Some(0.05);
        ev.cw_echo = true;
        let view = AckView::new(&ev, 2);
        let json = serde_json::to_value(view).unwrap();
        let names: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(|k| k.as_str())
            .collect();
        let mut listed: Vec<&str> = AckView::FIELDS.iter().map(|(n, _)| *n).collect();
        listed.sort_unstable();
        let mut sorted = names.clone();
        sorted.sort_unstable();
        assert_eq!(listed, sorted, "every field packed once");
        let mut packed = Vec::new();
        view.pack(&mut packed);
        assert_eq!(packed.len(), AckView::FIELDS.len());
        for ((name, how), x) in AckView::FIELDS.iter().zip(&packed) {
            let back = match (how, &json[name]) {
                (Packed::Flag, serde_json::Value::Bool(b)) => *b == (*x == 1.0),
                (Packed::Maybe, serde_json::Value::Null) => x.is_nan(),
                (_, v) => v.as_f64() == Some(*x),
            };
            assert!(back, "{name}: packed {x}, record {}", json[name]);
        }
        view.pack(&mut packed);
        assert_eq!(packed.len(), 2 * AckView::FIELDS.len(), "appends");
    }
}
