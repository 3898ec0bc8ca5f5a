//! Criterion benchmarks of the four workloads of [`sim_core::bench`] (docs/design.md §D10).
//!
//! ```sh
//! cargo bench -p sim-core --bench workloads                 # all four, full size
//! cargo bench -p sim-core --bench workloads -- w3           # one workload
//! LOSSLAB_BENCH_QUICK=1 cargo bench -p sim-core --bench workloads   # the small variants
//! ```
//! Throughput is reported in simulated events per second (criterion's "elem/s"): the event count
//! of one pass is measured once up front, so the timed loop is exactly `Workload::run`.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sim_core::bench::workloads;
use std::time::Duration;

fn bench_workloads(c: &mut Criterion) {
    let quick = std::env::var_os("LOSSLAB_BENCH_QUICK").is_some();
    let mut group = c.benchmark_group("workloads");
    group
        .sample_size(10)
        .warm_up_time(Duration::from_secs(1))
        .measurement_time(Duration::from_secs(if quick { 3 } else { 10 }));
    for w in workloads(quick) {
        let totals = w.run().expect("workload runs");
        group.throughput(Throughput::Elements(totals.events));
        group.bench_function(w.id, |b| {
            b.iter(|| std::hint::black_box(w.run().expect("workload runs")))
        });
    }
    group.finish();
}

criterion_group!(benches, bench_workloads);
criterion_main!(benches);
