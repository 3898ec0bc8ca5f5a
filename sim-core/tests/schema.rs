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
//! - Hand-written documents: schema and parser agree on accept / reject.
//! - Property: whatever the parser accepts among random mutations of valid scenarios, the schema
//!   accepts too (the schema is never stricter than the parser; it may be looser on cross-field
//!   rules it cannot express, listed in its description).

#[path = "common/mutate.rs"]
mod mutate;

use jsonschema::{Registry, Validator};
use proptest::collection::vec;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use serde_json::{json, Value};
use sim_core::param::{ParamKind, ParamSpec};
use sim_core::scenario::parse_value;
use std::path::{Path, PathBuf};

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn load(p: &Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn json_files(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .map(|it| {
            it.map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Base URI of the schema folder, so `"$ref": "scenario.schema.json"` resolves as in an editor.
fn schema_uri(name: &str) -> String {
    format!("file://{}/content/schema/{name}", root().display())
}

/// Run `f` with the scenario and sweep validators.
fn with_validators(f: impl FnOnce(&Validator, &Validator)) {
    let scenario_schema = load(&root().join("content/schema/scenario.schema.json"));
    let sweep_schema = load(&root().join("content/schema/sweep.schema.json"));
    let registry = Registry::new()
        .add(schema_uri("scenario.schema.json"), scenario_schema.clone())
        .expect("schema URI")
        .prepare()
        .expect("registry");
    let scenario = jsonschema::options()
        .with_base_uri(schema_uri("scenario.schema.json"))
        .build(&scenario_schema)
        .expect("scenario schema compiles");
    let sweep = jsonschema::options()
        .with_registry(&registry)
        .with_base_uri(schema_uri("sweep.schema.json"))
        .build(&sweep_schema)
        .expect("sweep schema compiles");
    f(&scenario, &sweep)
}

fn schema_errors(v: &Validator, doc: &Value) -> Vec<String> {
    v.iter_errors(doc)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

fn resolve(id: &str) -> Result<Value, String> {
    let p = root().join("content/scenarios").join(format!("{id}.json"));
    if p.exists() {
        Ok(load(&p))
    } else {
        Err(format!("no {}", p.display()))
    }
}

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

#[test]
fn schema_and_parser_agree_on_examples() {
    let flows = json!([{ "id": "f", "bytes": 1000 }]);
    let cases: Vec<(Value, bool)> = vec![
        (json!({ "flows": [{}] }), true),
        (
            json!({ "flows": [{ "bytes": null, "count": 2.0 }], "seed": null, "stop": null }),
            true,
        ),
        (json!({ "flows": [] }), false),
        (json!({}), false),
        (json!({ "flows": flows, "observ": {} }), false),
        (
            json!({ "flows": flows, "summary": "Plain words", "description": null }),
            true,
        ),
        (json!({ "flows": flows, "summary": 1 }), false),
        (json!({ "flows": flows, "seed": -1 }), false),
        (json!({ "flows": flows, "seed": 1.5 }), false),
        (json!({ "flows": flows, "schema": 2 }), false),
        (json!({ "flows": [{ "tcp": { "cc": "renoo" } }] }), false),
        (json!({ "flows": [{ "tcp": { "mss_byte": 1000 } }] }), false),
        (json!({ "flows": [{ "id": "a b" }] }), false),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "rate_bps": -5 } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "bit_error" } } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "bit_error", "ber": 2 } } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "bit_error", "ber": 1e-6, "per": 0.1 } } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "packet_error", "per": 0.1 } } } }),
            true,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "gilbert_elliott", "bad_s": 0.01 } } } }),
            true,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "gilbert_elliott", "bad_s": 0.01, "mean_loss": 0.1 } } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "gilbert_elliott", "mode": "markov", "mean_loss": 0.1, "mean_burst_pkts": 4 } } } }),
            true,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "drop_list", "packets": [1, 2] } } } }),
            true,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "drop_list", "packets": [-1] } } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "drop_list" } } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "errors": { "kind": "burst", "start_s": 1, "duration_s": 2 } } } }),
            true,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "queue": { "kind": "red", "limit_pkts": 40, "gentle": true } } } }),
            true,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "queue": { "kind": "drop_tail", "max_p": 0.1 } } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "queue": { "kind": "dual_threshold", "limit_pkts": 30, "soft_pkts": 10 } } } }),
            true,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "queue": { "congestion_warning": { "threshold_pkts": 5 } } } } }),
            true,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "queue": { "congestion_warning": { "treshold_pkts": 5 } } } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "reverse": { "rate_bps": 64000, "framing_bytes": 8 } } } }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "bottleneck": { "framing_bytes": 8, "reverse": { "rate_bps": 64000 } } } }),
            true,
        ),
        (
            json!({ "flows": flows, "cross_traffic": [{ "rate_bps": 1e5, "direction": "reverse" }] }),
            true,
        ),
        (
            json!({ "flows": flows, "cross_traffic": [{ "rate_bps": 1e5, "on_s": 1 }] }),
            false,
        ),
        (
            json!({ "flows": flows, "cross_traffic": [{ "kind": "on_off", "rate_bps": 1e5, "on_s": 1 }] }),
            true,
        ),
        (
            json!({ "flows": flows, "cross_traffic": [{ "rate_bps": 1e5, "from": "a", "to": "b" }] }),
            false,
        ),
        (json!({ "flows": [{ "from": "s", "to": "d" }] }), false),
        (
            json!({ "topology": { "kind": "graph", "nodes": ["s", "d"], "links": [{ "a": "s", "b": "d", "rate_bps": 1e6, "delay_ms": 5 }] },
                    "flows": [{ "from": "s", "to": "d" }], "cross_traffic": [{ "from": "d", "to": "s", "rate_bps": 1e4 }] }),
            true,
        ),
        (
            json!({ "topology": { "kind": "graph", "nodes": ["s", "d"], "links": [{ "a": "s", "b": "d", "rate_bps": 1e6, "delay_ms": 5 }] },
                    "flows": [{ "from": "s" }] }),
            false,
        ),
        (
            json!({ "topology": { "kind": "graph", "nodes": ["s", "d"], "links": [{ "a": "s", "b": "d", "delay_ms": 5 }] },
                    "flows": [{ "from": "s", "to": "d" }] }),
            false,
        ),
        (
            json!({ "topology": { "kind": "graph", "nodes": ["s", "s"], "links": [{ "a": "s", "b": "s", "rate_bps": 1e6, "delay_ms": 5 }] },
                    "flows": [{ "from": "s", "to": "s" }] }),
            false,
        ),
        (
            json!({ "flows": flows, "topology": { "access": { "delay_ms": 1 }, "nodes": ["a"] } }),
            false,
        ),
        (
            json!({ "flows": flows, "observe": { "shadow_classifiers": ["oracle"], "throughput_window_ms": 200 } }),
            true,
        ),
        (
            json!({ "flows": flows, "observe": { "shadow_classifiers": ["orcale"] } }),
            false,
        ),
        (
            json!({ "flows": flows, "observe": { "trace": true, "shadow_classifiers": [{ "id": "spike", "params": { "alpha": 0.5 } }] } }),
            true,
        ),
        (
            json!({ "flows": flows, "observe": { "shadow_classifiers": [{ "id": "spike", "params": { "alfa": 0.5 } }] } }),
            false,
        ),
        (
            json!({ "flows": flows, "observe": { "shadow_classifiers": [{ "params": {} }] } }),
            false,
        ),
        (
            json!({ "flows": [{ "tcp": { "cc": "cubic", "cc_params": { "beta": 0.7, "fast_convergence": false } } }] }),
            true,
        ),
        (
            json!({ "flows": [{ "tcp": { "cc": "cubic", "cc_params": { "bta": 0.7 } } }] }),
            false,
        ),
        (
            json!({ "flows": [{ "tcp": { "cc_params": { "beta": 0.7 } } }] }),
            false,
        ),
        (
            json!({ "flows": [{ "tcp": { "classifier": "spike", "classifier_params": { "alpha": 0.5 } } }] }),
            true,
        ),
        (
            json!({ "flows": [{ "tcp": { "classifier_params": { "alpha": 0.5 } } }] }),
            false,
        ),
        (
            json!({ "flows": [{ "tcp": { "rtt_sampling": "one_per_rtt", "newreno_exit": "rfc", "pacing": false, "rtt_tick_ms": 10 } }] }),
            true,
        ),
        (
            json!({ "flows": [{ "tcp": { "rtt_sampling": "per_packet" } }] }),
            false,
        ),
    ];
    with_validators(|scenario, _| {
        for (doc, valid) in &cases {
            let parser = parse_value(doc);
            let schema = schema_errors(scenario, doc);
            assert_eq!(
                parser.is_ok(),
                *valid,
                "parser on {doc}: {:?}",
                parser.err()
            );
            assert_eq!(schema.is_empty(), *valid, "schema on {doc}: {schema:?}");
        }
    });
}

#[test]
fn sweep_schema_and_parser_agree_on_examples() {
    let base = json!({ "flows": [{ "bytes": 1000 }] });
    let cases: Vec<(Value, bool)> = vec![
        (json!({ "base": base, "vary": [] }), true),
        (
            json!({ "base": "gb04-s1-1mbps-10ms", "vary": [{ "path": "flows[0].tcp.cc", "values": ["reno"] }], "replications": 30, "flows": "sum" }),
            true,
        ),
        (
            json!({ "base": base, "vary": [{ "path": "flows.0.bytes", "values": [10, 20] }], "metrics": ["jain_index", "end_s"] }),
            true,
        ),
        (json!({ "base": base }), false),
        (json!({ "vary": [] }), false),
        (
            json!({ "base": base, "vary": [], "replications": 0 }),
            false,
        ),
        (json!({ "base": base, "vary": [], "metrics": [] }), false),
        (
            json!({ "base": base, "vary": [], "metrics": ["thruput"] }),
            false,
        ),
        (
            json!({ "base": base, "vary": [], "metrics": ["timeouts", "timeouts"] }),
            false,
        ),
        (json!({ "base": base, "vary": [], "flows": "all" }), false),
        (json!({ "base": base, "vary": [], "extra": 1 }), false),
        (
            json!({ "base": base, "vary": [{ "path": "a..b", "values": [1] }] }),
            false,
        ),
        (
            json!({ "base": base, "vary": [{ "path": "seed", "values": [] }] }),
            false,
        ),
        (
            json!({ "base": base, "vary": [{ "path": "n", "values": [1] }] }),
            false,
        ),
        (
            json!({ "base": base, "vary": [{ "path": "seed", "values": [1], "extra": 0 }] }),
            false,
        ),
        (json!({ "base": { "flows": [] }, "vary": [] }), false),
        (json!({ "base": "../etc/passwd", "vary": [] }), false),
        // Zipped axes (issue 12). Unequal list lengths are the parser's alone (a schema
        // cannot compare lengths), so they are not here.
        (
            json!({ "base": base, "vary": [{ "label": "n", "zip": [
                { "path": "flows[0].bytes", "values": [10, 20] },
                { "path": "seed", "values": [1, 2] } ] }] }),
            true,
        ),
        (
            json!({ "base": base, "vary": [{ "label": "n", "zip": [] }] }),
            false,
        ),
        (
            json!({ "base": base, "vary": [{ "zip": [{ "path": "seed", "values": [1] }] }] }),
            false,
        ),
        (
            json!({ "base": base, "vary": [{ "label": " ", "zip": [{ "path": "seed", "values": [1] }] }] }),
            false,
        ),
        (
            json!({ "base": base, "vary": [{ "label": "n", "path": "seed", "zip": [{ "path": "seed", "values": [1] }] }] }),
            false,
        ),
        (
            json!({ "base": base, "vary": [{ "label": "n", "zip": [{ "path": "n", "values": [1] }] }] }),
            false,
        ),
    ];
    with_validators(|_, sweep| {
        for (doc, valid) in &cases {
            let parser = sim_core::sweep::parse_value(doc, &mut resolve);
            let schema = schema_errors(sweep, doc);
            assert_eq!(
                parser.is_ok(),
                *valid,
                "parser on {doc}: {:?}",
                parser.err()
            );
            assert_eq!(schema.is_empty(), *valid, "schema on {doc}: {schema:?}");
        }
    });
}

#[test]
fn schema_accepts_whatever_the_parser_accepts() {
    let bases: Vec<Value> = mutate::bases()
        .into_iter()
        .filter(|b| parse_value(b).is_ok())
        .collect();
    let n = bases.len();
    let mut runner = TestRunner::new(Config {
        cases: std::env::var("LOSSLAB_FUZZ_CASES")
            .ok()
            .and_then(|s| s.parse().ok())
            .unwrap_or(1000),
        rng_seed: RngSeed::Fixed(0x005C_4E3A),
        failure_persistence: None,
        ..Config::default()
    });
    with_validators(|scenario, _| {
        runner
            .run(&(0..n, vec(mutate::op(), 1..6)), |(b, ops)| {
                let mut doc = bases[b].clone();
                mutate::apply(&mut doc, &ops);
                if parse_value(&doc).is_ok() {
                    let errs = schema_errors(scenario, &doc);
                    proptest::prop_assert!(
                        errs.is_empty(),
                        "parser accepts but schema rejects {doc}: {errs:?}"
                    );
                }
                Ok(())
            })
            .unwrap();
    });
}
