//! The `expect` checks of a reproduction and their verdicts (`content/reproductions/FORMAT.md`,
//! "Checks and verdicts"). Every check is a set of comparisons of a statistic with a threshold;
//! each statistic comes with its 95 % confidence interval, and a comparison is *decided* only
//! when the whole interval lies on one side of the threshold:
//!
//! | comparison | holds when | fails when | else |
//! |---|---|---|---|
//! | s ≥ θ | low ≥ θ | high < θ | undecided |
//! | s > θ (strict: a tie fails) | low > θ | high ≤ θ | undecided |
//! | s ≤ θ, s < θ | mirrored | | |
//!
//! A form (a list of comparisons) holds when all hold, fails when one fails, else is undecided.
//! Each check has a strict form and, for some kinds, a weaker *direction* form:
//!
//! | kind | strict | direction |
//! |---|---|---|
//! | `range` | v ≥ min, v ≤ max | v within the file's wider `direction` bounds, if given |
//! | `ratio` | r ≥ min, r ≤ max (a bound of exactly 1 is strict: r > 1, r < 1) | r > 1 if min ≥ 1; r < 1 if max ≤ 1 |
//! | `ordering` | each step v_i − v_{i+1} − m·\|v_{i+1}\| > 0 (≥ 0 when m > 0), and v₀ − v_last > 0 | v₀ − v_last > 0 |
//! | `shape` increasing | each step v_{i+1} − v_i + t·\|v_i\| ≥ 0, and v_last − v₀ > 0 | v_last − v₀ > 0 |
//! | `shape` decreasing | each step v_i − v_{i+1} + t·\|v_i\| ≥ 0, and v₀ − v_last > 0 | v₀ − v_last > 0 |
//! | `shape` flat | every pair \|v_i − v_j\| ≤ t·max\|v\| | \|v_last − v₀\| ≤ t·max(\|v₀\|, \|v_last\|) |
//! | `shape` max_at x | v(x) − v_j + t·\|max\| ≥ 0 for every other j | v(x) − v₀ ≥ 0, v(x) − v_last ≥ 0 |
//!
//! Verdict: **reproduced** when the strict form holds; **direction only** when it fails and the
//! direction form holds; **not reproduced** when both fail (or there is no direction form);
//! otherwise **inconclusive**, with the replication count that would likely decide the
//! undecided comparisons: n' ≈ n · (half-width / distance to the threshold)², the largest over
//! them (an estimate: it assumes the mean and the spread stay as they are).
//!
//! The intervals (n replications, t = t_{0.975, n−1}):
//! - a cell: its mean ± t·s/√n; a bounded metric (a share, an accuracy, Jain's index) takes the
//!   logit-transformed interval ([`crate::stats::bounded_ci`]), which stays in range;
//! - a difference of cells x − k·y: half-width √(h_x² + (k·h_y)²) (the cells' half-widths
//!   combined as if independent; cells run on the same seeds are positively correlated, so this
//!   is conservative: it errs towards "inconclusive");
//! - an unpaired ratio a/b (or (a/b)/(c/d)): on the log scale, ln r ± √Σ(h_i / v_i)² (delta
//!   method), back to r · e^{±…}; falls back to r ± \|r\|·√Σ(h_i/v_i)² when a value is ≤ 0;
//! - a paired ratio Σa/Σb: its paired interval ([`super::paired`]).
//!
//! With one replication there is no spread to estimate: every interval is a point and the
//! verdict reads the means (the report says n = 1). A cell without a value (no replication
//! defined it) makes the check `not reproduced`.
//!
//! [`Check::evaluate`] also gives the *point verdict*: the same forms on the means alone (every
//! interval a point) — what the test suite asks of claims marked `holds_at_test_count`.

mod all;
mod forms;
mod interval;
mod words;

pub use interval::{verdict_of, Cmp, Est, Op, Tri};

use super::{num, CellRef, Cells, Plot};
use crate::stats::MeanCi;

/// A claim's verdict.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub enum Verdict {
    /// The strict form holds over the whole interval.
    Reproduced,
    /// The strict form fails and the direction form holds over the whole interval.
    DirectionOnly,
    /// The intervals straddle a threshold: more replications are needed.
    Inconclusive,
    /// Both forms fail over the whole interval (or a cell has no value).
    NotReproduced,
}

impl Verdict {
    /// As the report writes it.
    pub fn text(self) -> &'static str {
        match self {
            Verdict::Reproduced => "reproduced",
            Verdict::DirectionOnly => "direction only",
            Verdict::Inconclusive => "inconclusive",
            Verdict::NotReproduced => "not reproduced",
        }
    }
}

/// What a check's verdict rests on.
#[derive(Clone, Debug, PartialEq)]
pub struct Evaluation {
    /// The verdict from the intervals.
    pub verdict: Verdict,
    /// The verdict from the means alone (every interval a point).
    pub point_verdict: Verdict,
    /// For an inconclusive verdict: the replication count that would likely decide it (an
    /// estimate); `None` when a mean sits on a threshold (no count would).
    pub suggested_n: Option<u64>,
    /// Replications behind the intervals (the smallest n of the cells read).
    pub n: usize,
    /// What LossLab measured, worded.
    pub losslab: String,
    /// The strict and direction forms, worded.
    pub test: String,
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
    /// The same claim in every case of a figure's cells or against every comparator
    /// (`for_every`, a list of series): holds when it holds in every case. Each case with the
    /// words that name it (`Router buffer size 7 packets, against IW 4, 10 %`).
    All(Vec<(String, Check)>),
}

impl Check {
    /// The kind's name in a file.
    pub fn kind(&self) -> &'static str {
        match self {
            Check::Range { .. } => "range",
            Check::Ratio { .. } => "ratio",
            Check::Ordering { .. } => "ordering",
            Check::Shape { .. } => "shape",
            Check::All(cases) => cases.first().map_or("all", |(_, c)| c.kind()),
        }
    }

    /// The (a, b) cells of every paired ratio in the check (its cases' too).
    pub fn paired_ratios(&self) -> Vec<(&CellRef, &CellRef)> {
        match self {
            Check::Ratio {
                a, b, paired: true, ..
            } => vec![(a, b)],
            Check::All(cases) => cases.iter().flat_map(|(_, c)| c.paired_ratios()).collect(),
            _ => Vec::new(),
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
            Check::All(cases) => cases.iter().flat_map(|(_, c)| c.cells(plot)).collect(),
        }
    }

    /// The strict and direction forms on the intervals and on the means, with what LossLab
    /// measured and the replications behind them; `Err((why, n))` when a cell has no value or a
    /// ratio is undefined (the check is then not reproduced).
    fn prepare(&self, cells: &Cells<'_>, plot: &Plot) -> Result<Prepared, (String, usize)> {
        if let Check::All(cases) = self {
            return all::prepare(cases, cells, plot);
        }
        let refs = self.cells(plot);
        let values: Vec<Option<MeanCi>> = refs.iter().map(|c| cells.get(c)).collect();
        let missing: Vec<&str> = refs
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.is_none())
            .map(|(c, _)| c.label.as_str())
            .collect();
        if !missing.is_empty() {
            return Err((format!("no value for {}", missing.join("; ")), 0));
        }
        let cis: Vec<MeanCi> = values.into_iter().flatten().collect();
        let mut n = cis.iter().map(|c| c.n).min().unwrap_or(0);
        let v: Vec<Est> = cis.iter().map(Est::of).collect();
        let mut paired = None;
        match self {
            Check::Ratio {
                paired: true, a, b, ..
            } => {
                let Some(c) = cells.paired(a, b) else {
                    return Err((
                        "undefined: no replication pairs a and b on one seed with b ≠ 0".into(),
                        n,
                    ));
                };
                n = c.n;
                paired = Some(Est::of(&c));
            }
            Check::Ratio { .. } if v.iter().skip(1).step_by(2).any(|d| d.est == 0.0) => {
                return Err((
                    format!(
                        "undefined: a denominator is 0 ({})",
                        v.iter().map(|x| num(x.est)).collect::<Vec<_>>().join(", ")
                    ),
                    n,
                ));
            }
            _ => {}
        }
        let (strict, direction, text) = self.comparisons(&v, &cis, paired, plot);
        let pv: Vec<Est> = v.iter().map(|e| e.point()).collect();
        let (point_strict, point_direction, _) =
            self.comparisons(&pv, &cis, paired.map(Est::point), plot);
        Ok(Prepared {
            strict,
            direction,
            point_strict,
            point_direction,
            text,
            n,
        })
    }

    /// The verdict from the intervals and from the means, what LossLab measured and the forms.
    pub fn evaluate(&self, cells: &Cells<'_>, plot: &Plot) -> Evaluation {
        let test = self.forms();
        match self.prepare(cells, plot) {
            Err((losslab, n)) => Evaluation {
                verdict: Verdict::NotReproduced,
                point_verdict: Verdict::NotReproduced,
                suggested_n: None,
                n,
                losslab,
                test,
            },
            Ok(f) => {
                let (verdict, suggested_n) = verdict_of(&f.strict, f.direction.as_deref(), f.n);
                let (point_verdict, _) =
                    verdict_of(&f.point_strict, f.point_direction.as_deref(), f.n);
                Evaluation {
                    verdict,
                    point_verdict,
                    suggested_n,
                    n: f.n,
                    losslab: format!("{}; n = {}", f.text, f.n),
                    test,
                }
            }
        }
    }
}

/// A check's forms, ready for [`verdict_of`].
#[derive(Clone, Debug)]
struct Prepared {
    strict: Vec<Cmp>,
    direction: Option<Vec<Cmp>>,
    point_strict: Vec<Cmp>,
    point_direction: Option<Vec<Cmp>>,
    text: String,
    n: usize,
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
