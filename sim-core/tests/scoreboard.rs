//! The scoreboard of a sweep (`sim_core::sweep::scoreboard`), through the command line: the
//! classifier challenge (`content/sweeps/classifier-challenge.json`) run by `losslab sweep
//! --out --scoreboard`, its board recomputed here from the aggregate CSV's means, the ranking's
//! rules, and the refusals (no `scoreboard` in the file, `--shard`, an output over the input).

use sim_core::csv::parse_records;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn losslab(args: &[&str]) -> Output {
    let mut c = Command::new(BIN);
    c.args(args);
    for k in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MIN",
    ] {
        c.env_remove(k);
    }
    c.output().expect("losslab runs")
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("losslab-board-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn text(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

fn records(csv: &str) -> Vec<Vec<String>> {
    parse_records(csv)
        .unwrap()
        .into_iter()
        .map(|(_, r)| r)
        .collect()
}

#[test]
fn the_challenge_board_is_the_mean_over_conditions_of_the_aggregate_rows() {
    let dir = scratch("challenge");
    let sweep = repo().join("content/sweeps/classifier-challenge.json");
    let (agg, board) = (dir.join("agg.csv"), dir.join("board.csv"));
    let o = losslab(&[
        "sweep",
        sweep.to_str().unwrap(),
        "--out",
        agg.to_str().unwrap(),
        "--scoreboard",
        board.to_str().unwrap(),
        "-q",
    ]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(dir.join("board.csv.meta.json").exists());

    // From the aggregate file: per classifier and column, the mean over the six conditions of
    // the point's mean (undefined means left out), summed in point order as the board sums.
    let rows = records(&text(&agg));
    let h = &rows[0];
    let col = |n: &str| h.iter().position(|c| c == n).unwrap();
    let (cls, entity, metric, mean) = (
        col("flows[0].tcp.classifier"),
        col("entity"),
        col("metric"),
        col("mean"),
    );
    let columns = [
        "judged.accuracy_congestion",
        "judged.accuracy_wireless",
        "judged.throughput_kbps",
        "shared.jain_index",
    ];
    let mut sums: BTreeMap<String, [(f64, u32); 4]> = BTreeMap::new();
    let mut order: Vec<String> = Vec::new();
    for r in &rows[1..] {
        if !order.contains(&r[cls]) {
            order.push(r[cls].clone());
        }
        let name = format!("{}.{}", r[entity], r[metric]);
        if let Some(k) = columns.iter().position(|c| *c == name) {
            if !r[mean].is_empty() {
                let e = &mut sums.entry(r[cls].clone()).or_default()[k];
                e.0 += r[mean].parse::<f64>().unwrap();
                e.1 += 1;
            }
        }
    }
    assert_eq!(order.len(), 13, "the thirteen built-in classifiers");
    let mut expected: Vec<(String, f64, Vec<Option<f64>>)> = order
        .iter()
        .map(|c| {
            let cells: Vec<Option<f64>> = sums[c]
                .iter()
                .map(|&(s, n)| (n > 0).then(|| s / n as f64))
                .collect();
            let score = (cells[0].unwrap() + cells[1].unwrap()) / 2.0;
            (c.clone(), score, cells)
        })
        .collect();
    expected.sort_by(|a, b| b.1.total_cmp(&a.1));
    let num = |x: &Option<f64>| x.map(|v| v.to_string()).unwrap_or_default();
    let mut want = format!("flows[0].tcp.classifier,score,{}\n", columns.join(","));
    for (c, score, cells) in &expected {
        want.push_str(&format!(
            "{c},{score},{}\n",
            cells.iter().map(num).collect::<Vec<_>>().join(",")
        ));
    }
    let got = text(&board);
    assert_eq!(got, want);

    // What the lesson "Build a loss classifier" says of the board: the oracle knows the truth;
    // always_congestion, which never says "wireless", scores exactly one half; after the oracle
    // and the checksum scheme (told by the receiver), Biaz and mBiaz rank highest.
    let lines = records(&got);
    let order: Vec<&str> = lines[1..].iter().map(|l| l[0].as_str()).collect();
    assert_eq!(order[..4], ["oracle", "checksum", "biaz", "mbiaz"], "{got}");
    assert_eq!(lines[1][1], "1");
    let ac = lines.iter().find(|l| l[0] == "always_congestion").unwrap();
    assert_eq!(
        (ac[1].as_str(), ac[2].as_str(), ac[3].as_str()),
        ("0.5", "1", "0")
    );
    // The line that calls the fewest congestion losses congestion has the highest throughput
    // and the lowest fairness of all.
    let num = |l: &Vec<String>, k: usize| l[k].parse::<f64>().unwrap();
    let body = &lines[1..];
    let least_ac = body
        .iter()
        .min_by(|a, b| num(a, 2).total_cmp(&num(b, 2)))
        .unwrap();
    let most_tput = body
        .iter()
        .max_by(|a, b| num(a, 4).total_cmp(&num(b, 4)))
        .unwrap();
    let least_fair = body
        .iter()
        .min_by(|a, b| num(a, 5).total_cmp(&num(b, 5)))
        .unwrap();
    assert_eq!(
        (&most_tput[0], &least_fair[0]),
        (&least_ac[0], &least_ac[0])
    );

    // Per condition (the teacher notes): uploads beside the ACKs cost Spike its accuracy on
    // congestion losses, and the bursty losses, which drop packets whole, are invisible to the
    // checksum scheme.
    let cell = |classifier: &str, title_start: &str, m: &str| -> f64 {
        let title = col("title");
        rows[1..]
            .iter()
            .find(|r| {
                r[cls] == classifier
                    && r[title].starts_with(title_start)
                    && r[entity] == "judged"
                    && r[metric] == m
            })
            .unwrap_or_else(|| panic!("{classifier} {title_start} {m}"))[mean]
            .parse()
            .unwrap()
    };
    assert!(cell("spike", "Congestion only", "accuracy_congestion") > 0.95);
    assert!(
        cell(
            "spike",
            "Bit errors (2 in a million) and two uploads",
            "accuracy_congestion"
        ) < 0.8
    );
    assert_eq!(cell("checksum", "Bursty", "accuracy_wireless"), 0.0);
    let _ = std::fs::remove_dir_all(&dir);
}

/// A small sweep over the challenge's path, 5 s runs: congestion only (every point with
/// competing flows) or errors only.
fn small_sweep(scoreboard: &str) -> String {
    let base = text(&repo().join("content/scenarios/challenge-classifier.json"));
    format!(
        r#"{{ "schema": 1, "base": {base},
  "vary": [ {{ "path": "flows[0].tcp.classifier", "values": ["always_congestion", "oracle", "spike"] }},
            {{ "path": "flows[1].count", "values": [0, 3] }} ],
  "replications": 2, "metrics": ["accuracy_congestion", "accuracy_wireless", "jain_index"],
  "flows": "sum", "groups": {{ "judged": "judged" }} {scoreboard} }}"#
    )
}

#[test]
fn a_sweep_without_a_scoreboard_or_a_sharded_one_is_refused_and_columns_are_checked() {
    let dir = scratch("refusals");
    let plain = dir.join("plain.json");
    std::fs::write(&plain, small_sweep("")).unwrap();
    let out = dir.join("b.csv");
    let o = losslab(&[
        "sweep",
        plain.to_str().unwrap(),
        "--scoreboard",
        out.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(2));
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(
        err.contains("the sweep file has no \"scoreboard\""),
        "{err}"
    );
    assert!(!out.exists());

    let with = dir.join("with.json");
    std::fs::write(
        &with,
        small_sweep(
            r#", "scoreboard": { "by": "flows[0].tcp.classifier",
                "columns": ["judged.accuracy_congestion", "judged.accuracy_wirelss"],
                "score": ["judged.accuracy_congestion", "judged.jain_index"] }"#,
        ),
    )
    .unwrap();
    let o = losslab(&["validate", with.to_str().unwrap()]);
    let err = String::from_utf8_lossy(&o.stderr).to_string() + &String::from_utf8_lossy(&o.stdout);
    assert_ne!(o.status.code(), Some(0));
    assert!(
        err.contains(
            "scoreboard.columns[1]: \"judged.accuracy_wirelss\" is not a row of the sweep's points"
        ),
        "{err}"
    );
    assert!(
        err.contains(
            "scoreboard.score[1]: \"judged.jain_index\" is not one of the scoreboard's columns"
        ),
        "{err}"
    );

    let good = dir.join("good.json");
    std::fs::write(
        &good,
        small_sweep(
            r#", "scoreboard": { "by": "flows[0].tcp.classifier",
                "columns": ["judged.accuracy_congestion", "judged.accuracy_wireless", "judged.jain_index"],
                "score": ["judged.accuracy_congestion", "judged.accuracy_wireless"] }"#,
        ),
    )
    .unwrap();
    let o = losslab(&[
        "sweep",
        good.to_str().unwrap(),
        "--scoreboard",
        out.to_str().unwrap(),
        "--shard",
        "1/2",
    ]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("--scoreboard needs every point"));
    // Never over the input.
    let o = losslab(&[
        "sweep",
        good.to_str().unwrap(),
        "--scoreboard",
        good.to_str().unwrap(),
    ]);
    assert_ne!(o.status.code(), Some(0));
    assert!(text(&good).contains("\"scoreboard\""));
    // To stdout: three lines and the header; the oracle first, always_congestion last (its
    // A_w is 0 where wireless losses happen).
    let o = losslab(&["sweep", good.to_str().unwrap(), "--scoreboard", "-", "-q"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let lines = records(&String::from_utf8_lossy(&o.stdout));
    assert_eq!(lines.len(), 4);
    assert_eq!(lines[0][0], "flows[0].tcp.classifier");
    assert_eq!(lines[1][0], "oracle");
    assert_eq!(lines[3][0], "always_congestion");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn the_group_row_of_jain_index_is_the_fairness_among_the_group() {
    // Judged flows and competing ones share the router link; uploads go the other way. The run's
    // jain_index takes every flow; the group's only its own.
    let base = text(&repo().join("content/scenarios/challenge-classifier.json"));
    let sweep = format!(
        r#"{{ "schema": 1, "base": {base},
  "vary": [ {{ "path": "flows[2].count", "values": [2] }}, {{ "path": "stop.time_s", "values": [10] }} ],
  "metrics": ["throughput_kbps", "jain_index"], "flows": "each",
  "groups": {{ "forward": ["judged"] }} }}"#
    );
    let dir = scratch("jain");
    let f = dir.join("s.json");
    std::fs::write(&f, sweep).unwrap();
    let o = losslab(&["sweep", f.to_str().unwrap(), "--out", "-", "-q"]);
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let rows = records(&String::from_utf8_lossy(&o.stdout));
    let h = &rows[0];
    let at = |n: &str| h.iter().position(|c| c == n).unwrap();
    let value = |entity: &str, metric: &str| -> f64 {
        rows.iter()
            .find(|r| r[at("entity")] == entity && r[at("metric")] == metric)
            .unwrap_or_else(|| panic!("{entity}.{metric}"))[at("mean")]
        .parse()
        .unwrap()
    };
    let (a, b) = (
        value("judged.0", "throughput_kbps"),
        value("judged.1", "throughput_kbps"),
    );
    let want = (a + b) * (a + b) / (2.0 * (a * a + b * b));
    assert!((value("forward", "jain_index") - want).abs() < 1e-12);
    let all: Vec<f64> = ["judged.0", "judged.1", "reverse.0", "reverse.1"]
        .iter()
        .map(|e| value(e, "throughput_kbps"))
        .collect();
    let s: f64 = all.iter().sum();
    let run = s * s / (4.0 * all.iter().map(|x| x * x).sum::<f64>());
    assert!((value("run", "jain_index") - run).abs() < 1e-12);
    let _ = std::fs::remove_dir_all(&dir);
}
