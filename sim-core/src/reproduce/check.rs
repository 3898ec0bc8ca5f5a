//! The `expect` checks of a reproduction and their verdicts (`content/reproductions/FORMAT.md`,
//! "Checks"). Every check compares the *means* of aggregated sweep cells; each has a strict form
//! and a weaker *direction* form derived from it:
//!
//! | kind | strict | direction |
//! |---|---|---|
//! | `range` | min ≤ v ≤ max | v in the file's wider `direction` interval, if it gives one (else none) |
//! | `ratio` | min ≤ r ≤ max, r = a/b or (a/b)/(c/d) | r > 1 if min ≥ 1; r < 1 if max ≤ 1; none if [min, max] holds 1 |
//! | `ordering` | v₀ ≥ v₁·(1+m) ≥ …, each step, and v₀ > v_last | v₀ > v_last |
//! | `shape` increasing | v_{i+1} ≥ v_i − t·\|v_i\| each step, and v_last > v₀ | v_last > v₀ |
//! | `shape` decreasing | v_{i+1} ≤ v_i + t·\|v_i\| each step, and v_last < v₀ | v_last < v₀ |
//! | `shape` flat | max − min ≤ t·max\|v\| | \|v_last − v₀\| ≤ t·max(\|v₀\|, \|v_last\|) |
//! | `shape` max_at x | v(x) ≥ max − t·\|max\| | v(x) ≥ v₀ and v(x) ≥ v_last |
//!
//! A `ratio` with `"paired": true` reads a and b replication by replication (same seeds) and
//! takes r = Σa/Σb with a paired CI ([`super::paired`]); the forms are those of `ratio`.
//!
//! (m: `margin`, t: `tolerance`, both relative.) Verdict: `reproduced` when the strict form
//! holds, else `direction only` when the direction form holds, else `not reproduced`. A cell
//! without a value (no replication defined it) makes the check `not reproduced`.

use super::{num, CellRef, Cells, Plot};
use crate::stats::MeanCi;

/// A claim's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// The strict form holds.
    Reproduced,
    /// Only the direction form holds.
    DirectionOnly,
    /// Neither holds (or a cell has no value).
    NotReproduced,
}

impl Verdict {
    /// As the report writes it.
    pub fn text(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::DirectionOnly => "direction only",
            Verdict::NotReproduced => "not reproduced",
        }
    }
}

/// The form a `shape` check asks of a series along x.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape {
    /// Rising.
    Increasing,
    /// Falling.
    Decreasing,
    /// Level within the tolerance.
    Flat,
    /// Largest at the cell of index `.0` (into the checked range), whose mapped x is `.1`.
    MaxAt(usize, f64),
}

/// A machine check on cells of the aggregated sweep.
#[derive(Clone, Debug, PartialEq)]
pub enum Check {
    /// One value within [min, max] (a missing bound is unbounded).
    Range {
        /// The cell.
        cell: CellRef,
        /// Lower bound.
        min: Option<f64>,
        /// Upper bound.
        max: Option<f64>,
        /// A wider interval for the direction form, if the file gives one.
        direction: Option<(Option<f64>, Option<f64>)>,
    },
    /// a / b within [min, max]; with `relative_to` (c, d): (a/b) / (c/d) within [min, max].
    Ratio {
        /// Numerator.
        a: CellRef,
        /// Denominator.
        b: CellRef,
        /// The ratio c/d that a/b is compared with, if any (a trend of a ratio).
        relative_to: Option<(CellRef, CellRef)>,
        /// Lower bound.
        min: Option<f64>,
        /// Upper bound.
        max: Option<f64>,
        /// a and b on the same seeds: r is Σa/Σb over the replications both define, with a
        /// paired 95 % CI ([`super::paired`], M10). Not with `relative_to`.
        paired: bool,
    },
    /// Cells in non-increasing order, each at least `margin` (relative) above the next.
    Ordering {
        /// The cells, largest first.
        cells: Vec<CellRef>,
        /// Relative margin.
        margin: f64,
    },
    /// A series along x.
    Shape {
        /// Index into the plot's series.
        series: usize,
        /// First and last cell (inclusive) of the series taken.
        from: usize,
        /// Last cell, inclusive.
        to: usize,
        /// The form.
        shape: Shape,
        /// Relative tolerance.
        tolerance: f64,
    },
}

fn bounds(lo: Option<f64>, what: &str, hi: Option<f64>) -> String {
    match (lo, hi) {
        (Some(l), Some(h)) => format!("{} ≤ {what} ≤ {}", num(l), num(h)),
        (Some(l), None) => format!("{what} ≥ {}", num(l)),
        (None, Some(h)) => format!("{what} ≤ {}", num(h)),
        (None, None) => format!("{what} any"),
    }
}

fn within(v: f64, lo: Option<f64>, hi: Option<f64>) -> bool {
    lo.is_none_or(|l| v >= l) && hi.is_none_or(|h| v <= h)
}

fn show(c: &MeanCi) -> String {
    if c.n > 1 {
        format!("{} ± {}", num(c.mean), num(c.high - c.mean))
    } else {
        num(c.mean)
    }
}

fn verdict(strict: bool, direction: bool) -> Verdict {
    if strict {
        Verdict::Reproduced
    } else if direction {
        Verdict::DirectionOnly
    } else {
        Verdict::NotReproduced
    }
}

impl Check {
    /// The kind's name in a file.
    pub fn kind(&self) -> &'static str {
        match self {
            Check::Range { .. } => "range",
            Check::Ratio { .. } => "ratio",
            Check::Ordering { .. } => "ordering",
            Check::Shape { .. } => "shape",
        }
    }

    /// The cells the check reads, in order.
    pub fn cells<'a>(&'a self, plot: &'a Plot) -> Vec<&'a CellRef> {
        match self {
            Check::Range { cell, .. } => vec![cell],
            Check::Ratio {
                a, b, relative_to, ..
            } => match relative_to {
                Some((c, d)) => vec![a, b, c, d],
                None => vec![a, b],
            },
            Check::Ordering { cells, .. } => cells.iter().collect(),
            Check::Shape {
                series, from, to, ..
            } => plot.series[*series].cells[*from..=*to]
                .iter()
                .map(|(_, _, c)| c)
                .collect(),
        }
    }

    /// Verdict, what LossLab measured and the strict and direction forms, worded.
    pub fn evaluate(&self, cells: &Cells<'_>, plot: &Plot) -> (Verdict, String, String) {
        let refs = self.cells(plot);
        let values: Vec<Option<MeanCi>> = refs.iter().map(|c| cells.get(c)).collect();
        let missing: Vec<&str> = refs
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.is_none())
            .map(|(c, _)| c.label.as_str())
            .collect();
        let test = self.forms();
        if !missing.is_empty() {
            return (
                Verdict::NotReproduced,
                format!("no value for {}", missing.join("; ")),
                test,
            );
        }
        let cis: Vec<MeanCi> = values.into_iter().flatten().collect();
        let v: Vec<f64> = cis.iter().map(|c| c.mean).collect();
        match self {
            Check::Range {
                min,
                max,
                direction,
                ..
            } => {
                let strict = within(v[0], *min, *max);
                let dir = direction.is_some_and(|(l, h)| within(v[0], l, h));
                (verdict(strict, dir), show(&cis[0]), test)
            }
            Check::Ratio {
                min,
                max,
                paired: true,
                a,
                b,
                ..
            } => {
                let Some(c) = cells.paired(a, b) else {
                    return (
                        Verdict::NotReproduced,
                        "undefined: no replication pairs a and b on one seed with b ≠ 0".into(),
                        test,
                    );
                };
                let r = c.mean;
                let strict = within(r, *min, *max);
                let dir = match ratio_direction(*min, *max) {
                    Some(true) => r > 1.0,
                    Some(false) => r < 1.0,
                    None => false,
                };
                (
                    verdict(strict, dir),
                    format!(
                        "{} (paired 95 % CI {} … {}, {} seeds; a {} / b {})",
                        num(r),
                        num(c.low),
                        num(c.high),
                        c.n,
                        show(&cis[0]),
                        show(&cis[1])
                    ),
                    test,
                )
            }
            Check::Ratio { min, max, .. } => {
                if v.iter().skip(1).step_by(2).any(|d| *d == 0.0) {
                    return (
                        Verdict::NotReproduced,
                        format!(
                            "undefined: a denominator is 0 ({})",
                            v.iter().map(|x| num(*x)).collect::<Vec<_>>().join(", ")
                        ),
                        test,
                    );
                }
                let mut r = v[0] / v[1];
                let mut text = format!("{} ({} / {})", num(r), show(&cis[0]), show(&cis[1]));
                if v.len() == 4 {
                    let base = v[2] / v[3];
                    r /= base;
                    text = format!(
                        "{} (a/b {} = {} / {}; c/d {} = {} / {})",
                        num(r),
                        num(v[0] / v[1]),
                        show(&cis[0]),
                        show(&cis[1]),
                        num(base),
                        show(&cis[2]),
                        show(&cis[3])
                    );
                }
                let strict = within(r, *min, *max);
                let dir = match ratio_direction(*min, *max) {
                    Some(true) => r > 1.0,
                    Some(false) => r < 1.0,
                    None => false,
                };
                (verdict(strict, dir), text, test)
            }
            Check::Ordering { margin, .. } => {
                let steps = v.windows(2).all(|w| w[0] >= w[1] + margin * w[1].abs());
                let ends = v[0] > v[v.len() - 1];
                (
                    verdict(steps && ends, ends),
                    v.iter().map(|x| num(*x)).collect::<Vec<_>>().join(", ")
                        + " (in the claimed order)",
                    test,
                )
            }
            Check::Shape {
                series,
                from,
                shape,
                tolerance: t,
                ..
            } => {
                let (first, last) = (v[0], v[v.len() - 1]);
                let (strict, dir) = match shape {
                    Shape::Increasing => (
                        v.windows(2).all(|w| w[1] >= w[0] - t * w[0].abs()) && last > first,
                        last > first,
                    ),
                    Shape::Decreasing => (
                        v.windows(2).all(|w| w[1] <= w[0] + t * w[0].abs()) && last < first,
                        last < first,
                    ),
                    Shape::Flat => {
                        let hi = v.iter().cloned().fold(f64::MIN, f64::max);
                        let lo = v.iter().cloned().fold(f64::MAX, f64::min);
                        let big = v.iter().map(|x| x.abs()).fold(0.0, f64::max);
                        (
                            hi - lo <= t * big,
                            (last - first).abs() <= t * first.abs().max(last.abs()),
                        )
                    }
                    Shape::MaxAt(k, _) => {
                        let hi = v.iter().cloned().fold(f64::MIN, f64::max);
                        (v[*k] >= hi - t * hi.abs(), v[*k] >= first && v[*k] >= last)
                    }
                };
                let xs: Vec<String> = plot.series[*series].cells[*from..*from + v.len()]
                    .iter()
                    .map(|(_, x, _)| num(*x))
                    .collect();
                (
                    verdict(strict, dir),
                    format!(
                        "{} at x = {}",
                        v.iter().map(|x| num(*x)).collect::<Vec<_>>().join(", "),
                        xs.join(", ")
                    ),
                    test,
                )
            }
        }
    }

    /// The strict and direction forms in words.
    pub fn forms(&self) -> String {
        match self {
            Check::Range {
                min,
                max,
                direction,
                ..
            } => match direction {
                Some((l, h)) => format!(
                    "strict {}; direction {}",
                    bounds(*min, "v", *max),
                    bounds(*l, "v", *h)
                ),
                None => format!("strict {}; no direction form", bounds(*min, "v", *max)),
            },
            Check::Ratio {
                min,
                max,
                relative_to,
                paired,
                ..
            } => {
                let r = if relative_to.is_some() {
                    "(a/b)/(c/d)"
                } else if *paired {
                    "Σa/Σb (paired)"
                } else {
                    "a/b"
                };
                format!(
                    "strict {}; {}",
                    bounds(*min, r, *max),
                    match ratio_direction(*min, *max) {
                        Some(true) => format!("direction {r} > 1"),
                        Some(false) => format!("direction {r} < 1"),
                        None => "no direction form".into(),
                    }
                )
            }
            Check::Ordering { margin, .. } => {
                if *margin > 0.0 {
                    format!(
                        "strict each ≥ next × {}; direction first > last",
                        num(1.0 + margin)
                    )
                } else {
                    "strict non-increasing, first > last; direction first > last".into()
                }
            }
            Check::Shape {
                shape, tolerance, ..
            } => {
                let t = format!("{} %", num(100.0 * tolerance));
                match shape {
                    Shape::Increasing => {
                        format!("strict rising (dips ≤ {t}), last > first; direction last > first")
                    }
                    Shape::Decreasing => format!(
                        "strict falling (rises ≤ {t}), last < first; direction last < first"
                    ),
                    Shape::Flat => {
                        format!("strict max − min ≤ {t} of max; direction |last − first| ≤ {t}")
                    }
                    Shape::MaxAt(_, x) => format!(
                        "strict largest at x = {} (within {t}); direction there ≥ both ends",
                        num(*x)
                    ),
                }
            }
        }
    }
}

/// The direction of a ratio check: `Some(true)` for "a > b" (min ≥ 1), `Some(false)` for
/// "a < b" (max ≤ 1), `None` when [min, max] holds 1.
pub fn ratio_direction(min: Option<f64>, max: Option<f64>) -> Option<bool> {
    match (min, max) {
        (Some(l), h) if l >= 1.0 && h.is_none_or(|h| h >= 1.0) => Some(true),
        (l, Some(h)) if h <= 1.0 && l.is_none_or(|l| l <= 1.0) => Some(false),
        _ => None,
    }
}
