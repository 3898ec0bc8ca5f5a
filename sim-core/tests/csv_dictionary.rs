//! `docs/csv.md` is the data dictionary of every CSV column LossLab writes: this test
//! fails when a writer emits a column — or a sidecar a key — that the file's section for it does
//! not list. Headers come from the writers themselves (the library's constants and a real sweep,
//! raw file, aggregate, run series and trace and their sidecars written by the binary); the series
//! file's metric names are checked against the same section.

use serde_json::Value;
use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

/// Section key (the first word of each `## ` heading) → the names in the first cell of its tables.
fn dictionary() -> BTreeMap<String, BTreeSet<String>> {
    let path = Path::new(env!("CARGO_MANIFEST_DIR")).join("../docs/csv.md");
    let text = std::fs::read_to_string(path).expect("docs/csv.md");
    let mut out: BTreeMap<String, BTreeSet<String>> = BTreeMap::new();
    let mut section = String::new();
    for line in text.lines() {
        if let Some(h) = line.strip_prefix("## ") {
            section = h.split_whitespace().next().unwrap_or("").to_string();
            out.entry(section.clone()).or_default();
        } else if let Some(row) = line.strip_prefix("| `") {
            if let Some(end) = row.find('`') {
                out.entry(section.clone())
                    .or_default()
                    .insert(row[..end].to_string());
            }
        }
    }
    out
}

fn check(dict: &BTreeMap<String, BTreeSet<String>>, section: &str, cols: &[String]) {
    let known = dict
        .get(section)
        .unwrap_or_else(|| panic!("docs/csv.md has no section \"## {section}\""));
    let missing: Vec<&String> = cols.iter().filter(|c| !known.contains(*c)).collect();
    assert!(
        missing.is_empty(),
        "docs/csv.md, section {section}: columns written but not described: {missing:?}"
    );
}

fn header(text: &str) -> Vec<String> {
    text.lines()
        .next()
        .unwrap()
        .split(',')
        .map(str::to_string)
        .collect()
}

/// Every key of a JSON object as a dotted path (`losslab.version`, `inputs[].file`).
fn keys(v: &Value, prefix: &str, out: &mut Vec<String>) {
    match v {
        Value::Object(m) => {
            for (k, x) in m {
                let p = if prefix.is_empty() {
                    k.clone()
                } else {
                    format!("{prefix}.{k}")
                };
                out.push(p.clone());
                keys(x, &p, out);
            }
        }
        Value::Array(items) => {
            for x in items {
                if x.is_object() {
                    keys(x, &format!("{prefix}[]"), out);
                }
            }
        }
        _ => {}
    }
}

#[test]
fn every_column_written_is_in_docs_csv_md() {
    let dict = dictionary();
    let split = |h: &str| h.split(',').map(str::to_string).collect::<Vec<_>>();
    check(&dict, "summary", &split(sim_core::csv::SUMMARY_HEADER));
    check(&dict, "series", &split(sim_core::csv::SERIES_HEADER));
    check(&dict, "trace", &split(sim_core::csv::TRACE_HEADER));

    // A real sweep: aggregate, raw, aggregate of the raw file, and their sidecars.
    let d = std::env::temp_dir().join(format!("losslab-csvdict-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let sweep = r#"{ "schema": 1, "id": "dict",
      "base": { "schema": 1, "seed": 1, "stop": { "time_s": 5 }, "flows": [{ "id": "f", "count": 2, "bytes": 5000 }] },
      "vary": [{ "path": "flows[0].bytes", "values": [5000, 6000] }], "replications": 2,
      "metrics": ["throughput_kbps", "timeouts", "jain_index"] }"#;
    std::fs::write(d.join("s.json"), sweep).unwrap();
    let run = |args: &[&str]| {
        let o = Command::new(BIN)
            .args(args)
            .current_dir(&d)
            .output()
            .unwrap();
        assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    };
    run(&["sweep", "s.json", "--out", "agg.csv", "--raw", "raw.csv"]);
    run(&["aggregate", "raw.csv", "--out", "merged.csv"]);
    let read = |f: &str| std::fs::read_to_string(d.join(f)).unwrap();
    let varied = |cols: Vec<String>| -> Vec<String> {
        cols.into_iter()
            .map(|c| {
                if c == "flows[0].bytes" {
                    "<varied paths…>".to_string()
                } else {
                    c
                }
            })
            .collect()
    };
    check(&dict, "sweep", &varied(header(&read("agg.csv"))));
    check(&dict, "sweep", &varied(header(&read("merged.csv"))));
    check(&dict, "raw", &varied(header(&read("raw.csv"))));
    // A real run: series and trace files, every metric name the series holds, their sidecars.
    let scenario = r#"{ "schema": 1, "id": "dict-run", "seed": 3, "stop": { "time_s": 2 },
      "topology": { "kind": "dumbbell", "bottleneck": { "errors": { "kind": "packet_error", "per": 0.05 } } },
      "flows": [{ "id": "f", "count": 2, "bytes": 20000 }] }"#;
    std::fs::write(d.join("run.json"), scenario).unwrap();
    run(&[
        "run",
        "run.json",
        "--series",
        "series.csv",
        "--trace",
        "trace.csv",
        "-q",
    ]);
    check(&dict, "series", &header(&read("series.csv")));
    check(&dict, "trace", &header(&read("trace.csv")));
    let metrics: BTreeSet<String> = read("series.csv")
        .lines()
        .skip(1)
        .map(|l| l.split(',').nth(2).unwrap().to_string())
        .collect();
    assert!(metrics.contains("lost_pkts_total"), "{metrics:?}");
    check(&dict, "series", &metrics.into_iter().collect::<Vec<_>>());
    for f in [
        "agg.csv.meta.json",
        "raw.csv.meta.json",
        "merged.csv.meta.json",
        "series.csv.meta.json",
        "trace.csv.meta.json",
    ] {
        let v: Value = serde_json::from_str(&read(f)).unwrap();
        let mut k = Vec::new();
        keys(&v, "", &mut k);
        // Objects are documented by their leaves; an object key itself needs no row.
        let leaves: Vec<String> = k
            .into_iter()
            .filter(|p| {
                !matches!(
                    p.as_str(),
                    "losslab" | "sweep" | "shard" | "included" | "seeds" | "scenario"
                )
            })
            .collect();
        check(&dict, "meta", &leaves);
    }
}
