//! Random mutations of valid scenario JSON, shared by the bounded fuzz test and the schema test.
//!
//! A test draws a base document and a list of [`Op`]s with proptest; [`apply`] replays them. Every
//! op picks its target among all nodes of the current document (`at` modulo their number), so ops
//! stay meaningful while the document changes, and proptest can shrink a failure to few ops.

#![allow(dead_code)]

use proptest::prelude::*;
use serde_json::{json, Map, Value};

/// Field names and ids of the format, plus strings that often trip parsers.
pub const WORDS: &[&str] = &[
    "schema",
    "id",
    "title",
    "seed",
    "stop",
    "time_s",
    "when_transfers_done",
    "topology",
    "kind",
    "dumbbell",
    "graph",
    "access",
    "bottleneck",
    "nodes",
    "links",
    "a",
    "b",
    "rate_bps",
    "delay_ms",
    "framing_bytes",
    "reverse",
    "queue",
    "drop_tail",
    "red",
    "dual_threshold",
    "limit_pkts",
    "counts_in_service",
    "min_th_pkts",
    "max_th_pkts",
    "max_p",
    "w_q",
    "gentle",
    "mean_packet_bytes",
    "soft_pkts",
    "rearm_pkts",
    "congestion_warning",
    "threshold_pkts",
    "instantaneous",
    "errors",
    "none",
    "bit_error",
    "ber",
    "header_bytes",
    "packet_error",
    "per",
    "gilbert_elliott",
    "mode",
    "lim_jang",
    "markov",
    "good_s",
    "bad_s",
    "p_next_bad",
    "loss_good",
    "loss_bad",
    "lazy_transitions",
    "mean_loss",
    "mean_burst_pkts",
    "drop_list",
    "packets",
    "burst",
    "start_s",
    "duration_s",
    "loss",
    "flows",
    "count",
    "bytes",
    "from",
    "to",
    "tcp",
    "cc",
    "classifier",
    "profile",
    "tahoe",
    "reno",
    "new_reno",
    "cubic",
    "bbr",
    "oracle",
    "always_congestion",
    "checksum",
    "spike",
    "rfc",
    "freebsd45",
    "linux24",
    "ns2",
    "ns2_2006",
    "mss_bytes",
    "rwnd_bytes",
    "initial_window_pkts",
    "sack",
    "timestamps",
    "delayed_ack_ms",
    "min_rto_ms",
    "initial_rto_ms",
    "max_rto_ms",
    "clock_granularity_ms",
    "cwnd_growth",
    "packet",
    "byte",
    "handshake",
    "dupack_threshold",
    "cross_traffic",
    "cbr",
    "poisson",
    "on_off",
    "on_s",
    "off_s",
    "stop_s",
    "packet_bytes",
    "direction",
    "forward",
    "observe",
    "sample_ms",
    "throughput_window_ms",
    "shadow_classifiers",
    "trace",
    "params",
    "cc_params",
    "classifier_params",
    "rtt_tick_ms",
    "rtt_sampling",
    "per_ack",
    "one_per_rtt",
    "limited_transmit",
    "newreno_exit",
    "recover_guard",
    "ld_rto_keep_window",
    "pacing",
    "beta",
    "alpha",
    "veno",
    "westwood_plus",
    "nj_plus",
    "vegas_predictor",
    "zbs",
    "s",
    "r",
    "d",
    "l0",
    "ld",
    "sum",
    "NaN",
    "Infinity",
    "-Infinity",
    "1e400",
    "-0",
    "",
    " ",
    "0x10",
    "ünïcödé",
    "\u{0}",
    "a.b",
    "[0]",
    "\"",
    "\\",
];

/// A replacement value.
#[derive(Clone, Debug)]
pub enum Leaf {
    /// `null`.
    Null,
    /// A boolean.
    Bool(bool),
    /// An integer (any i64).
    Int(i64),
    /// A large unsigned integer.
    Big(u64),
    /// A finite float.
    Float(f64),
    /// A word of [`WORDS`] as a string.
    Word(usize),
    /// A long string.
    Long(usize),
    /// `[]`.
    EmptyArray,
    /// `{}`.
    EmptyObject,
    /// `depth` nested arrays/objects.
    Deep(usize),
}

impl Leaf {
    fn value(&self) -> Value {
        match self {
            Leaf::Null => Value::Null,
            Leaf::Bool(b) => json!(b),
            Leaf::Int(i) => json!(i),
            Leaf::Big(u) => json!(u),
            Leaf::Float(f) => json!(f),
            Leaf::Word(w) => json!(WORDS[w % WORDS.len()]),
            Leaf::Long(n) => json!("x".repeat(*n)),
            Leaf::EmptyArray => json!([]),
            Leaf::EmptyObject => json!({}),
            Leaf::Deep(d) => {
                let mut v = json!(1);
                for i in 0..*d {
                    v = if i % 2 == 0 {
                        json!([v])
                    } else {
                        json!({ "kind": v })
                    };
                }
                v
            }
        }
    }
}

/// One mutation.
#[derive(Clone, Debug)]
pub enum Op {
    /// Replace the node with a value.
    Replace(usize, Leaf),
    /// Remove the node from its parent.
    Remove(usize),
    /// Insert a key (a word) with a value into an object node (or push onto an array node).
    Insert(usize, usize, Leaf),
    /// Arithmetic on a number node.
    Numeric(usize, u8),
    /// Replace a string node with a word.
    Word(usize, usize),
    /// Append a copy of an array's first element.
    Duplicate(usize),
}

fn finite_f64() -> impl Strategy<Value = f64> {
    prop_oneof![
        prop::num::f64::NORMAL | prop::num::f64::SUBNORMAL | prop::num::f64::ZERO,
        Just(f64::MAX),
        Just(f64::MIN_POSITIVE),
        Just(1e300),
        Just(-1e300),
        Just(0.5),
        Just(1e-9),
        Just(9007199254740993.0),
    ]
}

/// Any leaf value, biased towards boundary numbers.
pub fn leaf() -> impl Strategy<Value = Leaf> {
    prop_oneof![
        1 => Just(Leaf::Null),
        1 => any::<bool>().prop_map(Leaf::Bool),
        3 => prop_oneof![Just(0i64), Just(1), Just(-1), Just(2), Just(3), Just(99), Just(1000), Just(i64::MAX), Just(i64::MIN), any::<i64>()].prop_map(Leaf::Int),
        1 => prop_oneof![Just(u64::MAX), Just(1u64 << 53), Just((1u64 << 53) + 1), any::<u64>()].prop_map(Leaf::Big),
        3 => finite_f64().prop_map(Leaf::Float),
        3 => any::<usize>().prop_map(Leaf::Word),
        1 => (0usize..5000).prop_map(Leaf::Long),
        1 => Just(Leaf::EmptyArray),
        1 => Just(Leaf::EmptyObject),
        1 => (1usize..200).prop_map(Leaf::Deep),
    ]
}

/// Any op.
pub fn op() -> impl Strategy<Value = Op> {
    prop_oneof![
        4 => (any::<usize>(), leaf()).prop_map(|(a, l)| Op::Replace(a, l)),
        2 => any::<usize>().prop_map(Op::Remove),
        2 => (any::<usize>(), any::<usize>(), leaf()).prop_map(|(a, w, l)| Op::Insert(a, w, l)),
        3 => (any::<usize>(), any::<u8>()).prop_map(|(a, h)| Op::Numeric(a, h)),
        3 => (any::<usize>(), any::<usize>()).prop_map(|(a, w)| Op::Word(a, w)),
        1 => any::<usize>().prop_map(Op::Duplicate),
    ]
}

/// JSON pointers of every node, root first, depth-first.
pub fn pointers(v: &Value) -> Vec<String> {
    fn walk(v: &Value, at: String, out: &mut Vec<String>) {
        out.push(at.clone());
        match v {
            Value::Object(m) => {
                for (k, c) in m {
                    walk(
                        c,
                        format!("{at}/{}", k.replace('~', "~0").replace('/', "~1")),
                        out,
                    )
                }
            }
            Value::Array(a) => {
                for (i, c) in a.iter().enumerate() {
                    walk(c, format!("{at}/{i}"), out)
                }
            }
            _ => {}
        }
    }
    let mut out = Vec::new();
    walk(v, String::new(), &mut out);
    out
}

fn numeric(x: f64, how: u8) -> f64 {
    match how % 9 {
        0 => x * 10.0,
        1 => x / 10.0,
        2 => -x,
        3 => x + 1.0,
        4 => x - 1.0,
        5 => x * 1e6,
        6 => x + 0.5,
        7 => 0.0,
        _ => x * 1e-6,
    }
}

/// Apply one op to `doc`.
pub fn apply_one(doc: &mut Value, op: &Op) {
    let ptrs = pointers(doc);
    let pick = |a: usize| ptrs[a % ptrs.len()].clone();
    match op {
        Op::Replace(a, leaf) => {
            if let Some(n) = doc.pointer_mut(&pick(*a)) {
                *n = leaf.value();
            }
        }
        Op::Remove(a) => {
            let p = pick(*a);
            let Some(cut) = p.rfind('/') else { return };
            let (parent, key) = (&p[..cut], &p[cut + 1..]);
            let key = key.replace("~1", "/").replace("~0", "~");
            match doc.pointer_mut(parent) {
                Some(Value::Object(m)) => {
                    m.remove(&key);
                }
                Some(Value::Array(items)) => {
                    if let Ok(i) = key.parse::<usize>() {
                        if i < items.len() {
                            items.remove(i);
                        }
                    }
                }
                _ => {}
            }
        }
        Op::Insert(a, w, leaf) => match doc.pointer_mut(&pick(*a)) {
            Some(Value::Object(m)) => {
                m.insert(WORDS[w % WORDS.len()].to_string(), leaf.value());
            }
            Some(Value::Array(items)) => items.push(leaf.value()),
            _ => {}
        },
        Op::Numeric(a, how) => {
            if let Some(n) = doc.pointer_mut(&pick(*a)) {
                if let Some(x) = n.as_f64() {
                    let y = numeric(x, *how);
                    if y.is_finite() {
                        *n = json!(y);
                    }
                }
            }
        }
        Op::Word(a, w) => {
            if let Some(n) = doc.pointer_mut(&pick(*a)) {
                if n.is_string() {
                    *n = json!(WORDS[w % WORDS.len()]);
                }
            }
        }
        Op::Duplicate(a) => {
            if let Some(Value::Array(items)) = doc.pointer_mut(&pick(*a)) {
                if let Some(first) = items.first().cloned() {
                    items.push(first);
                }
            }
        }
    }
}

/// Apply every op in order.
pub fn apply(doc: &mut Value, ops: &[Op]) {
    for op in ops {
        apply_one(doc, op);
    }
}

/// Nesting depth of a document (serde_json's text parser stops at 128).
pub fn depth(v: &Value) -> usize {
    match v {
        Value::Object(m) => 1 + m.values().map(depth).max().unwrap_or(0),
        Value::Array(a) => 1 + a.iter().map(depth).max().unwrap_or(0),
        _ => 0,
    }
}

/// Base documents that exercise every part of the format: the content scenarios plus built-ins
/// for features no content file uses yet. Callers keep the ones this build's parser accepts.
pub fn bases() -> Vec<Value> {
    let root = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .join("content/scenarios");
    let mut out: Vec<Value> = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir(root)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for f in files {
        if f.extension().is_some_and(|x| x == "json") {
            out.push(serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap());
        }
    }
    let short = |topology: Value, flows: Value, extra: Map<String, Value>| {
        let mut v = json!({ "schema": 1, "id": "fuzz", "seed": 3, "stop": { "time_s": 5 }, "topology": topology, "flows": flows,
                            "observe": { "sample_ms": 50 } });
        v.as_object_mut().unwrap().extend(extra);
        v
    };
    let none = Map::new();
    out.push(short(
        json!({ "kind": "dumbbell",
                "bottleneck": { "rate_bps": 2e6, "delay_ms": 20, "framing_bytes": 8,
                                "queue": { "kind": "red", "limit_pkts": 40, "min_th_pkts": 5, "max_th_pkts": 15, "gentle": true,
                                           "congestion_warning": { "threshold_pkts": 5 } },
                                "errors": { "kind": "gilbert_elliott", "bad_s": 0.01 },
                                "reverse": { "rate_bps": 1e6, "errors": { "kind": "packet_error", "per": 0.01 } } } }),
        json!([{ "id": "a", "count": 3, "bytes": null, "tcp": { "cc": "reno", "profile": "ns2" } },
               { "id": "b", "start_s": 0.5, "bytes": 50000, "tcp": { "cc": "tahoe", "classifier": "oracle" } }]),
        none.clone(),
    ));
    out.push(short(
        json!({ "bottleneck": { "queue": { "kind": "dual_threshold", "limit_pkts": 30 },
                                "errors": { "kind": "drop_list", "packets": [3, 4, 5, 40] } } }),
        json!([{ "bytes": 80000, "tcp": { "profile": "linux24", "delayed_ack_ms": 0 } }]),
        serde_json::from_value(
            json!({ "cross_traffic": [{ "kind": "on_off", "rate_bps": 3e5, "direction": "reverse" },
                                                        { "kind": "poisson", "rate_bps": 1e5 }] }),
        )
        .unwrap(),
    ));
    out.push(short(
        json!({ "bottleneck": { "errors": { "kind": "burst", "start_s": 1, "duration_s": 0.5, "loss": 0.5 } },
                "access": { "errors": { "kind": "gilbert_elliott", "mode": "markov", "mean_loss": 0.01, "mean_burst_pkts": 3 } } }),
        json!([{ "id": "x", "bytes": 200000, "tcp": { "profile": "freebsd45", "sack": true, "cc": "cubic",
                  "cc_params": { "beta": 0.7 }, "classifier": "spike", "classifier_params": { "alpha": 0.5 } } }]),
        none.clone(),
    ));
    out.push(short(
        json!({ "kind": "graph", "nodes": ["s", "r1", "bs", "d"],
                "links": [{ "a": "s", "b": "r1", "rate_bps": 1e8, "delay_ms": 10 },
                          { "a": "r1", "b": "bs", "rate_bps": 1e8, "delay_ms": 20, "queue": { "limit_pkts": 200 } },
                          { "id": "wl", "a": "bs", "b": "d", "rate_bps": 2e6, "delay_ms": 1,
                            "errors": { "kind": "packet_error", "per": 0.02 }, "reverse": { "rate_bps": 1e6 } }] }),
        json!([{ "id": "nj", "from": "s", "to": "d", "bytes": null, "tcp": { "profile": "ns2_2006" } }]),
        serde_json::from_value(json!({ "cross_traffic": [{ "from": "r1", "to": "bs", "rate_bps": 1e6 }],
            "observe": { "sample_ms": 50, "trace": true,
                         "shadow_classifiers": ["oracle", { "id": "vegas_predictor", "params": {} }] } }))
        .unwrap(),
    ));
    out
}
