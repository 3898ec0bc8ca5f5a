//! A sweep's scoreboard: one line per value of one varied path (`by`), ranking those values —
//! a classifier, a variant — over every other axis of the sweep (the conditions).
//!
//! ```json
//! "scoreboard": { "by": "flows[0].tcp.classifier",
//!                 "columns": ["judged.accuracy_congestion", "judged.accuracy_wireless",
//!                             "judged.throughput_kbps", "shared.jain_index"],
//!                 "score": ["judged.accuracy_congestion", "judged.accuracy_wireless"] }
//! ```
//! - `columns` are row names of the sweep's points (the aggregate CSV's `<entity>.<metric>`, or
//!   the bare metric of a run metric or a single-flow scenario: the names a reproduction cites).
//! - A **cell** is the mean, over the points with that `by` value, of the point's mean (over its
//!   replications, as in the aggregate CSV) — each condition weighs the same whatever its number
//!   of losses. Points where the row is undefined (an accuracy without a loss of that kind) are
//!   left out; a cell none defines is empty.
//! - The **score** is the mean of the `score` columns' cells (empty if one is): with the two
//!   accuracies it is the balanced accuracy, (A_c + A_w) / 2, which a classifier that always
//!   answers "congestion" cannot raise above 0.5.
//! - Lines are ranked by score, highest first, lines without one last, ties in the axis's order.
//!
//! The means are summed in point order whatever order the points finished in, so the CLI
//! (`losslab sweep --scoreboard`) and the page (through wasm) write the same bytes:
//! `<by path>,score,<columns…>`, numbers in Rust's shortest round-trip form, empty when undefined.

use super::accumulate::PointStats;
use super::{show_value, Point, Sweep};
use crate::csv::field;
use crate::json_reader::{kind, quote, Problems};
use serde::Serialize;
use serde_json::Value;
use ts_rs::TS;

/// Most columns of a scoreboard.
pub const MAX_COLUMNS: usize = 16;

/// The `scoreboard` object of a sweep file, validated.
#[derive(Clone, Debug, PartialEq)]
pub struct ScoreboardSpec {
    /// The varied path whose values are the lines.
    pub by: String,
    /// Index of `by` in [`Sweep::vary`].
    pub vary: usize,
    /// Row names read, in column order.
    pub columns: Vec<String>,
    /// Indices into `columns` of the columns averaged into the score.
    pub score: Vec<usize>,
}

/// One line of a scoreboard.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct BoardLine {
    /// The `by` value (a classifier id).
    pub value: Value,
    /// Mean of the score columns (`None` if one is undefined).
    pub score: Option<f64>,
    /// One cell per column.
    pub cells: Vec<Option<f64>>,
}

/// A finished scoreboard: its columns and its lines in rank order.
#[derive(Clone, Debug, PartialEq, Serialize, TS)]
pub struct Board {
    /// The `by` path.
    pub by: String,
    /// The columns' row names.
    pub columns: Vec<String>,
    /// Lines, best first.
    pub lines: Vec<BoardLine>,
}

/// Read the sweep's `scoreboard` (absent or null: none). `vary` are the sweep's varied paths.
pub fn parse(v: Option<&Value>, vary: &[String], p: &mut Problems) -> Option<ScoreboardSpec> {
    let o = match v {
        None | Some(Value::Null) => return None,
        Some(Value::Object(o)) => o,
        Some(other) => {
            p.push(
                "scoreboard",
                format!(
                    "must be an object {{ \"by\", \"columns\", \"score\" }} (got {})",
                    kind(other)
                ),
            );
            return None;
        }
    };
    for key in o.keys() {
        if !["by", "columns", "score"].contains(&key.as_str()) {
            p.push(
                format!("scoreboard.{}", quote(key)),
                format!(
                    "unknown field \"{}\" (expected one of: by, columns, score)",
                    quote(key)
                ),
            );
        }
    }
    let by = match o.get("by") {
        Some(Value::String(s)) => match vary.iter().position(|v| v == s) {
            Some(k) => Some((s.clone(), k)),
            None => {
                p.push(
                    "scoreboard.by",
                    format!(
                        "\"{}\" is not a varied path of this sweep (one of: {})",
                        quote(s),
                        vary.join(", ")
                    ),
                );
                None
            }
        },
        None | Some(Value::Null) => {
            p.push(
                "scoreboard.by",
                "is required (the varied path whose values are ranked)",
            );
            None
        }
        Some(other) => {
            p.push(
                "scoreboard.by",
                format!("must be a string (got {})", kind(other)),
            );
            None
        }
    };
    let names = |key: &str, p: &mut Problems| -> Vec<String> {
        let at = format!("scoreboard.{key}");
        match o.get(key) {
            Some(Value::Array(a)) if a.is_empty() => {
                p.push(&at, "needs at least one row name");
                Vec::new()
            }
            Some(Value::Array(a)) if a.len() > MAX_COLUMNS => {
                p.push(
                    &at,
                    format!("has {} names (at most {MAX_COLUMNS})", a.len()),
                );
                Vec::new()
            }
            Some(Value::Array(a)) => a
                .iter()
                .enumerate()
                .filter_map(|(i, x)| match x {
                    Value::String(s) => Some(s.clone()),
                    other => {
                        p.push(
                            format!("{at}[{i}]"),
                            format!("must be a row name string (got {})", kind(other)),
                        );
                        None
                    }
                })
                .collect(),
            None | Some(Value::Null) => {
                p.push(
                    &at,
                    "is required (an array of row names, e.g. \"judged.accuracy_wireless\")",
                );
                Vec::new()
            }
            Some(other) => {
                p.push(
                    &at,
                    format!("must be an array of row names (got {})", kind(other)),
                );
                Vec::new()
            }
        }
    };
    let columns = names("columns", p);
    for (i, c) in columns.iter().enumerate() {
        if columns[..i].contains(c) {
            p.push(
                format!("scoreboard.columns[{i}]"),
                format!("\"{}\" is listed twice", quote(c)),
            );
        }
    }
    let score: Vec<usize> = names("score", p)
        .iter()
        .enumerate()
        .filter_map(|(i, s)| {
            let k = columns.iter().position(|c| c == s);
            if k.is_none() && !columns.is_empty() {
                p.push(
                    format!("scoreboard.score[{i}]"),
                    format!("\"{}\" is not one of the scoreboard's columns", quote(s)),
                );
            }
            k
        })
        .collect();
    let (by, vary) = by?;
    (!columns.is_empty() && !score.is_empty()).then_some(ScoreboardSpec {
        by,
        vary,
        columns,
        score,
    })
}

impl ScoreboardSpec {
    /// Problems of the columns against a point's rows (every point has the same row names but
    /// for flows a count switches off; checked on the first point).
    pub fn check_rows(&self, point: &Point, p: &mut Problems) {
        let names: Vec<&str> = point.metric_names().collect();
        for (i, c) in self.columns.iter().enumerate() {
            if !names.contains(&c.as_str()) {
                p.push(
                    format!("scoreboard.columns[{i}]"),
                    format!(
                        "\"{}\" is not a row of the sweep's points (its rows: {})",
                        quote(c),
                        names.join(", ")
                    ),
                );
            }
        }
    }
}

/// The scoreboard of a sweep being run: each finished point's column means, kept by point index
/// and summed in that order at the end (memory: points × columns numbers).
#[derive(Clone, Debug)]
pub struct Scoreboard {
    spec: ScoreboardSpec,
    /// Per point index: its `by` value's position and its column means.
    points: Vec<Option<(usize, Vec<Option<f64>>)>>,
    values: Vec<Value>,
}

impl Scoreboard {
    /// An empty scoreboard for `sweep` (None if the sweep has no `scoreboard`).
    pub fn new(sweep: &Sweep) -> Option<Scoreboard> {
        let spec = sweep.scoreboard.clone()?;
        let values = sweep.vary[spec.vary].values.clone();
        Some(Scoreboard {
            spec,
            points: vec![None; sweep.point_count()],
            values,
        })
    }

    /// A finished point's statistics (its replications, in order).
    pub fn add(&mut self, point: &Point, stats: &PointStats) {
        let names: Vec<&str> = point.metric_names().collect();
        let means = self
            .spec
            .columns
            .iter()
            .map(|c| {
                let k = names.iter().position(|n| n == c)?;
                stats.rows().get(k)?.mean()
            })
            .collect();
        if let Some(slot) = self.points.get_mut(point.index) {
            *slot = Some((point.choice[self.spec.vary], means));
        }
    }

    /// The ranked board, once every point is in.
    pub fn board(&self) -> Result<Board, String> {
        let have = self.points.iter().filter(|p| p.is_some()).count();
        if have < self.points.len() {
            return Err(format!(
                "the scoreboard needs every point of the sweep: {have} of {} are finished",
                self.points.len()
            ));
        }
        let cols = self.spec.columns.len();
        // (sum, count) per value and column, summed in point order.
        let mut acc = vec![vec![(0.0f64, 0u32); cols]; self.values.len()];
        for (j, means) in self.points.iter().flatten() {
            for (c, m) in means.iter().enumerate() {
                if let Some(m) = m {
                    acc[*j][c].0 += m;
                    acc[*j][c].1 += 1;
                }
            }
        }
        let mut lines: Vec<BoardLine> = acc
            .iter()
            .zip(&self.values)
            .map(|(row, value)| {
                let cells: Vec<Option<f64>> = row
                    .iter()
                    .map(|&(s, n)| (n > 0).then(|| s / n as f64))
                    .collect();
                let score = self
                    .spec
                    .score
                    .iter()
                    .map(|&k| cells[k])
                    .try_fold(0.0, |a, c| c.map(|c| a + c))
                    .map(|s| s / self.spec.score.len() as f64);
                BoardLine {
                    value: value.clone(),
                    score,
                    cells,
                }
            })
            .collect();
        // Stable: ties keep the axis's order.
        lines.sort_by(|a, b| match (a.score, b.score) {
            (Some(x), Some(y)) => y.total_cmp(&x),
            (Some(_), None) => std::cmp::Ordering::Less,
            (None, Some(_)) => std::cmp::Ordering::Greater,
            (None, None) => std::cmp::Ordering::Equal,
        });
        Ok(Board {
            by: self.spec.by.clone(),
            columns: self.spec.columns.clone(),
            lines,
        })
    }
}

impl Board {
    /// The scoreboard CSV: `<by path>,score,<columns…>`, one line per value in rank order.
    pub fn csv(&self) -> String {
        let num = |x: &Option<f64>| x.map(|v| v.to_string()).unwrap_or_default();
        let mut out = field(&self.by);
        out.push_str(",score");
        for c in &self.columns {
            out.push(',');
            out.push_str(&field(c));
        }
        out.push('\n');
        for l in &self.lines {
            out.push_str(&field(&show_value(&l.value)));
            out.push(',');
            out.push_str(&num(&l.score));
            for c in &l.cells {
                out.push(',');
                out.push_str(&num(c));
            }
            out.push('\n');
        }
        out
    }
}
