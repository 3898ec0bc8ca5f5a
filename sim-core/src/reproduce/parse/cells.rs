//! The cells of a reproduction file: an `at` object (varied path → value) read into a sweep
//! point's choices, and the cells and machine checks that series and `expect` entries name, each
//! looked up in the expanded sweep (`content/reproductions/FORMAT.md`). Split from the file's
//! reader (`parse/mod.rs`), which calls these once the sweep is expanded.

use super::*;
use crate::sweep::Sweep;

/// The row name of `metric` for `flow` (absent: a single flow's or a run metric; `sum`: the group
/// row; else `<flow>.<metric>`), as in the sweep's CSV.
pub(super) fn row_name(metric: &str, flow: Option<&str>) -> String {
    match flow {
        None => metric.to_string(),
        Some("sum") => crate::sweep::aggregate_of(metric)
            .map(String::from)
            .unwrap_or_else(|| format!("sum.{metric}")),
        Some(f) => format!("{f}.{metric}"),
    }
}

pub(super) fn point_with<'s>(sweep: &'s Sweep, choice: &[usize]) -> Option<&'s Point> {
    sweep.points.iter().find(|p| p.choice == choice)
}

/// Check that `point` has the row, reporting at `at` otherwise.
pub(super) fn has_row(point: &Point, row: &str, at: &str, p: &mut Problems) -> bool {
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
pub(super) fn read_at(
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

/// The number of a sweep's x value, or a problem.
pub(super) fn x_number(v: &Value) -> Option<f64> {
    v.as_f64()
}

pub(super) struct Ctx<'a> {
    pub(super) sweep: &'a Sweep,
    pub(super) kx: usize,
    pub(super) plot: &'a Plot,
}

impl Ctx<'_> {
    /// A cell: `{ "series", "x" }` or `{ "at", "metric"?, "flow"? }`.
    pub(super) fn cell(&self, v: Option<&Value>, at: String, p: &mut Problems) -> Option<CellRef> {
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

    pub(super) fn unknown_series(&self, id: &str) -> String {
        let ids: Vec<&str> = self.plot.series.iter().map(|s| s.id.as_str()).collect();
        match closest(id, &ids) {
            Some(c) => format!("no plot series \"{id}\" (did you mean \"{c}\"?)"),
            None => format!("no plot series \"{id}\" (series: {})", ids.join(", ")),
        }
    }

    pub(super) fn check(&self, v: Option<&Value>, at: String, p: &mut Problems) -> Option<Check> {
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
                let form = o.choice("form", SHAPE_FORMS, None, p);
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
