//! The adaptive threshold's state at each loss, as sweep metrics (Lim & Jang §3.2
//! "Impact of overestimated Tp on T0", Fig. 4; docs/design.md §5.6).
//!
//! Lim & Jang's classifier ([`crate::tcp::classify::adaptive_threshold`]) calls a loss congestion
//! when the latest RTT sample T exceeds T̄ + T_dev·(2·(Tp/T)^k − 1). Its **boundary T0** is the T at
//! which both sides are equal: samples above T0 mean congestion, below it a wireless loss. Tp is
//! the smallest RTT sample the flow has seen. A connection that opens on an already loaded path
//! never sees the empty path, so its Tp is too large, and so is its T0. Fig. 4 plots both errors
//! for 12 new connections joining 12 old ones.
//!
//! At every loss the flow's adaptive threshold judges (each fast retransmit; the flow's own
//! classifier if it is `adaptive_threshold`, else the first `adaptive_threshold` among its shadow
//! classifiers), with its T̄, T_dev, k and Tp estimate at that moment:
//!
//! - `tp_estimate_s` = its Tp estimate;
//! - `tp_overestimate_pct` = 100 · (Tp − Tp_true) / Tp_true;
//! - `t0_s` = T0 with its own Tp;
//! - `t0_error_pct` = 100 · (T0(Tp) − T0(Tp_true)) / T0(Tp_true), the same T̄, T_dev and k on
//!   both sides: how far the overestimate alone moves the boundary (signed: positive when the
//!   boundary is too high, so more losses are called wireless).
//!
//! **Tp_true** is the smallest RTT sample the flow could take, known to the simulator and not to
//! the sender: the round trip of its handshake through empty queues — the one-way delays of the
//! data route and the ACK route plus serialising a SYN-sized packet (the flow's pure-ACK size) on
//! every link of both. The SYN–SYN-ACK exchange gives each flow its first RTT sample, so a flow
//! that opens on an idle path measures exactly this (a full data segment's round trip is longer
//! by its serialisation: 8 ms per Mbit/s-link for 1000 bytes, which would make the old flows'
//! Tp look *under*estimated). Rounded like the flow's RTT samples (to the nearest
//! `rtt_tick_ms`, at least one tick), so a tick's rounding alone is not an error.
//!
//! A flow's value is the mean over its judged losses; none judged (or no adaptive threshold on
//! the flow): undefined. Group and `sum` rows pool the losses of their flows (every loss counts
//! once), like the accuracies.
//!
//! T0 is found by bisection: T − threshold(T) increases with T (the threshold falls as T grows,
//! for T_dev ≥ 0), is negative near T = 0 for k > 0 and non-negative at max(T̄ + T_dev, Tp).

use crate::tcp::classify::adaptive_threshold::{boundary_s, RttStats};

/// The metric names, in CSV order.
pub const METRICS: [&str; 4] = [
    "tp_estimate_s",
    "tp_overestimate_pct",
    "t0_s",
    "t0_error_pct",
];

/// Whether `m` is one of [`METRICS`].
pub fn is_metric(m: &str) -> bool {
    METRICS.contains(&m)
}

/// Sums over the judged losses of one flow (metrics only).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ThresholdTally {
    /// Losses judged.
    pub n: u64,
    /// Σ Tp estimate, s.
    pub tp_s: f64,
    /// Σ Tp overestimate, %.
    pub tp_over_pct: f64,
    /// Σ T0, s.
    pub t0_s: f64,
    /// Σ T0 error, %.
    pub t0_err_pct: f64,
}

impl ThresholdTally {
    /// One loss judged with statistics `s` and exponent `k`, on a path whose base RTT is
    /// `tp_true_s`.
    pub fn record(&mut self, s: &RttStats, k: f64, tp_true_s: f64) {
        let t0 = boundary_s(s.mean_s, s.dev_s, s.tp_s, k);
        let t0_true = boundary_s(s.mean_s, s.dev_s, tp_true_s, k);
        self.n += 1;
        self.tp_s += s.tp_s;
        self.t0_s += t0;
        if tp_true_s > 0.0 {
            self.tp_over_pct += 100.0 * (s.tp_s - tp_true_s) / tp_true_s;
        }
        if t0_true > 0.0 {
            self.t0_err_pct += 100.0 * (t0 - t0_true) / t0_true;
        }
    }

    /// Add another tally (pooling flows).
    pub fn add(&mut self, o: &ThresholdTally) {
        self.n += o.n;
        self.tp_s += o.tp_s;
        self.tp_over_pct += o.tp_over_pct;
        self.t0_s += o.t0_s;
        self.t0_err_pct += o.t0_err_pct;
    }

    /// The mean of metric `m` over the losses (None without a loss or for another name).
    pub fn value(&self, m: &str) -> Option<f64> {
        if self.n == 0 {
            return None;
        }
        let n = self.n as f64;
        match m {
            "tp_estimate_s" => Some(self.tp_s / n),
            "tp_overestimate_pct" => Some(self.tp_over_pct / n),
            "t0_s" => Some(self.t0_s / n),
            "t0_error_pct" => Some(self.t0_err_pct / n),
            _ => None,
        }
    }
}

/// The tally of a sender: its losses' sums and the path's base RTT (set by the engine).
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct ThresholdWatch {
    /// Tp_true, s (None until the engine sets it: nothing is recorded then).
    pub tp_true_s: Option<f64>,
    /// The sums.
    pub tally: ThresholdTally,
}

impl ThresholdWatch {
    /// A loss judged by an adaptive threshold in state `s` with exponent `k`.
    pub fn on_judged(&mut self, s: &RttStats, k: f64) {
        if let Some(tp) = self.tp_true_s {
            self.tally.record(s, k, tp);
        }
    }
}

/// Round a base RTT as the sender rounds its samples: to the nearest `tick_ms` tick, at least one
/// (no rounding for `tick_ms` ≤ 0).
pub fn round_to_tick(rtt_s: f64, tick_ms: f64) -> f64 {
    let tick = tick_ms * 1e-3;
    if tick > 0.0 {
        (rtt_s / tick).round().max(1.0) * tick
    } else {
        rtt_s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b}");
    }

    #[test]
    fn boundary_matches_spec_12_4() {
        // docs/design.md §12.4 (Fig. 3a): Tp 0.1, T̄ 0.2, T_dev 0.07, k = 3 → T0 = 0.1626 s.
        close(boundary_s(0.2, 0.07, 0.1, 3.0), 0.1626, 5e-5);
        // k = 0: the threshold is T̄ + T_dev whatever T is.
        close(boundary_s(0.2, 0.07, 0.1, 0.0), 0.27, 1e-12);
        // T_dev = 0: the threshold is T̄.
        close(boundary_s(0.2, 0.0, 0.1, 3.0), 0.2, 1e-12);
    }

    #[test]
    fn overestimate_by_hand_k1() {
        // k = 1: T = T̄ + T_dev·(2·Tp/T − 1)  ⇔  T² − (T̄ − T_dev)·T − 2·T_dev·Tp = 0,
        // T0 = ((T̄ − T_dev) + √((T̄ − T_dev)² + 8·T_dev·Tp)) / 2.
        // T̄ 0.2, T_dev 0.07: true Tp 0.1 → (0.13 + √(0.0169 + 0.056)) / 2 = (0.13 + 0.27)/2 = 0.2;
        // estimate 0.15 (50 % over) → (0.13 + √(0.0169 + 0.084)) / 2 = (0.13 + 0.317648)/2
        // = 0.223824, an error of 11.912 %.
        let s = RttStats {
            mean_s: 0.2,
            dev_s: 0.07,
            tp_s: 0.15,
            last_s: 0.25,
        };
        let mut t = ThresholdTally::default();
        t.record(&s, 1.0, 0.1);
        close(t.value("tp_estimate_s").unwrap(), 0.15, 1e-12);
        close(t.value("tp_overestimate_pct").unwrap(), 50.0, 1e-9);
        close(t.value("t0_s").unwrap(), 0.223824, 1e-6);
        close(t.value("t0_error_pct").unwrap(), 11.912, 1e-3);
        // A second loss with the true Tp: no error; the means halve.
        t.record(&RttStats { tp_s: 0.1, ..s }, 1.0, 0.1);
        close(t.value("tp_overestimate_pct").unwrap(), 25.0, 1e-9);
        close(t.value("t0_error_pct").unwrap(), 5.956, 1e-3);
        assert_eq!(ThresholdTally::default().value("t0_s"), None);
    }

    #[test]
    fn pooling_counts_every_loss_once() {
        let s = RttStats {
            mean_s: 0.2,
            dev_s: 0.07,
            tp_s: 0.2,
            last_s: 0.25,
        };
        let mut a = ThresholdTally::default();
        a.record(&s, 3.0, 0.1); // 100 % over
        let mut b = ThresholdTally::default();
        for _ in 0..3 {
            b.record(&RttStats { tp_s: 0.1, ..s }, 3.0, 0.1); // 0 % over
        }
        a.add(&b);
        close(a.value("tp_overestimate_pct").unwrap(), 25.0, 1e-9);
    }

    #[test]
    fn ticks_round_like_samples() {
        close(round_to_tick(0.1443, 10.0), 0.14, 1e-12);
        close(round_to_tick(0.0031, 10.0), 0.01, 1e-12);
        assert_eq!(round_to_tick(0.1443, 0.0), 0.1443);
    }
}
