//! `cargo run --release -p losslab-wasm --example bench_native -- [--quick] [--passes N] [--wall]`:
//! the benchmark passes of `src/bench.rs` natively, for `npm run bench` (web/scripts/bench.mjs),
//! which runs the same passes as wasm. Timed by the thread's CPU clock (on Unix; `--wall`, or
//! elsewhere, by `std::time::Instant`). Prints one JSON array:
//! `[{ "id", "runs", "events", "ms": [..] }]`.

use std::time::Instant;

/// Seconds of CPU time this thread has used (a shared machine's other jobs do not add to it).
#[cfg(unix)]
fn cpu_s() -> Option<f64> {
    let mut t = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `t` is a valid, writable timespec for the call's duration.
    let rc = unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut t) };
    (rc == 0).then_some(t.tv_sec as f64 + t.tv_nsec as f64 * 1e-9)
}
#[cfg(not(unix))]
fn cpu_s() -> Option<f64> {
    None
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let count = args
        .iter()
        .position(|a| a == "--passes")
        .and_then(|i| args.get(i + 1))
        .map(|n| n.parse::<usize>().expect("--passes takes a number"))
        .unwrap_or(5);
    let wall = args.iter().any(|a| a == "--wall") || cpu_s().is_none();
    let start = Instant::now();
    let clock = move || {
        if wall {
            start.elapsed().as_secs_f64()
        } else {
            cpu_s().unwrap_or(0.0)
        }
    };
    let mut rows = Vec::new();
    for id in losslab_wasm::bench_workloads() {
        let v = losslab_wasm::bench::passes(&id, quick, count, &clock).unwrap_or_else(|e| {
            eprintln!("bench_native: {e}");
            std::process::exit(1)
        });
        rows.push(serde_json::json!({ "id": id, "runs": v[0], "events": v[1], "ms": &v[2..] }));
    }
    let clock = if wall { "wall" } else { "cpu" };
    println!("{}", serde_json::json!({ "clock": clock, "rows": rows }));
}
