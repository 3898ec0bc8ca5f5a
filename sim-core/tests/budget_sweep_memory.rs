//! A sweep's memory does not grow with its points × the size of its base: `losslab sweep` and
//! `losslab validate` build each point from the base when they need it (to check it, to price it,
//! to run it) and keep none, under an address-space cap (`tests/common/capped.rs`).
//!
//! - 1 000 points over a base holding a 20 000-entry drop list (about 170 MB if every point kept
//!   its scenario, over the 128 MB budget that a 256 MiB cap leaves): runs to the end in the cap.
//! - Building the points is still work: two 100 000-entry drop lists over 20 000 points
//!   (4·10⁹ packet numbers to copy and check) are refused with exit 2 before any point is built.

use crate::common::capped;

use std::path::PathBuf;
use std::process::Stdio;
use std::time::Duration;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("losslab-{name}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A sweep varying the seed over `points` points, its base holding `lists` drop lists of
/// `entries` packet numbers each (numbers past the run's packets: nothing is dropped).
fn sweep_doc(points: u64, lists: usize, entries: u64, time_s: f64) -> String {
    let packets: Vec<u64> = (1_000_000..1_000_000 + entries).collect();
    let drops = serde_json::json!({"kind": "drop_list", "packets": packets});
    let seeds: Vec<u64> = (1..=points).collect();
    let mut bottleneck = serde_json::json!({"errors": drops});
    if lists > 1 {
        bottleneck["reverse"] = serde_json::json!({"errors": drops});
    }
    serde_json::json!({
        "base": {
            "stop": {"time_s": time_s},
            "flows": [{}],
            "topology": {"kind": "dumbbell", "bottleneck": bottleneck}
        },
        "vary": [{"path": "seed", "values": seeds}],
        "replications": 1,
        "metrics": ["throughput_kbps"]
    })
    .to_string()
}

#[test]
fn a_big_base_over_many_points_runs_within_a_memory_cap() {
    let dir = scratch("sweep-lazy");
    std::fs::write(dir.join("sweep.json"), sweep_doc(1000, 1, 20_000, 0.2)).unwrap();
    let o = capped::run_capped(
        BIN,
        &[
            "sweep",
            "sweep.json",
            "--out",
            "agg.csv",
            "--jobs",
            "1",
            "--quiet",
        ],
        &dir,
        Stdio::null(),
        256 << 10,
        Duration::from_secs(240),
    );
    let agg = std::fs::read_to_string(dir.join("agg.csv")).unwrap_or_default();
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.code, Some(0), "{}", o.text);
    assert!(
        o.text.contains("1000 points × 1 replications = 1000 runs"),
        "{}",
        o.text
    );
    // A header and one row per point.
    assert_eq!(agg.lines().count(), 1001, "{agg}");
}

#[test]
fn building_a_big_base_over_many_points_is_priced_before_any_is_built() {
    let dir = scratch("sweep-build");
    std::fs::write(dir.join("sweep.json"), sweep_doc(20_000, 2, 100_000, 1.0)).unwrap();
    let o = capped::run_capped(
        BIN,
        &["validate", "sweep.json"],
        &dir,
        Stdio::null(),
        1 << 20,
        Duration::from_secs(60),
    );
    let _ = std::fs::remove_dir_all(&dir);
    assert_eq!(o.code, Some(2), "{}", o.text);
    assert!(
        o.text.contains("vary: 20000 points × 200000 drop-list packet numbers = about 4 billion numbers to copy and check"),
        "{}",
        o.text
    );
}
