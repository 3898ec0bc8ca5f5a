//! The generator of the big hostile inputs: files too large to commit, written fresh
//! into a folder by `sim-core/tests/hostile.rs` (which includes this file with `#[path]`) before
//! the corpus runs. Each one is named `gen/<name>.json` in `manifest.json`. Plain std Rust so it
//! needs nothing but the test build; deterministic, a few MB in all.

use std::fmt::Write as _;
use std::path::Path;

/// `n` comma-separated copies of `item(i)` inside brackets.
fn list(n: usize, item: impl Fn(usize) -> String) -> String {
    let mut s = String::from("[");
    for i in 0..n {
        if i > 0 {
            s.push(',');
        }
        s.push_str(&item(i));
    }
    s.push(']');
    s
}

/// Every generated file: (name without `gen/`, JSON text).
pub fn files() -> Vec<(&'static str, String)> {
    let chain_nodes = list(1000, |i| format!("\"n{i}\""));
    let chain_links = list(999, |i| {
        format!(
            r#"{{"a":"n{i}","b":"n{}","rate_bps":1e6,"delay_ms":1}}"#,
            i + 1
        )
    });
    let mut unknown_keys = String::from("{\"flows\":[{}]");
    for i in 0..100_000 {
        write!(unknown_keys, ",\"k{i}\":1").unwrap();
    }
    unknown_keys.push('}');
    // Duplicate keys 100 levels deep under 30 000-character keys (4 MB): the duplicates' path
    // is built once, not once per duplicate (before: hours).
    let deep_key = "k".repeat(30_000);
    let mut dup_keys_deep = String::from("{\"flows\":[{}],\"x\":");
    for _ in 0..100 {
        write!(dup_keys_deep, "{{\"{deep_key}\":").unwrap();
    }
    dup_keys_deep.push('{');
    for i in 0..200_000 {
        if i > 0 {
            dup_keys_deep.push(',');
        }
        dup_keys_deep.push_str("\"a\":1");
    }
    dup_keys_deep.push_str(&"}".repeat(102));
    // A raw sweep file whose second line opens a quote that never closes (4 MB).
    let mut raw_unclosed =
        String::from("point,x,replication,seed,entity,metric,value\n0,\"1,0,1,tcp,m,1\n");
    for _ in 0..250_000 {
        raw_unclosed.push_str("0,1,0,1,tcp,m,1\n");
    }
    vec![
        ("dup-keys-deep.json", dup_keys_deep),
        // A vary path of 200 000 keys (before: a hang rebuilding the path at every step).
        (
            "vary-path-200k.json",
            format!(
                r#"{{"base":{{"flows":[{{}}]}},"vary":[{{"path":"{}","values":[1]}}]}}"#,
                vec!["a"; 200_000].join(".")
            ),
        ),
        // `--set` with 60 000 keys (before: a stack overflow) and the scenario it is applied to.
        (
            "set-path-60k.txt",
            format!("{}=1", vec!["a"; 60_000].join(".")),
        ),
        ("set-path-base.json", r#"{"flows":[{}]}"#.to_string()),
        ("raw-unclosed-quote.csv", raw_unclosed),
        // 170 KB asking for 10 million connections (before: 20 s and an out-of-memory abort).
        (
            "many-flow-entries.json",
            format!(
                r#"{{"flows":{}}}"#,
                list(10_000, |_| r#"{"count":1000}"#.into())
            ),
        ),
        (
            "many-nodes.json",
            format!(
                r#"{{"topology":{{"kind":"graph","nodes":{},"links":[]}},"flows":[{{"from":"n0","to":"n1"}}]}}"#,
                list(5000, |i| format!("\"n{i}\""))
            ),
        ),
        (
            "many-links.json",
            format!(
                r#"{{"topology":{{"kind":"graph","nodes":["s","d"],"links":{}}},"flows":[{{"from":"s","to":"d"}}]}}"#,
                list(3000, |_| r#"{"a":"s","b":"d","rate_bps":1e6,"delay_ms":1}"#
                    .into())
            ),
        ),
        // Valid: a 1000-node chain crossed end to end by 1000 connections (one BFS, not 1000).
        (
            "graph-chain.json",
            format!(
                r#"{{"id":"chain","stop":{{"time_s":1}},"topology":{{"kind":"graph","nodes":{chain_nodes},"links":{chain_links}}},"flows":[{{"from":"n0","to":"n999","count":1000}}],"observe":{{"sample_ms":1000}}}}"#
            ),
        ),
        (
            "graph-unknown-nodes.json",
            format!(
                r#"{{"topology":{{"kind":"graph","nodes":{chain_nodes},"links":{chain_links}}},"flows":{}}}"#,
                list(1000, |i| format!(
                    r#"{{"id":"f{i}","from":"zz{i}","to":"n1"}}"#
                ))
            ),
        ),
        (
            "title-long.json",
            format!(r#"{{"title":"{}","flows":[{{}}]}}"#, "t".repeat(10_000)),
        ),
        (
            "description-long.json",
            format!(
                r#"{{"description":"{}","flows":[{{}}]}}"#,
                "d".repeat(100_000)
            ),
        ),
        (
            "unknown-key-1mb.json",
            format!(r#"{{"{}":1,"flows":[{{}}]}}"#, "k".repeat(1 << 20)),
        ),
        (
            "oversize.json",
            format!(r#"{{"flows":[{{}}]}}{}"#, " ".repeat(17 << 20)),
        ),
        ("deep-arrays.json", "[".repeat(100_000)),
        ("deep-objects.json", "{\"a\":".repeat(100_000)),
        ("many-unknown-keys.json", unknown_keys),
        (
            "drop-list-long.json",
            format!(
                r#"{{"topology":{{"bottleneck":{{"errors":{{"kind":"drop_list","packets":{}}}}}}},"flows":[{{}}]}}"#,
                list(200_000, |i| i.to_string())
            ),
        ),
        (
            "cross-many.json",
            format!(
                r#"{{"flows":[{{}}],"cross_traffic":{}}}"#,
                list(2000, |_| {
                    r#"{"kind":"cbr","rate_bps":1000,"packet_bytes":100}"#.into()
                })
            ),
        ),
        // Two 100 000-entry drop lists in a sweep's base over 20 000 points (before: every point's
        // scenario built and kept before the budget check, 600 MB and growing).
        (
            "sweep-big-base-many-points.json",
            format!(
                r#"{{"base":{{"flows":[{{}}],"topology":{{"kind":"dumbbell","bottleneck":{{"errors":{drops},"reverse":{{"errors":{drops}}}}}}}}},"vary":[{{"path":"seed","values":{}}}]}}"#,
                list(20_000, |i| (i + 1).to_string()),
                drops = format!(
                    r#"{{"kind":"drop_list","packets":{}}}"#,
                    list(100_000, |i| (1_000_000 + i).to_string())
                ),
            ),
        ),
        (
            "sweep-values-1m.json",
            format!(
                r#"{{"base":{{"flows":[{{}}]}},"vary":[{{"path":"seed","values":{}}}]}}"#,
                list(1_000_000, |i| (i + 1).to_string())
            ),
        ),
    ]
}

/// Write every generated file into `dir` (created if missing).
pub fn write_all(dir: &Path) -> std::io::Result<()> {
    std::fs::create_dir_all(dir)?;
    for (name, text) in files() {
        std::fs::write(dir.join(name), text)?;
    }
    Ok(())
}
