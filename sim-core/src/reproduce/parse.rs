//! Reading a reproduction file (`content/reproductions/FORMAT.md`): every problem at once, each
//! with its JSON path (`plot.series[1].at.flows[0].tcp.cc`, `expect[2].check.a.x`), like
//! [`crate::scenario::parse`]. The sweep inside is validated by [`crate::sweep::parse_value`]
//! (its problems are prefixed `sweep.`), and every cell a series or a check names is looked up
//! in the expanded sweep, so a file that parses can be run and evaluated without surprises.

use super::check::{Check, Shape};
use super::timeseq::TimeSeqSpec;
use super::*;
use crate::json_reader::{closest, kind, plain_id, show, Obj, Problems};
use crate::sweep::{parse_path, show_value, Point, Vary};

/// Most time-sequence plots in one file (each is one more run).
const MAX_TIMESEQ: usize = 4;

/// Parse and validate reproduction JSON text; `resolve` loads scenarios, sweeps and references.
/// The text goes through [`crate::json_reader::read_document`] like a scenario's: a duplicated
/// key, a document too large or nested too deep is a problem at its path, not silently merged.
pub fn parse(text: &str, resolve: &mut Resolve<'_>) -> Result<Reproduction, Vec<ConfigError>> {
    parse_value(&crate::json_reader::read_document(text)?, resolve)
}

const NUM: f64 = 1e300;

/// Two JSON values equal as sweep values (numbers compared as numbers: 1 = 1.0).
fn same(a: &Value, b: &Value) -> bool {
    match (a.as_f64(), b.as_f64()) {
        (Some(x), Some(y)) => x == y,
        _ => a == b,
    }
}

fn list(vs: &[Value]) -> String {
    vs.iter().map(show_value).collect::<Vec<_>>().join(", ")
}

/// The row name of `metric` for `flow` (absent: a single flow's or a run metric; `sum`: the group
/// row; else `<flow>.<metric>`), as in the sweep's CSV.
fn row_name(metric: &str, flow: Option<&str>) -> String {
    match flow {
        None => metric.to_string(),
        Some("sum") => crate::sweep::aggregate_of(metric)
            .map(String::from)
            .unwrap_or_else(|| format!("sum.{metric}")),
        Some(f) => format!("{f}.{metric}"),
    }
}

fn point_with<'s>(sweep: &'s Sweep, choice: &[usize]) -> Option<&'s Point> {
    sweep.points.iter().find(|p| p.choice == choice)
}

/// Check that `point` has the row, reporting at `at` otherwise.
fn has_row(point: &Point, row: &str, at: &str, p: &mut Problems) -> bool {
    if point.metric_names().any(|n| n == row) {
        return true;
    }
    let names: Vec<&str> = point.metric_names().collect();
    p.push(
        at,
        format!(
            "point {} has no row \"{row}\" (its rows: {}; add the metric to the sweep's metrics, or name a flow / \"sum\")",
            point.index,
            names.join(", ")
        ),
    );
    false
}

/// Read an `at` object (varied path → value) into choices; `skip` is a vary index left open.
fn read_at(
    v: Option<&Value>,
    at: &str,
    vary: &[Vary],
    skip: Option<usize>,
    p: &mut Problems,
) -> Option<Vec<Option<usize>>> {
    let mut choice = vec![None; vary.len()];
    let map = match v {
        None | Some(Value::Null) => None,
        Some(Value::Object(m)) => Some(m),
        Some(other) => {
            p.push(
                at,
                format!(
                    "must be an object of varied path → value (got {})",
                    kind(other)
                ),
            );
            return None;
        }
    };
    let mut ok = true;
    if let Some(m) = map {
        for (path, val) in m {
            let here = format!("{at}.{path}");
            match vary.iter().position(|v| v.path == *path) {
                Some(k) if Some(k) == skip => {
                    p.push(here, "is the x axis path; the series takes every x value");
                    ok = false;
                }
                Some(k) if skip.is_some_and(|s| vary[s].axis == vary[k].axis) => {
                    p.push(
                        here,
                        "is zipped with the x axis path (they vary together); the series takes every x value",
                    );
                    ok = false;
                }
                Some(k) => match vary[k].values.iter().position(|x| same(x, val)) {
                    Some(j) => choice[k] = Some(j),
                    None => {
                        p.push(
                            here,
                            format!(
                                "{} is not among the sweep's values ({})",
                                show_value(val),
                                list(&vary[k].values)
                            ),
                        );
                        ok = false;
                    }
                },
                None => {
                    let paths: Vec<&str> = vary.iter().map(|v| v.path.as_str()).collect();
                    let hint = closest(path, &paths)
                        .map(|c| format!(" (did you mean \"{c}\"?)"))
                        .unwrap_or_default();
                    p.push(
                        here,
                        format!(
                            "\"{path}\" is not a varied path of the sweep{hint}; varied: {}",
                            paths.join(", ")
                        ),
                    );
                    ok = false;
                }
            }
        }
    }
    // The paths of a zipped axis take one position together: naming one of them fixes all;
    // naming two at different positions names no point.
    let skip_axis = skip.map(|s| vary[s].axis);
    let mut axis_pos: Vec<(usize, usize, usize)> = Vec::new(); // (axis, position, column named)
    for (k, c) in choice.iter().enumerate() {
        let Some(j) = *c else { continue };
        match axis_pos.iter().find(|(a, _, _)| *a == vary[k].axis) {
            Some(&(_, j0, k0)) if j0 != j => {
                p.push(
                    format!("{at}.{}", vary[k].path),
                    format!(
                        "is zipped with \"{}\" (they vary together): where {} = {}, {} = {}; name one of them",
                        vary[k0].path,
                        vary[k0].path,
                        show_value(&vary[k0].values[j0]),
                        vary[k].path,
                        show_value(&vary[k].values[j0]),
                    ),
                );
                ok = false;
            }
            Some(_) => {}
            None => axis_pos.push((vary[k].axis, j, k)),
        }
    }
    for (k, v) in vary.iter().enumerate() {
        if let Some(&(_, j, _)) = axis_pos.iter().find(|(a, _, _)| *a == v.axis) {
            choice[k] = Some(j);
        }
    }
    let mut missing: Vec<String> = Vec::new();
    for (k, v) in vary.iter().enumerate() {
        if choice[k].is_some() || Some(v.axis) == skip_axis {
            continue;
        }
        let zipped: Vec<&str> = vary
            .iter()
            .filter(|w| w.axis == v.axis)
            .map(|w| w.path.as_str())
            .collect();
        if zipped.len() == 1 {
            missing.push(v.path.clone());
        } else if zipped[0] == v.path {
            missing.push(format!("one of {} (zipped)", zipped.join(" / ")));
        }
    }
    if ok && !missing.is_empty() {
        p.push(
            at,
            format!(
                "must fix every varied path; missing: {}",
                missing.join(", ")
            ),
        );
        ok = false;
    }
    ok.then_some(choice)
}

fn read_reference(v: &Value, path: &str, p: &mut Problems) -> Reference {
    // Only the fields the report draws are read; the reference schema (content/schema/
    // reference.schema.json) checks the rest.
    let at = format!("reference ({path})");
    let mut q = Problems::default();
    let mut o = Obj::new(Some(v), String::new(), &mut q);
    let how_read = o.string("how_read", Some(""), &mut q);
    let axis = |o: &mut Obj, key: &'static str, q: &mut Problems| {
        if !o.has(key) {
            return None;
        }
        let mut a = o.obj(key, q);
        Some((
            a.string("label", Some(""), q),
            a.string("unit", Some(""), q),
        ))
    };
    let x = axis(&mut o, "x", &mut q);
    let y = axis(&mut o, "y", &mut q);
    let mut series = Vec::new();
    for (sp, sv) in o.array("series", &mut q) {
        let mut s = Obj::new(Some(sv), sp, &mut q);
        let id = s.string("id", None, &mut q);
        let label = s.string("label", Some(&id), &mut q);
        let y_unit = y.as_ref().map_or("", |(_, u)| u.as_str());
        let unit = s.string("unit", Some(y_unit), &mut q);
        let mut points = Vec::new();
        for (pp, pv) in s.array("points", &mut q) {
            // A table's row key or a printed cell may be text (ON/OFF); such points have no place
            // on a numeric axis.
            let text = |k: &str| pv.get(k).is_some_and(|v| !v.is_number());
            if text("x") || text("y") {
                continue;
            }
            let mut pt = Obj::new(Some(pv), pp, &mut q);
            points.push(RefPoint {
                x: pt.num("x", -NUM, NUM, None, &mut q),
                y: pt.num("y", -NUM, NUM, None, &mut q),
                uncertainty: pt.num("uncertainty", 0.0, NUM, Some(0.0), &mut q),
            });
        }
        series.push(RefSeries {
            id,
            label,
            unit,
            points,
        });
    }
    for e in q.0 {
        p.push(format!("{at}.{}", e.path), e.message);
    }
    Reference {
        path: path.to_string(),
        how_read,
        x,
        y,
        series,
    }
}

/// The number of a sweep's x value, or a problem.
fn x_number(v: &Value) -> Option<f64> {
    v.as_f64()
}

struct Ctx<'a> {
    sweep: &'a Sweep,
    kx: usize,
    plot: &'a Plot,
}

impl Ctx<'_> {
    /// A cell: `{ "series", "x" }` or `{ "at", "metric"?, "flow"? }`.
    fn cell(&self, v: Option<&Value>, at: String, p: &mut Problems) -> Option<CellRef> {
        if v.is_none_or(Value::is_null) {
            p.push(
                &at,
                "is required (a cell: { \"series\", \"x\" } or { \"at\", \"metric\", \"flow\" })",
            );
            return None;
        }
        let mut o = Obj::new(v, at.clone(), p);
        let vary = &self.sweep.vary;
        if o.has("series") {
            let id = o.string("series", None, p);
            let xv = o.get("x");
            let at_x = o.at("x");
            o.finish(p);
            let Some(s) = self.plot.series.iter().find(|s| s.id == id) else {
                p.push(format!("{at}.series"), self.unknown_series(&id));
                return None;
            };
            let Some(xv) = xv.filter(|x| !x.is_null()) else {
                p.push(at_x, "is required (one of the x path's values)");
                return None;
            };
            if s.cells.is_empty() {
                return None; // the series itself is wrong, and reported
            }
            match s.cells.iter().find(|(raw, _, _)| same(raw, xv)) {
                Some((_, _, c)) => Some(c.clone()),
                None => {
                    p.push(
                        at_x,
                        format!(
                            "{} is not among the x values ({})",
                            show_value(xv),
                            list(&vary[self.kx].values)
                        ),
                    );
                    None
                }
            }
        } else {
            let choice = read_at(o.get("at"), &o.at("at"), vary, None, p);
            let metric = o.string("metric", Some(&self.plot.metric), p);
            let flow = o
                .has("flow")
                .then(|| o.string("flow", Some(""), p))
                .filter(|f| !f.is_empty());
            let at_metric = o.at("metric");
            o.finish(p);
            let choice: Vec<usize> = choice?.into_iter().flatten().collect();
            let point = point_with(self.sweep, &choice)?;
            let row = row_name(&metric, flow.as_deref());
            if !has_row(point, &row, &at_metric, p) {
                return None;
            }
            Some(CellRef {
                point: point.index,
                label: format!("{row} at {}", self.sweep.point_words(&choice, "=")),
                row,
            })
        }
    }

    fn unknown_series(&self, id: &str) -> String {
        let ids: Vec<&str> = self.plot.series.iter().map(|s| s.id.as_str()).collect();
        match closest(id, &ids) {
            Some(c) => format!("no plot series \"{id}\" (did you mean \"{c}\"?)"),
            None => format!("no plot series \"{id}\" (series: {})", ids.join(", ")),
        }
    }

    fn check(&self, v: Option<&Value>, at: String, p: &mut Problems) -> Option<Check> {
        if v.is_none_or(Value::is_null) {
            p.push(
                &at,
                "is required (an object with \"kind\": range, ratio, ordering or shape)",
            );
            return None;
        }
        let mut o = Obj::new(v, at.clone(), p);
        let kind = o.choice("kind", &["range", "ratio", "ordering", "shape"], None, p);
        if !o.has("kind") {
            return None;
        }
        let bound = |o: &mut Obj, key: &'static str, p: &mut Problems| {
            o.has(key).then(|| o.num(key, -NUM, NUM, None, p))
        };
        let out = match kind {
            "range" => {
                let cell = self.cell(o.get("cell"), o.at("cell"), p);
                let (min, max) = (bound(&mut o, "min", p), bound(&mut o, "max", p));
                let direction = o.has("direction").then(|| {
                    let mut d = o.obj("direction", p);
                    let r = (bound(&mut d, "min", p), bound(&mut d, "max", p));
                    d.finish(p);
                    r
                });
                if min.is_none() && max.is_none() {
                    p.push(&at, "a range needs \"min\", \"max\" or both");
                }
                if let (Some((dl, dh)), true) = (direction, min.is_some() || max.is_some()) {
                    let wider = min.is_none_or(|m| dl.is_none_or(|d| d <= m))
                        && max.is_none_or(|m| dh.is_none_or(|d| d >= m));
                    if !wider {
                        p.push(
                            o.at("direction"),
                            "must contain [min, max] (the direction form is the looser one)",
                        );
                    }
                }
                cell.map(|cell| Check::Range {
                    cell,
                    min,
                    max,
                    direction,
                })
            }
            "ratio" => {
                let a = self.cell(o.get("a"), o.at("a"), p);
                let b = self.cell(o.get("b"), o.at("b"), p);
                let (min, max) = (bound(&mut o, "min", p), bound(&mut o, "max", p));
                if min.is_none() && max.is_none() {
                    p.push(&at, "a ratio needs \"min\", \"max\" or both");
                }
                if let (Some(l), Some(h)) = (min, max) {
                    if l > h {
                        p.push(o.at("min"), format!("{} is above max {}", show(l), show(h)));
                    }
                }
                let relative_to = o.has("relative_to").then(|| {
                    let rv = o.get("relative_to");
                    let rat = o.at("relative_to");
                    let mut r = Obj::new(rv, rat.clone(), p);
                    let c = self.cell(r.get("a"), format!("{rat}.a"), p);
                    let d = self.cell(r.get("b"), format!("{rat}.b"), p);
                    r.finish(p);
                    c.zip(d)
                });
                if matches!(relative_to, Some(None)) {
                    return None;
                }
                let paired = o.bool("paired", false, p);
                if paired && relative_to.is_some() {
                    p.push(
                        o.at("paired"),
                        "a paired ratio takes a and b only (leave out relative_to)",
                    );
                }
                Some(Check::Ratio {
                    a: a?,
                    b: b?,
                    relative_to: relative_to.flatten(),
                    min,
                    max,
                    paired,
                })
            }
            "ordering" => {
                let items = o.array("cells", p);
                if items.len() < 2 {
                    p.push(o.at("cells"), "needs at least two cells, largest first");
                }
                let cells: Vec<Option<CellRef>> = items
                    .into_iter()
                    .map(|(ip, iv)| self.cell(Some(iv), ip, p))
                    .collect();
                let margin = o.num("margin", 0.0, 10.0, Some(0.0), p);
                let cells: Option<Vec<CellRef>> = cells.into_iter().collect();
                cells
                    .filter(|c| c.len() >= 2)
                    .map(|cells| Check::Ordering { cells, margin })
            }
            _ => {
                let id = o.string("series", None, p);
                let form = o.choice(
                    "form",
                    &["increasing", "decreasing", "flat", "max_at"],
                    None,
                    p,
                );
                let tolerance = o.num("tolerance", 0.0, 10.0, Some(0.0), p);
                let (xf, xt, xm) = (o.get("from_x"), o.get("to_x"), o.get("at_x"));
                let s = self.plot.series.iter().position(|s| s.id == id);
                if s.is_none() && !id.is_empty() {
                    p.push(o.at("series"), self.unknown_series(&id));
                }
                let s = s?;
                let cells = &self.plot.series[s].cells;
                if cells.is_empty() {
                    return None; // the series itself is wrong, and reported
                }
                let mut find = |x: Option<&Value>, key: &str, default: usize| -> Option<usize> {
                    match x.filter(|x| !x.is_null()) {
                        None => Some(default),
                        Some(xv) => {
                            let i = cells.iter().position(|(raw, _, _)| same(raw, xv));
                            if i.is_none() {
                                p.push(
                                    format!("{at}.{key}"),
                                    format!(
                                        "{} is not among the x values ({})",
                                        show_value(xv),
                                        list(&self.sweep.vary[self.kx].values)
                                    ),
                                );
                            }
                            i
                        }
                    }
                };
                let from = find(xf, "from_x", 0);
                let to = find(xt, "to_x", cells.len() - 1);
                let (from, to) = (from?, to?);
                if to <= from {
                    p.push(
                        format!("{at}.to_x"),
                        "must lie above from_x (a shape needs at least two x values)",
                    );
                    return None;
                }
                let shape = match form {
                    "increasing" => Shape::Increasing,
                    "decreasing" => Shape::Decreasing,
                    "flat" => Shape::Flat,
                    _ => {
                        if xm.is_none_or(Value::is_null) {
                            p.push(format!("{at}.at_x"), "is required for max_at");
                            return None;
                        }
                        let k = find(xm, "at_x", 0)?;
                        if k < from || k > to {
                            p.push(format!("{at}.at_x"), "lies outside from_x … to_x");
                            return None;
                        }
                        Shape::MaxAt(k - from, cells[k].1)
                    }
                };
                Some(Check::Shape {
                    series: s,
                    from,
                    to,
                    shape,
                    tolerance,
                })
            }
        };
        o.finish(p);
        out
    }
}

/// Validate an already parsed reproduction document (see the module docs).
pub fn parse_value(v: &Value, resolve: &mut Resolve<'_>) -> Result<Reproduction, Vec<ConfigError>> {
    let mut p = Problems::default();
    if !v.is_object() {
        p.push("", format!("must be an object (got {})", kind(v)));
        return Err(p.0);
    }
    let mut o = Obj::new(Some(v), String::new(), &mut p);
    o.int("schema", 1, 1, None, &mut p);
    let paper = o.choice("paper", PAPERS, None, &mut p).to_string();
    let id = o.string("id", None, &mut p);
    if !id.is_empty() && !plain_id(&id) {
        p.push(
            "id",
            format!("\"{id}\" must use letters, digits, - and _ (the file name)"),
        );
    }
    let title = o.string("title", None, &mut p);
    let mut sm = o.obj("summary", &mut p);
    let setup = sm.string("setup", None, &mut p);
    let claim = sm.string("claim", None, &mut p);
    sm.finish(&mut p);
    for (key, text) in [("summary.setup", &setup), ("summary.claim", &claim)] {
        if text.contains('\n') {
            p.push(key, "must be one line");
        }
    }
    let source = o.string("source", None, &mut p);

    // ----- reference -----
    let reference_path = o
        .has("reference")
        .then(|| o.string("reference", Some(""), &mut p))
        .filter(|s| !s.is_empty());
    let mut reference = None;
    if let Some(r) = &reference_path {
        let ok = r.ends_with(".json")
            && !r.starts_with('/')
            && r.split('/').all(|seg| {
                !seg.is_empty()
                    && !seg.starts_with('.')
                    && seg
                        .chars()
                        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
            });
        if !ok {
            p.push(
                "reference",
                format!("\"{r}\" must be a path under content/reference/ such as gb04/fig4.json"),
            );
        } else {
            match resolve(Resource::Reference, r) {
                Ok(Some(doc)) => reference = Some(read_reference(&doc, r, &mut p)),
                Ok(None) => {}
                Err(e) => p.push("reference", e),
            }
        }
    }

    // ----- replications -----
    let replications = o.int(
        "replications",
        1,
        crate::sweep::limits::MAX_REPLICATIONS,
        None,
        &mut p,
    );
    let replications_test = o.int("replications_test", 1, replications.max(1), None, &mut p);

    // ----- sweep -----
    let (sweep_name, mut sweep_doc) = match o.get("sweep") {
        None | Some(Value::Null) => {
            p.push(
                "sweep",
                "is required (a sweep object or a content/sweeps id)",
            );
            (String::new(), None)
        }
        Some(Value::String(sid)) => match resolve(Resource::Sweep, sid) {
            Ok(Some(d)) => (sid.clone(), Some(d)),
            Ok(None) => {
                p.push("sweep", format!("no sweep \"{sid}\" in content/sweeps"));
                (sid.clone(), None)
            }
            Err(e) => {
                p.push("sweep", e);
                (sid.clone(), None)
            }
        },
        Some(obj @ Value::Object(_)) => ("inline".to_string(), Some(obj.clone())),
        Some(other) => {
            p.push(
                "sweep",
                format!("must be a sweep object or a sweep id (got {})", kind(other)),
            );
            (String::new(), None)
        }
    };
    let mut sweep = None;
    if let Some(doc) = sweep_doc.as_mut().and_then(Value::as_object_mut) {
        let prefix = if sweep_name == "inline" {
            "sweep".to_string()
        } else {
            format!("sweep ({sweep_name})")
        };
        if let Some(Value::String(base)) = doc.get("base").cloned() {
            match resolve(Resource::Scenario, &base) {
                Ok(Some(sc)) => {
                    doc.insert("base".into(), sc);
                }
                Ok(None) => p.push(
                    format!("{prefix}.base"),
                    format!("no scenario \"{base}\" in content/scenarios"),
                ),
                Err(e) => p.push(format!("{prefix}.base"), e),
            }
        }
        doc.insert("replications".into(), Value::from(replications));
        if !doc.get("base").is_some_and(Value::is_string) {
            let d = Value::Object(doc.clone());
            match crate::sweep::parse_value(&d, &mut |id| {
                Err(format!("scenario \"{id}\" not found"))
            }) {
                Ok(s) => sweep = Some(s),
                Err(errs) => {
                    for e in errs {
                        p.push(format!("{prefix}.{}", e.path), e.message);
                    }
                }
            }
        }
    }

    // ----- plot -----
    let mut po = o.obj("plot", &mut p);
    let x_path = po.string("x", None, &mut p);
    if let Err(e) = parse_path(&x_path) {
        if !x_path.is_empty() {
            p.push("plot.x", e);
        }
    }
    let ref_x = reference.as_ref().and_then(|r: &Reference| r.x.clone());
    let ref_y = reference.as_ref().and_then(|r| r.y.clone());
    let x_label = po.string(
        "x_label",
        Some(&ref_x.as_ref().map_or(x_path.clone(), |x| x.0.clone())),
        &mut p,
    );
    let x_unit = po.string(
        "x_unit",
        Some(&ref_x.as_ref().map_or(String::new(), |x| x.1.clone())),
        &mut p,
    );
    let x_scale = match po.choice("x_scale", &["linear", "log"], Some("linear"), &mut p) {
        "log" => Scale::Log,
        _ => Scale::Linear,
    };
    let x_map = XMap::from_name(po.choice("x_map", XMap::NAMES, Some("identity"), &mut p))
        .unwrap_or(XMap::Identity);
    let metric = po.string("metric", None, &mut p);
    let y_label = po.string(
        "y_label",
        Some(&ref_y.as_ref().map_or(metric.clone(), |y| y.0.clone())),
        &mut p,
    );
    let y_unit = po.string(
        "y_unit",
        Some(&ref_y.as_ref().map_or(String::new(), |y| y.1.clone())),
        &mut p,
    );
    let series_items = po.array("series", &mut p);
    if series_items.is_empty() {
        p.push("plot.series", "needs at least one series");
    }
    let kx = sweep.as_ref().and_then(|s| {
        let k = s.vary.iter().position(|v| v.path == x_path);
        if k.is_none() && !x_path.is_empty() {
            p.push(
                "plot.x",
                format!(
                    "\"{x_path}\" is not a varied path of the sweep (varied: {})",
                    s.vary
                        .iter()
                        .map(|v| v.path.as_str())
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
            );
        }
        let k = k?;
        for (j, v) in s.vary[k].values.iter().enumerate() {
            if x_number(v).is_none() {
                p.push(
                    "plot.x",
                    format!(
                        "the x values must be numbers (value {j} is {})",
                        show_value(v)
                    ),
                );
                return None;
            }
        }
        Some(k)
    });
    let mut series: Vec<Series> = Vec::new();
    for (sp, sv) in series_items {
        let mut so = Obj::new(Some(sv), sp.clone(), &mut p);
        let sid = so.string("id", None, &mut p);
        if series.iter().any(|s| s.id == sid) {
            p.push(so.at("id"), format!("\"{sid}\" is used twice"));
        }
        let label = so.string("label", Some(&sid), &mut p);
        let smetric = so.string("metric", Some(&metric), &mut p);
        let flow = so
            .has("flow")
            .then(|| so.string("flow", Some(""), &mut p))
            .filter(|f| !f.is_empty());
        let sref = so
            .has("reference")
            .then(|| so.string("reference", Some(""), &mut p))
            .filter(|f| !f.is_empty());
        if let (Some(r), Some(rf)) = (&sref, &reference) {
            if !rf.series.iter().any(|s| s.id == *r) {
                let ids: Vec<&str> = rf.series.iter().map(|s| s.id.as_str()).collect();
                p.push(
                    so.at("reference"),
                    format!(
                        "the reference file has no series \"{r}\" (its series: {})",
                        ids.join(", ")
                    ),
                );
            }
        }
        let at_v = so.get("at");
        let at_path = so.at("at");
        let at_metric = so.at("metric");
        so.finish(&mut p);
        let mut cells = Vec::new();
        if let (Some(sw), Some(kx)) = (&sweep, kx) {
            if let Some(choice) = read_at(at_v, &at_path, &sw.vary, Some(kx), &mut p) {
                let row = row_name(&smetric, flow.as_deref());
                for (j, raw) in sw.vary[kx].values.iter().enumerate() {
                    let mut c: Vec<usize> = choice.iter().map(|c| c.unwrap_or(0)).collect();
                    for &col in &sw.axes[sw.vary[kx].axis].columns {
                        c[col] = j; // the x path and any path zipped with it
                    }
                    let Some(point) = point_with(sw, &c) else {
                        continue;
                    };
                    if !has_row(point, &row, &at_metric, &mut p) {
                        break;
                    }
                    let mx = x_map.apply(x_number(raw).unwrap_or(f64::NAN));
                    let unit = if x_unit.is_empty() {
                        String::new()
                    } else {
                        format!(" {x_unit}")
                    };
                    cells.push((
                        raw.clone(),
                        mx,
                        CellRef {
                            point: point.index,
                            row: row.clone(),
                            label: format!("{label} at x = {}{unit}", num(mx)),
                        },
                    ));
                }
                cells.sort_by(|a, b| a.1.total_cmp(&b.1));
            }
        }
        series.push(Series {
            id: sid,
            label,
            reference: sref,
            cells,
        });
    }
    po.finish(&mut p);
    let plot = Plot {
        x_path,
        x_label,
        x_unit,
        x_scale,
        x_map,
        metric,
        y_label,
        y_unit,
        series,
    };

    // ----- expect -----
    let items = o.array("expect", &mut p);
    if !o.has("expect") {
        p.push("expect", "is required (an array of claims; may be empty)");
    }
    let mut expect = Vec::new();
    let ctx = match (&sweep, kx) {
        (Some(sw), Some(kx)) => Some(Ctx {
            sweep: sw,
            kx,
            plot: &plot,
        }),
        _ => None,
    };
    for (ep, ev) in items {
        let mut eo = Obj::new(Some(ev), ep.clone(), &mut p);
        let eid = eo.string("id", None, &mut p);
        if expect.iter().any(|e: &Expect| e.id == eid) {
            p.push(eo.at("id"), format!("\"{eid}\" is used twice"));
        }
        let claim = eo.string("claim", None, &mut p);
        let paper_says = eo.string("paper", None, &mut p);
        let tolerance_why = eo.string("tolerance_why", None, &mut p);
        let holds = ev.get("holds_at_test_count").is_some_and(|x| !x.is_null());
        let holds_at_test_count = eo.bool("holds_at_test_count", false, &mut p);
        if !holds {
            p.push(eo.at("holds_at_test_count"), "is required (true or false)");
        }
        let mut mo = eo.obj("if_missed", &mut p);
        let if_missed = IfMissed {
            mechanism: mo.string("mechanism", None, &mut p),
            knob: mo.string("knob", None, &mut p),
            doc: mo.string("doc", None, &mut p),
        };
        if !if_missed.knob.is_empty() {
            if let Err(e) = parse_path(&if_missed.knob) {
                p.push(mo.at("knob"), e);
            }
        }
        mo.finish(&mut p);
        let cv = eo.get("check");
        let cat = eo.at("check");
        eo.finish(&mut p);
        let check = ctx.as_ref().and_then(|c| c.check(cv, cat, &mut p));
        if let Some(check) = check {
            expect.push(Expect {
                id: eid,
                claim,
                paper: paper_says,
                check,
                tolerance_why,
                holds_at_test_count,
                if_missed,
            });
        }
    }
    // ----- timeseq (M12) -----
    let mut timeseq: Vec<TimeSeqSpec> = Vec::new();
    let ts_items = o.array("timeseq", &mut p);
    if ts_items.len() > MAX_TIMESEQ {
        p.push(
            "timeseq",
            format!("at most {MAX_TIMESEQ} plots (got {})", ts_items.len()),
        );
    }
    for (tp, tv) in ts_items.into_iter().take(MAX_TIMESEQ) {
        let mut to = Obj::new(Some(tv), tp.clone(), &mut p);
        let tid = to.string("id", None, &mut p);
        if !tid.is_empty() && !plain_id(&tid) {
            p.push(
                to.at("id"),
                format!("\"{tid}\" must use letters, digits, - and _"),
            );
        }
        if timeseq.iter().any(|t| t.id == tid) {
            p.push(to.at("id"), format!("\"{tid}\" is used twice"));
        }
        let ttitle = to.string("title", None, &mut p);
        let replication = to.int("replication", 0, 1_000_000, Some(0), &mut p);
        let flow = to.has("flow").then(|| to.string("flow", None, &mut p));
        let from_s = to
            .has("from_s")
            .then(|| to.num("from_s", 0.0, 1e9, None, &mut p));
        let to_s = to
            .has("to_s")
            .then(|| to.num("to_s", 0.0, 1e9, None, &mut p));
        if let (Some(a), Some(b)) = (from_s, to_s) {
            if b <= a {
                p.push(to.at("to_s"), "must be after from_s");
            }
        }
        let mut marks = Vec::new();
        for (mp, mv) in to.array("marks", &mut p) {
            match mv.as_str() {
                Some(m) => {
                    match (&reference_path, &reference) {
                        (_, Some(r)) if !r.series.iter().any(|s| s.id == m) => {
                            let ids: Vec<&str> = r.series.iter().map(|s| s.id.as_str()).collect();
                            p.push(
                                &mp,
                                format!(
                                    "\"{m}\" is not a series of the reference file (its series: {})",
                                    ids.join(", ")
                                ),
                            );
                        }
                        (None, _) => p.push(
                            &mp,
                            "names a reference series, but the file has no reference",
                        ),
                        _ => {}
                    }
                    marks.push(m.to_string());
                }
                None => p.push(
                    &mp,
                    format!("must be a reference series id (got {})", kind(mv)),
                ),
            }
        }
        let at_v = to.get("at");
        let at_path = to.at("at");
        to.finish(&mut p);
        let Some(sw) = &sweep else { continue };
        let Some(choice) = read_at(at_v, &at_path, &sw.vary, None, &mut p) else {
            continue;
        };
        let choice: Vec<usize> = choice.into_iter().map(|c| c.unwrap_or(0)).collect();
        let Some(point) = point_with(sw, &choice) else {
            continue;
        };
        let ids: Vec<&str> = point.scenario.flows.iter().map(|f| f.id.as_str()).collect();
        let flow = match flow {
            Some(fl) if !ids.contains(&fl.as_str()) => {
                p.push(
                    format!("{tp}.flow"),
                    format!(
                        "\"{fl}\" is not a flow of the point (its flows: {})",
                        ids.join(", ")
                    ),
                );
                continue;
            }
            Some(fl) => fl,
            None => ids.first().map(|s| s.to_string()).unwrap_or_default(),
        };
        let at_label = if sw.vary.is_empty() {
            "the sweep's one point".to_string()
        } else {
            sw.point_words(&choice, " = ")
        };
        timeseq.push(TimeSeqSpec {
            id: tid,
            title: ttitle,
            choice,
            at_label,
            replication,
            flow,
            from_s,
            to_s,
            marks,
        });
    }
    o.finish(&mut p);

    match (p.0.is_empty(), sweep, sweep_doc) {
        (true, Some(sweep), Some(sweep_doc)) => Ok(Reproduction {
            paper,
            id,
            title,
            setup,
            claim,
            source,
            reference_path,
            reference,
            sweep_name,
            replications,
            replications_test,
            plot,
            expect,
            timeseq,
            sweep_doc,
            sweep,
        }),
        _ => {
            if p.0.is_empty() {
                p.push("sweep", "could not be read");
            }
            Err(p.0)
        }
    }
}
