//! The JSON Schemas in `content/schema/` against the content files and the Rust parsers.
//!
//! - Every `content/scenarios/*.json`, `content/crosscheck/scenarios/*.json` (the ns-3 crosscheck
//!   grid), the lab's `content/default-scenario.json` and `content/sweeps/*.json` validates against
//!   its schema and parses with the Rust parser.
//! - The schemas' id lists equal the Rust ones (variants, classifiers, profiles, sweep metrics,
//!   and the kinds each network component declares: queue disciplines, error models and their
//!   modes, cross-traffic sources — no branch missing, none extra),
//!   every variant's `cc_params` and classifier's `classifier_params` equal the parameter specs,
//!   and the queue, error-model, cross-traffic and TCP knobs equal the catalog's (so a knob added
//!   to the parser and the catalog fails here until the schema has it; the message says what).
//!
//! Hand-written documents and random mutations, where schema and parser must agree, are in
//! `schema_examples.rs`.

use crate::common::schemas;

use schemas::{json_files, load, resolve, root, schema_errors, with_validators};
use serde_json::{json, Value};
use sim_core::param::{ParamKind, ParamSpec};
use sim_core::scenario::parse_value;

#[test]
fn every_content_file_matches_its_schema_and_parses() {
    let crosscheck = json_files("content/crosscheck/scenarios");
    assert!(!crosscheck.is_empty(), "the crosscheck grid has scenarios");
    let mut scenarios = json_files("content/scenarios");
    scenarios.extend(crosscheck);
    scenarios.push(root().join("content/default-scenario.json"));
    let sweeps = json_files("content/sweeps");
    assert!(!scenarios.is_empty() && !sweeps.is_empty());
    with_validators(|scenario, sweep| {
        for f in &scenarios {
            let doc = load(f);
            assert_eq!(
                schema_errors(scenario, &doc),
                Vec::<String>::new(),
                "{}",
                f.display()
            );
            if let Err(e) = parse_value(&doc) {
                panic!("{}: {e:?}", f.display());
            }
            // A preset's id is its file name; the lab's default scenario has the lab's id.
            let stem = f.file_stem().unwrap().to_str().unwrap();
            let id = if stem == "default-scenario" {
                "lab"
            } else {
                stem
            };
            assert_eq!(
                doc["id"].as_str(),
                Some(id),
                "{}: the id equals the file name",
                f.display()
            );
        }
        for f in &sweeps {
            let doc = load(f);
            assert_eq!(
                schema_errors(sweep, &doc),
                Vec::<String>::new(),
                "{}",
                f.display()
            );
            if let Err(e) = sim_core::sweep::parse_value(&doc, &mut resolve) {
                panic!("{}: {e:?}", f.display());
            }
        }
    });
}

fn enum_of(schema: &Value, pointer: &str) -> Vec<String> {
    let list = schema
        .pointer(pointer)
        .unwrap_or_else(|| panic!("{pointer}"))
        .as_array()
        .unwrap();
    list.iter()
        .filter_map(|v| v.as_str().map(String::from))
        .collect()
}

fn strings(xs: &[&str]) -> Vec<String> {
    xs.iter().map(|s| s.to_string()).collect()
}

#[test]
fn schema_id_lists_equal_the_rust_ones() {
    let sc = load(&root().join("content/schema/scenario.schema.json"));
    assert_eq!(
        enum_of(&sc, "/$defs/cc/enum"),
        strings(sim_core::tcp::cc::ALL)
    );
    assert_eq!(
        enum_of(&sc, "/$defs/classifier/enum"),
        strings(sim_core::tcp::classify::ALL)
    );
    assert_eq!(
        enum_of(&sc, "/$defs/profile/enum"),
        strings(sim_core::tcp::profile::PROFILES)
    );
    let sw = load(&root().join("content/schema/sweep.schema.json"));
    let metrics: Vec<&str> = sim_core::sweep::FLOW_METRICS
        .iter()
        .chain(sim_core::sweep::RUN_METRICS)
        .chain(sim_core::sweep::window::WINDOW_METRICS)
        .chain(sim_core::sweep::shadow_metrics::names())
        .copied()
        .collect();
    assert_eq!(
        enum_of(&sw, "/properties/metrics/items/enum"),
        strings(&metrics)
    );
}

/// The `queue`, `errors` and `cross_traffic[]` kinds of the schema are exactly the ones the
/// components declare (`queue::KINDS`, `error_model::KINDS`, `net::CROSS_KINDS`), in order, and
/// each branch's `kind` (and `mode`) names its own entry.
#[test]
fn schema_kinds_equal_the_components() {
    let sc = load(&root().join("content/schema/scenario.schema.json"));
    let title = |c: &sim_core::param::Component| match c.mode {
        Some(m) => format!("{} ({m})", c.info.id),
        None => c.info.id.to_string(),
    };
    let lists: [(&str, &[sim_core::param::Component]); 2] = [
        ("queue", sim_core::queue::KINDS),
        ("errors", sim_core::error_model::KINDS),
    ];
    for (def, kinds) in lists {
        let branches = sc["$defs"][def]["oneOf"].as_array().unwrap();
        let got: Vec<String> = branches
            .iter()
            .map(|b| b["title"].as_str().unwrap_or("").to_string())
            .collect();
        let want: Vec<String> = kinds.iter().map(title).collect();
        assert_eq!(got, want, "$defs/{def}/oneOf titles");
        for (b, k) in branches.iter().zip(kinds) {
            let kind = &b["properties"]["kind"];
            let named = kind["const"] == k.info.id
                || kind["enum"]
                    .as_array()
                    .is_some_and(|o| o.iter().filter(|x| !x.is_null()).eq([&json!(k.info.id)]));
            assert!(named, "$defs/{def} branch {}: kind {kind}", title(k));
            if let Some(m) = k.mode {
                let mode = &b["properties"]["mode"];
                let named = mode["const"] == m
                    || mode["enum"]
                        .as_array()
                        .is_some_and(|o| o.iter().filter(|x| !x.is_null()).eq([&json!(m)]));
                assert!(named, "$defs/{def} branch {}: mode {mode}", title(k));
            }
        }
    }
    let cross: Vec<String> = enum_of(&sc, "/$defs/cross_source/properties/kind/enum");
    let want: Vec<String> = sim_core::net::CROSS_KINDS
        .iter()
        .map(|c| c.info.id.to_string())
        .collect();
    assert_eq!(cross, want, "$defs/cross_source kind");
}

/// The JSON Schema fragment a parameter spec stands for (what `validate_params` accepts).
fn param_fragment(s: &ParamSpec) -> Value {
    let ty = |t: &str| {
        if s.required {
            json!(t)
        } else {
            json!([t, "null"])
        }
    };
    match &s.kind {
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
    }
}

fn params_fragment(specs: &[ParamSpec]) -> Value {
    let props: serde_json::Map<String, Value> = specs
        .iter()
        .map(|s| (s.name.to_string(), param_fragment(s)))
        .collect();
    let mut o =
        json!({ "type": ["object", "null"], "properties": props, "additionalProperties": false });
    let required: Vec<&str> = specs
        .iter()
        .filter(|s| s.required)
        .map(|s| s.name)
        .collect();
    if !required.is_empty() {
        o["required"] = json!(required);
    }
    o
}

/// The parameter specs of one variant or classifier id.
type SpecsOf = fn(&str) -> Vec<ParamSpec>;

/// Drop descriptions and compare numbers by value (1 and 1.0 alike).
fn normalized(v: &Value) -> Value {
    match v {
        Value::Object(m) => Value::Object(
            m.iter()
                .filter(|(k, _)| *k != "description")
                .map(|(k, x)| (k.clone(), normalized(x)))
                .collect(),
        ),
        Value::Array(a) => Value::Array(a.iter().map(normalized).collect()),
        Value::Number(n) => json!(n.as_f64()),
        other => other.clone(),
    }
}

/// Each variant's `cc_params` and each classifier's `classifier_params` in the schema equal what
/// the parser checks them against (`cc::specs`, `classify::specs`); on drift, the message shows
/// the fragment to paste.
#[test]
fn schema_params_equal_the_rust_parameter_specs() {
    let sc = load(&root().join("content/schema/scenario.schema.json"));
    let mut stale = Vec::new();
    let lists: [(&str, &[&str], SpecsOf); 2] = [
        (
            "cc_params",
            sim_core::tcp::cc::ALL,
            sim_core::tcp::cc::specs,
        ),
        (
            "classifier_params",
            sim_core::tcp::classify::ALL,
            sim_core::tcp::classify::specs,
        ),
    ];
    for (group, ids, specs) in lists {
        for id in ids {
            let want = params_fragment(&specs(id));
            let got = sc
                .pointer(&format!("/$defs/{group}/$defs/{id}"))
                .map(normalized);
            if got.as_ref() != Some(&normalized(&want)) {
                stale.push(format!(
                    "$defs/{group}/$defs/{id} should be (descriptions aside):\n{want}"
                ));
            }
        }
    }
    assert!(
        stale.is_empty(),
        "content/schema/scenario.schema.json is out of date:\n{}",
        stale.join("\n")
    );
}

/// Loose form for comparing a schema property with a catalog knob: no descriptions, numbers by
/// value, and `null` dropped from `type` and `enum` (the schema allows `null` = default wherever
/// the parser does; whether a knob is required is compared separately).
fn loose(v: &Value) -> Value {
    match v {
        Value::Object(m) => {
            let mut out = serde_json::Map::new();
            for (k, x) in m {
                match (k.as_str(), x) {
                    // maxItems: a parser cap (drop_list) the catalog does not describe.
                    ("description" | "maxItems", _) => {}
                    ("type" | "enum", Value::Array(a)) => {
                        let kept: Vec<Value> = a
                            .iter()
                            .filter(|y| !y.is_null() && **y != "null")
                            .map(loose)
                            .collect();
                        let one = k == "type" && kept.len() == 1;
                        out.insert(
                            k.clone(),
                            if one {
                                kept[0].clone()
                            } else {
                                Value::Array(kept)
                            },
                        );
                    }
                    _ => {
                        out.insert(k.clone(), loose(x));
                    }
                }
            }
            Value::Object(out)
        }
        Value::Array(a) => Value::Array(a.iter().map(loose).collect()),
        Value::Number(n) => json!(n.as_f64()),
        other => other.clone(),
    }
}

/// Follow a local `$ref` (merging sibling keywords over the target).
fn deref(schema: &Value, v: &Value) -> Value {
    match v
        .get("$ref")
        .and_then(Value::as_str)
        .and_then(|r| r.strip_prefix('#'))
    {
        Some(ptr) => {
            let mut target = deref(
                schema,
                schema
                    .pointer(ptr)
                    .unwrap_or_else(|| panic!("dangling $ref #{ptr}")),
            );
            for (k, x) in v.as_object().unwrap() {
                if k != "$ref" {
                    target[k] = x.clone();
                }
            }
            target
        }
        None => v.clone(),
    }
}

/// Compare the object schema `obj` with catalog knobs: every knob is a property of the same
/// type and range, required exactly when the knob is, and the only other properties are `extra`.
fn check_knobs(
    schema: &Value,
    at: &str,
    obj: &Value,
    knobs: &[ParamSpec],
    extra: &[&str],
    stale: &mut Vec<String>,
) {
    let props = obj["properties"]
        .as_object()
        .unwrap_or_else(|| panic!("{at}: no properties"));
    let mut names: Vec<&str> = props
        .keys()
        .map(String::as_str)
        .filter(|k| !extra.contains(k))
        .collect();
    let mut want: Vec<&str> = knobs.iter().map(|k| k.name).collect();
    names.sort_unstable();
    want.sort_unstable();
    if names != want {
        stale.push(format!(
            "{at}: properties {names:?}, the catalog has {want:?}"
        ));
    }
    let required: Vec<&str> = obj["required"]
        .as_array()
        .into_iter()
        .flatten()
        .filter_map(Value::as_str)
        .collect();
    for k in knobs {
        let Some(prop) = props.get(k.name) else {
            continue;
        };
        let got = loose(&deref(schema, prop));
        let expect = loose(&param_fragment(k));
        if got != expect {
            stale.push(format!("{at}.{}: schema {got}, catalog {expect}", k.name));
        }
        if required.contains(&k.name) != k.required {
            stale.push(format!(
                "{at}.{}: required in the schema: {}, in the catalog: {}",
                k.name, !k.required, k.required
            ));
        }
    }
}

fn branch<'a>(schema: &'a Value, def: &str, title: &str) -> &'a Value {
    schema["$defs"][def]["oneOf"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["title"] == title)
        .unwrap_or_else(|| panic!("$defs/{def} has no branch titled {title:?}"))
}

/// Queue, queue-option, error-model, cross-traffic and TCP knobs equal the catalog's, which the
/// catalog's own tests keep in step with the parser.
#[test]
fn schema_knobs_equal_the_catalog() {
    let sc = load(&root().join("content/schema/scenario.schema.json"));
    let cat = sim_core::catalog::catalog();
    let mut stale = Vec::new();
    for q in &cat.queues {
        check_knobs(
            &sc,
            &format!("queue {}", q.id),
            branch(&sc, "queue", q.id),
            &q.params,
            &["kind", "congestion_warning"],
            &mut stale,
        );
    }
    for o in &cat.queue_options {
        check_knobs(
            &sc,
            &format!("queue option {}", o.id),
            &deref(&sc, &json!({ "$ref": format!("#/$defs/{}", o.id) })),
            &o.params,
            &[],
            &mut stale,
        );
    }
    for e in &cat.errors {
        let title = match e.mode {
            Some(m) => format!("{} ({m})", e.id),
            None => e.id.to_string(),
        };
        let extra: &[&str] = if e.mode.is_some() {
            &["kind", "mode"]
        } else {
            &["kind"]
        };
        check_knobs(
            &sc,
            &format!("errors {title}"),
            branch(&sc, "errors", &title),
            &e.params,
            extra,
            &mut stale,
        );
    }
    // One object schema serves every cross-traffic kind: compare each kind's knobs with it, and
    // its property list with the union of all kinds' knobs.
    let cross = &sc["$defs"]["cross_source"];
    let mut union: Vec<ParamSpec> = Vec::new();
    for e in &cat.cross_traffic {
        for k in &e.params {
            if !union.iter().any(|u| u.name == k.name) {
                union.push(k.clone());
            }
        }
    }
    check_knobs(
        &sc,
        "cross_traffic[]",
        cross,
        &union,
        &["id", "kind", "from", "to"],
        &mut stale,
    );
    let tcp_knobs: Vec<ParamSpec> = cat
        .tcp
        .iter()
        .filter(|k| !["cc", "classifier", "profile"].contains(&k.name))
        .cloned()
        .collect();
    check_knobs(
        &sc,
        "tcp",
        &sc["$defs"]["tcp"],
        &tcp_knobs,
        &[
            "cc",
            "classifier",
            "profile",
            "cc_params",
            "classifier_params",
        ],
        &mut stale,
    );
    assert!(
        stale.is_empty(),
        "content/schema/scenario.schema.json differs from the catalog:\n{}",
        stale.join("\n")
    );
}
