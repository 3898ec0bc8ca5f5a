//! The sweep's CSV files (docs/design.md §D6, `docs/csv.md`): the aggregate file (one row per point, entity
//! and metric with mean, standard deviation, 95 % Student-t interval and n) and the raw file (one
//! row per point, replication, entity and metric with the value of that run).
//!
//! ```text
//! aggregate: point,<varied paths…>,entity,metric,mean,sd,ci95_low,ci95_high,n
//! raw:       point,<varied paths…>,replication,seed,entity,metric,value
//! ```
//! - `<varied paths…>`: one column per [`super::Vary`], the paths of a zipped axis each in its
//!   own column (plain values, the path as header); the axis's label is not a column.
//! - `entity` is what a row measures: a flow's id, the group `sum`, or `run` for a run-level
//!   metric ([`super::RUN_METRICS`], including the group rows of rates,
//!   `aggregate_throughput_kbps`); `metric` is the bare metric name.
//! - An undefined value (an accuracy with no loss of that kind, the completion of an unfinished
//!   transfer) is an empty cell: in the raw file its `value`; in the aggregate it is left out of
//!   the statistics and `n` counts the rest. `n` = 0 leaves mean, sd and bounds empty; `n` = 1
//!   leaves `sd` empty and both bounds equal the mean.
//! - Numbers are written with Rust's shortest round-trip formatting, so a value read back from the
//!   raw file is the same `f64`: [`super::merge`] rebuilds the aggregate file byte for byte.
//!
//! Both the CLI and the web's export (through wasm) write these bytes; this module is sans-IO.

use super::accumulate::{PointStats, RowStats};
use super::{Entity, Point, RowMetric, Sample, Sweep};
use crate::csv::field;

/// Fixed columns of the aggregate file: a varied path may not reuse one of these names.
pub(crate) const FIXED_COLUMNS: &[&str] = &[
    "point",
    "entity",
    "metric",
    "mean",
    "sd",
    "ci95_low",
    "ci95_high",
    "n",
];

/// Columns of the aggregate file after the varied paths.
pub const AGGREGATE_TAIL: &[&str] = &[
    "entity",
    "metric",
    "mean",
    "sd",
    "ci95_low",
    "ci95_high",
    "n",
];

/// Columns of the raw file after the varied paths.
pub const RAW_TAIL: &[&str] = &["replication", "seed", "entity", "metric", "value"];

/// The entity column of a row of `point`: the flow's id, `sum` or `run`.
pub fn entity_name<'a>(point: &'a Point, row: &RowMetric) -> &'a str {
    match row.entity {
        Entity::Flow(i) => point.scenario.flows.get(i).map_or("", |f| f.id.as_str()),
        Entity::Sum => "sum",
        Entity::Run => "run",
        Entity::Group(g) => point
            .groups
            .get(g)
            .map_or("", |(group, _)| group.name.as_str()),
    }
}

/// The statistics cells `mean,sd,ci95_low,ci95_high,n` of one row's defined values, in
/// replication order (the order fixes the floating-point sums, hence the bytes), through the
/// same streaming [`RowStats`] as the sweep's run loop.
pub fn stats_cells(xs: &[f64]) -> String {
    let mut r = RowStats::default();
    xs.iter().for_each(|&x| r.push(x));
    r.cells()
}

fn header(sweep: &Sweep, tail: &[&str]) -> String {
    let mut cols = vec!["point".to_string()];
    cols.extend(sweep.vary.iter().map(|v| field(&v.path)));
    cols.extend(tail.iter().map(|s| s.to_string()));
    let mut s = cols.join(",");
    s.push('\n');
    s
}

impl Sweep {
    /// The aggregate file's header line (with its newline).
    pub fn csv_header(&self) -> String {
        header(self, AGGREGATE_TAIL)
    }

    /// The raw file's header line (with its newline).
    pub fn raw_header(&self) -> String {
        header(self, RAW_TAIL)
    }

    /// `point,<varied values…>` of one point (no trailing comma).
    pub fn point_lead(&self, point: &Point) -> String {
        let mut lead = point.index.to_string();
        for (v, &j) in self.vary.iter().zip(&point.choice) {
            lead.push(',');
            lead.push_str(&field(&super::show_value(&v.values[j])));
        }
        lead
    }

    /// The aggregate rows of one point from its replications' samples, in replication order.
    pub fn point_csv(&self, point: &Point, samples: &[Sample]) -> String {
        let mut stats = PointStats::new(point);
        samples.iter().for_each(|s| stats.push(s));
        self.point_stats_csv(point, &stats)
    }

    /// The aggregate rows of one point from its streamed statistics ([`PointStats`], fed in
    /// replication order): the bytes of [`Sweep::point_csv`] on the same samples.
    pub fn point_stats_csv(&self, point: &Point, stats: &PointStats) -> String {
        let lead = self.point_lead(point);
        let mut out = String::new();
        for (r, st) in point.rows().iter().zip(stats.rows()) {
            out.push_str(&format!(
                "{lead},{},{},{}\n",
                field(entity_name(point, r)),
                field(r.metric),
                st.cells()
            ));
        }
        out
    }

    /// The raw rows of replication `rep` (0-based) of `point`: one per row of the point, the value
    /// empty where it is undefined.
    pub fn replication_csv(&self, point: &Point, rep: u64, sample: &Sample) -> String {
        let lead = self.point_lead(point);
        let seed = point.scenario.seed + rep;
        let mut out = String::new();
        for (i, r) in point.rows().iter().enumerate() {
            let value = sample
                .get(i)
                .copied()
                .flatten()
                .map(|v| v.to_string())
                .unwrap_or_default();
            out.push_str(&format!(
                "{lead},{rep},{seed},{},{},{value}\n",
                field(entity_name(point, r)),
                field(r.metric)
            ));
        }
        out
    }
}
