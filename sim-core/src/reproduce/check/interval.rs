//! The statistics a check compares and how one comparison is decided over its 95 % interval:
//! an estimate with its interval ([`Est`]), a comparison with a threshold ([`Cmp`]) that holds,
//! fails or is undecided, a form of several comparisons, and the verdict of a strict and a
//! direction form ([`verdict_of`]); the intervals of a difference and of a ratio of cells
//! (the rules are in the module docs of [`super`], `content/reproductions/FORMAT.md`,
//! "Checks and verdicts").

use super::Verdict;
use crate::stats::MeanCi;

/// A statistic with its 95 % interval: (low, estimate, high).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Est {
    /// Lower bound.
    pub low: f64,
    /// The estimate (a mean, a ratio of means, a difference).
    pub est: f64,
    /// Upper bound.
    pub high: f64,
}

impl Est {
    pub(super) fn of(c: &MeanCi) -> Est {
        Est {
            low: c.low,
            est: c.mean,
            high: c.high,
        }
    }

    pub(super) fn point(self) -> Est {
        Est {
            low: self.est,
            est: self.est,
            high: self.est,
        }
    }

    /// Half-width (the mean of the two sides; the sides differ for bounded and log intervals).
    pub(super) fn half(&self) -> f64 {
        0.5 * (self.high - self.low)
    }
}

/// How a statistic is compared with its threshold.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Op {
    /// s ≥ θ.
    Ge,
    /// s > θ: a tie fails.
    Gt,
    /// s ≤ θ.
    Le,
    /// s < θ: a tie fails.
    Lt,
}

/// One comparison's outcome over the interval.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tri {
    /// The whole interval is on the claim's side.
    Holds,
    /// The whole interval is on the other side.
    Fails,
    /// The interval straddles the threshold.
    Undecided,
}

/// A statistic compared with a threshold.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cmp {
    /// The statistic.
    pub s: Est,
    /// The comparison.
    pub op: Op,
    /// The threshold.
    pub threshold: f64,
}

impl Cmp {
    /// Holds, fails or undecided over the interval (module docs).
    pub fn decide(&self) -> Tri {
        let (lo, hi, t) = (self.s.low, self.s.high, self.threshold);
        let (holds, fails) = match self.op {
            Op::Ge => (lo >= t, hi < t),
            Op::Gt => (lo > t, hi <= t),
            Op::Le => (hi <= t, lo > t),
            Op::Lt => (hi < t, lo >= t),
        };
        if holds {
            Tri::Holds
        } else if fails {
            Tri::Fails
        } else {
            Tri::Undecided
        }
    }

    /// n' ≈ n · (half-width / distance)²: the replications that would likely shrink the interval
    /// off the threshold; `None` when the estimate sits on it.
    pub(super) fn replications_to_decide(&self, n: usize) -> Option<u64> {
        let d = (self.s.est - self.threshold).abs();
        if d == 0.0 || !d.is_finite() {
            return None;
        }
        let k = self.s.half() / d;
        let need = libm::ceil(n.max(2) as f64 * k * k);
        (need.is_finite() && need < 1e12).then(|| (need as u64).max(n as u64 + 1))
    }
}

/// A form: all its comparisons hold, one fails, or undecided; with the replications the
/// undecided ones would likely need.
pub(super) fn decide_all(cmps: &[Cmp], n: usize) -> (Tri, Option<u64>) {
    let tris: Vec<Tri> = cmps.iter().map(Cmp::decide).collect();
    if tris.contains(&Tri::Fails) {
        return (Tri::Fails, None);
    }
    if tris.iter().all(|t| *t == Tri::Holds) {
        return (Tri::Holds, None);
    }
    let mut need = Some(0u64);
    for (c, t) in cmps.iter().zip(&tris) {
        if *t == Tri::Undecided {
            need = match (need, c.replications_to_decide(n)) {
                (Some(a), Some(b)) => Some(a.max(b)),
                _ => None,
            };
        }
    }
    (Tri::Undecided, need)
}

/// The verdict of a strict form and an optional direction form (module docs), with the
/// suggested replication count when inconclusive.
pub fn verdict_of(strict: &[Cmp], direction: Option<&[Cmp]>, n: usize) -> (Verdict, Option<u64>) {
    let (s, s_need) = decide_all(strict, n);
    match (s, direction.map(|d| decide_all(d, n))) {
        (Tri::Holds, _) => (Verdict::Reproduced, None),
        (Tri::Fails, None) => (Verdict::NotReproduced, None),
        (Tri::Undecided, None) => (Verdict::Inconclusive, s_need),
        (Tri::Fails, Some((Tri::Holds, _))) => (Verdict::DirectionOnly, None),
        (Tri::Fails, Some((Tri::Fails, _))) => (Verdict::NotReproduced, None),
        (Tri::Fails, Some((Tri::Undecided, d_need))) => (Verdict::Inconclusive, d_need),
        (Tri::Undecided, Some(_)) => (Verdict::Inconclusive, s_need),
    }
}

/// x − k·y of two cells taken as independent (module docs).
pub(super) fn diff(x: Est, k: f64, y: Est) -> Est {
    let est = x.est - k * y.est;
    let h = libm::sqrt(x.half() * x.half() + k * k * y.half() * y.half());
    Est {
        low: est - h,
        est,
        high: est + h,
    }
}

/// Π num / Π den of independent cells, on the log scale (module docs).
pub(super) fn ratio_est(num_: &[Est], den: &[Est]) -> Est {
    let r =
        num_.iter().map(|e| e.est).product::<f64>() / den.iter().map(|e| e.est).product::<f64>();
    let all = num_.iter().chain(den);
    let rel = libm::sqrt(
        all.clone()
            .map(|e| (e.half() / e.est) * (e.half() / e.est))
            .sum(),
    );
    if all.clone().all(|e| e.est > 0.0) {
        Est {
            low: r * libm::exp(-rel),
            est: r,
            high: r * libm::exp(rel),
        }
    } else {
        let h = r.abs() * rel;
        Est {
            low: r - h,
            est: r,
            high: r + h,
        }
    }
}

pub(super) fn lower(s: Est, min: Option<f64>, strict_at_one: bool) -> Option<Cmp> {
    min.map(|t| Cmp {
        s,
        op: if strict_at_one && t == 1.0 {
            Op::Gt
        } else {
            Op::Ge
        },
        threshold: t,
    })
}

pub(super) fn upper(s: Est, max: Option<f64>, strict_at_one: bool) -> Option<Cmp> {
    max.map(|t| Cmp {
        s,
        op: if strict_at_one && t == 1.0 {
            Op::Lt
        } else {
            Op::Le
        },
        threshold: t,
    })
}

pub(super) fn cmp(s: Est, op: Op, threshold: f64) -> Cmp {
    Cmp { s, op, threshold }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn est(low: f64, est: f64, high: f64) -> Est {
        Est { low, est, high }
    }

    #[test]
    fn a_tie_fails_higher() {
        // "a higher than b" as a ratio with min 1: 1.000 against 1.000, no spread → not reproduced
        // (the old mean-only check passed 1.000 vs 1.000 as "much higher").
        let r = est(1.0, 1.0, 1.0);
        let strict = [lower(r, Some(1.0), true).unwrap()];
        let dir = [cmp(r, Op::Gt, 1.0)];
        assert_eq!(strict[0].op, Op::Gt);
        assert_eq!(
            verdict_of(&strict, Some(&dir), 5),
            (Verdict::NotReproduced, None)
        );
        // An ordering's first-above-last on two equal cells: the difference 0 fails "> 0".
        let d = diff(est(10.0, 10.0, 10.0), 1.0, est(10.0, 10.0, 10.0));
        assert_eq!(cmp(d, Op::Gt, 0.0).decide(), Tri::Fails);
        // A bound that is not 1 keeps ≥: exactly on 1.5 holds.
        assert_eq!(
            lower(est(1.5, 1.5, 1.5), Some(1.5), true).unwrap().decide(),
            Tri::Holds
        );
    }

    #[test]
    fn an_interval_across_the_threshold_is_inconclusive_with_a_count() {
        // r = 1.119 with half-width 0.25 (n = 5) against min 1.1: the interval 0.869 … 1.369
        // straddles 1.1 → inconclusive; n' = 5 · (0.25 / 0.019)² = 865.6 → 866.
        let r = est(0.869, 1.119, 1.369);
        let strict = [lower(r, Some(1.1), true).unwrap()];
        let dir = [cmp(r, Op::Gt, 1.0)];
        let (v, n) = verdict_of(&strict, Some(&dir), 5);
        assert_eq!(v, Verdict::Inconclusive);
        assert_eq!(n, Some(866));
        // The same means with a narrow interval decide it.
        let r = est(1.109, 1.119, 1.129);
        let strict = [lower(r, Some(1.1), true).unwrap()];
        assert_eq!(verdict_of(&strict, None, 5).0, Verdict::Reproduced);
        // Strict form ruled out, direction straddling 1: inconclusive (between direction only
        // and not reproduced), the count from the direction form.
        let r = est(0.95, 1.02, 1.09);
        let strict = [lower(r, Some(1.5), true).unwrap()];
        let dir = [cmp(r, Op::Gt, 1.0)];
        let (v, n) = verdict_of(&strict, Some(&dir), 4);
        assert_eq!(v, Verdict::Inconclusive);
        // 4 · (0.07 / 0.02)² = 49
        assert_eq!(n, Some(49));
        // Wholly on the other side: not reproduced; strict out, direction in: direction only.
        let low = est(0.5, 0.6, 0.7);
        assert_eq!(
            verdict_of(
                &[lower(low, Some(1.5), true).unwrap()],
                Some(&[cmp(low, Op::Gt, 1.0)]),
                5
            )
            .0,
            Verdict::NotReproduced
        );
        let mid = est(1.1, 1.2, 1.3);
        assert_eq!(
            verdict_of(
                &[lower(mid, Some(1.5), true).unwrap()],
                Some(&[cmp(mid, Op::Gt, 1.0)]),
                5
            )
            .0,
            Verdict::DirectionOnly
        );
        // A mean exactly on the threshold: no count would decide it.
        let on = est(0.9, 1.0, 1.1);
        assert_eq!(
            verdict_of(&[cmp(on, Op::Gt, 1.0)], None, 5),
            (Verdict::Inconclusive, None)
        );
    }

    #[test]
    fn ratio_intervals_combine_on_the_log_scale() {
        // a = 200 ± 20, b = 100 ± 10: r = 2, ln r ± √(0.1² + 0.1²) = ± 0.1414.
        let r = ratio_est(&[est(180.0, 200.0, 220.0)], &[est(90.0, 100.0, 110.0)]);
        assert_eq!(r.est, 2.0);
        assert!((r.high - 2.0 * libm::exp(0.02f64.sqrt())).abs() < 1e-12);
        assert!((r.low - 2.0 * libm::exp(-(0.02f64.sqrt()))).abs() < 1e-12);
        // A difference's half-width: √(3² + 4²) = 5.
        let d = diff(est(7.0, 10.0, 13.0), 1.0, est(0.0, 4.0, 8.0));
        assert_eq!((d.low, d.est, d.high), (1.0, 6.0, 11.0));
    }
}
