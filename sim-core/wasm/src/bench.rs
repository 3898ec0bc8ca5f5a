//! The benchmark passes `npm run bench` compares (web/scripts/bench.mjs): one code path
//! for both sides, so the wasm/native ratio compares like with like. Compiled to wasm it is
//! `benchPasses` (lib.rs), timed by the page's or Node's clock; compiled natively it is the
//! `bench_native` example, timed by `std::time::Instant`.
//!
//! A pass runs every scenario of one workload ([`sim_core::bench::measure`]). Before the timed
//! passes the workload's quick variant runs once untimed (V8 compiles hot wasm functions with its
//! optimising tier only after they ran a while; natively it warms the caches and the allocator).
//! The first timed pass is what a fresh worker pays; the later ones are the steady state.

use sim_core::bench::{measure, workloads};

/// `[runs, events, ms of pass 1, …, ms of pass count]` for workload `id` (`w1` … `w4`), after one
/// untimed pass of its quick variant; `clock` reads seconds on any monotonic scale.
pub fn passes(
    id: &str,
    quick: bool,
    count: usize,
    clock: &dyn Fn() -> f64,
) -> Result<Vec<f64>, String> {
    let find = |quick| {
        workloads(quick)
            .into_iter()
            .find(|w| w.id == id)
            .ok_or_else(|| format!("unknown workload {id}"))
    };
    find(true)?.run()?;
    let w = find(quick)?;
    let mut out = vec![w.runs.len() as f64, 0.0];
    for _ in 0..count {
        let m = measure(&w, clock)?;
        out[1] = m.events as f64;
        out.push(m.wall_ms);
    }
    Ok(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn passes_count_runs_events_and_one_time_per_pass() {
        let ticks = std::cell::Cell::new(0.0);
        let clock = || {
            ticks.set(ticks.get() + 0.25);
            ticks.get()
        };
        let v = passes("w4", true, 2, &clock).unwrap();
        assert_eq!((v.len(), v[0], v[2], v[3]), (4, 1.0, 250.0, 250.0));
        assert!(v[1] > 0.0);
        assert!(passes("w9", true, 1, &clock).is_err());
    }
}
