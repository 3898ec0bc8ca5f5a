//! Sweep output for analysis: the raw per-run file, `losslab aggregate` over shards of
//! runs giving the direct sweep's aggregate byte for byte (1, 2 and 3 shards), the `.meta.json`
//! sidecars, the Slurm array fallback, and `docs/cluster.md`'s GNU parallel recipe (run with
//! `parallel` when it is installed, else with `xargs -P`, which the recipe also shows).

use serde_json::Value;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn losslab(args: &[&str], env: &[(&str, &str)]) -> Output {
    let mut c = Command::new(BIN);
    c.args(args);
    for k in [
        "SLURM_ARRAY_TASK_ID",
        "SLURM_ARRAY_TASK_COUNT",
        "SLURM_ARRAY_TASK_MIN",
    ] {
        c.env_remove(k);
    }
    c.envs(env.iter().copied());
    c.output().expect("losslab runs")
}

fn ok(o: &Output) {
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
}

fn scratch(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("losslab-sweepout-{}-{name}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn s(p: &Path) -> String {
    p.to_str().unwrap().to_string()
}

fn read(p: &Path) -> String {
    std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

/// 3 BERs × 2 flows (a count of 2), 4 replications; an accuracy that is undefined where no
/// wireless loss happens (empty cells, n < replications).
fn sweep_json() -> String {
    r#"{ "schema": 1, "id": "out-test",
  "base": { "schema": 1, "id": "o", "seed": 11, "stop": { "time_s": 30 },
    "topology": { "kind": "dumbbell", "bottleneck": { "rate_bps": 1000000, "delay_ms": 10,
      "queue": { "kind": "drop_tail", "limit_pkts": 20 }, "errors": { "kind": "bit_error", "ber": 2e-5 } } },
    "flows": [{ "id": "ld", "count": 2, "bytes": 20000, "tcp": { "cc": "new_reno", "classifier": "oracle" } }] },
  "vary": [{ "path": "topology.bottleneck.errors.ber", "values": [0, 1e-5, 3e-5] }],
  "replications": 4, "metrics": ["throughput_kbps", "timeouts", "accuracy_wireless", "completion_s"] }"#
        .to_string()
}

fn setup(name: &str) -> (PathBuf, String) {
    let d = scratch(name);
    let f = d.join("sweep.json");
    std::fs::write(&f, sweep_json()).unwrap();
    let f = s(&f);
    (d, f)
}

#[test]
fn raw_shards_aggregate_to_the_direct_sweep_byte_for_byte() {
    let (d, f) = setup("merge");
    let (agg, raw) = (d.join("agg.csv"), d.join("raw.csv"));
    ok(&losslab(
        &["sweep", &f, "--out", &s(&agg), "--raw", &s(&raw), "-q"],
        &[],
    ));
    let direct = read(&agg);
    let lines: Vec<&str> = direct.lines().collect();
    assert_eq!(
        lines[0],
        "point,topology.bottleneck.errors.ber,entity,metric,mean,sd,ci95_low,ci95_high,n"
    );
    // 3 points × (2 flows + group) × 4 metrics.
    assert_eq!(lines.len(), 1 + 3 * 3 * 4, "{direct}");
    assert!(lines.contains(&"0,0,ld.0,timeouts,0,0,0,0,4"), "{direct}");
    // No bit errors, no wireless losses: the accuracy is undefined, its cells empty.
    assert!(
        lines.contains(&"0,0,ld.0,accuracy_wireless,,,,,0"),
        "{direct}"
    );
    let raw_text = read(&raw);
    let raw_lines: Vec<&str> = raw_text.lines().collect();
    assert_eq!(
        raw_lines[0],
        "point,topology.bottleneck.errors.ber,replication,seed,entity,metric,value"
    );
    assert_eq!(raw_lines.len(), 1 + 3 * 4 * 3 * 4);
    assert!(raw_lines[1].starts_with("0,0,0,11,ld.0,throughput_kbps,"));
    assert!(
        raw_text.contains("\n0,0,3,14,ld.1,accuracy_wireless,\n"),
        "undefined = empty"
    );
    // The direct raw file aggregates to the direct aggregate.
    let one = d.join("one.csv");
    ok(&losslab(&["aggregate", &s(&raw), "--out", &s(&one)], &[]));
    assert_eq!(read(&one), direct, "1 shard");
    for n in [2usize, 3] {
        let mut parts = Vec::new();
        for i in 1..=n {
            let p = d.join(format!("part-{n}-{i}.csv"));
            ok(&losslab(
                &["sweep", &f, "--shard", &format!("{i}/{n}"), "--raw", &s(&p)],
                &[],
            ));
            parts.push(s(&p));
        }
        // Shards by run: some point has its replications in more than one shard.
        let first: Vec<String> = read(Path::new(&parts[0]))
            .lines()
            .skip(1)
            .map(|l| l.split(',').take(3).collect::<Vec<_>>().join(","))
            .collect();
        assert!(first.iter().any(|k| k.starts_with("0,0,0")));
        assert!(!first.iter().any(|k| k.starts_with("0,0,1")));
        let merged = d.join(format!("merged-{n}.csv"));
        let mut args = vec!["aggregate".to_string()];
        args.extend(parts.iter().rev().cloned()); // any order
        args.extend(["--out".into(), s(&merged)]);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        ok(&losslab(&args, &[]));
        assert_eq!(read(&merged), direct, "{n} shards");
    }
    // A missing shard is caught (the sidecars know the sweep's size), so is an overlap.
    let o = losslab(
        &[
            "aggregate",
            &s(&d.join("part-3-1.csv")),
            &s(&d.join("part-3-3.csv")),
            "--out",
            "-",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("missing"));
    let o = losslab(
        &[
            "aggregate",
            &s(&d.join("part-2-1.csv")),
            &s(&d.join("part-3-1.csv")),
            "--out",
            "-",
        ],
        &[],
    );
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr).contains("overlapping shards"));
    // `--out -` writes the aggregate to stdout.
    let o = losslab(&["aggregate", &s(&raw), "--out", "-"], &[]);
    ok(&o);
    assert_eq!(String::from_utf8_lossy(&o.stdout), direct);
}

#[test]
fn sidecars_record_version_argv_shard_seeds_and_hashes() {
    let (d, f) = setup("meta");
    let raw = d.join("r.csv");
    ok(&losslab(
        &["sweep", &f, "--shard=2/3", "--raw", &s(&raw)],
        &[],
    ));
    let m: Value = serde_json::from_str(&read(&d.join("r.csv.meta.json"))).unwrap();
    assert_eq!(m["schema"], 1);
    assert_eq!(m["kind"], "sweep-raw");
    assert_eq!(m["file"], "r.csv");
    assert_eq!(m["losslab"]["version"], env!("CARGO_PKG_VERSION"));
    assert!(m["losslab"]["commit"].is_string() || m["losslab"]["commit"].is_null());
    assert_eq!(m["argv"][1], "sweep");
    assert_eq!(m["argv"][3], "--shard=2/3");
    assert_eq!(m["shard"]["index"], 2);
    assert_eq!(m["shard"]["count"], 3);
    assert_eq!(m["shard"]["unit"], "run");
    assert_eq!(m["shard"]["from"], "flag");
    assert_eq!(m["sweep"]["id"], "out-test");
    assert_eq!(m["sweep"]["points"], 3);
    assert_eq!(m["sweep"]["replications"], 4);
    assert_eq!(m["included"]["runs"], 4);
    assert_eq!(m["seeds"]["min"], 11);
    assert_eq!(m["seeds"]["max"], 14);
    let sha = m["sweep"]["sha256"].as_str().unwrap();
    assert_eq!(sha.len(), 64);
    // The sweep file's SHA-256, as `sha256sum` prints it.
    if let Ok(o) = Command::new("sha256sum").arg(&f).output() {
        let line = String::from_utf8_lossy(&o.stdout).into_owned();
        assert!(line.starts_with(sha), "{line} vs {sha}");
    }
    // The aggregate of shards lists its inputs with their hashes.
    let agg = d.join("agg.csv");
    let full = d.join("full.csv");
    ok(&losslab(&["sweep", &f, "--raw", &s(&full)], &[]));
    ok(&losslab(&["aggregate", &s(&full), "--out", &s(&agg)], &[]));
    let a: Value = serde_json::from_str(&read(&d.join("agg.csv.meta.json"))).unwrap();
    assert_eq!(a["kind"], "aggregate");
    assert_eq!(a["inputs"][0]["file"], s(&full));
    assert_eq!(a["inputs"][0]["sha256"].as_str().unwrap().len(), 64);
    assert_eq!(a["sweep"]["sha256"], sha);
    assert_eq!(a["included"]["runs"], 12);
}

#[test]
fn slurm_array_variables_choose_the_shard_when_no_flag_is_given() {
    let (d, f) = setup("slurm");
    let (flag, env) = (d.join("flag.csv"), d.join("env.csv"));
    ok(&losslab(
        &["sweep", &f, "--shard", "2/3", "--raw", &s(&flag)],
        &[],
    ));
    // --array=0-2: task 1 is the second of three.
    ok(&losslab(
        &["sweep", &f, "--raw", &s(&env)],
        &[
            ("SLURM_ARRAY_TASK_ID", "1"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "0"),
        ],
    ));
    assert_eq!(read(&flag), read(&env));
    let m: Value = serde_json::from_str(&read(&d.join("env.csv.meta.json"))).unwrap();
    assert_eq!(m["shard"]["from"], "slurm");
    // --array=1-3: task 2 is the second too.
    let env2 = d.join("env2.csv");
    ok(&losslab(
        &["sweep", &f, "--raw", &s(&env2)],
        &[
            ("SLURM_ARRAY_TASK_ID", "2"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
            ("SLURM_ARRAY_TASK_MIN", "1"),
        ],
    ));
    assert_eq!(read(&flag), read(&env2));
    let o = losslab(
        &["sweep", &f, "--raw", &s(&env2)],
        &[
            ("SLURM_ARRAY_TASK_ID", "7"),
            ("SLURM_ARRAY_TASK_COUNT", "3"),
        ],
    );
    assert_eq!(o.status.code(), Some(2));
}

/// `docs/cluster.md`'s local recipe: four shards in parallel, then `losslab aggregate`.
#[test]
fn the_parallel_recipe_of_docs_cluster_md_matches_the_direct_sweep() {
    let (d, f) = setup("parallel");
    let direct = d.join("direct.csv");
    ok(&losslab(&["sweep", &f, "--out", &s(&direct)], &[]));
    let has_parallel = Command::new("parallel")
        .arg("--version")
        .output()
        .is_ok_and(|o| o.status.success());
    let script = if has_parallel {
        format!(
            "parallel '{BIN}' sweep sweep.json --shard {{}}/4 --raw part-{{}}.csv -q ::: 1 2 3 4"
        )
    } else {
        format!("printf '%s\\n' 1 2 3 4 | xargs -P 4 -I{{}} '{BIN}' sweep sweep.json --shard {{}}/4 --raw part-{{}}.csv -q")
    };
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!(
            "{script} && '{BIN}' aggregate part-*.csv --out agg.csv"
        ))
        .current_dir(&d)
        .env_remove("SLURM_ARRAY_TASK_ID")
        .output()
        .unwrap();
    ok(&o);
    assert_eq!(read(&d.join("agg.csv")), read(&direct));
}
