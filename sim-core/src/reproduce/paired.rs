//! Paired ratios (issue 12, metric M10): "cell A over cell B on the same seeds" with a 95 %
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

use crate::stats::{sample_sd, student_t_quantile, MeanCi};

/// The paired ratio Σa / Σb over `pairs` and its 95 % CI (see the module docs); `None` without
/// pairs or when Σb is 0.
pub fn ratio_ci(pairs: &[(f64, f64)]) -> Option<MeanCi> {
    let n = pairs.len();
    let (sa, sb): (f64, f64) = pairs
        .iter()
        .fold((0.0, 0.0), |(x, y), (a, b)| (x + a, y + b));
    if n == 0 || sb == 0.0 {
        return None;
    }
    let r = sa / sb;
    let d: Vec<f64> = pairs.iter().map(|(a, b)| a - r * b).collect();
    let half = match sample_sd(&d) {
        Some(s) => {
            let mean_b = sb / n as f64;
            student_t_quantile(0.975, (n - 1) as f64) * s / (libm::sqrt(n as f64) * mean_b.abs())
        }
        None => 0.0,
    };
    Some(MeanCi {
        mean: r,
        low: r - half,
        high: r + half,
        n,
    })
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
}
