//! Sample statistics for sweeps: mean, sample standard deviation and the Student-t confidence
//! interval of docs/design.md §9.
//!
//! ```text
//! mean  x̄ = Σx / n
//! s     = √( Σ(x − x̄)² / (n − 1) )                       (sample standard deviation)
//! CI95  = x̄ ± t_{0.975, n−1} · s / √n                      (n = 1 → both bounds equal x̄)
//! t-CDF P(T ≤ t) = 1 − ½·I_{ν/(ν+t²)}(ν/2, ½)  for t ≥ 0  (I = regularized incomplete beta)
//! ```
//! The quantile is computed, not looked up: [`student_t_quantile`] inverts the t CDF by bisection,
//! with the incomplete beta function evaluated by its continued fraction (modified Lentz) and
//! `libm::lgamma`, so it serves every ν from 1 up (ν = ∞ gives the normal quantile, 1.959 96…).
//!
//! Bounded quantities (a share, an accuracy, Jain's index: values in [lo, hi]) get an interval
//! that stays in range, [`bounded_ci`]: the t interval moved to the logit scale by the delta
//! method and back,
//!
//! ```text
//! p = (x̄ − lo) / (hi − lo)                  (the mean as a fraction of the range)
//! h = t_{0.975, n−1} · s / √n / (hi − lo)    (the t half-width, as a fraction)
//! logit p ± h / (p·(1 − p))  →  lo + (hi − lo) · expit(·)
//! ```
//! (a mean exactly at a bound has s = 0 — every value sits there — and keeps a point interval).

/// Arithmetic mean; `None` for no values. Computed as `x₀ + Σ(x − x₀)/n`, which is exact when
/// all values are equal (a plain `Σx/n` can be off by an ulp and fake a spread).
pub fn mean(x: &[f64]) -> Option<f64> {
    let &x0 = x.first()?;
    Some(x0 + x.iter().map(|v| v - x0).sum::<f64>() / x.len() as f64)
}

/// Sample standard deviation (n − 1 in the denominator); `None` for fewer than two values.
pub fn sample_sd(x: &[f64]) -> Option<f64> {
    if x.len() < 2 {
        return None;
    }
    let m = mean(x)?;
    let ss: f64 = x.iter().map(|v| (v - m) * (v - m)).sum();
    Some(libm::sqrt(ss / (x.len() - 1) as f64))
}

/// A mean with its two-sided 95 % Student-t confidence interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MeanCi {
    /// Sample mean.
    pub mean: f64,
    /// Lower bound, `mean − t·s/√n`.
    pub low: f64,
    /// Upper bound, `mean + t·s/√n`.
    pub high: f64,
    /// Number of values.
    pub n: usize,
}

/// Mean and 95 % CI of `x` (docs/design.md §9); `None` for no values. With one value both bounds equal the
/// mean (there is no spread to estimate).
pub fn ci95(x: &[f64]) -> Option<MeanCi> {
    let m = mean(x)?;
    let n = x.len();
    let half = match sample_sd(x) {
        Some(s) => student_t_quantile(0.975, (n - 1) as f64) * s / libm::sqrt(n as f64),
        None => 0.0,
    };
    Some(MeanCi {
        mean: m,
        low: m - half,
        high: m + half,
        n,
    })
}

/// The 95 % interval of a mean of values bounded to [`lo`, `hi`], kept inside the bounds: the
/// Student-t interval `c` carried to the logit scale by the delta method (module docs). The mean
/// is unchanged; the bounds are asymmetric around it.
pub fn bounded_ci(c: MeanCi, lo: f64, hi: f64) -> MeanCi {
    let w = hi - lo;
    let p = ((c.mean - lo) / w).clamp(0.0, 1.0);
    let h = (c.high - c.mean) / w;
    if h <= 0.0 || p <= 0.0 || p >= 1.0 {
        // No spread, or every value on a bound: a point (clamped into range).
        let m = lo + w * p;
        return MeanCi {
            mean: c.mean,
            low: m,
            high: m,
            n: c.n,
        };
    }
    let z = libm::log(p / (1.0 - p));
    let hz = h / (p * (1.0 - p));
    let expit = |x: f64| 1.0 / (1.0 + libm::exp(-x));
    MeanCi {
        mean: c.mean,
        low: lo + w * expit(z - hz),
        high: lo + w * expit(z + hz),
        n: c.n,
    }
}

/// ln B(a, b) = ln Γ(a) + ln Γ(b) − ln Γ(a + b).
fn ln_beta(a: f64, b: f64) -> f64 {
    libm::lgamma(a) + libm::lgamma(b) - libm::lgamma(a + b)
}

/// Continued fraction of the incomplete beta function (modified Lentz; Numerical Recipes §6.4).
fn beta_cf(a: f64, b: f64, x: f64) -> f64 {
    const TINY: f64 = 1e-300;
    const EPS: f64 = 1e-16;
    let (qab, qap, qam) = (a + b, a + 1.0, a - 1.0);
    let mut c = 1.0;
    let mut d = 1.0 - qab * x / qap;
    if d.abs() < TINY {
        d = TINY;
    }
    d = 1.0 / d;
    let mut h = d;
    // Enough terms for a, b up to ~1e8; the fraction needs O(√max(a, b)) of them.
    for m in 1..100_000 {
        let m = m as f64;
        let m2 = 2.0 * m;
        let aa = m * (b - m) * x / ((qam + m2) * (a + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        h *= d * c;
        let aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2));
        d = 1.0 + aa * d;
        if d.abs() < TINY {
            d = TINY;
        }
        c = 1.0 + aa / c;
        if c.abs() < TINY {
            c = TINY;
        }
        d = 1.0 / d;
        let del = d * c;
        h *= del;
        if (del - 1.0).abs() < EPS {
            break;
        }
    }
    h
}

/// Regularized incomplete beta function I_x(a, b) for a, b > 0 and x in [0, 1].
pub fn incomplete_beta(x: f64, a: f64, b: f64) -> f64 {
    if x <= 0.0 {
        return 0.0;
    }
    if x >= 1.0 {
        return 1.0;
    }
    let front = libm::exp(a * libm::log(x) + b * libm::log1p(-x) - ln_beta(a, b));
    if x < (a + 1.0) / (a + b + 2.0) {
        front * beta_cf(a, b, x) / a
    } else {
        1.0 - front * beta_cf(b, a, 1.0 - x) / b
    }
}

/// Standard normal CDF Φ(z) = ½·erfc(−z/√2).
pub fn normal_cdf(z: f64) -> f64 {
    0.5 * libm::erfc(-z / core::f64::consts::SQRT_2)
}

/// Student-t CDF with `df` degrees of freedom (`df = ∞` → the normal CDF).
pub fn student_t_cdf(t: f64, df: f64) -> f64 {
    if df.is_infinite() {
        return normal_cdf(t);
    }
    let tail = 0.5 * incomplete_beta(df / (df + t * t), df / 2.0, 0.5);
    if t >= 0.0 {
        1.0 - tail
    } else {
        tail
    }
}

/// Solve `cdf(q) = p` for q by bisection (cdf increasing).
fn invert(p: f64, cdf: impl Fn(f64) -> f64) -> f64 {
    if p == 0.5 {
        return 0.0;
    }
    // Work on the upper half and mirror: the t and normal laws are symmetric about 0.
    let (target, sign) = if p > 0.5 { (p, 1.0) } else { (1.0 - p, -1.0) };
    let (mut lo, mut hi) = (0.0f64, 1.0f64);
    while cdf(hi) < target && hi < 1e300 {
        lo = hi;
        hi *= 2.0;
    }
    for _ in 0..2000 {
        let mid = 0.5 * (lo + hi);
        if mid <= lo || mid >= hi {
            break;
        }
        if cdf(mid) < target {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    sign * 0.5 * (lo + hi)
}

/// Standard normal quantile Φ⁻¹(p) for p in (0, 1).
pub fn normal_quantile(p: f64) -> f64 {
    assert!(
        p > 0.0 && p < 1.0,
        "normal_quantile: p must lie in (0, 1), got {p}"
    );
    invert(p, normal_cdf)
}

/// Student-t quantile t_{p, df} for p in (0, 1) and df > 0 (`f64::INFINITY` → the normal quantile).
pub fn student_t_quantile(p: f64, df: f64) -> f64 {
    assert!(
        p > 0.0 && p < 1.0,
        "student_t_quantile: p must lie in (0, 1), got {p}"
    );
    assert!(
        df > 0.0,
        "student_t_quantile: df must be positive, got {df}"
    );
    if df.is_infinite() || df > 1e10 {
        return normal_quantile(p);
    }
    invert(p, |t| student_t_cdf(t, df))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn close(a: f64, b: f64, tol: f64) {
        assert!((a - b).abs() <= tol, "{a} vs {b} (tolerance {tol})");
    }

    #[test]
    fn t_quantiles_match_the_tables() {
        // Two-sided 95 % critical values, e.g. NIST/SEMATECH e-Handbook Table 1.3.6.7.2.
        close(student_t_quantile(0.975, 1.0), 12.706, 5e-4);
        close(student_t_quantile(0.975, 2.0), 4.303, 5e-4);
        close(student_t_quantile(0.975, 9.0), 2.262, 5e-4);
        close(student_t_quantile(0.975, 29.0), 2.045, 5e-4);
        close(student_t_quantile(0.975, 100.0), 1.984, 5e-4);
        close(student_t_quantile(0.975, 1e6), 1.960, 5e-4);
        close(student_t_quantile(0.975, f64::INFINITY), 1.959_964, 1e-6);
        // Closed forms: ν = 1 is Cauchy, t = tan(π(p − ½)); ν = 2: t = (2p − 1)·√(2 / (4p(1 − p))).
        close(
            student_t_quantile(0.975, 1.0),
            libm::tan(core::f64::consts::PI * 0.475),
            1e-9,
        );
        let p: f64 = 0.975;
        close(
            student_t_quantile(p, 2.0),
            (2.0 * p - 1.0) * libm::sqrt(2.0 / (4.0 * p * (1.0 - p))),
            1e-9,
        );
        // Symmetry and the lower tail.
        close(
            student_t_quantile(0.025, 29.0),
            -student_t_quantile(0.975, 29.0),
            1e-12,
        );
        assert_eq!(student_t_quantile(0.5, 7.0), 0.0);
    }

    #[test]
    fn t_quantile_decreases_towards_the_normal_one() {
        let mut last = f64::INFINITY;
        for df in 1..200 {
            let t = student_t_quantile(0.975, df as f64);
            assert!(t < last && t > 1.959_96, "df {df}: {t}");
            last = t;
        }
    }

    #[test]
    fn incomplete_beta_by_hand() {
        // I_x(1, 1) = x; I_x(a, 1) = x^a; I_½(a, a) = ½.
        close(incomplete_beta(0.3, 1.0, 1.0), 0.3, 1e-14);
        close(incomplete_beta(0.6, 3.0, 1.0), 0.216, 1e-14);
        close(incomplete_beta(0.5, 7.5, 7.5), 0.5, 1e-14);
        assert_eq!(incomplete_beta(0.0, 2.0, 3.0), 0.0);
        assert_eq!(incomplete_beta(1.0, 2.0, 3.0), 1.0);
    }

    #[test]
    fn a_shares_interval_stays_in_range() {
        // Accuracies 1.0 and 0.6 (n = 2): the t interval is 0.8 ± 12.706·0.2828/√2 = 0.8 ± 2.54,
        // far outside [0, 1]; the logit interval stays inside and holds the mean.
        let t = ci95(&[1.0, 0.6]).unwrap();
        assert!(t.low < 0.0 && t.high > 1.0, "{t:?}");
        let b = bounded_ci(t, 0.0, 1.0);
        assert!(
            b.low >= 0.0 && b.high <= 1.0 && b.low < b.mean && b.mean < b.high,
            "{b:?}"
        );
        // By hand: logit 0.8 = ln 4 = 1.386 29; h = 2.540 79 / 0.16 = 15.88; expit(1.386 − 15.88)
        // = 5.06e-7, expit(1.386 + 15.88) ≈ 1 − 3.2e-8.
        close(b.low, 1.0 / (1.0 + libm::exp(15.8799 - 1.38629)), 1e-8);
        // A narrow interval away from the bounds is nearly the t interval.
        let x: Vec<f64> = (0..30).map(|i| 0.5 + 0.01 * libm::sin(i as f64)).collect();
        let (t, b) = (ci95(&x).unwrap(), bounded_ci(ci95(&x).unwrap(), 0.0, 1.0));
        close(b.low, t.low, 1e-5);
        close(b.high, t.high, 1e-5);
        // Every value on the bound: a point at it.
        let one = bounded_ci(ci95(&[1.0, 1.0, 1.0]).unwrap(), 0.0, 1.0);
        assert_eq!((one.low, one.high), (1.0, 1.0));
        // Another range: values in [0, 100] %.
        let pct = bounded_ci(ci95(&[100.0, 60.0]).unwrap(), 0.0, 100.0);
        assert!(pct.low >= 0.0 && pct.high <= 100.0, "{pct:?}");
    }

    #[test]
    fn mean_sd_and_interval_by_hand() {
        // x = 2, 4, 4, 4, 5, 5, 7, 9: mean 5, Σ(x − 5)² = 32, s = √(32/7) = 2.138 09…
        let x = [2.0, 4.0, 4.0, 4.0, 5.0, 5.0, 7.0, 9.0];
        assert_eq!(mean(&x), Some(5.0));
        close(sample_sd(&x).unwrap(), libm::sqrt(32.0 / 7.0), 1e-12);
        // half width = t_{0.975,7} · s/√8 = 2.364 624 · 2.138 090 / 2.828 427 = 1.787 49…
        let ci = ci95(&x).unwrap();
        close(ci.high - ci.mean, 1.787_49, 1e-4);
        close(ci.mean - ci.low, ci.high - ci.mean, 1e-12);
        assert_eq!(ci.n, 8);
        // One value: no spread; no values: nothing.
        assert_eq!(
            ci95(&[3.5]),
            Some(MeanCi {
                mean: 3.5,
                low: 3.5,
                high: 3.5,
                n: 1
            })
        );
        assert_eq!(ci95(&[]), None);
        assert_eq!(sample_sd(&[1.0]), None);
        // Equal values: exactly no spread (Σx/n would give 958.594130201637 ± 2 ulp here).
        let same = [958.5941302016369; 10];
        assert_eq!(
            ci95(&same),
            Some(MeanCi {
                mean: same[0],
                low: same[0],
                high: same[0],
                n: 10
            })
        );
    }
}
