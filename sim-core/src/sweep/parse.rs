//! Reading a sweep file: every problem at once, each with its path (`vary[k].values[j]`, `base`,
//! or `point N (path=value, …)`), before anything runs.

use super::*;

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
        p.push("", format!("must be an object (got {})", kind(v)));
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
            p.push(key, format!("must be a string (got {})", kind(other)));
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
                    kind(other)
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
                            kind(item)
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
