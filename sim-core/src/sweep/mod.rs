//! Sweeps (docs/design.md §D4): one base scenario, some of its parameters varied over lists of values,
//! seeded replications of every point, and one CSV row per point and metric with the mean and its
//! 95 % Student-t confidence interval ([`crate::stats`]).
//!
//! ```json
//! { "schema": 1, "base": "gb04-s1-1mbps-10ms",
//!   "vary": [{ "path": "topology.bottleneck.errors.ber", "values": [0, 8.375e-7, 1.684e-6] },
//!            { "path": "flows[0].tcp.classifier", "values": ["always_congestion", "oracle"] }],
//!   "replications": 30, "metrics": ["throughput_kbps", "timeouts"], "flows": "each" }
//! ```
//! - `base`: a scenario object, or the id of a scenario that the caller's resolver loads (the CLI
//!   reads `content/scenarios/<id>.json`, searching upward from the sweep file's folder).
//! - `vary[k].path`: dotted keys and `[i]` indices into the scenario JSON (`flows[0].tcp.cc`;
//!   `flows.0.tcp.cc` works too). Missing object keys are created; array elements must exist.
//! - Points are the cartesian product of the `vary` entries ([`Axis`]), the first varying
//!   slowest, numbered from 0. No `vary` entries means one point: the base itself.
//! - A zipped entry `{ "label": "n", "zip": [{ "path", "values" }, …] }` ([LJ]
//!   Table 1's n:n flows) is one axis that sets several paths together, the j-th point of the
//!   axis taking the j-th value of every list (equal lengths). Each of its paths is a [`Vary`]
//!   (a CSV column) with the axis's index; [`Point::choice`] stays per column, the zipped
//!   columns sharing their axis's position. `label` names the axis for people
//!   ([`point_words`]); the CSVs keep one column per path.
//! - Replication r (0-based) of every point runs with seed `seed + r`, `seed` being the point's
//!   scenario seed, so all points are paired on the same error patterns.
//! - `replications` defaults to 1, `metrics` to [`DEFAULT_METRICS`], `flows` to `"both"`.
//! - Every point is validated by the scenario parser before anything runs. A problem caused by one
//!   value is reported at `vary[k].values[j]` (`vary[k].zip[i].values[j]`), one already in the base at `base`, one that only a
//!   combination of values causes at `point N (path=value, …)`; each with the scenario's own path.
//!
//! # CSV
//! `point,<varied paths…>,entity,metric,mean,sd,ci95_low,ci95_high,n` (docs/design.md §D6,
//! `docs/csv.md`; written by [`output`]), ordered by point, then by row. A row measures one
//! `entity` — a flow (its id), the flows' group (`sum`) or the whole run (`run`) — and one
//! `metric`:
//! - a single-flow scenario: one row per metric, the entity being the flow's id;
//! - several flows: one row per flow and a group row, as `flows` asks: `"each"`, `"sum"` or
//!   `"both"`. The group row of a count is entity `sum`, the flows' total; `sum`'s
//!   `completion_s` is the last completion (empty while a transfer is unfinished); its
//!   `accuracy_*` pools every flow's confusion matrix. The group row of a rate is not a sum:
//!   `throughput_kbps` gives entity `run`, metric `aggregate_throughput_kbps` = all bytes · 8 /
//!   (last completion − first start) / 1000, `goodput_kbps` gives `aggregate_goodput_kbps` (to
//!   the run's end) — adding each flow's bytes ÷ its own duration can exceed the link's capacity;
//! - run-level metrics ([`RUN_METRICS`]: `jain_index` of the flows' throughputs, `end_s`,
//!   `events`, `aggregate_throughput_kbps`, `aggregate_goodput_kbps`, `max_queue_pkts` — the
//!   most packets waiting at once in any link direction's queue during the run) have entity
//!   `run`;
//! - a named flow group (`"groups": { "normal": "normal" }`, [`group`]): entity `<group>`, the
//!   group's sum (or mean) per replication, pooled accuracies, last completion.
//!
//! [`RowMetric::name`] keeps the fused form (`ld.0.throughput_kbps`, `sum.timeouts`,
//! `normal.throughput_kbps`) used by reproductions and the web to address a row.
//!
//! Within a point, rows follow the `metrics` list; for each metric, the flows in scenario order,
//! then the group. A value undefined in a replication (an accuracy when no loss of that kind
//! happened, the completion of an unfinished transfer) is left out of that row's statistics, and
//! `n` counts the replications that defined it; with `n` = 0 the mean, sd and bounds are empty,
//! with `n` = 1 the sd is empty and both bounds equal the mean. The raw file
//! (`point,<varied paths…>,replication,seed,entity,metric,value`) keeps every replication's value;
//! [`merge`] turns raw files (shards) back into the aggregate file, byte for byte.
//!
//! This module is sans-IO and single-threaded like the rest of the crate: the CLI reads files,
//! spreads [`run_replication`] calls over threads, feeds each sample in replication order to its
//! point's [`PointStats`] ([`accumulate`]: O(1) state per row, no sample kept) and writes the CSV
//! from [`Sweep::point_stats_csv`] and [`Sweep::replication_csv`] as the runs come in;
//! [`Sweep::point_csv`] is the same bytes from a list of samples (wasm, Python).

use crate::engine::Simulation;
use crate::json_reader::{kind, Problems};
use crate::metrics::{FlowSummary, Summary};
use crate::scenario::{self, closest, ConfigError, Scenario};
use crate::stats::MeanCi;
use crate::tcp::classify::Confusion;
use serde_json::Value;
use std::collections::BTreeSet;

pub mod accumulate;
pub mod group;
pub mod merge;
mod output;
mod parse;
mod path;
pub use accumulate::{PointStats, RowStats};
pub mod scoreboard;
pub mod shadow_metrics;
pub mod window;
pub use group::{Combine, Group};
use output::FIXED_COLUMNS;
pub use output::{entity_name, stats_cells, AGGREGATE_TAIL, RAW_TAIL};
pub use parse::{parse, parse_value, parse_value_lazy};
pub use path::{parse_path, set_path, show_value, Step, MAX_PATH_STEPS};

/// Per-flow metrics a sweep can report (the numeric columns of the summary CSV).
pub const FLOW_METRICS: &[&str] = &[
    "bytes_delivered",
    "completion_s",
    "throughput_kbps",
    "goodput_kbps",
    "segments_sent",
    "retransmissions",
    "fast_retransmits",
    "timeouts",
    "losses_queue",
    "losses_corruption",
    "losses_other",
    "verdicts_congestion",
    "verdicts_wireless",
    "accuracy_congestion",
    "accuracy_wireless",
    "spurious_retransmissions",
    "time_to_15kb_s",
    "startup_overflow_s",
    "startup_last_loss_s",
    "startup_losses",
    "first_loss_flight_segs",
    "first_loss_rtt_s",
    "loss_to_retx_first_s",
    "loss_to_retx_max_s",
    "idle_after_burst_s",
    "tp_estimate_s",
    "tp_overestimate_pct",
    "t0_s",
    "t0_error_pct",
];

/// Flow metrics whose group and `sum` rows are the largest value among the flows that define
/// one (the worst flow; times and sizes of one flow's episode do not add up): M6, M7 (but
/// `startup_losses`, a count, which adds), M9.
pub const WORST_FLOW_METRICS: &[&str] = &[
    "startup_overflow_s",
    "startup_last_loss_s",
    "first_loss_flight_segs",
    "first_loss_rtt_s",
    "loss_to_retx_first_s",
    "loss_to_retx_max_s",
    "idle_after_burst_s",
];

/// Metrics of the whole run: Jain's index of the flows' throughputs, the run's end time (s), the
/// number of events it processed and the flows' aggregate rates ([`Summary`]).
pub const RUN_METRICS: &[&str] = &[
    "jain_index",
    "end_s",
    "events",
    "aggregate_throughput_kbps",
    "aggregate_goodput_kbps",
    "max_queue_pkts",
];

/// The run metric that is the group row of a per-flow rate (a rate does not add up over flows
/// that finish at different times).
pub(crate) fn aggregate_of(m: &str) -> Option<&'static str> {
    match m {
        "throughput_kbps" => Some("aggregate_throughput_kbps"),
        "goodput_kbps" => Some("aggregate_goodput_kbps"),
        _ => None,
    }
}

/// Metrics reported when the sweep names none.
pub const DEFAULT_METRICS: &[&str] = &[
    "throughput_kbps",
    "goodput_kbps",
    "retransmissions",
    "timeouts",
];

/// Caps that keep a sweep bounded.
pub mod limits {
    /// Most points (the product of the `values` list lengths).
    pub const MAX_POINTS: u64 = 100_000;
    /// Most replications per point.
    pub const MAX_REPLICATIONS: u64 = 100_000;
    /// Most runs (points × replications).
    pub const MAX_RUNS: u64 = 10_000_000;
    /// Most "combination" problems listed before the rest are counted.
    pub const MAX_COMBINATION_PROBLEMS: usize = 50;
}

/// Which rows a multi-flow scenario gets per metric.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FlowRows {
    /// `<flow_id>.<metric>` for every flow.
    Each,
    /// `sum.<metric>` for the group only.
    Sum,
    /// Both (the default).
    Both,
}

/// One varied parameter: a CSV column. A plain `vary` entry is one; a zipped entry gives one per
/// path of its `zip` list, all on the same [`Axis`].
#[derive(Clone, Debug, PartialEq)]
pub struct Vary {
    /// The path as written (`topology.bottleneck.errors.ber`); also its CSV column name.
    pub path: String,
    /// The parsed path.
    pub steps: Vec<Step>,
    /// Values, in order.
    pub values: Vec<Value>,
    /// The axis it belongs to (index into [`Sweep::axes`], = its `vary` entry's index).
    pub axis: usize,
    /// Where the file writes it, for messages: `vary[k]`, or `vary[k].zip[i]` in a zipped axis.
    pub at: String,
}

/// One axis of the sweep's cartesian product: one `vary` entry. A plain entry
/// (`{ "path", "values" }`) is an axis of one path; a **zipped** entry
/// (`{ "label": "n", "zip": [{ "path", "values" }, …] }`) sets several paths together,
/// the j-th point of the axis taking the j-th value of every list (the lists have one length).
#[derive(Clone, Debug, PartialEq)]
pub struct Axis {
    /// A zipped axis's label (`n`); empty for a plain path, which its path names.
    pub label: String,
    /// Its paths: indices into [`Sweep::vary`], in the order written.
    pub columns: Vec<usize>,
    /// How many values it takes (each of its paths' `values` length).
    pub len: usize,
}

impl Axis {
    /// True for a zipped entry (`{ "label", "zip" }`), even of one path.
    pub fn is_zip(&self) -> bool {
        !self.label.is_empty()
    }

    /// The axis's name for people: its label, or its one path.
    pub fn name<'a>(&'a self, vary: &'a [Vary]) -> &'a str {
        if self.is_zip() {
            &self.label
        } else {
            self.columns.first().map_or("", |&c| vary[c].path.as_str())
        }
    }

    /// Its value at position `j` for people: a plain path's value; a zipped axis's common value
    /// when its paths all take the same one (`n` = 5 for `flows[0].count` = `flows[1].count` = 5),
    /// else its paths' values in parentheses, in order (`(5, 10)`).
    pub fn value_text(&self, vary: &[Vary], j: usize) -> String {
        let vals: Vec<&Value> = self.columns.iter().map(|&c| &vary[c].values[j]).collect();
        let same = |a: &Value, b: &Value| match (a.as_f64(), b.as_f64()) {
            (Some(x), Some(y)) => x == y,
            _ => a == b,
        };
        match vals.as_slice() {
            [first, rest @ ..] if rest.iter().all(|v| same(first, v)) => show_value(first),
            _ => format!(
                "({})",
                vals.iter()
                    .map(|v| show_value(v))
                    .collect::<Vec<_>>()
                    .join(", ")
            ),
        }
    }
}

/// A point's varied values for people, one `name<sep>value` per axis ([`Axis::name`],
/// [`Axis::value_text`]), joined by ", ": `topology.links[3].errors.per=0.01, n=5`. `choice` is
/// per column (a [`Point::choice`]).
pub fn point_words(vary: &[Vary], axes: &[Axis], choice: &[usize], sep: &str) -> String {
    axes.iter()
        .filter_map(|a| {
            let j = *choice.get(*a.columns.first()?)?;
            Some(format!("{}{sep}{}", a.name(vary), a.value_text(vary, j)))
        })
        .collect::<Vec<_>>()
        .join(", ")
}

/// What one CSV row of a point measures.
#[derive(Clone, Debug, PartialEq)]
pub enum Entity {
    /// One flow (index into the expanded flows).
    Flow(usize),
    /// The group row of a count (`sum.<metric>`).
    Sum,
    /// A run-level metric ([`RUN_METRICS`]).
    Run,
    /// A named flow group (index into [`Sweep::groups`]; its name is the row's prefix).
    Group(usize),
}

/// One CSV row of a point: its `metric` column, what it measures and which metric.
#[derive(Clone, Debug, PartialEq)]
pub struct RowMetric {
    /// The `metric` column (`throughput_kbps`, `ld.0.timeouts`, `sum.timeouts`, …).
    pub name: String,
    /// Flow, group or run.
    pub entity: Entity,
    /// The metric measured ([`FLOW_METRICS`] or [`RUN_METRICS`]).
    pub metric: &'static str,
}

/// One point of the sweep: a choice of one value per varied path.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Point number (0-based, first varied path slowest).
    pub index: usize,
    /// Index into `vary[k].values` for every column k (the paths of one zipped axis share it).
    pub choice: Vec<usize>,
    /// The validated scenario of replication 0.
    pub scenario: Scenario,
    rows: Vec<RowMetric>,
    /// Per group of the sweep, the indices of its flows in this point.
    groups: Vec<(Group, Vec<usize>)>,
}

impl Point {
    /// The `metric` column of this point's rows, in order.
    pub fn metric_names(&self) -> impl Iterator<Item = &str> {
        self.rows.iter().map(|r| r.name.as_str())
    }

    /// This point's rows, in CSV order.
    pub fn rows(&self) -> &[RowMetric] {
        &self.rows
    }
}

/// A validated sweep with its points expanded.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    /// Sweep id (optional in the file; empty when absent).
    pub id: String,
    /// Human title.
    pub title: String,
    /// Varied parameters, one per CSV column (a zipped axis gives several).
    pub vary: Vec<Vary>,
    /// The axes of the product, one per `vary` entry, in order (the first varies slowest).
    pub axes: Vec<Axis>,
    /// Replications per point.
    pub replications: u64,
    /// Metrics to report, in order.
    pub metrics: Vec<&'static str>,
    /// Rows per flow, per group, or both.
    pub flows: FlowRows,
    /// Named flow groups (`groups`), in the order written.
    pub groups: Vec<Group>,
    /// The ranking of one varied path's values, if the file asks for one ([`scoreboard`]).
    pub scoreboard: Option<scoreboard::ScoreboardSpec>,
    /// Every point, in order (empty in a [`LazySweep`], which builds them when asked).
    pub points: Vec<Point>,
}

/// One replication's values, one per row of its point (`None` = undefined in this run).
pub type Sample = Vec<Option<f64>>;

/// True if a parsed JSON document is a sweep rather than a scenario (it has a top-level `vary`).
pub fn is_sweep(v: &Value) -> bool {
    v.get("vary").is_some()
}

/// Build and validate every point, attributing each problem to a value, the base or a combination;
/// `keep` takes each valid point (kept, or priced and dropped).
fn expand(
    base: &Value,
    (vary, axes): (&[Vary], &[Axis]),
    reps: u64,
    (metrics, flows, groups): (&[&'static str], FlowRows, &[Group]),
    p: &mut Problems,
    keep: &mut dyn FnMut(Point),
) {
    let strings = |r: Result<Scenario, Vec<ConfigError>>| -> Vec<String> {
        r.err()
            .unwrap_or_default()
            .iter()
            .map(|e| e.to_string())
            .collect()
    };
    let base_problems = strings(scenario::parse_value(base));
    let mut single: Vec<Vec<Option<Vec<String>>>> =
        vary.iter().map(|v| vec![None; v.values.len()]).collect();
    let mut reported: BTreeSet<(String, String)> = BTreeSet::new();
    let mut combination_problems = 0usize;
    let n: usize = axes.iter().map(|a| a.len).product();
    for index in 0..n {
        let choice = choice_of(vary.len(), axes, index);
        let (doc, set_error) = point_document(base, vary, &choice);
        let errs: Vec<ConfigError> = match set_error {
            Some(e) => vec![ConfigError {
                path: "(root)".into(),
                message: e,
            }],
            None => {
                match scenario::parse_value(&doc) {
                    Ok(sc) => {
                        let last_seed = sc.seed + (reps - 1);
                        if last_seed > (1u64 << 53) - 1 {
                            if reported.insert(("replications".into(), String::new())) {
                                p.push("replications", format!("seed {} + {} replications exceeds the largest seed 2^53 − 1", sc.seed, reps));
                            }
                            continue;
                        }
                        if let Some(why) = shadow_metrics::check(&sc, metrics)
                            .or_else(|| window::check(&sc, metrics))
                        {
                            if reported.insert(("metrics".into(), why.clone())) {
                                p.push("metrics", format!("{why} (point {index})"));
                            }
                            continue;
                        }
                        let mut group_problem = false;
                        for g in groups {
                            let m = g.members(sc.flows.iter().map(|f| f.id.as_str()));
                            let at = format!("groups.{}", crate::json_reader::quote(&g.name));
                            if m.is_empty() {
                                group_problem = true;
                                if reported.insert((at.clone(), "empty".into())) {
                                    let ids: Vec<&str> =
                                        sc.flows.iter().map(|f| f.id.as_str()).collect();
                                    p.push(
                                        at,
                                        format!(
                                            "selects no flow at point {index} (its flows: {})",
                                            ids.join(", ")
                                        ),
                                    );
                                }
                            } else if sc.flows.iter().any(|f| f.id == g.name) {
                                group_problem = true;
                                if reported.insert((at.clone(), "clash".into())) {
                                    p.push(at, format!("\"{}\" is also a flow id (point {index}); the rows would clash — rename the group", g.name));
                                }
                            }
                        }
                        if group_problem {
                            continue;
                        }
                        if sc.flows.len() > 1
                            && flows != FlowRows::Each
                            && sc.flows.iter().any(|f| f.id == "sum")
                        {
                            if reported.insert(("flows".into(), String::new())) {
                                p.push("flows", "a flow with id \"sum\" would clash with the group rows; rename it or set \"flows\": \"each\"");
                            }
                            continue;
                        }
                        keep(point_of(sc, index, choice, metrics, flows, groups));
                        continue;
                    }
                    Err(errs) => errs,
                }
            }
        };
        for e in errs {
            let text = e.to_string();
            let mut blamed = false;
            for (k, v) in vary.iter().enumerate() {
                let j = choice[k];
                let known = single[k][j].get_or_insert_with(|| {
                    let mut d = base.clone();
                    match set_path(&mut d, &v.steps, v.values[j].clone()) {
                        Ok(()) => strings(scenario::parse_value(&d)),
                        Err(_) => Vec::new(),
                    }
                });
                if known.contains(&text) && !base_problems.contains(&text) {
                    blamed = true;
                    let at = format!("{}.values[{j}]", v.at);
                    if reported.insert((at.clone(), text.clone())) {
                        p.push(at, text.clone());
                    }
                }
            }
            if blamed {
                continue;
            }
            if base_problems.contains(&text) {
                if reported.insert(("base".into(), text.clone())) {
                    p.push("base", text);
                }
                continue;
            }
            combination_problems += 1;
            if combination_problems <= limits::MAX_COMBINATION_PROBLEMS {
                let what: Vec<String> = vary
                    .iter()
                    .zip(&choice)
                    .map(|(v, &j)| format!("{}={}", v.path, show_value(&v.values[j])))
                    .collect();
                p.push(format!("point {index} ({})", what.join(", ")), text);
            }
        }
    }
    if combination_problems > limits::MAX_COMBINATION_PROBLEMS {
        p.push(
            "vary",
            format!(
                "… and {} more problems of other points",
                combination_problems - limits::MAX_COMBINATION_PROBLEMS
            ),
        );
    }
}

/// Point `index`'s position on every column: mixed-radix digits over the axes, the first most
/// significant (slowest); every path of a zipped axis takes its axis's digit.
fn choice_of(columns: usize, axes: &[Axis], index: usize) -> Vec<usize> {
    let mut choice = vec![0; columns];
    let mut rest = index;
    for a in axes.iter().rev() {
        for &c in &a.columns {
            choice[c] = rest % a.len;
        }
        rest /= a.len;
    }
    choice
}

/// The base with every varied path set to its value at `choice`, and the last path that could
/// not be set (with where the file writes it).
fn point_document(base: &Value, vary: &[Vary], choice: &[usize]) -> (Value, Option<String>) {
    let mut doc = base.clone();
    let mut set_error = None;
    for (k, v) in vary.iter().enumerate() {
        if let Err(e) = set_path(&mut doc, &v.steps, v.values[choice[k]].clone()) {
            set_error = Some(format!("{}.path: {e}", v.at));
        }
    }
    (doc, set_error)
}

/// A point from its validated scenario: its rows and its groups' members.
fn point_of(
    sc: Scenario,
    index: usize,
    choice: Vec<usize>,
    metrics: &[&'static str],
    flows: FlowRows,
    groups: &[Group],
) -> Point {
    let rows = row_metrics(&sc, metrics, flows, groups);
    let members = groups
        .iter()
        .map(|g| (g.clone(), g.members(sc.flows.iter().map(|f| f.id.as_str()))))
        .collect();
    Point {
        index,
        choice,
        scenario: sc,
        rows,
        groups: members,
    }
}

/// A validated sweep whose points are built one at a time when asked for
/// ([`parse_value_lazy`]): what it holds does not grow with the number of points (the command
/// line's `sweep`). Its [`Sweep::points`] is empty; [`LazySweep::point`] builds point `index`
/// from the base as validation did.
#[derive(Clone, Debug)]
pub struct LazySweep {
    /// The sweep, without its points.
    pub sweep: Sweep,
    base: Value,
}

impl LazySweep {
    /// Number of points.
    pub fn len(&self) -> usize {
        self.sweep.point_count()
    }

    /// True when the sweep has no point (never, once validated).
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Point `index` (0-based), built from the base: the same point the eager
    /// [`parse_value`] keeps. An error only if the point no longer validates (it did at parse).
    pub fn point(&self, index: usize) -> Result<Point, String> {
        let s = &self.sweep;
        if index >= self.len() {
            return Err(format!(
                "point {index}: the sweep has {} points",
                self.len()
            ));
        }
        let choice = choice_of(s.vary.len(), &s.axes, index);
        let (doc, set_error) = point_document(&self.base, &s.vary, &choice);
        if let Some(e) = set_error {
            return Err(format!("point {index}: {e}"));
        }
        let sc = scenario::parse_value(&doc).map_err(|errs| {
            let text: Vec<String> = errs.iter().map(|e| e.to_string()).collect();
            format!("point {index}: {}", text.join("; "))
        })?;
        Ok(point_of(sc, index, choice, &s.metrics, s.flows, &s.groups))
    }

    /// Every point in order, each built when the iterator reaches it.
    pub fn points(&self) -> impl Iterator<Item = Result<Point, String>> + '_ {
        (0..self.len()).map(|k| self.point(k))
    }
}

fn row_metrics(
    sc: &Scenario,
    metrics: &[&'static str],
    flows: FlowRows,
    groups: &[Group],
) -> Vec<RowMetric> {
    let multi = sc.flows.len() > 1;
    let mut rows = Vec::new();
    for &m in metrics {
        if RUN_METRICS.contains(&m) {
            rows.push(RowMetric {
                name: m.to_string(),
                entity: Entity::Run,
                metric: m,
            });
        } else if !multi {
            rows.push(RowMetric {
                name: m.to_string(),
                entity: Entity::Flow(0),
                metric: m,
            });
        } else {
            if flows != FlowRows::Sum {
                for (i, f) in sc.flows.iter().enumerate() {
                    rows.push(RowMetric {
                        name: format!("{}.{m}", f.id),
                        entity: Entity::Flow(i),
                        metric: m,
                    });
                }
            }
            if flows != FlowRows::Each {
                rows.push(match aggregate_of(m) {
                    Some(agg) => RowMetric {
                        name: agg.to_string(),
                        entity: Entity::Run,
                        metric: agg,
                    },
                    None => RowMetric {
                        name: format!("sum.{m}"),
                        entity: Entity::Sum,
                        metric: m,
                    },
                });
            }
        }
        if !RUN_METRICS.contains(&m) || m == "jain_index" {
            for (g, group) in groups.iter().enumerate() {
                rows.push(RowMetric {
                    name: format!("{}.{m}", group.name),
                    entity: Entity::Group(g),
                    metric: m,
                });
            }
        }
    }
    rows
}

fn flow_value(f: &FlowSummary, m: &str) -> Option<f64> {
    let n = |x: u64| Some(x as f64);
    match m {
        "bytes_delivered" => n(f.bytes_delivered),
        "completion_s" => f.completion_s,
        "throughput_kbps" => Some(f.throughput_kbps),
        "goodput_kbps" => Some(f.goodput_kbps),
        "segments_sent" => n(f.segments_sent),
        "retransmissions" => n(f.retransmissions),
        "fast_retransmits" => n(f.fast_retransmits),
        "timeouts" => n(f.timeouts),
        "losses_queue" => n(f.losses_queue),
        "losses_corruption" => n(f.losses_corruption),
        "losses_other" => n(f.losses_other),
        "verdicts_congestion" => n(f.verdicts_congestion),
        "verdicts_wireless" => n(f.verdicts_wireless),
        "accuracy_congestion" => f.accuracy_congestion,
        "accuracy_wireless" => f.accuracy_wireless,
        "spurious_retransmissions" => n(f.spurious_retransmissions),
        "time_to_15kb_s" => f.time_to_15kb_s,
        "startup_overflow_s" => f.startup.startup_overflow_s,
        "startup_last_loss_s" => f.startup.startup_last_loss_s,
        "startup_losses" => f.startup.startup_losses,
        "first_loss_flight_segs" => f.startup.first_loss_flight_segs,
        "first_loss_rtt_s" => f.startup.first_loss_rtt_s,
        "loss_to_retx_first_s" => f.startup.loss_to_retx_first_s,
        "loss_to_retx_max_s" => f.startup.loss_to_retx_max_s,
        "idle_after_burst_s" => f.idle_after_burst_s,
        m if crate::metrics::threshold::is_metric(m) => f.threshold.value(m),
        m if shadow_metrics::is_shadow(m) => shadow_metrics::flow_value(f, m),
        _ => None,
    }
}

fn group_value(s: &Summary, pooled: &Confusion, m: &str) -> Option<f64> {
    match m {
        "completion_s" | "time_to_15kb_s" => s
            .flows
            .iter()
            .map(|f| flow_value(f, m))
            .try_fold(0.0f64, |acc, c| c.map(|c| acc.max(c))),
        m if WORST_FLOW_METRICS.contains(&m) => s
            .flows
            .iter()
            .filter_map(|f| flow_value(f, m))
            .reduce(f64::max),
        m if crate::metrics::threshold::is_metric(m) => {
            let mut t = crate::metrics::threshold::ThresholdTally::default();
            for f in &s.flows {
                t.add(&f.threshold);
            }
            t.value(m)
        }
        "accuracy_congestion" => pooled.accuracy_congestion(),
        "accuracy_wireless" => pooled.accuracy_wireless(),
        m if shadow_metrics::is_shadow(m) => shadow_metrics::pooled(s.flows.iter(), m),
        _ => Some(s.flows.iter().filter_map(|f| flow_value(f, m)).sum()),
    }
}

fn run_value(s: &Summary, sim: &Simulation, m: &str) -> Option<f64> {
    match m {
        "max_queue_pkts" => sim
            .link_stats()
            .iter()
            .map(|(_, st)| st.max_waiting as f64)
            .reduce(f64::max),
        "jain_index" => s.jain_index,
        "end_s" => Some(s.end_s),
        "events" => Some(s.events as f64),
        "aggregate_throughput_kbps" => Some(s.aggregate_throughput_kbps),
        "aggregate_goodput_kbps" => Some(s.aggregate_goodput_kbps),
        _ => None,
    }
}

/// Every row of `point` measured on a finished run `sim` of one of its replications.
pub fn measure(point: &Point, sim: &Simulation) -> Sample {
    let summary = sim.summary();
    let confusions: Vec<Confusion> = sim.flows.iter().map(|f| f.sender.confusion).collect();
    let pooled = group::pool(confusions.iter());
    point
        .rows
        .iter()
        .map(|r| match r.entity {
            _ if window::is_window(r.metric) => window::row_value(point, r, sim),
            Entity::Flow(i) => flow_value(&summary.flows[i], r.metric),
            Entity::Sum => group_value(&summary, &pooled, r.metric),
            Entity::Run => run_value(&summary, sim, r.metric),
            Entity::Group(g) => {
                let (group, members) = &point.groups[g];
                group.value(&summary.flows, &confusions, members, r.metric)
            }
        })
        .collect()
}

/// Mean and CI of every row of a point over its replications (`samples[r]` = replication r),
/// through the streaming [`PointStats`].
pub fn aggregate(point: &Point, samples: &[Sample]) -> Vec<(String, Option<MeanCi>)> {
    let mut stats = PointStats::new(point);
    samples.iter().for_each(|s| stats.push(s));
    aggregate_stats(point, &stats)
}

/// Mean and CI of every row of a point from its streamed statistics.
pub fn aggregate_stats(point: &Point, stats: &PointStats) -> Vec<(String, Option<MeanCi>)> {
    point
        .rows
        .iter()
        .zip(stats.rows())
        .map(|(r, st)| (r.name.clone(), st.ci95()))
        .collect()
}

impl Sweep {
    /// Total runs: points × replications.
    pub fn runs(&self) -> u64 {
        self.point_count() as u64 * self.replications
    }

    /// Number of points: the product of the axes' lengths (1 without `vary` entries). A validated
    /// sweep has every one, held in [`Sweep::points`] or built by [`LazySweep::point`].
    pub fn point_count(&self) -> usize {
        self.axes.iter().map(|a| a.len).product()
    }

    /// A point's varied values for people ([`point_words`]): `ber=0, n=5`.
    pub fn point_words(&self, choice: &[usize], sep: &str) -> String {
        point_words(&self.vary, &self.axes, choice, sep)
    }
}

mod replication;
pub use replication::{
    replication_scenario, replication_sim, run_replication, run_replication_with,
};

#[cfg(test)]
mod tests;
