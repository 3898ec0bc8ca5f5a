//! Sweeps (DESIGN §4): one base scenario, some of its parameters varied over lists of values,
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
//! - Points are the cartesian product of the `values` lists, the first path varying slowest,
//!   numbered from 0. No `vary` entries means one point: the base itself.
//! - Replication r (0-based) of every point runs with seed `seed + r`, `seed` being the point's
//!   scenario seed, so all points are paired on the same error patterns.
//! - `replications` defaults to 1, `metrics` to [`DEFAULT_METRICS`], `flows` to `"both"`.
//! - Every point is validated by the scenario parser before anything runs. A problem caused by one
//!   value is reported at `vary[k].values[j]`, one already in the base at `base`, one that only a
//!   combination of values causes at `point N (path=value, …)`; each with the scenario's own path.
//!
//! # CSV
//! `point,<varied paths…>,metric,mean,ci95_low,ci95_high,n` (DESIGN §6), ordered by point, then
//! by metric. The `metric` column names what was measured:
//! - a single-flow scenario: the plain metric, `throughput_kbps`;
//! - several flows: `<flow_id>.<metric>` per flow (`ld.0.throughput_kbps`) and `sum.<metric>` for
//!   the group, as `flows` asks: `"each"`, `"sum"` or `"both"`. The group value adds additive
//!   metrics (throughput, counts), takes the last completion for `completion_s` (empty while a
//!   transfer is unfinished) and pools every flow's confusion matrix for the accuracies;
//! - run-level metrics ([`RUN_METRICS`]: `jain_index` of the flows' throughputs, `end_s`,
//!   `events`) have no prefix.
//!
//! Within a point, rows follow the `metrics` list; for each metric, the flows in scenario order,
//! then `sum`. A value undefined in a replication (an accuracy when no loss of that kind happened,
//! the completion of an unfinished transfer) is left out of that row's statistics, and `n` counts
//! the replications that defined it; with `n` = 0 the mean and bounds are empty, with `n` = 1 both
//! bounds equal the mean.
//!
//! This module is sans-IO and single-threaded like the rest of the crate: the CLI reads files,
//! spreads [`run_replication`] calls over threads and writes the CSV from [`Sweep::point_csv`].

use crate::csv::field;
use crate::engine::Simulation;
use crate::metrics::{jain, FlowSummary, Summary};
use crate::scenario::{self, closest, ConfigError, Scenario};
use crate::stats::{ci95, MeanCi};
use crate::tcp::classify::Confusion;
use serde_json::{Map, Value};
use std::collections::BTreeSet;

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
];

/// Metrics of the whole run: Jain's index of the flows' throughputs, the run's end time (s) and
/// the number of events it processed.
pub const RUN_METRICS: &[&str] = &["jain_index", "end_s", "events"];

/// Metrics reported when the sweep names none.
pub const DEFAULT_METRICS: &[&str] = &[
    "throughput_kbps",
    "goodput_kbps",
    "retransmissions",
    "timeouts",
];

/// Fixed CSV columns (a varied path may not reuse one of these names).
const FIXED_COLUMNS: &[&str] = &["point", "metric", "mean", "ci95_low", "ci95_high", "n"];

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

/// One step of a parameter path.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Step {
    /// An object key (or, on an array, a decimal index written as a dotted key).
    Key(String),
    /// An array index, `[i]`.
    Index(usize),
}

/// One varied parameter.
#[derive(Clone, Debug, PartialEq)]
pub struct Vary {
    /// The path as written (`topology.bottleneck.errors.ber`); also its CSV column name.
    pub path: String,
    /// The parsed path.
    pub steps: Vec<Step>,
    /// Values, in order.
    pub values: Vec<Value>,
}

/// What one CSV row of a point measures.
#[derive(Clone, Debug, PartialEq)]
enum Entity {
    Flow(usize),
    Sum,
    Run,
}

#[derive(Clone, Debug, PartialEq)]
struct RowMetric {
    name: String,
    entity: Entity,
    metric: &'static str,
}

/// One point of the sweep: a choice of one value per varied path.
#[derive(Clone, Debug, PartialEq)]
pub struct Point {
    /// Point number (0-based, first varied path slowest).
    pub index: usize,
    /// Index into `vary[k].values` for every k.
    pub choice: Vec<usize>,
    /// The validated scenario of replication 0.
    pub scenario: Scenario,
    rows: Vec<RowMetric>,
}

impl Point {
    /// The `metric` column of this point's rows, in order.
    pub fn metric_names(&self) -> impl Iterator<Item = &str> {
        self.rows.iter().map(|r| r.name.as_str())
    }
}

/// A validated sweep with its points expanded.
#[derive(Clone, Debug, PartialEq)]
pub struct Sweep {
    /// Sweep id (optional in the file; empty when absent).
    pub id: String,
    /// Human title.
    pub title: String,
    /// Varied parameters.
    pub vary: Vec<Vary>,
    /// Replications per point.
    pub replications: u64,
    /// Metrics to report, in order.
    pub metrics: Vec<&'static str>,
    /// Rows per flow, per group, or both.
    pub flows: FlowRows,
    /// Every point, in order.
    pub points: Vec<Point>,
}

/// One replication's values, one per row of its point (`None` = undefined in this run).
pub type Sample = Vec<Option<f64>>;

/// True if a parsed JSON document is a sweep rather than a scenario (it has a top-level `vary`).
pub fn is_sweep(v: &Value) -> bool {
    v.get("vary").is_some()
}

/// Parse a parameter path: `a.b[2].c`, `flows.0.tcp.cc`.
pub fn parse_path(path: &str) -> Result<Vec<Step>, String> {
    let mut steps = Vec::new();
    let mut rest = path;
    let bad = |why: &str| {
        Err(format!("invalid path \"{path}\": {why} (write keys separated by dots and indices as [i], e.g. flows[0].tcp.cc)"))
    };
    if rest.is_empty() {
        return bad("it is empty");
    }
    let mut first = true;
    while !rest.is_empty() {
        if let Some(r) = rest.strip_prefix('[') {
            let Some(end) = r.find(']') else {
                return bad("a [ is not closed");
            };
            let digits = &r[..end];
            if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
                return bad("an index must be a whole number");
            }
            let Ok(i) = digits.parse::<usize>() else {
                return bad("an index is too large");
            };
            steps.push(Step::Index(i));
            rest = &r[end + 1..];
        } else {
            let r = if first {
                rest
            } else {
                match rest.strip_prefix('.') {
                    Some(r) => r,
                    None => return bad("expected . or [ after a key or index"),
                }
            };
            let end = r.find(['.', '[', ']']).unwrap_or(r.len());
            let key = &r[..end];
            if key.is_empty() {
                return bad("a key is empty");
            }
            steps.push(Step::Key(key.to_string()));
            rest = &r[end..];
            if rest.starts_with(']') {
                return bad("a ] has no matching [");
            }
        }
        first = false;
    }
    Ok(steps)
}

/// Where a path step failed, for messages: the path up to (excluding) step `i`.
fn prefix(steps: &[Step]) -> String {
    let mut s = String::new();
    for st in steps {
        match st {
            Step::Key(k) if s.is_empty() => s.push_str(k),
            Step::Key(k) => {
                s.push('.');
                s.push_str(k);
            }
            Step::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    if s.is_empty() {
        "(root)".into()
    } else {
        s
    }
}

/// Set `value` at `steps` inside `doc`, creating missing object keys (and objects in place of
/// `null`). Array elements must already exist.
pub fn set_path(doc: &mut Value, steps: &[Step], value: Value) -> Result<(), String> {
    let mut cur = doc;
    for (i, st) in steps.iter().enumerate() {
        if cur.is_null() && matches!(st, Step::Key(_)) {
            *cur = Value::Object(Map::new());
        }
        let here = prefix(&steps[..i]);
        let last = i + 1 == steps.len();
        let index = match (st, &*cur) {
            (Step::Index(i), _) => Some(*i),
            (Step::Key(k), Value::Array(_)) => match k.parse::<usize>() {
                Ok(i) if k.bytes().all(|b| b.is_ascii_digit()) => Some(i),
                _ => return Err(format!("{here} is an array; \"{k}\" is not an index")),
            },
            _ => None,
        };
        cur = match (index, st, cur) {
            (Some(i), _, Value::Array(items)) => {
                let n = items.len();
                match items.get_mut(i) {
                    Some(v) => v,
                    None => {
                        return Err(format!(
                            "{here} has {n} element{}; index {i} is out of range",
                            if n == 1 { "" } else { "s" }
                        ))
                    }
                }
            }
            (Some(_), _, other) => {
                return Err(format!("{here} is {}, not an array", json_kind(other)))
            }
            (None, Step::Key(k), Value::Object(map)) => {
                if last {
                    map.insert(k.clone(), value);
                    return Ok(());
                }
                map.entry(k.clone()).or_insert(Value::Null)
            }
            (None, _, other) => {
                return Err(format!("{here} is {}, not an object", json_kind(other)))
            }
        };
        if last {
            *cur = value;
            return Ok(());
        }
    }
    *cur = value;
    Ok(())
}

fn json_kind(v: &Value) -> &'static str {
    match v {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}

/// A varied value as it appears in the CSV and in messages (strings bare, the rest as JSON).
pub fn show_value(v: &Value) -> String {
    match v {
        Value::String(s) => s.clone(),
        other => other.to_string(),
    }
}

struct Problems(Vec<ConfigError>);

impl Problems {
    fn push(&mut self, path: impl Into<String>, message: impl Into<String>) {
        let path = path.into();
        let path = if path.is_empty() {
            "(root)".to_string()
        } else {
            path
        };
        self.0.push(ConfigError {
            path,
            message: message.into(),
        });
    }
}

fn whole(v: &Value, lo: u64, hi: u64) -> Option<u64> {
    let x = v.as_f64()?;
    (x.fract() == 0.0 && x >= lo as f64 && x <= hi as f64).then_some(x as u64)
}

/// Parse and validate sweep JSON text. `resolve` turns a scenario id given as `base` into the
/// scenario's JSON (or a message saying why it cannot).
pub fn parse(
    text: &str,
    resolve: &mut dyn FnMut(&str) -> Result<Value, String>,
) -> Result<Sweep, Vec<ConfigError>> {
    match serde_json::from_str::<Value>(text) {
        Ok(v) => parse_value(&v, resolve),
        Err(e) => Err(vec![ConfigError {
            path: "(root)".into(),
            message: format!(
                "invalid JSON at line {} column {}: {}",
                e.line(),
                e.column(),
                e
            ),
        }]),
    }
}

/// Validate an already parsed sweep document and expand its points (see the module docs).
pub fn parse_value(
    v: &Value,
    resolve: &mut dyn FnMut(&str) -> Result<Value, String>,
) -> Result<Sweep, Vec<ConfigError>> {
    let mut p = Problems(Vec::new());
    let Some(root) = v.as_object() else {
        p.push("", format!("must be an object (got {})", json_kind(v)));
        return Err(p.0);
    };
    const KEYS: &[&str] = &[
        "schema",
        "id",
        "title",
        "description",
        "base",
        "vary",
        "replications",
        "metrics",
        "flows",
    ];
    for key in root.keys() {
        if !KEYS.contains(&key.as_str()) {
            let msg = match closest(key, KEYS) {
                Some(s) => format!("unknown field \"{key}\" (did you mean \"{s}\"?)"),
                None => format!(
                    "unknown field \"{key}\" (expected one of: {})",
                    KEYS.join(", ")
                ),
            };
            p.push(key.clone(), msg);
        }
    }
    if let Some(s) = root.get("schema").filter(|s| !s.is_null()) {
        if whole(s, 1, 1).is_none() {
            p.push("schema", format!("must be 1 (got {s})"));
        }
    }
    let text = |key: &str, p: &mut Problems| match root.get(key) {
        None | Some(Value::Null) => String::new(),
        Some(Value::String(s)) => s.clone(),
        Some(other) => {
            p.push(key, format!("must be a string (got {})", json_kind(other)));
            String::new()
        }
    };
    let id = text("id", &mut p);
    let title = text("title", &mut p);
    text("description", &mut p);

    // ----- base -----
    let base: Option<Value> = match root.get("base") {
        None | Some(Value::Null) => {
            p.push("base", "is required (a scenario object or a scenario id)");
            None
        }
        Some(Value::String(sid)) => {
            let ok_id = !sid.is_empty()
                && !sid.starts_with('.')
                && sid
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'));
            if !ok_id {
                p.push(
                    "base",
                    format!("\"{sid}\" is not a scenario id (letters, digits, -, _ and .)"),
                );
                None
            } else {
                match resolve(sid) {
                    Ok(v) => Some(v),
                    Err(e) => {
                        p.push("base", e);
                        None
                    }
                }
            }
        }
        Some(obj @ Value::Object(_)) => Some(obj.clone()),
        Some(other) => {
            p.push(
                "base",
                format!(
                    "must be a scenario object or a scenario id string (got {})",
                    json_kind(other)
                ),
            );
            None
        }
    };

    // ----- vary -----
    let mut vary = Vec::new();
    let mut vary_ok = true;
    match root.get("vary") {
        None | Some(Value::Null) => {
            p.push(
                "vary",
                "is required (an array of { \"path\", \"values\" }; may be empty)",
            );
            vary_ok = false;
        }
        Some(Value::Array(items)) => {
            for (k, item) in items.iter().enumerate() {
                let at = format!("vary[{k}]");
                let Some(o) = item.as_object() else {
                    p.push(
                        at,
                        format!(
                            "must be an object with \"path\" and \"values\" (got {})",
                            json_kind(item)
                        ),
                    );
                    vary_ok = false;
                    continue;
                };
                for key in o.keys() {
                    if key != "path" && key != "values" {
                        let msg = match closest(key, &["path", "values"]) {
                            Some(s) => format!("unknown field \"{key}\" (did you mean \"{s}\"?)"),
                            None => {
                                format!("unknown field \"{key}\" (expected one of: path, values)")
                            }
                        };
                        p.push(format!("{at}.{key}"), msg);
                    }
                }
                let path = match o.get("path") {
                    Some(Value::String(s)) => match parse_path(s) {
                        Ok(steps) => {
                            if FIXED_COLUMNS.contains(&s.as_str()) {
                                p.push(
                                    format!("{at}.path"),
                                    format!("\"{s}\" clashes with a CSV column name"),
                                );
                                None
                            } else if vary.iter().any(|v: &Vary| v.path == *s) {
                                p.push(format!("{at}.path"), format!("\"{s}\" is varied twice"));
                                None
                            } else {
                                Some((s.clone(), steps))
                            }
                        }
                        Err(e) => {
                            p.push(format!("{at}.path"), e);
                            None
                        }
                    },
                    None | Some(Value::Null) => {
                        p.push(
                            format!("{at}.path"),
                            "is required (a parameter path such as topology.bottleneck.errors.ber)",
                        );
                        None
                    }
                    Some(other) => {
                        p.push(
                            format!("{at}.path"),
                            format!("must be a string (got {})", json_kind(other)),
                        );
                        None
                    }
                };
                let values = match o.get("values") {
                    Some(Value::Array(vs)) if !vs.is_empty() => Some(vs.clone()),
                    Some(Value::Array(_)) => {
                        p.push(format!("{at}.values"), "needs at least one value");
                        None
                    }
                    None | Some(Value::Null) => {
                        p.push(format!("{at}.values"), "is required (an array of values)");
                        None
                    }
                    Some(other) => {
                        p.push(
                            format!("{at}.values"),
                            format!("must be an array (got {})", json_kind(other)),
                        );
                        None
                    }
                };
                match (path, values) {
                    (Some((path, steps)), Some(values)) => vary.push(Vary {
                        path,
                        steps,
                        values,
                    }),
                    _ => vary_ok = false,
                }
            }
        }
        Some(other) => {
            p.push(
                "vary",
                format!("must be an array (got {})", json_kind(other)),
            );
            vary_ok = false;
        }
    }

    // ----- replications, metrics, flows -----
    let replications = match root.get("replications") {
        None | Some(Value::Null) => 1,
        Some(r) => match whole(r, 1, limits::MAX_REPLICATIONS) {
            Some(n) => n,
            None => {
                p.push(
                    "replications",
                    format!(
                        "must be a whole number from 1 to {} (got {r})",
                        limits::MAX_REPLICATIONS
                    ),
                );
                1
            }
        },
    };
    let all_metrics: Vec<&'static str> = FLOW_METRICS.iter().chain(RUN_METRICS).copied().collect();
    let metrics: Vec<&'static str> = match root.get("metrics") {
        None | Some(Value::Null) => DEFAULT_METRICS.to_vec(),
        Some(Value::Array(items)) => {
            if items.is_empty() {
                p.push(
                    "metrics",
                    "needs at least one metric (or leave it out for the default set)",
                );
            }
            let mut out: Vec<&'static str> = Vec::new();
            for (i, m) in items.iter().enumerate() {
                let at = format!("metrics[{i}]");
                match m.as_str() {
                    Some(s) => match all_metrics.iter().find(|x| **x == s) {
                        Some(x) if out.contains(x) => p.push(at, format!("\"{s}\" is listed twice")),
                        Some(x) => out.push(x),
                        None => p.push(
                            at,
                            match closest(s, &all_metrics) {
                                Some(c) => format!("unknown metric \"{s}\" (did you mean \"{c}\"? expected one of: {})", all_metrics.join(", ")),
                                None => format!("unknown metric \"{s}\" (expected one of: {})", all_metrics.join(", ")),
                            },
                        ),
                    },
                    None => p.push(at, format!("must be a metric name string (got {})", json_kind(m))),
                }
            }
            out
        }
        Some(other) => {
            p.push(
                "metrics",
                format!(
                    "must be an array of metric names (got {})",
                    json_kind(other)
                ),
            );
            Vec::new()
        }
    };
    let flows = match root.get("flows") {
        None | Some(Value::Null) => FlowRows::Both,
        Some(Value::String(s)) if s == "each" => FlowRows::Each,
        Some(Value::String(s)) if s == "sum" => FlowRows::Sum,
        Some(Value::String(s)) if s == "both" => FlowRows::Both,
        Some(other) => {
            p.push(
                "flows",
                format!(
                    "must be one of: each, sum, both (got {})",
                    show_value(other)
                ),
            );
            FlowRows::Both
        }
    };

    // ----- points -----
    let n_points = vary
        .iter()
        .try_fold(1u64, |acc, v| acc.checked_mul(v.values.len() as u64))
        .unwrap_or(u64::MAX);
    if vary_ok && n_points > limits::MAX_POINTS {
        p.push(
            "vary",
            format!(
                "makes {n_points} points (at most {}); shorten the values lists",
                limits::MAX_POINTS
            ),
        );
        vary_ok = false;
    }
    if vary_ok && n_points.saturating_mul(replications) > limits::MAX_RUNS {
        p.push(
            "replications",
            format!(
                "{n_points} points × {replications} replications = {} runs (at most {})",
                n_points * replications,
                limits::MAX_RUNS
            ),
        );
        vary_ok = false;
    }
    let mut points = Vec::new();
    if let Some(base) = base {
        // A path must lead somewhere in the base (checked once, with the first value).
        if vary_ok {
            for (k, v) in vary.iter().enumerate() {
                let mut doc = base.clone();
                if let Err(e) = set_path(&mut doc, &v.steps, v.values[0].clone()) {
                    p.push(format!("vary[{k}].path"), e);
                    vary_ok = false;
                }
            }
        }
        if vary_ok {
            points = expand(&base, &vary, replications, &metrics, flows, &mut p);
        } else if let Err(errs) = scenario::parse_value(&base) {
            // The points cannot be built; still report what is wrong with the base itself.
            for e in errs {
                p.push("base", e.to_string());
            }
        }
    }
    if p.0.is_empty() {
        Ok(Sweep {
            id,
            title,
            vary,
            replications,
            metrics,
            flows,
            points,
        })
    } else {
        Err(p.0)
    }
}

/// Build and validate every point, attributing each problem to a value, the base or a combination.
fn expand(
    base: &Value,
    vary: &[Vary],
    reps: u64,
    metrics: &[&'static str],
    flows: FlowRows,
    p: &mut Problems,
) -> Vec<Point> {
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
    let n: usize = vary.iter().map(|v| v.values.len()).product();
    let mut points = Vec::with_capacity(n);
    for index in 0..n {
        // Mixed-radix digits, the first varied path most significant (slowest).
        let mut choice = vec![0; vary.len()];
        let mut rest = index;
        for k in (0..vary.len()).rev() {
            choice[k] = rest % vary[k].values.len();
            rest /= vary[k].values.len();
        }
        let mut doc = base.clone();
        let mut set_error = None;
        for (k, v) in vary.iter().enumerate() {
            if let Err(e) = set_path(&mut doc, &v.steps, v.values[choice[k]].clone()) {
                set_error = Some(format!("vary[{k}].path: {e}"));
            }
        }
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
                        let rows = row_metrics(&sc, metrics, flows);
                        if sc.flows.len() > 1
                            && flows != FlowRows::Each
                            && sc.flows.iter().any(|f| f.id == "sum")
                        {
                            if reported.insert(("flows".into(), String::new())) {
                                p.push("flows", "a flow with id \"sum\" would clash with the group rows; rename it or set \"flows\": \"each\"");
                            }
                            continue;
                        }
                        points.push(Point {
                            index,
                            choice,
                            scenario: sc,
                            rows,
                        });
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
                    if reported.insert((format!("vary[{k}].values[{j}]"), text.clone())) {
                        p.push(format!("vary[{k}].values[{j}]"), text.clone());
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
    points
}

fn row_metrics(sc: &Scenario, metrics: &[&'static str], flows: FlowRows) -> Vec<RowMetric> {
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
                rows.push(RowMetric {
                    name: format!("sum.{m}"),
                    entity: Entity::Sum,
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
        _ => None,
    }
}

fn group_value(s: &Summary, pooled: &Confusion, m: &str) -> Option<f64> {
    match m {
        "completion_s" => s
            .flows
            .iter()
            .map(|f| f.completion_s)
            .try_fold(0.0f64, |acc, c| c.map(|c| acc.max(c))),
        "accuracy_congestion" => pooled.accuracy_congestion(),
        "accuracy_wireless" => pooled.accuracy_wireless(),
        _ => Some(s.flows.iter().filter_map(|f| flow_value(f, m)).sum()),
    }
}

fn run_value(s: &Summary, m: &str) -> Option<f64> {
    match m {
        "jain_index" => jain(
            &s.flows
                .iter()
                .map(|f| f.throughput_kbps)
                .collect::<Vec<_>>(),
        ),
        "end_s" => Some(s.end_s),
        "events" => Some(s.events as f64),
        _ => None,
    }
}

/// Run replication `rep` (0-based) of `point` to its end and measure every row of the point.
pub fn run_replication(point: &Point, rep: u64) -> Result<Sample, String> {
    let mut sc = point.scenario.clone();
    sc.seed += rep;
    let mut sim = Simulation::new(&sc);
    sim.run().map_err(|e| {
        format!(
            "point {} replication {rep} (seed {}): {e}",
            point.index, sc.seed
        )
    })?;
    let summary = sim.summary();
    let mut pooled = Confusion::default();
    for f in &sim.flows {
        let c = &f.sender.confusion;
        pooled.congestion_as_congestion += c.congestion_as_congestion;
        pooled.congestion_as_wireless += c.congestion_as_wireless;
        pooled.wireless_as_congestion += c.wireless_as_congestion;
        pooled.wireless_as_wireless += c.wireless_as_wireless;
        pooled.unknown_as_congestion += c.unknown_as_congestion;
        pooled.unknown_as_wireless += c.unknown_as_wireless;
    }
    Ok(point
        .rows
        .iter()
        .map(|r| match r.entity {
            Entity::Flow(i) => flow_value(&summary.flows[i], r.metric),
            Entity::Sum => group_value(&summary, &pooled, r.metric),
            Entity::Run => run_value(&summary, r.metric),
        })
        .collect())
}

/// Mean and CI of every row of a point over its replications (`samples[r]` = replication r).
pub fn aggregate(point: &Point, samples: &[Sample]) -> Vec<(String, Option<MeanCi>)> {
    point
        .rows
        .iter()
        .enumerate()
        .map(|(i, r)| {
            let xs: Vec<f64> = samples
                .iter()
                .filter_map(|s| s.get(i).copied().flatten())
                .collect();
            (r.name.clone(), ci95(&xs))
        })
        .collect()
}

impl Sweep {
    /// Total runs: points × replications.
    pub fn runs(&self) -> u64 {
        self.points.len() as u64 * self.replications
    }

    /// The CSV header line (with its newline).
    pub fn csv_header(&self) -> String {
        let mut cols = vec!["point".to_string()];
        cols.extend(self.vary.iter().map(|v| field(&v.path)));
        cols.extend(["metric", "mean", "ci95_low", "ci95_high", "n"].map(String::from));
        let mut s = cols.join(",");
        s.push('\n');
        s
    }

    /// The CSV rows of one point from its replications' samples, in replication order.
    pub fn point_csv(&self, point: &Point, samples: &[Sample]) -> String {
        let mut lead = point.index.to_string();
        for (v, &j) in self.vary.iter().zip(&point.choice) {
            lead.push(',');
            lead.push_str(&field(&show_value(&v.values[j])));
        }
        let mut out = String::new();
        for (name, ci) in aggregate(point, samples) {
            let stats = match ci {
                Some(c) => format!("{},{},{},{}", c.mean, c.low, c.high, c.n),
                None => ",,,0".to_string(),
            };
            out.push_str(&format!("{lead},{},{stats}\n", field(&name)));
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use serde_json::json;

    fn no_ids(_: &str) -> Result<Value, String> {
        Err("no scenarios here".into())
    }

    fn problems(v: Value) -> Vec<String> {
        parse_value(&v, &mut no_ids)
            .err()
            .unwrap_or_default()
            .iter()
            .map(|e| e.to_string())
            .collect()
    }

    fn base() -> Value {
        json!({ "id": "t", "seed": 7, "stop": { "time_s": 5 },
                "topology": { "bottleneck": { "errors": { "kind": "bit_error", "ber": 1e-6 } } },
                "flows": [{ "id": "a", "bytes": 20000 }] })
    }

    #[test]
    fn paths_parse_keys_and_indices() {
        use Step::*;
        assert_eq!(
            parse_path("a.b[2].c").unwrap(),
            vec![Key("a".into()), Key("b".into()), Index(2), Key("c".into())]
        );
        assert_eq!(
            parse_path("flows.0.tcp").unwrap(),
            vec![Key("flows".into()), Key("0".into()), Key("tcp".into())]
        );
        for bad in ["", "a..b", "a[", "a[x]", "a]", ".a", "a.", "a[1]b"] {
            assert!(parse_path(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn set_path_creates_keys_and_checks_indices() {
        let mut d = json!({ "flows": [{ "id": "a" }] });
        set_path(
            &mut d,
            &parse_path("flows[0].tcp.cc").unwrap(),
            json!("reno"),
        )
        .unwrap();
        set_path(&mut d, &parse_path("flows.0.bytes").unwrap(), json!(5)).unwrap();
        assert_eq!(
            d,
            json!({ "flows": [{ "id": "a", "tcp": { "cc": "reno" }, "bytes": 5 }] })
        );
        let e = set_path(&mut d, &parse_path("flows[3].id").unwrap(), json!("x")).unwrap_err();
        assert_eq!(e, "flows has 1 element; index 3 is out of range");
        let e = set_path(&mut d, &parse_path("flows[0].id.x").unwrap(), json!(1)).unwrap_err();
        assert_eq!(e, "flows[0].id is a string, not an object");
    }

    #[test]
    fn points_are_the_cartesian_product_first_path_slowest() {
        let v = json!({ "base": base(), "replications": 3, "vary": [
            { "path": "topology.bottleneck.errors.ber", "values": [0, 1e-6] },
            { "path": "flows[0].tcp.cc", "values": ["reno", "new_reno", "tahoe"] } ] });
        let s = parse_value(&v, &mut no_ids).unwrap();
        assert_eq!(s.points.len(), 6);
        let choices: Vec<Vec<usize>> = s.points.iter().map(|p| p.choice.clone()).collect();
        assert_eq!(choices, [[0, 0], [0, 1], [0, 2], [1, 0], [1, 1], [1, 2]]);
        assert_eq!(s.points[4].scenario.flows[0].tcp.cc, "new_reno");
        assert_eq!(s.csv_header(), "point,topology.bottleneck.errors.ber,flows[0].tcp.cc,metric,mean,ci95_low,ci95_high,n\n");
        assert_eq!(s.metrics, DEFAULT_METRICS);
    }

    #[test]
    fn bad_values_are_reported_by_vary_index_all_at_once() {
        let errs = problems(json!({ "base": base(), "vary": [
            { "path": "topology.bottleneck.errors.ber", "values": [0, 2, 1e-5, -1] },
            { "path": "flows[0].tcp.cc", "values": ["reno", "renoo"] } ],
            "metrics": ["throughput_kbps", "thruput_kbps"], "flowz": 1 }));
        assert!(
            errs.contains(&"flowz: unknown field \"flowz\" (did you mean \"flows\"?)".to_string()),
            "{errs:?}"
        );
        assert!(
            errs.iter().any(|e| e.starts_with(
                "metrics[1]: unknown metric \"thruput_kbps\" (did you mean \"throughput_kbps\"?"
            )),
            "{errs:?}"
        );
        assert!(errs.contains(&"vary[0].values[1]: topology.bottleneck.errors.ber: must be between 0 and 0.5 (got 2)".to_string()), "{errs:?}");
        assert!(errs.contains(&"vary[0].values[3]: topology.bottleneck.errors.ber: must be between 0 and 0.5 (got -1)".to_string()), "{errs:?}");
        assert!(
            errs.iter()
                .any(|e| e
                    .starts_with("vary[1].values[1]: flows[0].tcp.cc: unknown value \"renoo\"")),
            "{errs:?}"
        );
        assert_eq!(errs.len(), 5, "{errs:?}");
    }

    #[test]
    fn combination_and_base_problems_are_named_as_such() {
        // Each value is fine alone; together they exceed the per-link bit cap (rate × time).
        let errs = problems(json!({ "base": base(), "vary": [
            { "path": "stop.time_s", "values": [5, 90000] },
            { "path": "topology.bottleneck.rate_bps", "values": [1e6, 1e9] } ] }));
        assert_eq!(errs.len(), 2, "{errs:?}"); // forward and reverse direction
        assert!(errs[0].starts_with("point 3 (stop.time_s=90000, topology.bottleneck.rate_bps=1000000000.0): topology.bottleneck.rate_bps: rate"), "{errs:?}");
        let mut b = base();
        b["observe"] = json!({ "sample_ms": 0 });
        let errs = problems(json!({ "base": b, "vary": [{ "path": "seed", "values": [1, 2] }] }));
        assert_eq!(
            errs,
            ["base: observe.sample_ms: must be between 1 and 600000 (got 0)"]
        );
    }

    #[test]
    fn structural_problems() {
        assert_eq!(
            problems(json!([])),
            ["(root): must be an object (got an array)"]
        );
        let errs = problems(
            json!({ "base": "nope", "vary": [{ "path": "a..b", "values": [] }, { "path": "flows[4].id", "values": ["x"] }], "replications": 0 }),
        );
        assert!(
            errs.contains(&"base: no scenarios here".to_string()),
            "{errs:?}"
        );
        assert!(
            errs.iter()
                .any(|e| e.starts_with("vary[0].path: invalid path \"a..b\"")),
            "{errs:?}"
        );
        assert!(
            errs.contains(&"vary[0].values: needs at least one value".to_string()),
            "{errs:?}"
        );
        assert!(
            errs.contains(
                &"replications: must be a whole number from 1 to 100000 (got 0)".to_string()
            ),
            "{errs:?}"
        );
        let errs = problems(
            json!({ "base": base(), "vary": [{ "path": "flows[4].id", "values": ["x"] }] }),
        );
        assert_eq!(
            errs,
            ["vary[0].path: flows has 1 element; index 4 is out of range"]
        );
        let errs = problems(json!({ "base": base() }));
        assert!(errs[0].starts_with("vary: is required"), "{errs:?}");
        // With a broken vary, the base's own problems are still reported.
        let errs = problems(json!({ "base": { "flows": [] }, "vary": [{ "path": "seed" }] }));
        assert_eq!(
            errs,
            [
                "vary[0].values: is required (an array of values)",
                "base: flows: needs at least one flow"
            ]
        );
    }

    #[test]
    fn multi_flow_rows_and_aggregation() {
        let mut b = base();
        b["flows"] = json!([{ "id": "ld", "count": 2, "bytes": 20000 }]);
        let v = json!({ "base": b, "vary": [], "replications": 2, "metrics": ["throughput_kbps", "jain_index", "completion_s"] });
        let s = parse_value(&v, &mut no_ids).unwrap();
        let p = &s.points[0];
        let names: Vec<&str> = p.metric_names().collect();
        assert_eq!(
            names,
            [
                "ld.0.throughput_kbps",
                "ld.1.throughput_kbps",
                "sum.throughput_kbps",
                "jain_index",
                "ld.0.completion_s",
                "ld.1.completion_s",
                "sum.completion_s"
            ]
        );
        let samples: Vec<Sample> = (0..2).map(|r| run_replication(p, r).unwrap()).collect();
        for smp in &samples {
            assert!((smp[0].unwrap() + smp[1].unwrap() - smp[2].unwrap()).abs() < 1e-9);
            assert_eq!(smp[6], Some(smp[4].unwrap().max(smp[5].unwrap())));
        }
        let csv = s.point_csv(p, &samples);
        assert_eq!(csv.lines().count(), 7);
        assert!(
            csv.lines()
                .all(|l| l.starts_with("0,") && l.ends_with(",2")),
            "{csv}"
        );
        // The same replication twice gives the same sample (determinism); seeds differ per r.
        assert_eq!(run_replication(p, 1).unwrap(), samples[1]);
    }

    #[test]
    fn aggregate_by_hand_and_missing_values() {
        let s = parse_value(&json!({ "base": base(), "vary": [], "metrics": ["throughput_kbps", "accuracy_wireless"] }), &mut no_ids).unwrap();
        let p = &s.points[0];
        // mean 2, s = 1, n = 3: half width = t_{0.975,2}·1/√3 = 4.302 65 / 1.732 05 = 2.484 13
        let samples = vec![
            vec![Some(1.0), None],
            vec![Some(2.0), None],
            vec![Some(3.0), Some(0.5)],
        ];
        let rows = aggregate(p, &samples);
        let t = rows[0].1.unwrap();
        assert!((t.high - 2.0 - 2.484_13).abs() < 1e-5 && t.n == 3, "{t:?}");
        assert_eq!(
            rows[1].1.unwrap(),
            MeanCi {
                mean: 0.5,
                low: 0.5,
                high: 0.5,
                n: 1
            }
        );
        let csv = s.point_csv(p, &[vec![Some(1.0), None]]);
        assert_eq!(csv, "0,throughput_kbps,1,1,1,1\n0,accuracy_wireless,,,,0\n");
    }
}
