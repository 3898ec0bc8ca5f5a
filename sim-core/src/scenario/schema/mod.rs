//! The scenario's JSON Schema (`content/schema/scenario.schema.json`), generated from the Rust
//! statements of every fact it carries, for editors and other tools (docs/design.md §D4).
//!
//! The parser ([`super::parse`]) is the validator; the schema is its description for editors.
//! What changes when a component is added comes from the knob tables and the catalog, never from
//! a hand-kept copy:
//!
//! - the id lists `$defs/cc`, `$defs/classifier`, `$defs/profile` ([`crate::catalog`]);
//! - each variant's `cc_params` and classifier's `classifier_params` (`$defs/cc_params/$defs/<id>`),
//!   and the `tcp.allOf` and `$defs/shadow` rules that pick them by id (the default id also
//!   matches an absent key);
//! - the branches of `$defs/queue` and `$defs/errors`, one per kind (and mode), titled `id` or
//!   `id (mode)`, and the queue options' `$defs`;
//! - every knob of the queue disciplines, the queue options, the error models, the cross-traffic
//!   sources and the TCP options:
//!   type, range, choices, whether it is required, and a description with its unit and default
//!   ([`knob`]).
//!
//! The rest — the shape the parser reads field by field (`stop`, `observe`, `flows[]`, the
//! topology, which branch a `kind` selects, graph-versus-dumbbell routing) — is the skeleton
//! `scenario.skeleton.json` beside this file, which holds no knob and no id list. Constraints a
//! knob table cannot state are added by [`post_process`] (one line each, with its reason).
//!
//! The sweep file's schema ([`sweep_schema`]) is its skeleton `sweep.skeleton.json` with the
//! metric list of [`crate::sweep`].
//!
//! Regenerate the committed files with `cargo run -p sim-core --example write_schemas`; the test
//! `generated_schemas_are_current` (tests/schema.rs) fails when the file differs by one byte.

use crate::catalog::{catalog, Entry};
use crate::param::{ParamKind, ParamSpec};
use serde_json::{json, Map, Value};

/// The structure the parser reads field by field (no knobs, no id lists).
const SKELETON: &str = include_str!("scenario.skeleton.json");

/// Numbers as a person writes them in a description: `1e-5`, `60`, `0.002`.
fn shown(v: &Value) -> String {
    match v {
        Value::String(s) => format!("\"{s}\""),
        Value::Number(n) => match n.as_f64() {
            Some(x) if x != 0.0 && x.abs() < 1e-3 => format!("{x:e}"),
            // 1000, not 1000.0.
            Some(x) if x.fract() == 0.0 && x.abs() < 1e15 => (x as i64).to_string(),
            _ => n.to_string(),
        },
        other => other.to_string(),
    }
}

/// A knob's description: its meaning, then its unit and its default (a required knob has none).
fn description(s: &ParamSpec) -> String {
    let mut d = s.description.trim_end().to_string();
    if !d.ends_with('.') {
        d.push('.');
    }
    if !s.unit.is_empty() {
        d.push_str(&format!(" Unit: {}.", s.unit));
    }
    if !s.required && !s.default.is_null() {
        d.push_str(&format!(" Default {}.", shown(&s.default)));
    }
    d
}

/// The JSON Schema of one knob: exactly what [`crate::param::validate_params`] accepts, `null`
/// included (null means "use the default") unless the knob is required.
pub fn knob(s: &ParamSpec) -> Value {
    let ty = |t: &str| {
        if s.required {
            json!(t)
        } else {
            json!([t, "null"])
        }
    };
    let mut m = match &s.kind {
        ParamKind::Number { min, max } => {
            let mut m = json!({ "type": ty("number") });
            if min.is_finite() {
                m["minimum"] = json!(min);
            }
            if max.is_finite() {
                m["maximum"] = json!(max);
            }
            m
        }
        ParamKind::Integer { min, max } => {
            json!({ "type": ty("integer"), "minimum": min, "maximum": max })
        }
        ParamKind::Bool => json!({ "type": ty("boolean") }),
        ParamKind::Choice { options } => {
            let mut o: Vec<Value> = options.iter().map(|x| json!(x)).collect();
            if !s.required {
                o.push(Value::Null);
            }
            json!({ "enum": o })
        }
        ParamKind::IntegerList { min, max } => json!({
            "type": ty("array"), "items": { "type": "integer", "minimum": min, "maximum": max }
        }),
    };
    m["description"] = json!(description(s));
    m
}

/// Add `knobs` to the object schema `obj`: one property each, and the required ones to `required`.
fn add_knobs(obj: &mut Value, knobs: &[ParamSpec]) {
    for k in knobs {
        obj["properties"][k.name] = knob(k);
    }
    let mut required: Vec<Value> = obj["required"].as_array().cloned().unwrap_or_default();
    for k in knobs.iter().filter(|k| k.required) {
        if !required.contains(&json!(k.name)) {
            required.push(json!(k.name));
        }
    }
    if !required.is_empty() {
        obj["required"] = Value::Array(required);
    }
}

/// An object schema of exactly `knobs` (`cc_params`, `classifier_params`; null = all defaults).
fn knob_object(knobs: &[ParamSpec]) -> Value {
    let mut o =
        json!({ "type": ["object", "null"], "properties": {}, "additionalProperties": false });
    add_knobs(&mut o, knobs);
    o
}

/// The `oneOf` branch of `def` titled `title`.
fn branch<'a>(schema: &'a mut Value, def: &str, title: &str) -> &'a mut Value {
    schema["$defs"][def]["oneOf"]
        .as_array_mut()
        .and_then(|b| b.iter_mut().find(|b| b["title"] == title))
        .unwrap_or_else(|| panic!("$defs/{def} has no branch {title:?}"))
}

/// `{ "enum": [x, null] }` for the value an absent key stands for, `{ "const": x }` otherwise.
fn id_value(x: &str, default: bool) -> Value {
    if default {
        json!({ "enum": [x, null] })
    } else {
        json!({ "const": x })
    }
}

/// One `oneOf` branch per entry of a `kind` list (and per `mode`), with the entry's knobs and the
/// `shared` properties every kind has. The parser's default is the first kind of the list (and
/// the first mode of a kind): its branch also matches an absent `kind` (`mode`) and a null object.
fn kind_branches(entries: &[Entry], shared: &Map<String, Value>) -> Vec<Value> {
    entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let default_kind = i == 0;
            let mut props = shared.clone();
            props.insert("kind".into(), id_value(e.id, default_kind));
            let mut required = Vec::new();
            if !default_kind {
                required.push(json!("kind"));
            }
            if let Some(m) = e.mode {
                let first_mode = entries.iter().find(|x| x.id == e.id).and_then(|x| x.mode);
                let default_mode = first_mode == Some(m);
                props.insert("mode".into(), id_value(m, default_mode));
                if !default_mode {
                    required.push(json!("mode"));
                }
            }
            let mut b = json!({
                "title": title(e),
                "description": e.description,
                "type": if default_kind { json!(["object", "null"]) } else { json!("object") },
                "properties": props,
                "additionalProperties": false,
            });
            if !required.is_empty() {
                b["required"] = Value::Array(required);
            }
            add_knobs(&mut b, &e.params);
            b
        })
        .collect()
}

/// The title of a catalog entry's branch: `id`, or `id (mode)`.
fn title(e: &Entry) -> String {
    match e.mode {
        Some(m) => format!("{} ({m})", e.id),
        None => e.id.to_string(),
    }
}

/// `tcp.allOf`: `key` = id selects `$defs/<params>/$defs/<id>` for `params`; the default id also
/// applies when `key` is absent or null.
fn params_rules(key: &str, params: &str, ids: &[&str], default: &Value) -> Vec<Value> {
    ids.iter()
        .map(|id| {
            let cond = if default == id {
                json!({ "properties": { key: { "enum": [id, null] } } })
            } else {
                json!({ "properties": { key: { "const": id } }, "required": [key] })
            };
            json!({ "if": cond, "then": { "properties": {
                params: { "$ref": format!("#/$defs/{params}/$defs/{id}") } } } })
        })
        .collect()
}

/// Constraints a knob table does not state, each with its reason.
fn post_process(schema: &mut Value) {
    // drop_list: the parser caps the list's length before reading it (crate::limits).
    branch(schema, "errors", "drop_list")["properties"]["packets"]["maxItems"] =
        json!(crate::limits::MAX_DROP_LIST);
    // A trace's name: the parser's cap (sim_model::net::rate_trace::MAX_NAME_CHARS).
    for b in schema["$defs"]["rate_trace"]["oneOf"]
        .as_array_mut()
        .into_iter()
        .flatten()
    {
        if b["properties"]["name"].is_object() {
            b["properties"]["name"]["maxLength"] = json!(crate::net::rate_trace::MAX_NAME_CHARS);
        }
    }
    // loss_trace: the command line and Python read a `file` of events into `ms`
    // (sim_model::scenario::trace_files), so a file on disk gives one or the other.
    let b = branch(schema, "errors", "loss_trace");
    b["properties"]["file"] = json!({
        "description": "A CSV of event times (a time_ms or time_s column), or a packet log with a lost column, read by the command line and Python relative to the scenario file into ms.",
        "type": "string"
    });
    b["properties"]["name"] = json!({
        "description": "The events' file name, for people: the lab shows it, and a share link too long to carry the events names it instead. It does not change the run.",
        "type": "string",
        "maxLength": crate::net::rate_trace::MAX_NAME_CHARS
    });
    b["required"] = json!(["kind"]);
    b["oneOf"] = json!([{ "required": ["ms"] }, { "required": ["file"] }]);
}

/// The scenario's JSON Schema, as committed in `content/schema/scenario.schema.json`.
pub fn scenario_schema() -> Value {
    let mut s: Value = serde_json::from_str(SKELETON).expect("scenario.skeleton.json is JSON");
    let cat = catalog();
    let ids = |es: &[Entry]| es.iter().map(|e| e.id).collect::<Vec<_>>();
    let (variants, classifiers) = (ids(&cat.variants), ids(&cat.classifiers));
    let profiles: Vec<&str> = cat.profiles.iter().map(|p| p.id).collect();
    s["$defs"]["cc"]["enum"] = json!(variants);
    s["$defs"]["classifier"]["enum"] = json!(classifiers);
    s["$defs"]["profile"]["enum"] = json!(profiles);
    for (group, entries) in [
        ("cc_params", &cat.variants),
        ("classifier_params", &cat.classifiers),
    ] {
        let defs: Map<String, Value> = entries
            .iter()
            .map(|e| (e.id.to_string(), knob_object(&e.params)))
            .collect();
        s["$defs"][group]["$defs"] = Value::Object(defs);
    }
    // Queue options: one object under its id in every queue, described by its own `$defs` entry.
    let mut shared = Map::new();
    for o in &cat.queue_options {
        let mut def = json!({ "description": o.description, "type": ["object", "null"],
                              "properties": {}, "additionalProperties": false });
        add_knobs(&mut def, &o.params);
        s["$defs"][o.id] = def;
        shared.insert(o.id.into(), json!({ "$ref": format!("#/$defs/{}", o.id) }));
    }
    s["$defs"]["queue"]["oneOf"] = Value::Array(kind_branches(&cat.queues, &shared));
    s["$defs"]["errors"]["oneOf"] = Value::Array(kind_branches(&cat.errors, &Map::new()));
    // One object schema serves every cross-traffic kind: the union of their knobs.
    let mut cross: Vec<ParamSpec> = Vec::new();
    for e in &cat.cross_traffic {
        for k in &e.params {
            if !cross.iter().any(|u| u.name == k.name) {
                cross.push(k.clone());
            }
        }
    }
    add_knobs(&mut s["$defs"]["cross_source"], &cross);
    // TCP options: `cc`, `classifier` and `profile` refer to the id lists above.
    let default_of = |name: &str| {
        cat.tcp
            .iter()
            .find(|k| k.name == name)
            .map_or(Value::Null, |k| k.default.clone())
    };
    let options: Vec<ParamSpec> = cat
        .tcp
        .iter()
        .filter(|k| !["cc", "classifier", "profile"].contains(&k.name))
        .cloned()
        .collect();
    add_knobs(&mut s["$defs"]["tcp"], &options);
    let mut rules = params_rules("cc", "cc_params", &variants, &default_of("cc"));
    rules.extend(params_rules(
        "classifier",
        "classifier_params",
        &classifiers,
        &default_of("classifier"),
    ));
    s["$defs"]["tcp"]["allOf"] = Value::Array(rules);
    // A shadow classifier written `{ "id", "params" }`: its params are its classifier_params.
    s["$defs"]["shadow"]["oneOf"][1]["allOf"] = classifiers
        .iter()
        .map(|id| {
            json!({ "if": { "properties": { "id": { "const": id } } }, "then": { "properties": {
                "params": { "$ref": format!("#/$defs/classifier_params/$defs/{id}") } } } })
        })
        .collect();
    post_process(&mut s);
    s
}

/// The structure of a sweep file (everything but the metric list).
const SWEEP_SKELETON: &str = include_str!("sweep.skeleton.json");

/// The sweep file's JSON Schema, as committed in `content/schema/sweep.schema.json`: its skeleton
/// with the metrics a sweep can aggregate ([`crate::sweep`]: per-flow, per-run, window and shadow
/// classifier metrics, in that order).
pub fn sweep_schema() -> Value {
    use crate::sweep::{shadow_metrics, window::WINDOW_METRICS, FLOW_METRICS, RUN_METRICS};
    let mut s: Value = serde_json::from_str(SWEEP_SKELETON).expect("sweep.skeleton.json is JSON");
    let metrics: Vec<&str> = FLOW_METRICS
        .iter()
        .chain(RUN_METRICS)
        .chain(WINDOW_METRICS)
        .chain(shadow_metrics::names())
        .copied()
        .collect();
    s["properties"]["metrics"]["items"]["enum"] = json!(metrics);
    s
}

/// Every generated schema: its file name in `content/schema/` and its content.
pub fn all() -> Vec<(&'static str, Value)> {
    vec![
        ("scenario.schema.json", scenario_schema()),
        ("sweep.schema.json", sweep_schema()),
    ]
}

/// The committed text of a generated schema: two-space JSON, keys in order, one final newline.
pub fn schema_text(schema: &Value) -> String {
    let mut t = serde_json::to_string_pretty(schema).expect("a schema serialises");
    t.push('\n');
    t
}
