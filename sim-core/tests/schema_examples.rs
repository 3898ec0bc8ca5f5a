//! The JSON Schemas in `content/schema/` and the Rust parsers agree on what they accept.
//!
//! - Hand-written documents (scenarios and sweeps): schema and parser agree on accept / reject.
//! - Property: whatever the parser accepts among random mutations of valid scenarios, the schema
//!   accepts too (the schema is never stricter than the parser; it may be looser on cross-field
//!   rules it cannot express, listed in its description).
//!
//! The content files, id lists and knobs against the schemas are checked in `schema.rs`.

use crate::common::mutate;
use crate::common::schemas;

use proptest::collection::vec;
use proptest::test_runner::{Config, RngSeed, TestRunner};
use schemas::{resolve, schema_errors, with_validators};
use serde_json::{json, Value};
use sim_core::scenario::parse_value;

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
        // Zipped axes. Unequal list lengths are the parser's alone (a schema
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
