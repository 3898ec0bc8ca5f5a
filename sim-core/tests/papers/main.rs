//! Paper reproductions: the behavioural claims of the four source papers, checked on the presets in
//! `content/scenarios/` (docs/design.md §10). Every test
//! - states the claim it checks and where the paper makes it;
//! - averages over several seeds, paired: the compared variants run on the same seeds, and the same
//!   seed gives the same error pattern on a link whatever the traffic (docs/design.md §D3 "paired error
//!   patterns");
//! - prints its numbers (`cargo test --test all papers:: -- --nocapture`) so they can be quoted, next to
//!   the paper's;
//! - asserts a threshold that follows from the claim; where the simulator does not show the claim,
//!   the doc comment says what it shows instead and why, and the assertion follows the simulator.
//!
//! Run lengths and seed counts are smaller than the papers' (30 runs) to keep the whole file well
//! under a minute in the debug test profile; each test says what it uses.

use serde_json::{json, Value};
use sim_core::metrics::FlowSummary;
use sim_core::packet::Cause;
use sim_core::tcp::trace::TraceKind;
use sim_core::{Simulation, Summary};
use std::path::PathBuf;

// ------------------------------------------------------------------------------------------------
// Helpers

/// A preset from `content/scenarios/<id>.json`, with a coarse sampling period (series are not
/// used).
fn preset(id: &str) -> Value {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("../content/scenarios")
        .join(format!("{id}.json"));
    let text = std::fs::read_to_string(&p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    let mut v: Value =
        serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    assert_eq!(v["id"], json!(id), "{}: id = file name", p.display());
    v["observe"]["sample_ms"] = json!(60_000);
    v
}

/// `v` with the value at JSON pointer `ptr` replaced (the key must exist or its parent be an
/// object).
fn with(mut v: Value, ptr: &str, x: Value) -> Value {
    let (parent, key) = ptr.rsplit_once('/').unwrap();
    let slot = v
        .pointer_mut(parent)
        .unwrap_or_else(|| panic!("no {parent}"));
    match slot {
        Value::Object(m) => {
            m.insert(key.to_string(), x);
        }
        Value::Array(a) => a[key.parse::<usize>().unwrap()] = x,
        _ => panic!("{parent} is not a container"),
    }
    v
}

/// Set a TCP field on every `flows[]` entry.
fn with_tcp(mut v: Value, key: &str, x: Value) -> Value {
    for f in v["flows"].as_array_mut().unwrap() {
        f["tcp"][key] = x.clone();
    }
    v
}

/// A test's printed report, collected and written in one piece when the test ends (tests run in
/// parallel, so line-by-line output would interleave), also when an assertion fails.
struct Report(String);

impl Drop for Report {
    fn drop(&mut self) {
        eprint!("{}", self.0);
    }
}

/// `say!(report, "format", args…)`: one line of a [`Report`].
macro_rules! say {
    ($r:expr, $($t:tt)*) => {{
        use std::fmt::Write as _;
        let _ = writeln!($r.0, $($t)*);
    }};
}

fn simulate(v: &Value, seed: u64) -> Simulation {
    let mut v = v.clone();
    v["seed"] = json!(seed);
    let mut sim = sim_core::budget::simulation(&v.to_string()).unwrap_or_else(|e| panic!("{e:?}"));
    sim.run().expect("run");
    sim
}

fn run(v: &Value, seed: u64) -> Summary {
    simulate(v, seed).summary()
}

fn mean(x: &[f64]) -> f64 {
    x.iter().sum::<f64>() / x.len() as f64
}

/// Half-width of the 95 % Student-t confidence interval of the mean (n ≤ 31).
fn ci95(x: &[f64]) -> f64 {
    const T: [f64; 30] = [
        12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306, 2.262, 2.228, 2.201, 2.179, 2.160,
        2.145, 2.131, 2.120, 2.110, 2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064, 2.060, 2.056,
        2.052, 2.048, 2.045, 2.042,
    ];
    let n = x.len();
    if n < 2 {
        return f64::NAN;
    }
    let m = mean(x);
    let var = x.iter().map(|v| (v - m) * (v - m)).sum::<f64>() / (n - 1) as f64;
    T[(n - 2).min(29)] * (var / n as f64).sqrt()
}

fn flows_with_prefix<'a>(
    s: &'a Summary,
    prefix: &'a str,
) -> impl Iterator<Item = &'a FlowSummary> + 'a {
    s.flows
        .iter()
        .filter(move |f| f.flow_id == prefix || f.flow_id.starts_with(&format!("{prefix}.")))
}

/// Aggregate of a group of finite transfers that started together: all bytes / last completion.
fn aggregate_kbps(s: &Summary, prefix: &str) -> f64 {
    let (bytes, end) = flows_with_prefix(s, prefix).fold((0u64, 0f64), |(b, e), f| {
        (
            b + f.bytes_delivered,
            e.max(f.completion_s.unwrap_or(s.end_s)),
        )
    });
    bytes as f64 * 8.0 / end / 1000.0
}

fn sum_throughput_kbps(s: &Summary, prefix: &str) -> f64 {
    flows_with_prefix(s, prefix)
        .map(|f| f.throughput_kbps)
        .sum()
}

/// A shadow classifier's confusion counts on flow `i` as [c→c, c→w, w→c, w→w].
fn shadow(s: &Summary, i: usize, id: &str) -> [u64; 4] {
    let sh = s.flows[i]
        .shadows
        .iter()
        .find(|x| x.classifier == id)
        .unwrap_or_else(|| panic!("no shadow {id}"));
    let c = sh.confusion;
    [
        c.congestion_as_congestion,
        c.congestion_as_wireless,
        c.wireless_as_congestion,
        c.wireless_as_wireless,
    ]
}

fn ratio(num: u64, den: u64) -> f64 {
    if den == 0 {
        f64::NAN
    } else {
        num as f64 / den as f64
    }
}

mod gb04;
mod gurtov;
mod lj;
mod njplus;
