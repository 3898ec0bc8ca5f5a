//! A check taken over every cell of a figure and against every alternative the paper compares
//! (`content/reproductions/FORMAT.md`, "Every cell, every comparator"): before a check is read,
//!
//! - `"for_every": "<varied path>"` (or a list of paths) takes the check at every value of that
//!   path, in the cells that leave it out: a `{ "series" }` cell without `x` gets each value of
//!   the x path as its `x` (a series fixes the other paths), an `{ "at" }` cell without the path
//!   gets it in its `at`; cells that name a value keep it (a fixed baseline);
//! - a series cell whose `"series"` is a list (`"b": { "series": ["iw4-10", "mss536-10"] }`)
//!   takes each series in turn; several lists give every combination.
//!
//! The cases are read as ordinary checks and joined into one [`Check::All`]: it holds when it
//! holds in every case (so "in all conditions" and "best of all" claims cannot rest on one cell
//! or one hand-picked comparator).

use super::*;
use crate::sweep::Sweep;

/// Most cases one check may expand to (a sweep's grid times a few comparators).
const MAX_CASES: usize = 400;

/// Where a check object holds cells: `cell`, `a`, `b`, `relative_to.a`, `relative_to.b`,
/// `cells[i]`.
fn cell_slots(o: &serde_json::Map<String, Value>) -> Vec<Vec<String>> {
    let mut out: Vec<Vec<String>> = Vec::new();
    for k in ["cell", "a", "b"] {
        if o.get(k).is_some_and(Value::is_object) {
            out.push(vec![k.into()]);
        }
    }
    if let Some(r) = o.get("relative_to").and_then(Value::as_object) {
        for k in ["a", "b"] {
            if r.get(k).is_some_and(Value::is_object) {
                out.push(vec!["relative_to".into(), k.into()]);
            }
        }
    }
    if let Some(cs) = o.get("cells").and_then(Value::as_array) {
        for i in 0..cs.len() {
            out.push(vec!["cells".into(), i.to_string()]);
        }
    }
    out
}

fn slot_ref<'v>(v: &'v Value, slot: &[String]) -> Option<&'v Value> {
    slot.iter().try_fold(v, |c, k| match c {
        Value::Array(a) => a.get(k.parse::<usize>().ok()?),
        Value::Object(m) => m.get(k),
        _ => None,
    })
}

fn slot_mut<'v>(
    v: &'v mut Value,
    slot: &[String],
) -> Option<&'v mut serde_json::Map<String, Value>> {
    let mut cur = v;
    for k in slot {
        cur = match cur {
            Value::Array(a) => a.get_mut(k.parse::<usize>().ok()?)?,
            Value::Object(o) => o.get_mut(k)?,
            _ => return None,
        };
    }
    cur.as_object_mut()
}

/// Whether two of a case's cells are the same cell (`a` = `b` of a ratio, two cells of an
/// ordering): e.g. "at every loss rate more than without errors" at the error-free rate itself.
fn compares_a_cell_with_itself(c: &Value, slots: &[Vec<String>]) -> bool {
    let cells: Vec<&Value> = slots
        .iter()
        .filter(|s| s[0] != "relative_to")
        .filter_map(|s| slot_ref(c, s))
        .collect();
    cells
        .iter()
        .enumerate()
        .any(|(i, x)| cells[i + 1..].contains(x))
}

/// One dimension of the expansion: where it writes and the values it takes, with their words.
enum Dim {
    /// A varied path (index into `sweep.vary`).
    Path(usize),
    /// The series list of one cell slot.
    Series(Vec<String>, Vec<Value>),
}

/// The cases of a check that asks for them, each as (check JSON, words for the case); `None`
/// when the check asks for none (no `for_every`, no series list). Problems are pushed at `at`.
pub(super) fn expand(
    v: &Value,
    at: &str,
    sweep: &Sweep,
    kx: usize,
    plot: &Plot,
    p: &mut Problems,
) -> Option<Option<Vec<(Value, String)>>> {
    let Some(o) = v.as_object() else {
        return Some(None);
    };
    let slots = cell_slots(o);
    let mut dims: Vec<Dim> = Vec::new();
    if let Some(fe) = o.get("for_every") {
        let paths: Vec<(String, &Value)> = match fe {
            Value::String(_) => vec![(format!("{at}.for_every"), fe)],
            Value::Array(a) if !a.is_empty() => a
                .iter()
                .enumerate()
                .map(|(i, x)| (format!("{at}.for_every[{i}]"), x))
                .collect(),
            _ => {
                p.push(
                    format!("{at}.for_every"),
                    "must be a varied path or a non-empty list of them",
                );
                return None;
            }
        };
        for (here, pv) in paths {
            let Some(name) = pv.as_str() else {
                p.push(here, "must be a varied path (a string)");
                return None;
            };
            let Some(k) = sweep.vary.iter().position(|vy| vy.path == name) else {
                let names: Vec<&str> = sweep.vary.iter().map(|vy| vy.path.as_str()).collect();
                p.push(
                    here,
                    format!(
                        "\"{name}\" is not a varied path (varied: {})",
                        names.join(", ")
                    ),
                );
                return None;
            };
            if dims.iter().any(|d| matches!(d, Dim::Path(j) if *j == k)) {
                p.push(here, format!("\"{name}\" is named twice"));
                return None;
            }
            dims.push(Dim::Path(k));
        }
        if o.get("kind").and_then(Value::as_str) == Some("shape") {
            p.push(
                format!("{at}.for_every"),
                "a shape already takes every x of its series; name one series per check",
            );
            return None;
        }
    }
    for slot in &slots {
        let cell = slot_ref(v, slot);
        if let Some(Value::Array(ids)) = cell.and_then(|c| c.get("series")) {
            if ids.is_empty() {
                p.push(
                    format!("{at}.{}.series", slot.join(".")),
                    "a list of series must name at least one",
                );
                return None;
            }
            dims.push(Dim::Series(slot.clone(), ids.clone()));
        }
    }
    if dims.is_empty() {
        return Some(None);
    }
    for d in &dims {
        if let Dim::Path(k) = d {
            let path = &sweep.vary[*k].path;
            let takes = slots.iter().any(|slot| {
                let cell = slot_ref(v, slot);
                match cell {
                    Some(c) if c.get("series").is_some() => *k == kx && c.get("x").is_none(),
                    Some(c) => c.get("at").and_then(|a| a.get(path)).is_none(),
                    None => false,
                }
            });
            if !takes {
                p.push(
                    format!("{at}.for_every"),
                    format!("no cell leaves \"{path}\" out to take its values (a series cell takes only the x path's, without \"x\")"),
                );
                return None;
            }
        }
    }
    let sizes: Vec<usize> = dims
        .iter()
        .map(|d| match d {
            Dim::Path(k) => sweep.vary[*k].values.len(),
            Dim::Series(_, ids) => ids.len(),
        })
        .collect();
    let total = sizes.iter().try_fold(1usize, |a, s| a.checked_mul(*s));
    if total.is_none_or(|t| t > MAX_CASES) {
        p.push(
            at,
            format!("expands to more than {MAX_CASES} cases; split the claim"),
        );
        return None;
    }
    let mut base = v.clone();
    if let Some(b) = base.as_object_mut() {
        b.remove("for_every");
    }
    let mut cases = Vec::new();
    let mut idx = vec![0usize; dims.len()];
    loop {
        let mut c = base.clone();
        let mut words = Vec::new();
        for (d, &j) in dims.iter().zip(&idx) {
            match d {
                Dim::Path(k) => {
                    let vy = &sweep.vary[*k];
                    let val = vy.values[j].clone();
                    for slot in &slots {
                        let Some(cell) = slot_mut(&mut c, slot) else {
                            continue;
                        };
                        if cell.contains_key("series") {
                            if *k == kx && !cell.contains_key("x") {
                                cell.insert("x".into(), val.clone());
                            }
                        } else if !cell.contains_key("at") {
                            let mut a = serde_json::Map::new();
                            a.insert(vy.path.clone(), val.clone());
                            cell.insert("at".into(), Value::Object(a));
                        } else if let Some(a) = cell.get_mut("at").and_then(Value::as_object_mut) {
                            a.entry(vy.path.clone()).or_insert_with(|| val.clone());
                        }
                    }
                    words.push(if *k == kx {
                        let x = cells::x_number(&val).map(|x| plot.x_map.apply(x));
                        match x {
                            Some(x) if plot.x_unit.is_empty() => {
                                format!("{} {}", plot.x_label, num(x))
                            }
                            Some(x) => format!("{} {} {}", plot.x_label, num(x), plot.x_unit),
                            None => format!("{} {}", plot.x_label, show_value(&val)),
                        }
                    } else {
                        format!("{} = {}", vy.path, show_value(&val))
                    });
                }
                Dim::Series(slot, ids) => {
                    let id = &ids[j];
                    if let Some(cell) = slot_mut(&mut c, slot) {
                        cell.insert("series".into(), id.clone());
                    }
                    let label = id
                        .as_str()
                        .and_then(|s| plot.series.iter().find(|x| x.id == s))
                        .map_or_else(|| show_value(id), |s| s.label.clone());
                    words.push(format!("against {label}"));
                }
            }
        }
        // A case that compares a cell with itself (the fixed baseline's own value of the path)
        // says nothing about the claim: it is left out.
        if !compares_a_cell_with_itself(&c, &slots) {
            cases.push((c, words.join(", ")));
        }
        // Next combination (the last dimension fastest).
        let mut i = dims.len();
        loop {
            if i == 0 {
                if cases.is_empty() {
                    p.push(at, "every case compares a cell with itself");
                    return None;
                }
                return Some(Some(cases));
            }
            i -= 1;
            idx[i] += 1;
            if idx[i] < sizes[i] {
                break;
            }
            idx[i] = 0;
        }
    }
}

/// Read a check that may ask for cases: its cases joined into [`Check::All`], or the plain check.
/// A problem of a case is reported once (the cases share the file's paths).
pub(super) fn check(
    ctx: &Ctx<'_>,
    v: Option<&Value>,
    at: String,
    p: &mut Problems,
) -> Option<Check> {
    let cases = match v {
        Some(v) => expand(v, &at, ctx.sweep, ctx.kx, ctx.plot, p)?,
        None => None,
    };
    let Some(cases) = cases else {
        return ctx.check(v, at, p);
    };
    let mut checks = Vec::new();
    let mut seen: Vec<ConfigErrorKey> = Vec::new();
    for (cv, words) in cases {
        let mut q = Problems::default();
        let c = ctx.check(Some(&cv), at.clone(), &mut q);
        for e in q.into_errors() {
            let key = (e.path.clone(), e.message.clone());
            if !seen.contains(&key) {
                p.push(&e.path, format!("{} (case {words})", e.message));
                seen.push(key);
            }
        }
        checks.push((words, c?));
    }
    Some(Check::All(checks))
}

type ConfigErrorKey = (String, String);
