//! A lesson figure's results table (`content/lessons/FORMAT.md`, "The results table"): rows ×
//! columns, each entry `{ id, label, at?, metric?, flow?, digits? }`; a cell merges its row's and
//! its column's `at` (control path → value, together fixing every control), takes the one
//! `metric` (and `flow`) the two name, and holds the mean of that sweep row over the figure's
//! replications — the same sweep and statistics the `expect` checks read, which may name a cell
//! as `{ "table": "row/column" }`. A number in the prose links to a cell with
//! `[about 13 s](#cell:figure/row/column)`; the number the link's text quotes must be the cell's
//! mean at the precision written.

use serde_json::{json, Map, Value};
use sim_core::sweep::{PointStats, Sample, Sweep};

const ENTRY_FIELDS: &[&str] = &["id", "label", "at", "metric", "flow", "digits"];

/// One cell of a figure's table.
pub struct Cell {
    pub row: String,
    pub col: String,
    /// Every control's path → value.
    pub at: Map<String, Value>,
    pub metric: String,
    pub flow: Option<String>,
}

impl Cell {
    /// `row/column`, as prose links and `expect` name it.
    pub fn key(&self) -> String {
        format!("{}/{}", self.row, self.col)
    }

    /// The cell in the reproduce engine's language: `{ "at", "metric", "flow"? }`.
    pub fn engine_cell(&self) -> Value {
        let mut c = json!({ "at": self.at, "metric": self.metric });
        if let Some(f) = &self.flow {
            c["flow"] = json!(f);
        }
        c
    }

    /// The sweep row it reads (`throughput_kbps`, `single.completion_s`).
    fn row_name(&self) -> String {
        match &self.flow {
            Some(f) => format!("{f}.{}", self.metric),
            None => self.metric.clone(),
        }
    }

    /// The mean of the cell's row over the replications of its point (the sweep's own
    /// statistics, `sim_core::sweep::PointStats`, as the page's `SweepModel.aggregateFlat`).
    pub fn mean(&self, sweep: &Sweep, samples: &[Vec<Sample>]) -> Result<f64, String> {
        let i = sweep
            .points
            .iter()
            .position(|p| {
                sweep
                    .vary
                    .iter()
                    .all(|v| self.at.get(&v.path) == v.values.get(p.choice[v.axis]))
            })
            .ok_or_else(|| format!("cell {}: no point of the sweep has its `at`", self.key()))?;
        let point = &sweep.points[i];
        let name = self.row_name();
        let j = point
            .metric_names()
            .position(|n| n == name)
            .ok_or_else(|| {
                let names: Vec<&str> = point.metric_names().collect();
                format!(
                    "cell {}: the sweep has no row \"{name}\" (rows: {})",
                    self.key(),
                    names.join(", ")
                )
            })?;
        let mut stats = PointStats::new(point);
        for s in &samples[i] {
            stats.push(s);
        }
        stats.rows()[j]
            .mean()
            .ok_or_else(|| format!("cell {}: \"{name}\" is undefined in every run", self.key()))
    }
}

/// One control of the figure: its path and the values it takes.
pub struct Control {
    pub path: String,
    pub values: Vec<Value>,
}

/// Read one row or column entry; `None` when it is unusable (the problems say why).
fn entry(
    at: &str,
    v: &Value,
    controls: &[Control],
    metrics: &[String],
    p: &mut Vec<String>,
) -> Option<Value> {
    let Some(o) = v.as_object() else {
        p.push(format!(
            "{at}: an object {{ id, label, at?, metric?, flow?, digits? }}"
        ));
        return None;
    };
    let mut ok = true;
    for k in o.keys() {
        if !ENTRY_FIELDS.contains(&k.as_str()) {
            p.push(format!(
                "{at}: unknown field `{k}` (allowed: {})",
                ENTRY_FIELDS.join(", ")
            ));
            ok = false;
        }
    }
    let id_ok = o["id"]
        .as_str()
        .is_some_and(|s| !s.is_empty() && s.chars().all(|c| c.is_ascii_alphanumeric() || c == '-'));
    if !id_ok {
        p.push(format!("{at}.id: required, letters, digits and `-`"));
        ok = false;
    }
    if o.get("label")
        .and_then(Value::as_str)
        .is_none_or(str::is_empty)
    {
        p.push(format!("{at}.label: required, in words"));
        ok = false;
    }
    if let Some(a) = o.get("at") {
        match a.as_object() {
            None => {
                p.push(format!("{at}.at: an object {{ control path: value }}"));
                ok = false;
            }
            Some(a) => {
                for (path, want) in a {
                    match controls.iter().find(|c| &c.path == path) {
                        None => {
                            let paths: Vec<&str> =
                                controls.iter().map(|c| c.path.as_str()).collect();
                            p.push(format!(
                                "{at}.at: \"{path}\" is no control of the figure (controls: {})",
                                paths.join(", ")
                            ));
                            ok = false;
                        }
                        Some(c) if !c.values.contains(want) => {
                            let vals: Vec<String> = c.values.iter().map(Value::to_string).collect();
                            p.push(format!(
                                "{at}.at.{path}: {want} is not one of the control's values ({})",
                                vals.join(", ")
                            ));
                            ok = false;
                        }
                        Some(_) => {}
                    }
                }
            }
        }
    }
    if let Some(m) = o.get("metric") {
        if !m.as_str().is_some_and(|m| metrics.iter().any(|x| x == m)) {
            p.push(format!(
                "{at}.metric: {m} is not one of the figure's `metrics` ({})",
                metrics.join(", ")
            ));
            ok = false;
        }
    }
    if o.get("flow")
        .is_some_and(|f| f.as_str().is_none_or(str::is_empty))
    {
        p.push(format!("{at}.flow: a flow id of the scenario"));
        ok = false;
    }
    if o.get("digits")
        .is_some_and(|d| d.as_u64().is_none_or(|d| d > 4))
    {
        p.push(format!("{at}.digits: decimals shown, 0 … 4"));
        ok = false;
    }
    ok.then(|| v.clone())
}

/// Parse and check a figure's `table` (`at` = the figure's place, for messages); its cells, row
/// by row.
pub fn parse(
    at: &str,
    table: &Value,
    controls: &[Control],
    metrics: &[String],
    p: &mut Vec<String>,
) -> Vec<Cell> {
    let Some(t) = table.as_object() else {
        p.push(format!(
            "{at}: table: an object {{ \"rows\": [...], \"columns\": [...] }}"
        ));
        return Vec::new();
    };
    for k in t.keys() {
        if k != "rows" && k != "columns" {
            p.push(format!(
                "{at}: table: unknown field `{k}` (allowed: rows, columns)"
            ));
        }
    }
    let mut lists: Vec<Vec<Value>> = Vec::new();
    let mut broken = false;
    for side in ["rows", "columns"] {
        let items = t
            .get(side)
            .and_then(Value::as_array)
            .cloned()
            .unwrap_or_default();
        if items.is_empty() {
            p.push(format!("{at}: table.{side}: a non-empty list"));
            return Vec::new();
        }
        let mut seen = Vec::new();
        let mut good = Vec::new();
        for (i, v) in items.iter().enumerate() {
            let here = format!("{at}: table.{side}[{i}]");
            if let Some(e) = entry(&here, v, controls, metrics, p) {
                let id = e["id"].as_str().unwrap_or("").to_string();
                if seen.contains(&id) {
                    p.push(format!("{here}.id: \"{id}\" is used twice"));
                }
                seen.push(id);
                good.push(e);
            }
        }
        // Rows and columns are both read, so one pass names every mistake.
        broken |= good.len() != items.len();
        lists.push(good);
    }
    if broken {
        return Vec::new();
    }
    let mut cells = Vec::new();
    for r in &lists[0] {
        for c in &lists[1] {
            let key = format!(
                "{}/{}",
                r["id"].as_str().unwrap(),
                c["id"].as_str().unwrap()
            );
            let here = format!("{at}: table cell {key}");
            let mut merged = Map::new();
            let mut ok = true;
            for side in [r, c] {
                for (path, v) in side["at"].as_object().into_iter().flatten() {
                    if merged.get(path).is_some_and(|old| old != v) {
                        p.push(format!(
                            "{here}: its row and column set \"{path}\" differently"
                        ));
                        ok = false;
                    }
                    merged.insert(path.clone(), v.clone());
                }
            }
            let missing: Vec<&str> = controls
                .iter()
                .filter(|c| !merged.contains_key(&c.path))
                .map(|c| c.path.as_str())
                .collect();
            if !missing.is_empty() {
                p.push(format!(
                    "{here}: its row and column together must fix every control; missing: {}",
                    missing.join(", ")
                ));
                ok = false;
            }
            let metric = match (r.get("metric"), c.get("metric")) {
                (Some(m), None) | (None, Some(m)) => m.as_str().unwrap().to_string(),
                _ => {
                    p.push(format!(
                        "{here}: exactly one of its row and column names a `metric`"
                    ));
                    ok = false;
                    String::new()
                }
            };
            let flow = match (r.get("flow"), c.get("flow")) {
                (Some(f), None) | (None, Some(f)) => f.as_str().map(str::to_string),
                (None, None) => None,
                _ => {
                    p.push(format!(
                        "{here}: only one of its row and column may name a `flow`"
                    ));
                    ok = false;
                    None
                }
            };
            if ok {
                cells.push(Cell {
                    row: r["id"].as_str().unwrap().to_string(),
                    col: c["id"].as_str().unwrap().to_string(),
                    at: merged,
                    metric,
                    flow,
                });
            }
        }
    }
    cells
}

/// Replace every `{ "table": "row/column" }` in an `expect` check by the cell it names.
pub fn resolve_refs(v: &mut Value, cells: &[Cell], at: &str, p: &mut Vec<String>) {
    match v {
        Value::Object(o) if o.contains_key("table") => {
            let key = o["table"].as_str().unwrap_or("").to_string();
            if o.len() != 1 {
                p.push(format!(
                    "{at}: a table cell reference is {{ \"table\": \"row/column\" }} alone"
                ));
            }
            match cells.iter().find(|c| c.key() == key) {
                Some(c) => *v = c.engine_cell(),
                None => {
                    let keys: Vec<String> = cells.iter().map(Cell::key).collect();
                    p.push(format!(
                        "{at}: table cell \"{key}\" is not in the figure's table (cells: {})",
                        keys.join(", ")
                    ));
                }
            }
        }
        Value::Object(o) => o.values_mut().for_each(|x| resolve_refs(x, cells, at, p)),
        Value::Array(a) => a.iter_mut().for_each(|x| resolve_refs(x, cells, at, p)),
        _ => {}
    }
}

/// A prose link to a table cell.
pub struct Link {
    pub line: usize,
    pub text: String,
    pub figure: String,
    pub cell: String,
}

/// Every `[text](#cell:figure/row/column)` in a lesson's text, with its line.
pub fn links(text: &str) -> Vec<Link> {
    let mut out = Vec::new();
    for (n, line) in text.lines().enumerate() {
        let mut rest = line;
        while let Some(k) = rest.find("](#cell:") {
            let before = &rest[..k];
            let after = &rest[k + "](#cell:".len()..];
            let Some(end) = after.find(')') else { break };
            let target = &after[..end];
            let open = before.rfind('[');
            if let (Some(open), Some((figure, cell))) = (open, target.split_once('/')) {
                out.push(Link {
                    line: n + 1,
                    text: before[open + 1..].to_string(),
                    figure: figure.to_string(),
                    cell: cell.to_string(),
                });
            }
            rest = &after[end..];
        }
    }
    out
}

/// The first number a link's text quotes and its decimals (`about 13 s` → 13, 0; `0.93` → 0.93, 2).
pub fn quoted_number(text: &str) -> Option<(f64, u32)> {
    let start = text.find(|c: char| c.is_ascii_digit())?;
    let s: String = text[start..]
        .chars()
        .take_while(|c| c.is_ascii_digit() || *c == '.')
        .collect();
    let s = s.trim_end_matches('.');
    let decimals = s.split_once('.').map_or(0, |(_, d)| d.len() as u32);
    Some((s.parse().ok()?, decimals))
}

/// True when `value` shows as `quoted` at `decimals` decimals (half a unit of the last digit).
pub fn agrees(value: f64, quoted: f64, decimals: u32) -> bool {
    (value - quoted).abs() <= 0.5 * 10f64.powi(-(decimals as i32)) + 1e-9
}

#[cfg(test)]
mod tests;
