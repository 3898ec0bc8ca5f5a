//! The paper's printed numbers beside LossLab's, cell by cell (the papers' tables side by side:
//! [LJ] Table 1, [NJ+] Table 2, and every figure whose reference file holds numbers). A row pairs
//! a reference point (`content/reference/<paper>/<item>.json`) with the LossLab point of the
//! series that names it (`plot.series[].reference`) at the same x:
//!
//! ```text
//! deviation = (LossLab mean − paper) / paper           (none when the paper's value is 0)
//! summary   = rows within 10 % and 20 %, median |deviation| over the rows that have one
//! ```
//! x values match when |x_LossLab − x_paper| ≤ 0.5 % of max(|x_paper|, 10⁻⁹) — the BER → packet
//! loss mapping gives 9.9999 % for the paper's 10 %.

use super::{PlotData, RefSeries};
use crate::stats::MeanCi;

/// One cell of a side-by-side table.
#[derive(Clone, Debug, PartialEq)]
pub struct CompareRow {
    /// The LossLab series' label.
    pub series: String,
    /// x in the reference's unit.
    pub x: f64,
    /// The paper's value.
    pub paper: f64,
    /// LossLab's mean and 95 % CI.
    pub losslab: MeanCi,
    /// (LossLab − paper) / paper; `None` when the paper's value is 0.
    pub deviation: Option<f64>,
}

/// Counts of a side-by-side table.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct CompareSummary {
    /// Rows.
    pub rows: usize,
    /// Rows with a deviation (paper ≠ 0).
    pub with_deviation: usize,
    /// |deviation| ≤ 10 %.
    pub within_10: usize,
    /// |deviation| ≤ 20 %.
    pub within_20: usize,
    /// Median |deviation| (a fraction), when some row has one.
    pub median_abs: Option<f64>,
}

fn same_x(a: f64, b: f64) -> bool {
    (a - b).abs() <= 0.005 * b.abs().max(1e-9)
}

/// The rows: every reference point with a LossLab point at its x, in the order of the LossLab
/// series, then x.
pub fn rows(plot: &PlotData) -> Vec<CompareRow> {
    let mut out = Vec::new();
    for s in &plot.series {
        let Some(r) = s.reference.and_then(|i| plot.reference.get(i)) else {
            continue;
        };
        out.extend(pair(&s.label, &s.points, r));
    }
    out
}

fn pair<'a>(
    label: &'a str,
    points: &'a [(f64, MeanCi)],
    r: &'a RefSeries,
) -> impl Iterator<Item = CompareRow> + 'a {
    r.points.iter().filter_map(move |p| {
        let (_, c) = points.iter().find(|(x, _)| same_x(*x, p.x))?;
        Some(CompareRow {
            series: label.to_string(),
            x: p.x,
            paper: p.y,
            losslab: *c,
            deviation: (p.y != 0.0).then(|| (c.mean - p.y) / p.y),
        })
    })
}

/// Within 10 % and 20 %, and the median |deviation|.
pub fn summary(rows: &[CompareRow]) -> CompareSummary {
    let mut d: Vec<f64> = rows
        .iter()
        .filter_map(|r| r.deviation.map(f64::abs))
        .collect();
    d.sort_by(f64::total_cmp);
    let median_abs = match d.len() {
        0 => None,
        n if n % 2 == 1 => Some(d[n / 2]),
        n => Some(0.5 * (d[n / 2 - 1] + d[n / 2])),
    };
    CompareSummary {
        rows: rows.len(),
        with_deviation: d.len(),
        within_10: d.iter().filter(|x| **x <= 0.10).count(),
        within_20: d.iter().filter(|x| **x <= 0.20).count(),
        median_abs,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reproduce::{PlotSeries, RefPoint};

    fn ci(mean: f64) -> MeanCi {
        MeanCi {
            mean,
            low: mean - 1.0,
            high: mean + 1.0,
            n: 5,
        }
    }

    #[test]
    fn cells_pair_by_series_and_x_and_summarise() {
        let plot = PlotData {
            title: String::new(),
            x_label: String::new(),
            y_label: String::new(),
            log_x: false,
            series: vec![
                PlotSeries {
                    label: "A".into(),
                    reference: Some(0),
                    // 9.9999 pairs with the paper's 10 (the BER mapping's rounding).
                    points: vec![(0.0, ci(105.0)), (9.9999, ci(60.0)), (20.0, ci(1.0))],
                },
                PlotSeries {
                    label: "B".into(),
                    reference: None,
                    points: vec![(0.0, ci(1.0))],
                },
            ],
            reference: vec![RefSeries {
                id: "a".into(),
                label: "paper A".into(),
                unit: "kbit/s".into(),
                points: [(0.0, 100.0), (10.0, 50.0), (15.0, 7.0), (20.0, 0.0)]
                    .map(|(x, y)| RefPoint {
                        x,
                        y,
                        uncertainty: 0.0,
                    })
                    .to_vec(),
            }],
        };
        let r = rows(&plot);
        // x = 15 has no LossLab point; B has no reference.
        assert_eq!(r.len(), 3);
        assert_eq!((r[1].x, r[1].paper, r[1].losslab.mean), (10.0, 50.0, 60.0));
        assert!((r[0].deviation.unwrap() - 0.05).abs() < 1e-12);
        assert!((r[1].deviation.unwrap() - 0.2).abs() < 1e-12);
        assert_eq!(
            r[2].deviation, None,
            "the paper's 0 has no relative deviation"
        );
        let s = summary(&r);
        assert_eq!(
            (s.rows, s.with_deviation, s.within_10, s.within_20),
            (3, 2, 1, 2)
        );
        assert!((s.median_abs.unwrap() - 0.125).abs() < 1e-12);
    }
}
