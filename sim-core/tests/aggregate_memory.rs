//! `losslab aggregate` streams its inputs: a raw file larger than the process may
//! map is merged under an address-space cap (`ulimit -v`, as `hostile.rs` does), where holding
//! the file — or its rows — would fail. The values are built so that the expected aggregate is
//! known exactly.
#![cfg(unix)]

use std::io::Write;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

/// Address space allowed to the merge, KiB: the binary needs a few MiB; the file is larger.
const CAP_KIB: u64 = 32 * 1024;

#[test]
fn a_raw_file_larger_than_the_memory_cap_aggregates() {
    let d = std::env::temp_dir().join(format!("losslab-aggmem-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    let raw = d.join("raw.csv");
    let (points, reps, flows) = (2u64, 5000u64, 100u64);
    {
        let mut w = std::io::BufWriter::new(std::fs::File::create(&raw).unwrap());
        writeln!(
            w,
            "point,topology.bottleneck.errors.ber,replication,seed,entity,metric,value"
        )
        .unwrap();
        for p in 0..points {
            for r in 0..reps {
                for j in 0..flows {
                    // Replication r carries r mod 10 + 0.25: mean 4.75 over a multiple of 10.
                    writeln!(
                        w,
                        "{p},0.0000{p},{r},{},flow.{j},throughput_kbps,{}",
                        r + 1,
                        (r % 10) as f64 + 0.25
                    )
                    .unwrap();
                }
            }
        }
    }
    let size = std::fs::metadata(&raw).unwrap().len();
    assert!(
        size > CAP_KIB * 1024,
        "the file ({size} B) must exceed the cap"
    );
    let out = d.join("agg.csv");
    let script = format!("ulimit -v {CAP_KIB}; exec \"$0\" \"$@\"");
    let o = Command::new("sh")
        .args(["-c", &script, BIN, "aggregate"])
        .arg(&raw)
        .arg("--out")
        .arg(&out)
        .output()
        .expect("sh runs");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    let agg = std::fs::read_to_string(&out).unwrap();
    let lines: Vec<&str> = agg.lines().collect();
    assert_eq!(lines.len() as u64, 1 + points * flows);
    for l in &lines[1..] {
        let cells: Vec<&str> = l.split(',').collect();
        assert_eq!(cells[4], "4.75", "{l}");
        assert_eq!(cells[8], reps.to_string(), "{l}");
    }
    let _ = std::fs::remove_dir_all(&d);
}
