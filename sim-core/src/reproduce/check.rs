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
}

fn bounds(lo: Option<f64>, what: &str, hi: Option<f64>) -> String {
    match (lo, hi) {
        (Some(l), Some(h)) => format!("{} ≤ {what} ≤ {}", num(l), num(h)),
        (Some(l), None) => format!("{what} ≥ {}", num(l)),
        (None, Some(h)) => format!("{what} ≤ {}", num(h)),
        (None, None) => format!("{what} any"),
    }
}

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
    fn of(c: &MeanCi) -> Est {
        Est {
            low: c.low,
            est: c.mean,
            high: c.high,
        }
    }

    fn point(self) -> Est {
        Est {
            low: self.est,
            est: self.est,
            high: self.est,
        }
    }

    /// Half-width (the mean of the two sides; the sides differ for bounded and log intervals).
    fn half(&self) -> f64 {
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
    fn replications_to_decide(&self, n: usize) -> Option<u64> {
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
fn decide_all(cmps: &[Cmp], n: usize) -> (Tri, Option<u64>) {
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
fn diff(x: Est, k: f64, y: Est) -> Est {
    let est = x.est - k * y.est;
    let h = libm::sqrt(x.half() * x.half() + k * k * y.half() * y.half());
    Est {
        low: est - h,
        est,
        high: est + h,
    }
}

/// Π num / Π den of independent cells, on the log scale (module docs).
fn ratio_est(num_: &[Est], den: &[Est]) -> Est {
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

fn show_est(e: &Est) -> String {
    if e.high > e.low {
        format!("{} (95 % CI {} … {})", num(e.est), num(e.low), num(e.high))
    } else {
        num(e.est)
    }
}

fn show(c: &MeanCi) -> String {
    if c.n > 1 && c.high > c.low {
        format!("{} [{} … {}]", num(c.mean), num(c.low), num(c.high))
    } else {
        num(c.mean)
    }
}

fn lower(s: Est, min: Option<f64>, strict_at_one: bool) -> Option<Cmp> {
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

fn upper(s: Est, max: Option<f64>, strict_at_one: bool) -> Option<Cmp> {
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

fn cmp(s: Est, op: Op, threshold: f64) -> Cmp {
    Cmp { s, op, threshold }
}

/// The forms of a check on estimates (intervals or points): (strict, direction, wording).
type Forms = (Vec<Cmp>, Option<Vec<Cmp>>, String);

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

    /// The strict and direction forms as comparisons on the cells' estimates `v` (and, for a
    /// paired ratio, its estimate), with what LossLab measured in words.
    fn comparisons(&self, v: &[Est], cis: &[MeanCi], paired: Option<Est>, plot: &Plot) -> Forms {
        match self {
            Check::Range {
                min,
                max,
                direction,
                ..
            } => {
                let s = v[0];
                let strict = [lower(s, *min, false), upper(s, *max, false)]
                    .into_iter()
                    .flatten()
                    .collect();
                let dir = direction.map(|(l, h)| {
                    [lower(s, l, false), upper(s, h, false)]
                        .into_iter()
                        .flatten()
                        .collect()
                });
                (strict, dir, show_est(&s))
            }
            Check::Ratio { min, max, .. } => {
                let (r, text) = match paired {
                    Some(r) => (
                        r,
                        format!(
                            "{} paired over the seeds; a {} / b {}",
                            show_est(&r),
                            show(&cis[0]),
                            show(&cis[1])
                        ),
                    ),
                    None if v.len() == 4 => {
                        let r = ratio_est(&[v[0], v[3]], &[v[1], v[2]]);
                        (
                            r,
                            format!(
                                "{} (a/b {} = {} / {}; c/d {} = {} / {})",
                                show_est(&r),
                                num(v[0].est / v[1].est),
                                show(&cis[0]),
                                show(&cis[1]),
                                num(v[2].est / v[3].est),
                                show(&cis[2]),
                                show(&cis[3])
                            ),
                        )
                    }
                    None => {
                        let r = ratio_est(&[v[0]], &[v[1]]);
                        (
                            r,
                            format!("{} ({} / {})", show_est(&r), show(&cis[0]), show(&cis[1])),
                        )
                    }
                };
                let strict = [lower(r, *min, true), upper(r, *max, true)]
                    .into_iter()
                    .flatten()
                    .collect();
                let dir = ratio_direction(*min, *max)
                    .map(|up| vec![cmp(r, if up { Op::Gt } else { Op::Lt }, 1.0)]);
                (strict, dir, text)
            }
            Check::Ordering { margin, .. } => {
                let op = if *margin > 0.0 { Op::Ge } else { Op::Gt };
                let mut strict: Vec<Cmp> = v
                    .windows(2)
                    .map(|w| {
                        let k = 1.0 + margin * w[1].est.signum();
                        cmp(diff(w[0], k, w[1]), op, 0.0)
                    })
                    .collect();
                let ends = cmp(diff(v[0], 1.0, v[v.len() - 1]), Op::Gt, 0.0);
                strict.push(ends);
                (
                    strict,
                    Some(vec![ends]),
                    cis.iter().map(show).collect::<Vec<_>>().join(", ") + " (in the claimed order)",
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
                    Shape::Increasing | Shape::Decreasing => {
                        let up = *shape == Shape::Increasing;
                        let mut strict: Vec<Cmp> = v
                            .windows(2)
                            .map(|w| {
                                // rising: v_{i+1} − v_i + t|v_i| ≥ 0; falling: v_i − v_{i+1} + t|v_i| ≥ 0
                                let d = if up {
                                    diff(w[1], 1.0, w[0])
                                } else {
                                    diff(w[0], 1.0, w[1])
                                };
                                cmp(d, Op::Ge, -t * w[0].est.abs())
                            })
                            .collect();
                        let ends = if up {
                            cmp(diff(last, 1.0, first), Op::Gt, 0.0)
                        } else {
                            cmp(diff(first, 1.0, last), Op::Gt, 0.0)
                        };
                        strict.push(ends);
                        (strict, vec![ends])
                    }
                    Shape::Flat => {
                        let big = v.iter().map(|x| x.est.abs()).fold(0.0, f64::max);
                        let mut strict = Vec::new();
                        for i in 0..v.len() {
                            for j in i + 1..v.len() {
                                let d = diff(v[i], 1.0, v[j]);
                                strict.push(cmp(d, Op::Le, t * big));
                                strict.push(cmp(d, Op::Ge, -t * big));
                            }
                        }
                        let d = diff(last, 1.0, first);
                        let lim = t * first.est.abs().max(last.est.abs());
                        (strict, vec![cmp(d, Op::Le, lim), cmp(d, Op::Ge, -lim)])
                    }
                    Shape::MaxAt(k, _) => {
                        let hi = v.iter().map(|x| x.est).fold(f64::MIN, f64::max);
                        let strict = (0..v.len())
                            .filter(|j| j != k)
                            .map(|j| cmp(diff(v[*k], 1.0, v[j]), Op::Ge, -t * hi.abs()))
                            .collect();
                        let dir = [0, v.len() - 1]
                            .into_iter()
                            .filter(|j| j != k)
                            .map(|j| cmp(diff(v[*k], 1.0, v[j]), Op::Ge, 0.0))
                            .collect();
                        (strict, dir)
                    }
                };
                let xs: Vec<String> = plot.series[*series].cells[*from..*from + v.len()]
                    .iter()
                    .map(|(_, x, _)| num(*x))
                    .collect();
                (
                    strict,
                    Some(dir),
                    format!(
                        "{} at x = {}",
                        cis.iter().map(show).collect::<Vec<_>>().join(", "),
                        xs.join(", ")
                    ),
                )
            }
        }
    }

    /// The verdict from the intervals and from the means, what LossLab measured and the forms.
    pub fn evaluate(&self, cells: &Cells<'_>, plot: &Plot) -> Evaluation {
        let refs = self.cells(plot);
        let values: Vec<Option<MeanCi>> = refs.iter().map(|c| cells.get(c)).collect();
        let missing: Vec<&str> = refs
            .iter()
            .zip(&values)
            .filter(|(_, v)| v.is_none())
            .map(|(c, _)| c.label.as_str())
            .collect();
        let test = self.forms();
        let not = |losslab: String, n: usize| Evaluation {
            verdict: Verdict::NotReproduced,
            point_verdict: Verdict::NotReproduced,
            suggested_n: None,
            n,
            losslab,
            test: test.clone(),
        };
        if !missing.is_empty() {
            return not(format!("no value for {}", missing.join("; ")), 0);
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
                    return not(
                        "undefined: no replication pairs a and b on one seed with b ≠ 0".into(),
                        n,
                    );
                };
                n = c.n;
                paired = Some(Est::of(&c));
            }
            Check::Ratio { .. } if v.iter().skip(1).step_by(2).any(|d| d.est == 0.0) => {
                return not(
                    format!(
                        "undefined: a denominator is 0 ({})",
                        v.iter().map(|x| num(x.est)).collect::<Vec<_>>().join(", ")
                    ),
                    n,
                );
            }
            _ => {}
        }
        let (strict, dir, text) = self.comparisons(&v, &cis, paired, plot);
        let (verdict, suggested_n) = verdict_of(&strict, dir.as_deref(), n);
        let pv: Vec<Est> = v.iter().map(|e| e.point()).collect();
        let (ps, pd, _) = self.comparisons(&pv, &cis, paired.map(Est::point), plot);
        let (point_verdict, _) = verdict_of(&ps, pd.as_deref(), n);
        Evaluation {
            verdict,
            point_verdict,
            suggested_n,
            n,
            losslab: format!("{text}; n = {n}"),
            test,
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
