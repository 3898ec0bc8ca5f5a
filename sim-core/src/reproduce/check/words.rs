//! A check's strict and direction forms in words, as the report's "test" column writes them.

use super::{ratio_direction, Check, Shape};
use crate::reproduce::num;

fn bounds(lo: Option<f64>, what: &str, hi: Option<f64>) -> String {
    match (lo, hi) {
        (Some(l), Some(h)) => format!("{} ≤ {what} ≤ {}", num(l), num(h)),
        (Some(l), None) => format!("{what} ≥ {}", num(l)),
        (None, Some(h)) => format!("{what} ≤ {}", num(h)),
        (None, None) => format!("{what} any"),
    }
}

impl Check {
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
            Check::All(cases) => match cases.first() {
                Some((_, c)) => format!(
                    "in each of the {} cases ({}): {}",
                    cases.len(),
                    case_list(cases),
                    c.forms()
                ),
                None => "no case".into(),
            },
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

/// The cases' words, the first few and a count of the rest.
fn case_list(cases: &[(String, Check)]) -> String {
    const SHOWN: usize = 4;
    let mut s = cases
        .iter()
        .take(SHOWN)
        .map(|(w, _)| w.as_str())
        .collect::<Vec<_>>()
        .join("; ");
    if cases.len() > SHOWN {
        s.push_str(&format!("; … {} more", cases.len() - SHOWN));
    }
    s
}
