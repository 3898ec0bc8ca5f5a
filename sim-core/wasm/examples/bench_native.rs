//! `cargo run --release -p losslab-wasm --example bench_native -- [--quick] [--passes N]`: the
//! benchmark passes of `src/bench.rs` natively, for `npm run bench` (web/scripts/bench.mjs), which
//! runs the same passes as wasm. Prints one JSON array: `[{ "id", "runs", "events", "ms": [..] }]`.

use std::time::Instant;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let quick = args.iter().any(|a| a == "--quick");
    let count = args
        .iter()
        .position(|a| a == "--passes")
        .and_then(|i| args.get(i + 1))
        .map(|n| n.parse::<usize>().expect("--passes takes a number"))
        .unwrap_or(5);
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64();
    let mut rows = Vec::new();
    for id in losslab_wasm::bench_workloads() {
        let v = losslab_wasm::bench::passes(&id, quick, count, &clock).unwrap_or_else(|e| {
            eprintln!("bench_native: {e}");
            std::process::exit(1)
        });
        rows.push(serde_json::json!({ "id": id, "runs": v[0], "events": v[1], "ms": &v[2..] }));
    }
    println!("{}", serde_json::Value::Array(rows));
}
