//! A reproduction's sweep results: streamed in ([`Collector`]: per point its running
//! statistics, per paired ratio check its paired statistics) and read back as cells ([`Cells`]:
//! mean ± 95 % CI per point and row, bounded metrics on the logit interval).

use super::model::CellRef;
use super::paired::PairStats;
use crate::stats::MeanCi;
use crate::sweep::{PointStats, Sample, Sweep};
use std::collections::VecDeque;

/// One paired ratio a check asks for, streamed ([`PairStats`]): the two cells' (point, row)
/// positions, and the values of the side that is ahead until its partner replication arrives.
#[derive(Clone, Debug)]
pub(super) struct PairSlot {
    pub(super) a: (usize, usize),
    pub(super) b: (usize, usize),
    pub(super) seen_a: u64,
    pub(super) seen_b: u64,
    /// Values of the side ahead (a's when `seen_a > seen_b`), oldest first.
    pub(super) held: VecDeque<Option<f64>>,
    pub(super) stats: PairStats,
}

impl PairSlot {
    fn take(&mut self, from_a: bool, v: Option<f64>) {
        let (mine, theirs) = if from_a {
            (self.seen_a, self.seen_b)
        } else {
            (self.seen_b, self.seen_a)
        };
        if mine < theirs {
            // The partner replication arrived first: it is the oldest held value.
            let other = self.held.pop_front().flatten();
            let (a, b) = if from_a { (v, other) } else { (other, v) };
            if let (Some(a), Some(b)) = (a, b) {
                self.stats.push(a, b);
            }
        } else {
            self.held.push_back(v);
        }
        if from_a {
            self.seen_a += 1;
        } else {
            self.seen_b += 1;
        }
    }
}

/// A reproduction's sweep results, streamed: per point its running statistics
/// ([`PointStats`]) and per paired check its [`PairStats`]; no sample is kept beyond the values
/// of a pair's side that runs ahead of the other (at most one each when the caller interleaves the points
/// replication by replication, as `losslab reproduce` does; up to the replications of one point
/// when the caller feeds point after point, as [`Reproduction::evaluate`] does with kept samples).
#[derive(Clone, Debug)]
pub struct Collector {
    pub(super) points: Vec<PointStats>,
    pub(super) pairs: Vec<PairSlot>,
}

impl Collector {
    /// Add the next replication's sample of `sweep.points[i]`; each point's replications must come
    /// in order (0, 1, 2, …), the points in any interleaving.
    pub fn push(&mut self, i: usize, sample: &Sample) {
        if let Some(p) = self.points.get_mut(i) {
            p.push(sample);
        }
        for slot in &mut self.pairs {
            if slot.a.0 == i {
                slot.take(true, sample.get(slot.a.1).copied().flatten());
            }
            if slot.b.0 == i {
                slot.take(false, sample.get(slot.b.1).copied().flatten());
            }
        }
    }

    /// Values held for pairing, in all (the bound tests read).
    pub fn held(&self) -> usize {
        self.pairs.iter().map(|p| p.held.len()).sum()
    }
}

/// (index into `sweep.points`, row index) of a cell.
pub(super) fn cell_position(sweep: &Sweep, c: &CellRef) -> Option<(usize, usize)> {
    let i = sweep.points.iter().position(|p| p.index == c.point)?;
    let j = sweep.points[i]
        .rows()
        .iter()
        .position(|r| r.name == c.row)?;
    Some((i, j))
}

/// The range of a bounded metric, by the row's last name: shares, accuracies and Jain's index
/// lie in [0, 1] (`tcp.0.accuracy_wireless`, `shadow.spike.accuracy_congestion`, `jain_index`).
pub fn bounded_range(row: &str) -> Option<(f64, f64)> {
    let last = row.rsplit('.').next().unwrap_or(row);
    matches!(
        last,
        "accuracy_wireless" | "accuracy_congestion" | "jain_index" | "window_share"
    )
    .then_some((0.0, 1.0))
}

/// The aggregated sweep: mean ± CI per (point, row name).
pub struct Cells<'a> {
    pub(super) sweep: &'a Sweep,
    pub(super) values: Vec<Vec<(String, Option<MeanCi>)>>,
    pub(super) collected: &'a Collector,
}

impl Cells<'_> {
    /// The cell's mean and 95 % CI (`None` when no replication defined it); a bounded metric's
    /// interval is the logit one ([`bounded_range`], [`crate::stats::bounded_ci`]).
    pub fn get(&self, c: &CellRef) -> Option<MeanCi> {
        let i = self.sweep.points.iter().position(|p| p.index == c.point)?;
        let v = self.values[i]
            .iter()
            .find(|(name, _)| *name == c.row)
            .and_then(|(_, v)| *v)?;
        Some(match bounded_range(&c.row) {
            Some((lo, hi)) => crate::stats::bounded_ci(v, lo, hi),
            None => v,
        })
    }

    /// The paired ratio Σa/Σb of two cells over the replications that define both, with its CI
    /// ([`paired::PairStats`]); `None` when the cells' points run on different seeds (not
    /// paired), no replication defines both, Σb = 0, or no check asked for this pair.
    pub fn paired(&self, a: &CellRef, b: &CellRef) -> Option<MeanCi> {
        let (pa, pb) = (cell_position(self.sweep, a)?, cell_position(self.sweep, b)?);
        self.collected
            .pairs
            .iter()
            .find(|s| s.a == pa && s.b == pb)
            .and_then(|s| s.stats.ci95())
    }
}
