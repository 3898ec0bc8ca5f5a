//! Streaming aggregation of a sweep ("sweeps stream each point's aggregates instead of
//! holding every sample"): one [`RowStats`] per (point, row) takes each replication's value as it
//! completes and keeps O(1) state, whatever the number of replications.
//!
//! ```text
//! x₀      the first defined value
//! S       = Σ (x − x₀)                 (in replication order, from 0.0)
//! mean    = x₀ + S / n                 (stats::mean's formula, term for term: the same bytes)
//! Welford   y = x − x₀;  δ = y − m;  m += δ / n;  M₂ += δ · (y − m)   (shifted data)
//! sd      = √(M₂ / (n − 1))             (n ≥ 2; stats::sample_sd gives the same up to rounding)
//! CI95    = mean ± t_{0.975, n−1} · sd / √n
//! ```
//! The mean is computed exactly as [`crate::stats::mean`] does on the whole list (the same
//! floating-point operations in the same order), so means are byte-identical to the list form.
//! The sum of squares cannot be: the two-pass form Σ(x − mean)² needs the mean before the first
//! value. Welford's M₂ on the shifted values is the same quantity with its own rounding, so `sd`,
//! `ci95_low` and `ci95_high` may differ from the list form in the last printed digits; it is the
//! more accurate of the two when the spread is small beside the mean (the two-pass form's x − x̄
//! carries x̄'s rounding, ε·|x̄|, into every term; x − x₀ is exact within a factor 2). Equal
//! values still give exactly M₂ = 0 (no fake spread).
//!
//! Values are fed in replication order (the caller's reorder buffer sees to it: the CLI's run
//! loop, `losslab aggregate`'s merge), so the bytes do not depend on threads or shards.

use super::{Point, Sample};
use crate::stats::{student_t_quantile, MeanCi};

/// Count, mean and second moment of one row's defined values, fed one at a time.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
pub struct RowStats {
    n: u64,
    x0: f64,
    shifted_sum: f64,
    /// Welford's running mean of x − x₀.
    welford_mean: f64,
    m2: f64,
}

impl RowStats {
    /// Add one value (the next replication's).
    pub fn push(&mut self, x: f64) {
        if self.n == 0 {
            self.x0 = x;
        }
        self.n += 1;
        // y = x − x₀ is exact when x and x₀ are within a factor 2 (Sterbenz), so the spread is
        // not drowned in the mean's magnitude (1899.1 ± 0.05 keeps its digits).
        let y = x - self.x0;
        self.shifted_sum += y;
        let delta = y - self.welford_mean;
        self.welford_mean += delta / self.n as f64;
        self.m2 += delta * (y - self.welford_mean);
    }

    /// Add a value that may be undefined (left out, as in the CSV's `n`).
    pub fn push_opt(&mut self, x: Option<f64>) {
        if let Some(x) = x {
            self.push(x);
        }
    }

    /// Values seen.
    pub fn n(&self) -> u64 {
        self.n
    }

    /// Mean (`None` before the first value), `x₀ + Σ(x − x₀)/n` as [`crate::stats::mean`].
    pub fn mean(&self) -> Option<f64> {
        (self.n > 0).then(|| self.x0 + self.shifted_sum / self.n as f64)
    }

    /// Sample standard deviation (n − 1 in the denominator); `None` below two values.
    pub fn sd(&self) -> Option<f64> {
        (self.n >= 2).then(|| libm::sqrt(self.m2.max(0.0) / (self.n - 1) as f64))
    }

    /// Mean and 95 % Student-t interval ([`crate::stats::ci95`]'s formula); `None` without values.
    pub fn ci95(&self) -> Option<MeanCi> {
        let m = self.mean()?;
        let n = self.n as usize;
        let half = match self.sd() {
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

    /// The CSV cells `mean,sd,ci95_low,ci95_high,n`.
    pub fn cells(&self) -> String {
        match self.ci95() {
            Some(c) => {
                let sd = self.sd().map(|s| s.to_string()).unwrap_or_default();
                format!("{},{sd},{},{},{}", c.mean, c.low, c.high, c.n)
            }
            None => ",,,,0".to_string(),
        }
    }

    /// Chan et al.'s parallel combination: `self` then `other` as if fed one list (count, mean
    /// and M₂ are exact up to rounding; the mean's bytes are those of one list only when the
    /// values are fed in order, which is why the CLI and `losslab aggregate` feed in order).
    pub fn merge(&mut self, other: &RowStats) {
        if other.n == 0 {
            return;
        }
        if self.n == 0 {
            *self = *other;
            return;
        }
        let (na, nb) = (self.n as f64, other.n as f64);
        let n = na + nb;
        // Both means in this x₀'s frame.
        let delta = other.welford_mean + (other.x0 - self.x0) - self.welford_mean;
        self.welford_mean += delta * nb / n;
        self.m2 += other.m2 + delta * delta * na * nb / n;
        // Re-centre the other's shifted sum on this x₀: Σ(x − x₀ₐ) = S_b + n_b·(x₀_b − x₀ₐ).
        self.shifted_sum += other.shifted_sum + nb * (other.x0 - self.x0);
        self.n += other.n;
    }
}

/// The running statistics of every row of one point.
#[derive(Clone, Debug, PartialEq)]
pub struct PointStats {
    rows: Vec<RowStats>,
    replications: u64,
}

impl PointStats {
    /// Empty statistics for `point`'s rows.
    pub fn new(point: &Point) -> PointStats {
        PointStats::with_rows(point.rows().len())
    }

    /// Empty statistics for `rows` rows.
    pub fn with_rows(rows: usize) -> PointStats {
        PointStats {
            rows: vec![RowStats::default(); rows],
            replications: 0,
        }
    }

    /// Add the next replication's sample (a value per row, `None` = undefined).
    pub fn push(&mut self, sample: &Sample) {
        self.replications += 1;
        for (i, r) in self.rows.iter_mut().enumerate() {
            r.push_opt(sample.get(i).copied().flatten());
        }
    }

    /// Replications seen.
    pub fn replications(&self) -> u64 {
        self.replications
    }

    /// Per row, in the point's row order.
    pub fn rows(&self) -> &[RowStats] {
        &self.rows
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::stats::{ci95, mean, sample_sd};

    fn fed(xs: &[f64]) -> RowStats {
        let mut r = RowStats::default();
        xs.iter().for_each(|&x| r.push(x));
        r
    }

    #[test]
    fn the_mean_is_the_list_forms_to_the_bit_and_the_sd_to_rounding() {
        let xs: Vec<f64> = (0..997)
            .map(|i| 300.0 + 37.0 * libm::sin(i as f64 * 1.7) + (i % 7) as f64 * 0.1)
            .collect();
        for k in [1, 2, 3, 10, 30, 200, 997] {
            let r = fed(&xs[..k]);
            assert_eq!(r.mean(), mean(&xs[..k]), "k = {k}");
            match (r.sd(), sample_sd(&xs[..k])) {
                (Some(a), Some(b)) => assert!((a - b).abs() <= 1e-12 * b, "{a} vs {b}"),
                (a, b) => assert_eq!(a, b),
            }
            let (c, d) = (r.ci95().unwrap(), ci95(&xs[..k]).unwrap());
            assert_eq!((c.mean, c.n), (d.mean, d.n));
            assert!((c.high - d.high).abs() <= 1e-9 && (c.low - d.low).abs() <= 1e-9);
        }
        // Equal values: exactly no spread.
        let r = fed(&[958.5941302016369; 10]);
        assert_eq!(r.sd(), Some(0.0));
        assert_eq!(
            r.ci95().map(|c| (c.low, c.high)),
            Some((958.5941302016369, 958.5941302016369))
        );
        assert_eq!(RowStats::default().cells(), ",,,,0");
        assert_eq!(fed(&[3.5]).cells(), "3.5,,3.5,3.5,1");
    }

    #[test]
    fn chan_merge_equals_one_pass_up_to_rounding() {
        let xs: Vec<f64> = (0..100).map(|i| (i * i % 17) as f64 + 0.25).collect();
        let whole = fed(&xs);
        for cut in [0, 1, 37, 99, 100] {
            let mut a = fed(&xs[..cut]);
            a.merge(&fed(&xs[cut..]));
            assert_eq!(a.n(), whole.n());
            assert!((a.mean().unwrap() - whole.mean().unwrap()).abs() < 1e-12);
            assert!((a.sd().unwrap() - whole.sd().unwrap()).abs() < 1e-12);
        }
    }

    #[test]
    fn state_is_constant_in_replications() {
        // The whole state of a point is one fixed-size RowStats per row: no Vec of samples grows.
        let mut p = PointStats::with_rows(5);
        let before = std::mem::size_of_val(p.rows()) + std::mem::size_of::<PointStats>();
        for r in 0..100_000u64 {
            p.push(&vec![
                Some(r as f64),
                None,
                Some(1.0),
                Some(-(r as f64)),
                None,
            ]);
        }
        let after = std::mem::size_of_val(p.rows()) + std::mem::size_of::<PointStats>();
        assert_eq!(before, after);
        assert_eq!(p.rows.capacity(), 5);
        assert_eq!(p.replications(), 100_000);
        assert_eq!(p.rows()[0].n(), 100_000);
        assert_eq!(p.rows()[1].n(), 0);
    }
}
