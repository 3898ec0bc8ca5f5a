//! The catalog against the validator and the engine.
//!
//! - Every knob with a range is accepted at its minimum, maximum and default and rejected just
//!   beyond (the problem names its JSON path); every choice option is accepted and a bogus one
//!   rejected; booleans take true and false. Where a cross-field rule of the parser makes a bound
//!   unreachable whatever the other fields say, the test checks the value passes the range check
//!   and only that rule objects ([`UNREACHABLE`]).
//! - Every entry runs: each variant, each classifier (as the flow's and as a shadow), each queue,
//!   queue option, error model, profile and cross-traffic kind runs a short lossy scenario to the
//!   end; the knobs of variants and classifiers also run at their bounds.

use super::*;
use crate::limits::{MAX_QUEUE_PKTS, MAX_TIME_S};
use crate::param::ParamKind;
use crate::scenario::{parse_value, ConfigError};
use serde_json::json;

// ===== Where a knob lives in a scenario =====

/// The object a knob is written into.
#[derive(Clone, Copy, Debug)]
enum Place<'a> {
    Variant(&'a str),
    Classifier(&'a str),
    Shadow(&'a str),
    Queue(&'a Entry),
    QueueOption,
    Error(&'a Entry),
    Cross(&'a Entry),
    Tcp,
}

impl Place<'_> {
    fn id(&self) -> &str {
        match self {
            Place::Variant(id) | Place::Classifier(id) | Place::Shadow(id) => id,
            Place::Queue(e) | Place::Error(e) | Place::Cross(e) => e.id,
            Place::QueueOption => "congestion_warning",
            Place::Tcp => "tcp",
        }
    }

    /// JSON path of the object holding the knobs.
    fn path(&self) -> &'static str {
        match self {
            Place::Variant(_) => "flows[0].tcp.cc_params",
            Place::Classifier(_) => "flows[0].tcp.classifier_params",
            Place::Shadow(_) => "observe.shadow_classifiers[0].params",
            Place::Queue(_) => "topology.bottleneck.queue",
            Place::QueueOption => "topology.bottleneck.queue.congestion_warning",
            Place::Error(_) => "topology.bottleneck.errors",
            Place::Cross(_) => "cross_traffic[0]",
            Place::Tcp => "flows[0].tcp",
        }
    }

    /// A scenario with `fields` in this place (required knobs of the entry at their defaults).
    fn scenario(&self, fields: Map<String, Value>) -> Value {
        let with_required = |e: &Entry, kind: Value| {
            let mut o = Map::new();
            o.insert("kind".into(), kind);
            if let Some(m) = e.mode {
                o.insert("mode".into(), json!(m));
            }
            for p in e.params.iter().filter(|p| p.required) {
                o.insert(p.name.into(), p.default.clone());
            }
            o.extend(fields.clone());
            Value::Object(o)
        };
        let fields = Value::Object(fields.clone());
        match self {
            Place::Variant(id) => {
                json!({ "flows": [{ "tcp": { "cc": id, "cc_params": fields } }] })
            }
            Place::Classifier(id) => {
                json!({ "flows": [{ "tcp": { "classifier": id, "classifier_params": fields } }] })
            }
            Place::Shadow(id) => {
                json!({ "flows": [{}], "observe": { "shadow_classifiers": [{ "id": id, "params": fields }] } })
            }
            Place::Queue(e) => {
                json!({ "topology": { "bottleneck": { "queue": with_required(e, json!(e.id)) } }, "flows": [{}] })
            }
            Place::QueueOption => json!({
                "topology": { "bottleneck": { "queue": { "kind": "drop_tail", "congestion_warning": fields } } },
                "flows": [{}]
            }),
            Place::Error(e) => {
                json!({ "topology": { "bottleneck": { "errors": with_required(e, json!(e.id)) } }, "flows": [{}] })
            }
            Place::Cross(e) => {
                json!({ "flows": [{}], "cross_traffic": [with_required(e, json!(e.id))] })
            }
            Place::Tcp => json!({ "flows": [{ "tcp": fields }] }),
        }
    }
}

/// Every knob of the catalog with its place.
fn every_knob(c: &Catalog) -> Vec<(Place<'_>, &ParamSpec)> {
    let mut out = Vec::new();
    for e in &c.variants {
        out.extend(e.params.iter().map(|p| (Place::Variant(e.id), p)));
    }
    for e in &c.classifiers {
        out.extend(e.params.iter().map(|p| (Place::Classifier(e.id), p)));
        out.extend(e.params.iter().map(|p| (Place::Shadow(e.id), p)));
    }
    for e in &c.queues {
        out.extend(e.params.iter().map(|p| (Place::Queue(e), p)));
    }
    for e in &c.queue_options {
        out.extend(e.params.iter().map(|p| (Place::QueueOption, p)));
    }
    for e in &c.errors {
        out.extend(e.params.iter().map(|p| (Place::Error(e), p)));
    }
    for e in &c.cross_traffic {
        out.extend(e.params.iter().map(|p| (Place::Cross(e), p)));
    }
    out.extend(c.tcp.iter().map(|p| (Place::Tcp, p)));
    out
}

// ===== Cross-field rules =====

/// Fields the parser's cross-field rules need next to `name = v` so that only `v` is on trial.
/// Returns the fields and, if needed, a `stop.time_s`.
fn companions(place: &Place, name: &str, v: &Value) -> (Map<String, Value>, Option<f64>) {
    let x = v.as_f64().unwrap_or(0.0);
    let max_q = MAX_QUEUE_PKTS as f64;
    let (pairs, time_s) = match (place.id(), name) {
        // max_th_pkts > min_th_pkts.
        ("red", "min_th_pkts") => (vec![("max_th_pkts", json!(max_q))], None),
        ("red", "max_th_pkts") => (vec![("min_th_pkts", json!(0))], None),
        // soft_pkts < limit_pkts.
        ("dual_threshold", "soft_pkts") => {
            (vec![("limit_pkts", json!((x + 1.0).min(max_q)))], None)
        }
        ("dual_threshold", "limit_pkts") => (vec![("soft_pkts", json!(1))], None),
        // mean_loss ≤ mean_burst_pkts / (1 + mean_burst_pkts).
        ("gilbert_elliott", "mean_loss") => (vec![("mean_burst_pkts", json!(1e9))], None),
        // start_s ≤ stop.time_s.
        (_, "start_s") if matches!(place, Place::Cross(_)) => (vec![], Some(MAX_TIME_S)),
        // min_rto_ms ≤ max_rto_ms.
        ("tcp", "min_rto_ms") => (vec![("max_rto_ms", json!(1e9))], None),
        ("tcp", "max_rto_ms") => (vec![("min_rto_ms", json!(1))], None),
        _ => (vec![], None),
    };
    (
        pairs.into_iter().map(|(k, v)| (k.to_string(), v)).collect(),
        time_s,
    )
}

#[derive(Clone, Copy, Debug, PartialEq)]
enum Bound {
    Min,
    Max,
}

/// (entry id, knob, bound) that no combination of other fields makes valid: the value passes its
/// range check, and a cross-field rule rejects it.
const UNREACHABLE: &[(&str, &str, Bound)] = &[
    ("red", "min_th_pkts", Bound::Max), // max_th_pkts must exceed it but is ≤ 1e6 too
    ("red", "max_th_pkts", Bound::Min), // must exceed min_th_pkts ≥ 0
    ("dual_threshold", "soft_pkts", Bound::Max), // limit_pkts must exceed it but is ≤ 1e6 too
    ("dual_threshold", "limit_pkts", Bound::Min), // must exceed soft_pkts ≥ 1
    ("gilbert_elliott", "mean_loss", Bound::Max), // ≤ b/(1 + b) < 1 for any burst length b
    ("tcp", "rwnd_bytes", Bound::Min),  // a window must hold one segment: ≥ mss_bytes
];

/// Every entry of every family list reads back as itself: a queue discipline, error model (each
/// mode) or cross-traffic kind written with its required knobs resolves to a spec whose `kind`
/// (and `mode`) is the entry's — an entry whose reader built another kind's spec fails here.
#[test]
fn every_kind_reads_back_as_itself() {
    let c = catalog();
    let mut checked = 0;
    let places = c
        .queues
        .iter()
        .map(|e| (Place::Queue(e), "/topology/bottleneck/queue"))
        .chain(
            c.errors
                .iter()
                .map(|e| (Place::Error(e), "/topology/bottleneck/errors")),
        )
        .chain(
            c.cross_traffic
                .iter()
                .map(|e| (Place::Cross(e), "/cross_traffic/0")),
        );
    for (place, at) in places {
        {
            let (Place::Queue(e) | Place::Error(e) | Place::Cross(e)) = place else {
                unreachable!()
            };
            let sc = parse_value(&place.scenario(Map::new()))
                .unwrap_or_else(|errs| panic!("{}: {errs:?}", e.id));
            let resolved = serde_json::to_value(&sc).unwrap();
            let spec = resolved
                .pointer(at)
                .unwrap_or_else(|| panic!("{at} in {resolved}"));
            assert_eq!(spec["kind"].as_str(), Some(e.id), "{at}: {spec}");
            assert_eq!(spec.get("mode").and_then(Value::as_str), e.mode, "{}", e.id);
            checked += 1;
        }
    }
    assert_eq!(
        checked,
        c.queues.len() + c.errors.len() + c.cross_traffic.len()
    );
}

// ===== Ranges =====

fn check_value(place: &Place, spec: &ParamSpec, v: Value) -> Result<(), Vec<ConfigError>> {
    // A null default is "derived from the other fields": nothing to accompany.
    let (mut fields, time_s) = if v.is_null() {
        (Map::new(), None)
    } else {
        companions(place, spec.name, &v)
    };
    if !v.is_null() {
        fields.insert(spec.name.into(), v);
    }
    let mut doc = place.scenario(fields);
    if let Some(t) = time_s {
        doc["stop"] = json!({ "time_s": t });
    }
    parse_value(&doc).map(|_| ())
}

fn knob_path(place: &Place, spec: &ParamSpec) -> String {
    format!("{}.{}", place.path(), spec.name)
}

fn expect_valid(place: &Place, spec: &ParamSpec, v: Value, bound: Option<Bound>) {
    let what = format!("{} {} = {v}", place.id(), knob_path(place, spec));
    let res = check_value(place, spec, v);
    if bound.is_some_and(|b| UNREACHABLE.contains(&(place.id(), spec.name, b))) {
        let errs = res.expect_err(&format!("{what}: listed as unreachable but valid"));
        assert!(
            errs.iter()
                .all(|e| !e.message.starts_with("must be between")
                    && !e.message.starts_with("must be a")),
            "{what}: rejected by a range check: {errs:?}"
        );
        return;
    }
    if let Err(errs) = res {
        panic!("{what}: should be valid: {errs:?}");
    }
}

fn expect_invalid(place: &Place, spec: &ParamSpec, v: Value) {
    let path = knob_path(place, spec);
    let what = format!("{} {path} = {v}", place.id());
    let errs = check_value(place, spec, v).expect_err(&format!("{what}: should be invalid"));
    assert!(
        errs.iter()
            .any(|e| e.path == path || e.path.starts_with(&format!("{path}["))),
        "{what}: no problem names {path}: {errs:?}"
    );
}

/// A value just past `x` in direction `dir` (±1), still distinguishable in f64.
fn beyond(x: f64, dir: f64) -> f64 {
    x + dir * (x.abs() * 1e-9).max(1e-12)
}

#[test]
fn every_knob_is_accepted_in_range_and_rejected_beyond() {
    let c = catalog();
    let knobs = every_knob(&c);
    let mut checked = 0;
    for (place, spec) in &knobs {
        let wrap = |v: Value| match spec.kind {
            ParamKind::IntegerList { .. } => json!([v]),
            _ => v,
        };
        expect_valid(place, spec, spec.default.clone(), None);
        match &spec.kind {
            ParamKind::Number { min, max } => {
                expect_valid(place, spec, json!(min), Some(Bound::Min));
                expect_valid(place, spec, json!(max), Some(Bound::Max));
                expect_invalid(place, spec, json!(beyond(*max, 1.0)));
                expect_invalid(place, spec, json!(beyond(*min, -1.0)));
                expect_invalid(place, spec, json!("1"));
            }
            ParamKind::Integer { min, max } | ParamKind::IntegerList { min, max } => {
                expect_valid(place, spec, wrap(json!(min)), Some(Bound::Min));
                expect_valid(place, spec, wrap(json!(max)), Some(Bound::Max));
                expect_invalid(place, spec, wrap(json!(max + 1)));
                expect_invalid(place, spec, wrap(json!(min - 1)));
                expect_invalid(place, spec, wrap(json!(*min as f64 + 0.5)));
            }
            ParamKind::Choice { options } => {
                for o in options {
                    expect_valid(place, spec, json!(o), None);
                }
                expect_invalid(place, spec, json!("bogus_option"));
            }
            ParamKind::Bool => {
                expect_valid(place, spec, json!(true), None);
                expect_valid(place, spec, json!(false), None);
                expect_invalid(place, spec, json!(1));
            }
        }
        checked += 1;
    }
    assert_eq!(checked, knobs.len());
    assert!(checked > 150, "only {checked} knobs");
}

#[test]
fn unknown_knobs_get_the_closest_name() {
    let doc = json!({ "flows": [{ "tcp": { "cc": "veno", "cc_params": { "beta_segmnts": 2, "rtt": "srt" } } }],
                      "observe": { "shadow_classifiers": ["spike", { "id": "spike", "params": { "alpha": 2 } }, { "id": "spiek" }, 3] } });
    let errs: Vec<String> = parse_value(&doc)
        .unwrap_err()
        .iter()
        .map(|e| e.to_string())
        .collect();
    assert_eq!(
        errs,
        [
            "flows[0].tcp.cc_params.beta_segmnts: unknown parameter \"beta_segmnts\" (did you mean \"beta_segments\"?)",
            "flows[0].tcp.cc_params.rtt: unknown value \"srt\" (did you mean \"srtt\"? expected one of: latest_min, srtt)",
            "observe.shadow_classifiers[1].params.alpha: must be between 0 and 1 (got 2)",
            "observe.shadow_classifiers[2].id: unknown value \"spiek\" (did you mean \"spike\"? expected one of: always_congestion, oracle, checksum, vegas_predictor, spike, ncpld, jitter_ratio, adaptive_threshold, biaz, mbiaz, zigzag, zbs, congestion_warning, custom)",
            "observe.shadow_classifiers[3]: must be a classifier id string or {\"id\": …, \"params\": {…}} (got a number)",
        ]
    );
    // An unknown variant is reported once, not once per knob.
    let doc =
        json!({ "flows": [{ "tcp": { "cc": "venoo", "cc_params": { "beta_segments": 2 } } }] });
    assert_eq!(parse_value(&doc).unwrap_err().len(), 1);
    let doc = json!({ "flows": [{ "tcp": { "cc": "new_reno", "cc_params": { "beta": 2 } } }] });
    assert_eq!(
        parse_value(&doc).unwrap_err()[0].to_string(),
        "flows[0].tcp.cc_params.beta: unknown parameter \"beta\" (no tunable parameters here)"
    );
}

#[test]
fn knobs_reach_the_flow() {
    let doc = json!({ "flows": [{ "tcp": { "cc": "cubic", "cc_params": { "beta": 0.5 },
                                            "classifier": "spike", "classifier_params": { "alpha": 0.7, "beta": null } } }],
                      "observe": { "shadow_classifiers": ["oracle", { "id": "zigzag", "params": { "n_gt3": "plus_half_dev" } }] } });
    let sc = parse_value(&doc).unwrap();
    let t = &sc.flows[0].tcp;
    assert_eq!(t.cc_params, vec![("beta", json!(0.5))]);
    assert_eq!(t.classifier_params, vec![("alpha", json!(0.7))]);
    let shadows: Vec<(&str, usize)> = sc
        .observe
        .shadow_classifiers
        .iter()
        .map(|s| (s.id, s.params.len()))
        .collect();
    assert_eq!(shadows, [("oracle", 0), ("zigzag", 1)]);
}

/// The keys the parser reads in the object at `path` of `doc`, from its "unknown field" message.
fn keys_read(mut doc: Value, pointer: &str, path: &str) -> Vec<String> {
    const BOGUS: &str = "zzzzzzzzzzzzzzzzzzzzzzzzzzzz";
    doc.pointer_mut(pointer)
        .unwrap()
        .as_object_mut()
        .unwrap()
        .insert(BOGUS.into(), json!(1));
    let errs = parse_value(&doc).unwrap_err();
    let e = errs
        .iter()
        .find(|e| e.path == format!("{path}.{BOGUS}"))
        .unwrap_or_else(|| panic!("{errs:?}"));
    let list = e
        .message
        .split("expected one of: ")
        .nth(1)
        .unwrap()
        .trim_end_matches(')');
    list.split(", ").map(String::from).collect()
}

/// Every field the parser reads is a catalog knob (or structural: `kind`, `mode`, ids and names, the
/// objects holding knobs), so a new parser field cannot be missed here.
#[test]
fn lists_every_field_the_parser_reads() {
    let c = catalog();
    let structural = [
        "kind",
        "mode",
        "id",
        "congestion_warning",
        "cc_params",
        "classifier_params",
        // A trace's file name: a label for people, like an id; it changes nothing in the run.
        "name",
    ];
    let check = |doc: Value, pointer: &str, path: &str, e: Option<&Entry>, specs: &[ParamSpec]| {
        let mut read: Vec<String> = keys_read(doc, pointer, path);
        read.retain(|k| !structural.contains(&k.as_str()));
        let mut knobs: Vec<String> = specs.iter().map(|s| s.name.to_string()).collect();
        read.sort();
        knobs.sort();
        assert_eq!(read, knobs, "{}", e.map_or("tcp", |e| e.id));
    };
    let all = |e: &Entry| {
        let mut o = knob_defaults(e);
        o.extend(
            e.params
                .iter()
                .map(|p| (p.name.to_string(), p.default.clone())),
        );
        o
    };
    for e in &c.queues {
        let doc = Place::Queue(e).scenario(all(e));
        check(
            doc,
            "/topology/bottleneck/queue",
            "topology.bottleneck.queue",
            Some(e),
            &e.params,
        );
    }
    for e in &c.queue_options {
        let doc = Place::QueueOption.scenario(Map::new());
        check(
            doc,
            "/topology/bottleneck/queue/congestion_warning",
            "topology.bottleneck.queue.congestion_warning",
            Some(e),
            &e.params,
        );
    }
    for e in &c.errors {
        let doc = Place::Error(e).scenario(Map::new());
        check(
            doc,
            "/topology/bottleneck/errors",
            "topology.bottleneck.errors",
            Some(e),
            &e.params,
        );
    }
    for e in &c.cross_traffic {
        let doc = Place::Cross(e).scenario(Map::new());
        check(
            doc,
            "/cross_traffic/0",
            "cross_traffic[0]",
            Some(e),
            &e.params,
        );
    }
    check(
        Place::Tcp.scenario(Map::new()),
        "/flows/0/tcp",
        "flows[0].tcp",
        None,
        &c.tcp,
    );
}

// ===== Catalog shape =====

#[test]
fn lists_every_id_with_text() {
    let c = catalog();
    let ids = |es: &[Entry]| es.iter().map(|e| e.id).collect::<Vec<_>>();
    // Every built-in one, then code of one's own.
    assert_eq!(ids(&c.variants), cc::CHOICES);
    assert_eq!(ids(&c.classifiers), classify::CHOICES);
    assert_eq!(ids(&c.queues), ["drop_tail", "red", "dual_threshold"]);
    assert_eq!(ids(&c.queue_options), ["congestion_warning"]);
    // Every error model of the one list, in its order (`gilbert_elliott` once per mode).
    assert_eq!(
        ids(&c.errors),
        crate::error_model::KINDS
            .iter()
            .map(|k| k.info.id)
            .collect::<Vec<_>>()
    );
    assert_eq!(
        &ids(&c.errors)[..4],
        ["none", "bit_error", "packet_error", "gilbert_elliott"]
    );
    assert_eq!(ids(&c.cross_traffic), ["cbr", "poisson", "on_off"]);
    assert_eq!(
        c.profiles.iter().map(|p| p.id).collect::<Vec<_>>(),
        profile::PROFILES
    );
    let all = c
        .variants
        .iter()
        .chain(&c.classifiers)
        .chain(&c.queues)
        .chain(&c.errors)
        .chain(&c.cross_traffic);
    for e in all {
        assert!(
            !e.title.is_empty() && !e.description.is_empty() && !e.reference.is_empty(),
            "{}",
            e.id
        );
        let mut names: Vec<&str> = e.params.iter().map(|p| p.name).collect();
        names.dedup();
        assert_eq!(names.len(), e.params.len(), "duplicate knob in {}", e.id);
    }
    // Every tcp option has a default under every profile, and the rfc one is the tcp default.
    for p in &c.profiles {
        let keys: Vec<&str> = p.defaults.keys().map(String::as_str).collect();
        let mut names: Vec<&str> = c.tcp.iter().map(|s| s.name).collect();
        names.sort_unstable();
        assert_eq!(keys, names, "{}", p.id);
    }
    for s in &c.tcp {
        assert_eq!(c.profiles[0].defaults[s.name], s.default, "{}", s.name);
    }
    let v = serde_json::to_value(&c).unwrap();
    assert_eq!(v["version"], crate::VERSION);
    assert_eq!(v["errors"][4]["mode"], "markov");
    assert_eq!(v["variants"][8]["params"][1]["name"], "beta_segments");
    assert_eq!(v["variants"][8]["params"][1]["kind"], "number");
}

// ===== Every entry runs =====

/// A short lossy run: 1 Mbit/s, 10 ms, a 20-packet queue with congestion-warning marks, bit errors,
/// two 150 kB transfers.
fn base() -> Value {
    json!({
        "id": "catalog-run", "seed": 3, "stop": { "time_s": 30 },
        "topology": { "bottleneck": { "rate_bps": 1e6, "delay_ms": 10,
            "queue": { "kind": "drop_tail", "limit_pkts": 20, "congestion_warning": {} },
            "errors": { "kind": "bit_error", "ber": 2e-5 } } },
        "flows": [{ "id": "a", "count": 2, "bytes": 150000, "tcp": { "timestamps": true } }],
        "observe": { "sample_ms": 50 }
    })
}

fn run(doc: &Value, what: &str) -> crate::Summary {
    let text = doc.to_string();
    let mut sim = crate::budget::simulation(&text).unwrap_or_else(|e| panic!("{what}: {e:?}"));
    sim.run().unwrap_or_else(|e| panic!("{what}: {e}"));
    sim.summary()
}

/// The knobs of an entry at their defaults (required ones included, derived ones left out).
fn knob_defaults(e: &Entry) -> Map<String, Value> {
    e.params
        .iter()
        .filter(|p| !p.default.is_null())
        .map(|p| (p.name.to_string(), p.default.clone()))
        .collect()
}

/// The object of an entry (`kind`, `mode`) at its defaults.
fn defaults_of(e: &Entry) -> Value {
    let mut o = knob_defaults(e);
    o.insert("kind".into(), json!(e.id));
    if let Some(m) = e.mode {
        o.insert("mode".into(), json!(m));
    }
    Value::Object(o)
}

#[test]
fn every_entry_runs() {
    let c = catalog();
    // "custom" runs the reader's code, which only a host gives (tests/custom_code.rs runs it):
    // without it the run is refused with the words that say so.
    for doc in [
        json!({ "flows": [{ "tcp": { "cc": custom::ID } }] }),
        json!({ "flows": [{ "tcp": { "classifier": custom::ID } }] }),
    ] {
        let mut sim = crate::budget::simulation(&doc.to_string()).unwrap();
        assert_eq!(sim.run().unwrap_err(), custom::WAITING_MESSAGE);
    }
    for e in c.variants.iter().filter(|e| e.id != custom::ID) {
        let mut doc = base();
        doc["flows"][0]["tcp"]["cc"] = json!(e.id);
        let s = run(&doc, e.id);
        assert!(
            s.flows
                .iter()
                .all(|f| f.cc == e.id && f.bytes_delivered > 0),
            "{}",
            e.id
        );
    }
    for e in c.classifiers.iter().filter(|e| e.id != custom::ID) {
        let mut doc = base();
        doc["flows"][0]["tcp"]["classifier"] = json!(e.id);
        doc["observe"]["shadow_classifiers"] = json!([e.id]);
        let s = run(&doc, e.id);
        assert!(
            s.flows
                .iter()
                .all(|f| f.classifier == e.id && f.shadows.len() == 1),
            "{}",
            e.id
        );
    }
    for e in &c.queues {
        let mut doc = base();
        doc["topology"]["bottleneck"]["queue"] = defaults_of(e);
        run(&doc, e.id);
    }
    for e in &c.queue_options {
        let mut doc = base();
        doc["topology"]["bottleneck"]["queue"][e.id] = Value::Object(knob_defaults(e));
        run(&doc, e.id);
    }
    for e in &c.errors {
        let mut doc = base();
        doc["topology"]["bottleneck"]["errors"] = defaults_of(e);
        run(&doc, e.id);
    }
    for p in &c.profiles {
        let mut doc = base();
        doc["flows"][0]["tcp"] = json!({ "profile": p.id });
        run(&doc, p.id);
    }
    for e in &c.cross_traffic {
        let mut doc = base();
        doc["cross_traffic"] = json!([defaults_of(e)]);
        run(&doc, e.id);
    }
}

#[test]
fn all_classifiers_judge_one_run_as_shadows() {
    let mut doc = base();
    let mut shadows: Vec<Value> = classify::AVAILABLE.iter().map(|id| json!(id)).collect();
    shadows.push(json!({ "id": "spike", "params": { "alpha": 0.7, "beta": 0.1 } }));
    doc["observe"]["shadow_classifiers"] = Value::Array(shadows.clone());
    // Shadows judge fast retransmits. At this error rate (≈ 24 % of 1500-byte packets) one flow
    // recovers by timeouts only under RFC 6582's careful rule; the RFC 6582 §4 timestamp
    // heuristic lets the dupACKs of a lost retransmission start fast retransmits again.
    doc["flows"][0]["tcp"]["recover_heuristic"] = json!("timestamp");
    let s = run(&doc, "all shadows");
    for f in &s.flows {
        assert_eq!(f.shadows.len(), shadows.len());
        let ids: Vec<&str> = f.shadows.iter().map(|sh| sh.classifier).collect();
        assert_eq!(&ids[..classify::AVAILABLE.len()], classify::AVAILABLE);
        assert_eq!(
            f.shadows
                .last()
                .unwrap()
                .params
                .as_ref()
                .and_then(|p| p.get("alpha")),
            Some(&json!(0.7))
        );
        assert!(f.shadows[0].params.is_none());
        // The oracle saw every loss the flow's sender detected, of both causes on this link.
        let oracle = &f.shadows[1].confusion;
        assert!(
            oracle.congestion_as_congestion + oracle.wireless_as_wireless > 0,
            "{oracle:?}"
        );
    }
    let json = serde_json::to_value(&s).unwrap();
    assert!(
        json["flows"][0]["shadows"][0].get("params").is_none(),
        "no params key for defaults"
    );
}

/// Every knob of `specs` at its minimum (`low`) or maximum, choices at their first or last
/// option, booleans off or on.
fn at_bound(specs: &[ParamSpec], low: bool) -> Value {
    let mut o = Map::new();
    for s in specs {
        let v = match &s.kind {
            ParamKind::Number { min, max } => json!(if low { min } else { max }),
            ParamKind::Integer { min, max } => json!(if low { min } else { max }),
            ParamKind::Bool => json!(!low),
            ParamKind::Choice { options } => json!(if low {
                options[0]
            } else {
                options[options.len() - 1]
            }),
            ParamKind::IntegerList { .. } => continue,
        };
        o.insert(s.name.into(), v);
    }
    Value::Object(o)
}

#[test]
fn variant_and_classifier_knobs_run_at_their_bounds() {
    let c = catalog();
    for low in [true, false] {
        // (Code of one's own has no knobs and needs its code: tests/custom_code.rs.)
        for e in c.variants.iter().filter(|e| e.id != custom::ID) {
            let mut doc = base();
            doc["flows"][0]["tcp"]["cc"] = json!(e.id);
            doc["flows"][0]["tcp"]["cc_params"] = at_bound(&e.params, low);
            run(&doc, &format!("{} low={low}", e.id));
        }
        let mut doc = base();
        let shadows: Vec<Value> = c
            .classifiers
            .iter()
            .filter(|e| e.id != custom::ID)
            .map(|e| json!({ "id": e.id, "params": at_bound(&e.params, low) }))
            .collect();
        doc["observe"]["shadow_classifiers"] = Value::Array(shadows);
        for e in c.classifiers.iter().filter(|e| e.id != custom::ID) {
            doc["flows"][0]["tcp"]["classifier"] = json!(e.id);
            doc["flows"][0]["tcp"]["classifier_params"] = at_bound(&e.params, low);
            run(&doc, &format!("{} low={low}", e.id));
        }
    }
}
