//! Reading a sweep file: every problem at once, each with its path (`vary[k].values[j]`, `base`,
//! or `point N (path=value, …)`), before anything runs.
//!
//! Caps come before work: the number of varied paths (CSV columns, a zipped axis's paths
//! included), the points (product of the axes' lengths, a zipped axis counted once), the runs, and the connections every point would hold (points × the base's
//! connections, [`crate::limits::MAX_SWEEP_CONNECTIONS`]) are checked before any point is built.
//! Two paths naming the same field (`flows[0].bytes` and `flows.0.bytes`), plain or zipped, are
//! reported, and so are a zipped axis's lists of unequal lengths (at the odd one's `values`).

use super::*;
use crate::json_reader::{quote, read_document};
use crate::scenario::requested_connections;
use std::collections::HashMap;

/// Most varied paths in one sweep (each is a CSV column; more than a handful is a mistake).
pub const MAX_VARY_PATHS: usize = 32;

/// The canonical form of a path: every all-digit key written as an index (`flows.0.bytes` →
/// `flows[0].bytes`), so two spellings of one field compare equal.
fn canonical(steps: &[Step]) -> String {
    let mut s = String::new();
    for st in steps {
        match st {
            Step::Key(k) if !k.is_empty() && k.bytes().all(|b| b.is_ascii_digit()) => {
                let digits = k.trim_start_matches('0');
                s.push_str(&format!(
                    "[{}]",
                    if digits.is_empty() { "0" } else { digits }
                ))
            }
            Step::Key(k) => {
                if !s.is_empty() {
                    s.push('.');
                }
                s.push_str(k);
            }
            Step::Index(i) => s.push_str(&format!("[{i}]")),
        }
    }
    s
}

/// Connections one point may hold, estimated from the raw base and the varied values: the base's
/// `count` sum, raised by a varied `…count` (its largest value) or a varied `flows` array.
pub(super) fn connections_per_point(base: &Value, vary: &[Vary]) -> u64 {
    let of = |flows: Option<&Value>| {
        flows
            .and_then(Value::as_array)
            .map_or(1, |f| requested_connections(f).max(1))
    };
    let mut n = of(base.get("flows"));
    for v in vary {
        match v.steps.as_slice() {
            [Step::Key(k)] if k == "flows" => {
                n = n.max(v.values.iter().map(|x| of(Some(x))).max().unwrap_or(1));
            }
            [.., Step::Key(k)] if k == "count" => {
                let top = v
                    .values
                    .iter()
                    .filter_map(Value::as_f64)
                    .filter(|x| x.is_finite() && *x >= 1.0)
                    .fold(1.0f64, f64::max)
                    .min(crate::limits::MAX_FLOWS as f64) as u64;
                n = n.saturating_add(top - 1);
            }
            _ => {}
        }
    }
    n
}

/// Report keys of a `vary` entry other than `allowed`, with a suggestion.
fn unknown_keys(o: &serde_json::Map<String, Value>, at: &str, allowed: &[&str], p: &mut Problems) {
    for key in o.keys() {
        if !allowed.contains(&key.as_str()) {
            let msg = match closest(key, allowed) {
                Some(s) => format!("unknown field \"{key}\" (did you mean \"{s}\"?)"),
                None => format!(
                    "unknown field \"{key}\" (expected one of: {})",
                    allowed.join(", ")
                ),
            };
            p.push(format!("{at}.{}", quote(key)), msg);
        }
    }
}

/// One `{ "path", "values" }` (a plain `vary` entry, or one of a zipped entry's `zip` list) at
/// `at`: its path as written, parsed, and its values. `named` holds the canonical paths varied so
/// far (a field may be varied once, plain or zipped), with where and how each was written.
fn one_path(
    o: &serde_json::Map<String, Value>,
    at: &str,
    named: &mut HashMap<String, (String, String)>,
    p: &mut Problems,
) -> Option<(String, Vec<Step>, Vec<Value>)> {
    unknown_keys(o, at, &["path", "values"], p);
    let path = match o.get("path") {
        Some(Value::String(s)) => match parse_path(s) {
            Ok(steps) => {
                if FIXED_COLUMNS.contains(&s.as_str()) {
                    p.push(
                        format!("{at}.path"),
                        format!("\"{s}\" clashes with a CSV column name"),
                    );
                    None
                } else if let Some((first_at, f)) = named.get(&canonical(&steps)) {
                    let msg = if f == s {
                        format!("\"{}\" is varied twice (also at {first_at})", quote(s))
                    } else {
                        format!(
                            "\"{}\" names the same field as {first_at}.path \"{}\" (a field may be varied once)",
                            quote(s),
                            quote(f)
                        )
                    };
                    p.push(format!("{at}.path"), msg);
                    None
                } else {
                    named.insert(canonical(&steps), (at.to_string(), s.clone()));
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
                format!("must be a string (got {})", kind(other)),
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
                format!("must be an array (got {})", kind(other)),
            );
            None
        }
    };
    let (path, steps) = path?;
    Some((path, steps, values?))
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
    parse_value(&read_document(text)?, resolve)
}

/// Validate an already parsed sweep document and expand its points (see the module docs).
/// Every point is kept ([`Sweep::points`]), so the points are priced in memory before any is
/// built; [`parse_value_lazy`] keeps none.
pub fn parse_value(
    v: &Value,
    resolve: &mut dyn FnMut(&str) -> Result<Value, String>,
) -> Result<Sweep, Vec<ConfigError>> {
    let mut points = Vec::new();
    let (mut sweep, _) = read(v, resolve, Some(&mut |pt| points.push(pt)))?;
    sweep.points = points;
    Ok(sweep)
}

/// Validate an already parsed sweep document, building every point once to check it and keeping
/// none: the points are built again, one at a time, by [`LazySweep::point`]. What it holds does
/// not grow with points × the base's size; the work of building the points is priced instead
/// ([`crate::budget::sweep_build_values`]).
pub fn parse_value_lazy(
    v: &Value,
    resolve: &mut dyn FnMut(&str) -> Result<Value, String>,
) -> Result<LazySweep, Vec<ConfigError>> {
    let (sweep, base) = read(v, resolve, None)?;
    Ok(LazySweep {
        sweep,
        base: base.unwrap_or(Value::Null),
    })
}

/// The sweep without its points and its base (window set); `keep` takes every validated point
/// when the points are kept (then they are priced in memory first), else they are dropped.
fn read(
    v: &Value,
    resolve: &mut dyn FnMut(&str) -> Result<Value, String>,
    keep: Option<&mut dyn FnMut(Point)>,
) -> Result<(Sweep, Option<Value>), Vec<ConfigError>> {
    let mut p = Problems::default();
    let Some(root) = v.as_object() else {
        p.push("", format!("must be an object (got {})", kind(v)));
        return Err(p.into_errors());
    };
    // `"$schema"` tells an editor where the JSON Schema is (content/schema/); nothing reads it.
    const KEYS: &[&str] = &[
        "$schema",
        "schema",
        "id",
        "title",
        "description",
        "base",
        "vary",
        "replications",
        "metrics",
        "flows",
        "groups",
        "window",
        "scoreboard",
    ];
    for key in root.keys() {
        if !KEYS.contains(&key.as_str()) {
            let msg = match closest(key, KEYS) {
                Some(s) => format!("unknown field \"{key}\" (did you mean \"{s}\"?)"),
                None => format!(
                    "unknown field \"{}\" (expected one of: {})",
                    quote(key),
                    KEYS.join(", ")
                ),
            };
            p.push(quote(key), msg);
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
            p.push(key, format!("must be a string (got {})", kind(other)));
            String::new()
        }
    };
    text("$schema", &mut p);
    let id = text("id", &mut p);
    if !id.is_empty() && !crate::scenario::valid_scenario_id(&id) {
        p.push(
            "id",
            format!(
                "\"{}\" is not a sweep id: 1 to {} characters, letters, digits, _, - and ., beginning with a letter or digit",
                quote(&id),
                crate::limits::MAX_ID_CHARS
            ),
        );
    }
    let title = text("title", &mut p);
    crate::scenario::check_len("title", &title, crate::limits::MAX_TITLE_CHARS, &mut p);
    let description = text("description", &mut p);
    crate::scenario::check_len(
        "description",
        &description,
        crate::limits::MAX_DESCRIPTION_CHARS,
        &mut p,
    );

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
                    format!(
                        "\"{}\" is not a scenario id (letters, digits, -, _ and .)",
                        quote(sid)
                    ),
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
                    kind(other)
                ),
            );
            None
        }
    };

    // `window` ([`super::window`]): the time window of the windowed metrics, set as
    // `observe.window` in every point (the scenario parser validates it, reported at `base`).
    let mut base = base;
    match (root.get("window"), base.as_mut()) {
        (None | Some(Value::Null), _) => {}
        (Some(w @ Value::Object(_)), Some(b)) => {
            let steps = parse_path("observe.window").expect("a fixed path");
            if let Err(e) = set_path(b, &steps, w.clone()) {
                p.push("window", e);
            }
        }
        (Some(Value::Object(_)), None) => {}
        (Some(other), _) => p.push(
            "window",
            format!(
                "must be an object {{ \"from_s\", \"to_s\" }} (got {})",
                kind(other)
            ),
        ),
    }

    // ----- vary -----
    let mut vary = Vec::new();
    let mut axes: Vec<Axis> = Vec::new();
    let mut vary_ok = true;
    match root.get("vary") {
        None | Some(Value::Null) => {
            p.push(
                "vary",
                "is required (an array of { \"path\", \"values\" } or { \"label\", \"zip\" }; may be empty)",
            );
            vary_ok = false;
        }
        Some(Value::Array(items)) if items.len() > MAX_VARY_PATHS => {
            p.push(
                "vary",
                format!(
                    "has {} entries (at most {MAX_VARY_PATHS} varied paths)",
                    items.len()
                ),
            );
            vary_ok = false;
        }
        Some(Value::Array(items)) => {
            // canonical path → (where it was first named, the path as written there).
            let mut named: HashMap<String, (String, String)> = HashMap::new();
            let mut labels: HashMap<String, usize> = HashMap::new();
            for (k, item) in items.iter().enumerate() {
                let at = format!("vary[{k}]");
                let Some(o) = item.as_object() else {
                    p.push(
                        at,
                        format!(
                            "must be an object with \"path\" and \"values\", or \"label\" and \"zip\" (got {})",
                            kind(item)
                        ),
                    );
                    vary_ok = false;
                    continue;
                };
                if !o.contains_key("zip") {
                    match one_path(o, &at, &mut named, &mut p) {
                        Some((path, steps, values)) => {
                            axes.push(Axis {
                                label: String::new(),
                                columns: vec![vary.len()],
                                len: values.len(),
                            });
                            vary.push(Vary {
                                path,
                                steps,
                                values,
                                axis: k,
                                at,
                            });
                        }
                        None => vary_ok = false,
                    }
                    continue;
                }
                // A zipped axis: { "label": "n", "zip": [{ "path", "values" }, …] }.
                unknown_keys(o, &at, &["label", "zip"], &mut p);
                let label = match o.get("label") {
                    Some(Value::String(s)) if !s.trim().is_empty() => {
                        if let Some(&first) = labels.get(s) {
                            p.push(
                                format!("{at}.label"),
                                format!("\"{}\" is also the label of vary[{first}]", quote(s)),
                            );
                        }
                        labels.insert(s.clone(), k);
                        crate::scenario::check_len(
                            &format!("{at}.label"),
                            s,
                            crate::limits::MAX_TITLE_CHARS,
                            &mut p,
                        );
                        Some(s.clone())
                    }
                    Some(Value::String(_)) => {
                        p.push(format!("{at}.label"), "must not be empty");
                        None
                    }
                    None | Some(Value::Null) => {
                        p.push(
                            format!("{at}.label"),
                            "is required for a zipped axis (its name in reports and the lab, e.g. \"n\")",
                        );
                        None
                    }
                    Some(other) => {
                        p.push(
                            format!("{at}.label"),
                            format!("must be a string (got {})", kind(other)),
                        );
                        None
                    }
                };
                let zipped = match o.get("zip") {
                    Some(Value::Array(zs)) if !zs.is_empty() => zs,
                    Some(Value::Array(_)) => {
                        p.push(
                            format!("{at}.zip"),
                            "needs at least one { \"path\", \"values\" } (the paths varied together)",
                        );
                        vary_ok = false;
                        continue;
                    }
                    other => {
                        p.push(
                            format!("{at}.zip"),
                            format!(
                                "must be an array of {{ \"path\", \"values\" }} (got {})",
                                other.map_or("null", kind)
                            ),
                        );
                        vary_ok = false;
                        continue;
                    }
                };
                let mut cols: Vec<Vary> = Vec::new();
                let mut ok = label.is_some();
                for (i, z) in zipped.iter().enumerate() {
                    let zat = format!("{at}.zip[{i}]");
                    let Some(zo) = z.as_object() else {
                        p.push(
                            zat,
                            format!(
                                "must be an object with \"path\" and \"values\" (got {})",
                                kind(z)
                            ),
                        );
                        ok = false;
                        continue;
                    };
                    match one_path(zo, &zat, &mut named, &mut p) {
                        Some((path, steps, values)) => cols.push(Vary {
                            path,
                            steps,
                            values,
                            axis: k,
                            at: zat,
                        }),
                        None => ok = false,
                    }
                }
                if let Some(first) = cols.first() {
                    for c in &cols[1..] {
                        if c.values.len() != first.values.len() {
                            p.push(
                                format!("{}.values", c.at),
                                format!(
                                    "has {} values but {}.values (\"{}\") has {}; the paths of a zipped axis take their values together, so their lists must have one length",
                                    c.values.len(),
                                    first.at,
                                    quote(&first.path),
                                    first.values.len()
                                ),
                            );
                            ok = false;
                        }
                    }
                }
                if ok {
                    axes.push(Axis {
                        label: label.unwrap_or_default(),
                        columns: (vary.len()..vary.len() + cols.len()).collect(),
                        len: cols[0].values.len(),
                    });
                    vary.extend(cols);
                } else {
                    vary_ok = false;
                }
            }
            if vary_ok && vary.len() > MAX_VARY_PATHS {
                p.push(
                    "vary",
                    format!(
                        "varies {} paths (at most {MAX_VARY_PATHS}; each is a CSV column)",
                        vary.len()
                    ),
                );
                vary_ok = false;
            }
        }
        Some(other) => {
            p.push("vary", format!("must be an array (got {})", kind(other)));
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
                        None if super::window::is_window(s) => {
                            let x = super::window::WINDOW_METRICS.iter().copied().find(|x| *x == s).unwrap_or_default();
                            if out.contains(&x) { p.push(at, format!("\"{s}\" is listed twice")) } else { out.push(x) }
                        }
                        None if super::shadow_metrics::is_shadow(s) => match super::shadow_metrics::lookup(s) {
                            Some(x) if out.contains(&x) => p.push(at, format!("\"{s}\" is listed twice")),
                            Some(x) => out.push(x),
                            None => p.push(at, format!("unknown shadow metric \"{s}\" (expected shadow.<classifier id>.accuracy_congestion or .accuracy_wireless; classifier ids: {})", crate::tcp::classify::CHOICES.join(", "))),
                        },
                        None => p.push(
                            at,
                            match closest(s, &all_metrics) {
                                Some(c) => format!("unknown metric \"{s}\" (did you mean \"{c}\"? expected one of: {})", all_metrics.join(", ")),
                                None => format!("unknown metric \"{s}\" (expected one of: {})", all_metrics.join(", ")),
                            },
                        ),
                    },
                    None => p.push(at, format!("must be a metric name string (got {})", kind(m))),
                }
            }
            out
        }
        Some(other) => {
            p.push(
                "metrics",
                format!("must be an array of metric names (got {})", kind(other)),
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

    let groups = group::parse(root.get("groups"), &mut p);
    let paths: Vec<String> = vary.iter().map(|v| v.path.clone()).collect();
    let scoreboard = super::scoreboard::parse(root.get("scoreboard"), &paths, &mut p);

    // ----- points -----
    // One point per combination of the axes' positions (a zipped axis counts once).
    let n_points = axes
        .iter()
        .try_fold(1u64, |acc, a| acc.checked_mul(a.len as u64))
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
    if let Some(base) = base.as_ref().filter(|_| vary_ok) {
        let per_point = connections_per_point(base, &vary);
        let total = n_points.saturating_mul(per_point);
        if total > crate::limits::MAX_SWEEP_CONNECTIONS {
            p.push(
                "vary",
                format!(
                    "{n_points} points × about {per_point} connections each = {total} connections to hold (at most {}); use fewer values or fewer connections",
                    crate::limits::MAX_SWEEP_CONNECTIONS
                ),
            );
            vary_ok = false;
        }
        // Priced before any point is built: kept points each hold their scenario, their copy of
        // the base's drop lists included, so a big base over many points is refused here; points
        // built and dropped cost the work of copying and checking that base once per point.
        let drops = crate::budget::drop_list_entries(base);
        let budget = crate::budget::Budget::here();
        let held = crate::budget::sweep_points_bytes(n_points, per_point, drops);
        let built = crate::budget::sweep_build_values(n_points, drops);
        if vary_ok && keep.is_none() && built > crate::budget::MAX_SWEEP_BUILD_VALUES {
            p.push(
                "vary",
                format!(
                    "{n_points} points × {drops} drop-list packet numbers = about {} numbers to copy and check while building the points (at most {}); use fewer values, or a smaller base",
                    crate::budget::count_text(built),
                    crate::budget::count_text(crate::budget::MAX_SWEEP_BUILD_VALUES)
                ),
            );
            vary_ok = false;
        }
        if vary_ok && keep.is_some() && held > budget.memory_bytes {
            p.push(
                "vary",
                format!(
                    "{n_points} points × about {} each (its scenario, {drops} drop-list packet numbers included) = about {} to hold (the budget {} is {}); use fewer values, or a smaller base",
                    crate::budget::bytes_text(held / n_points.max(1) as f64),
                    crate::budget::bytes_text(held),
                    budget.place,
                    crate::budget::bytes_text(budget.memory_bytes)
                ),
            );
            vary_ok = false;
        }
    }
    let mut drop_point = |_: Point| {};
    let keep = keep.unwrap_or(&mut drop_point);
    // The scoreboard's columns are checked against the first point's rows.
    let mut board_problems = Problems::default();
    let mut first = true;
    let mut keep = |pt: Point| {
        if std::mem::take(&mut first) {
            if let Some(b) = &scoreboard {
                b.check_rows(&pt, &mut board_problems);
            }
        }
        keep(pt)
    };
    if let Some(base) = &base {
        // A path must lead somewhere in the base (checked once, with the first value).
        if vary_ok {
            for v in &vary {
                let mut doc = base.clone();
                if let Err(e) = set_path(&mut doc, &v.steps, v.values[0].clone()) {
                    p.push(format!("{}.path", v.at), e);
                    vary_ok = false;
                }
            }
        }
        if vary_ok {
            expand(
                base,
                (&vary, &axes),
                replications,
                (&metrics, flows, &groups),
                &mut p,
                &mut keep,
            );
        } else if let Err(errs) = scenario::parse_value(base) {
            // The points cannot be built; still report what is wrong with the base itself.
            for e in errs {
                p.push("base", e.to_string());
            }
        }
    }
    for e in board_problems.0 {
        p.push(e.path, e.message);
    }
    if p.is_empty() {
        Ok((
            Sweep {
                id,
                title,
                vary,
                axes,
                replications,
                metrics,
                flows,
                groups,
                scoreboard,
                points: Vec::new(),
            },
            base,
        ))
    } else {
        Err(p.into_errors())
    }
}
