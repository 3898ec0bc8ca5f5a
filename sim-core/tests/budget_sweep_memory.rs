//! A sweep is priced before its points are built: a base holding two 100 000-entry drop lists
//! over 20 000 points would hold 4·10⁹ packet numbers (32 GB), one copy per point. `losslab
//! validate` refuses it with exit 2 and the estimate, under a 1 GiB address-space cap (`ulimit -v`,
//! set by `sh -c` before `exec`, as `tests/hostile.rs` does) — before, it built and kept every
//! point's scenario and grew past the cap.

use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const BIN: &str = env!("CARGO_BIN_EXE_losslab");
const MEMORY_KIB: u64 = 1 << 20;
const TIME_LIMIT: Duration = Duration::from_secs(60);

#[test]
fn a_big_base_over_many_points_is_refused_before_it_is_built() {
    let dir = std::env::temp_dir().join(format!("losslab-sweep-mem-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let packets: Vec<u64> = (0..100_000).collect();
    let drops = serde_json::json!({"kind": "drop_list", "packets": packets});
    let seeds: Vec<u64> = (1..=20_000).collect();
    let doc = serde_json::json!({
        "base": {
            "stop": {"time_s": 1},
            "flows": [{}],
            "topology": {"kind": "dumbbell", "bottleneck": {"errors": drops, "reverse": {"errors": drops}}}
        },
        "vary": [{"path": "seed", "values": seeds}],
        "replications": 1
    });
    let file = dir.join("sweep.json");
    std::fs::write(&file, doc.to_string()).unwrap();
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -v {MEMORY_KIB}; exec \"$0\" \"$@\""))
        .arg(BIN)
        .arg("validate")
        .arg(&file)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // Poll for the end (the output is a few lines: the pipes cannot fill).
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if start.elapsed() > TIME_LIMIT {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(10));
    };
    let out = child.wait_with_output().unwrap();
    let text =
        String::from_utf8_lossy(&out.stderr).into_owned() + &String::from_utf8_lossy(&out.stdout);
    let _ = std::fs::remove_dir_all(&dir);
    let status = status.unwrap_or_else(|| panic!("still running after {TIME_LIMIT:?}"));
    assert_eq!(status.code(), Some(2), "{status:?}: {text}");
    assert!(
        text.contains("vary: 20000 points × about")
            && text.contains("200000 drop-list packet numbers"),
        "{text}"
    );
}
