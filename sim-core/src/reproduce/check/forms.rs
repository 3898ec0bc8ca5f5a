//! A check's strict and direction forms as lists of comparisons on the cells' estimates, and
//! what LossLab measured in words (the table in the module docs of [`super`]).

use super::interval::{cmp, diff, lower, ratio_est, upper, Cmp, Est, Op};
use super::{ratio_direction, Check, Shape};
use crate::reproduce::{num, Plot};
use crate::stats::MeanCi;

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

/// The forms of a check on estimates (intervals or points): (strict, direction, wording).
pub(super) type Forms = (Vec<Cmp>, Option<Vec<Cmp>>, String);

impl Check {
    /// The strict and direction forms as comparisons on the cells' estimates `v` (and, for a
    /// paired ratio, its estimate), with what LossLab measured in words.
    pub(super) fn comparisons(
        &self,
        v: &[Est],
        cis: &[MeanCi],
        paired: Option<Est>,
        plot: &Plot,
    ) -> Forms {
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
            // Taken case by case (`all.rs`); as a whole it compares nothing, so it never holds.
            Check::All(_) => {
                let nothing = cmp(
                    Est {
                        low: f64::NAN,
                        est: f64::NAN,
                        high: f64::NAN,
                    },
                    Op::Ge,
                    0.0,
                );
                (vec![nothing], None, String::new())
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
}
