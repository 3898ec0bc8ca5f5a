//! Paired ratios (metric M10): "cell A over cell B on the same seeds" with a 95 %
//! confidence interval, for gains and reductions against a baseline run on the same error
//! patterns — [GB04] §4.3 Fig. 14's 35 % reduction, [NJ+] §4's goodput gains, [LJ] §4.3's I_mp.
//!
//! Replication r of every sweep point runs with seed `seed + r` ([`crate::sweep`]), so two cells
//! of points with the same scenario seed are paired replication by replication. From the n pairs
//! (a_r, b_r) where both are defined:
//!
//! ```text
//! R      = Σ a_r / Σ b_r                      (= mean(a) / mean(b) over the pairs)
//! d_r    = a_r − R · b_r                      (paired residuals; Σ d_r = 0)
//! SE(R)  = sd(d) / (√n · mean(b))             (first-order, "ratio estimator")
//! CI95   = R ± t_{0.975, n−1} · SE(R)         (n = 1: both bounds equal R)
//! ```
//!
//! Why this and not the mean of the per-replication ratios a_r / b_r: the papers' "reduced by 35
//! %" and "gains 19 %" compare averages (the aggregate over error patterns), which is R, the same
//! number the unpaired `ratio` check uses; a mean of ratios weights a replication with a small
//! b_r heavily and is biased upward (Jensen). The residuals d_r keep the pairing: the seed's shared
//! luck (a bad error pattern slows both cells) cancels in a_r − R·b_r, so the interval is much
//! narrower than one built from two independent CIs. The first-order interval is good when
//! mean(b) is many SE(b) from 0, which the checks' denominators (throughputs) are.
//!
//! Streaming ([`PairStats`]): R needs every pair before the residuals exist, so the
//! pairs are not kept; instead each pair (a_r, b_r) updates Σa, Σb (in replication order, so R
//! has the bytes of the list form) and Welford co-moments of (e_r, b_r) with e_r = a_r − K·b_r,
//! K the first pair's ratio a/b (a pivot fixed before the second pair; pairs before one with
//! b ≠ 0 have e = a whatever K). With δ = R − K, d_r − d̄ = (e_r − ē) − δ·(b_r − b̄), so
//!
//! ```text
//! Σ(d − d̄)² = C_ee − 2δ·C_eb + δ²·C_bb
//! ```
//! The pivot keeps the cancellation small: when the ratio is the same on every seed, e_r ≈ 0
//! and δ ≈ 0, and the interval stays a point (as the list form's residuals do).

use crate::stats::{student_t_quantile, MeanCi};

/// Running state of one paired ratio: O(1) whatever the number of replications.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct PairStats {
    n: u64,
    sum_a: f64,
    sum_b: f64,
    pivot: Option<f64>,
    mean_e: f64,
    mean_b: f64,
    c_ee: f64,
    c_bb: f64,
    c_eb: f64,
}

impl PairStats {
    /// Add the next replication's pair (a_r, b_r).
    pub fn push(&mut self, a: f64, b: f64) {
        if self.pivot.is_none() && b != 0.0 {
            self.pivot = Some(a / b);
        }
        let e = a - self.pivot.unwrap_or(0.0) * b;
        self.n += 1;
        self.sum_a += a;
        self.sum_b += b;
        let n = self.n as f64;
        let (de, db) = (e - self.mean_e, b - self.mean_b);
        self.mean_e += de / n;
        self.mean_b += db / n;
        let (de2, db2) = (e - self.mean_e, b - self.mean_b);
        self.c_ee += de * de2;
        self.c_bb += db * db2;
        self.c_eb += de * db2;
    }

    /// Pairs seen.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// Σa/Σb and its 95 % CI; `None` without pairs or when Σb is 0.
    pub fn ci95(&self) -> Option<MeanCi> {
        let n = self.n as usize;
        if n == 0 || self.sum_b == 0.0 {
            return None;
        }
        let r = self.sum_a / self.sum_b;
        let half = if n >= 2 {
            let delta = r - self.pivot.unwrap_or(0.0);
            let ss = (self.c_ee - 2.0 * delta * self.c_eb + delta * delta * self.c_bb).max(0.0);
            let s = libm::sqrt(ss / (n - 1) as f64);
            let mean_b = self.sum_b / n as f64;
            student_t_quantile(0.975, (n - 1) as f64) * s / (libm::sqrt(n as f64) * mean_b.abs())
        } else {
            0.0
        };
        Some(MeanCi {
            mean: r,
            low: r - half,
            high: r + half,
            n,
        })
    }
}

/// The paired ratio Σa / Σb over `pairs` and its 95 % CI (see the module docs); `None` without
/// pairs or when Σb is 0.
pub fn ratio_ci(pairs: &[(f64, f64)]) -> Option<MeanCi> {
    let mut st = PairStats::default();
    pairs.iter().for_each(|&(a, b)| st.push(a, b));
    st.ci95()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn paired_ratio_by_hand() {
        // a = b · 0.8 exactly on every seed: R = 0.8 with no spread, whatever b does.
        let c = ratio_ci(&[(80.0, 100.0), (40.0, 50.0), (160.0, 200.0)]).unwrap();
        assert!((c.mean - 0.8).abs() < 1e-12);
        assert!((c.high - c.low).abs() < 1e-12);
        assert_eq!(c.n, 3);
        // Pairs (1, 2) and (3, 2): R = 4/4 = 1; d = (−1, 1), sd = √2; mean(b) = 2;
        // SE = √2 / (√2 · 2) = 0.5; t(0.975, 1) = 12.706 → half-width 6.353.
        let c = ratio_ci(&[(1.0, 2.0), (3.0, 2.0)]).unwrap();
        assert_eq!(c.mean, 1.0);
        assert!((c.high - 1.0 - 6.3531).abs() < 1e-3, "{c:?}");
        // One pair: both bounds equal R; no pairs or Σb = 0: undefined.
        let c = ratio_ci(&[(3.0, 4.0)]).unwrap();
        assert_eq!((c.low, c.mean, c.high), (0.75, 0.75, 0.75));
        assert_eq!(ratio_ci(&[]), None);
        assert_eq!(ratio_ci(&[(1.0, 0.0)]), None);
    }

    #[test]
    fn pairing_narrows_the_interval_against_seed_luck() {
        // Each seed scales both cells alike (a bad error pattern slows both): the ratio is 0.7
        // throughout, so the paired CI is a point although each cell spreads widely.
        let pairs: Vec<(f64, f64)> = [50.0, 120.0, 80.0, 200.0]
            .iter()
            .map(|&b| (0.7 * b, b))
            .collect();
        let c = ratio_ci(&pairs).unwrap();
        assert!((c.mean - 0.7).abs() < 1e-12 && (c.high - c.low) < 1e-9);
    }

    /// The list form (two passes over the kept pairs), the reference for the streaming one.
    fn two_pass(pairs: &[(f64, f64)]) -> MeanCi {
        let n = pairs.len();
        let (sa, sb) = pairs
            .iter()
            .fold((0.0, 0.0), |(x, y), (a, b)| (x + a, y + b));
        let r = sa / sb;
        let d: Vec<f64> = pairs.iter().map(|(a, b)| a - r * b).collect();
        let s = crate::stats::sample_sd(&d).unwrap();
        let half = student_t_quantile(0.975, (n - 1) as f64) * s
            / (libm::sqrt(n as f64) * (sb / n as f64));
        MeanCi {
            mean: r,
            low: r - half,
            high: r + half,
            n,
        }
    }

    #[test]
    fn streaming_matches_the_two_pass_form() {
        let pairs: Vec<(f64, f64)> = (0..500)
            .map(|i| {
                let b = 400.0 + 90.0 * libm::sin(i as f64);
                (0.65 * b + 20.0 * libm::cos(3.0 * i as f64), b)
            })
            .collect();
        for k in [2, 3, 30, 500] {
            let (c, d) = (ratio_ci(&pairs[..k]).unwrap(), two_pass(&pairs[..k]));
            assert_eq!(c.mean, d.mean, "R is the same sums in the same order");
            assert!(
                (c.high - d.high).abs() < 1e-12 && (c.low - d.low).abs() < 1e-12,
                "{c:?} {d:?}"
            );
        }
        // A zero denominator first: the pivot waits for a pair with b ≠ 0.
        let c = ratio_ci(&[(1.0, 0.0), (3.0, 2.0), (5.0, 4.0)]).unwrap();
        let d = two_pass(&[(1.0, 0.0), (3.0, 2.0), (5.0, 4.0)]);
        assert_eq!(c.mean, d.mean);
        assert!((c.high - d.high).abs() < 1e-12);
    }
}
