//! BBR's phases over one run, for setting them beside ns-3's (sim-core/crosscheck/bbr-phases.mjs,
//! docs/bbr-phases.md): one CSV row per flow whenever its mode or pacing gain changes, polled every
//! `step_ms` of simulated time (1 ms by default; BBR's shortest phase lasts a round trip).
//!
//! ```text
//! cargo run --release -p sim-core --example bbr_phases -- SCENARIO.json [seed] [step_ms]
//! time_s,flow,mode,pacing_gain,cwnd_gain,cwnd_bytes,btl_bw_bps,min_rtt_ms
//! ```
//! Flows whose variant has no state machine (every one but BBR) print nothing.

use sim_core::time::SimTime;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let path = args
        .first()
        .ok_or("usage: bbr_phases SCENARIO.json [seed] [step_ms]")?;
    let mut v: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?)
            .map_err(|e| format!("{path}: {e}"))?;
    if let Some(seed) = args.get(1) {
        v["seed"] = serde_json::json!(seed.parse::<u64>().map_err(|e| format!("seed: {e}"))?);
    }
    let step_ms: f64 = args
        .get(2)
        .map_or(Ok(1.0), |s| s.parse())
        .map_err(|e| format!("step_ms: {e}"))?;
    let mut sim = sim_core::budget::simulation(&v.to_string()).map_err(|e| {
        e.iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join("; ")
    })?;
    println!("time_s,flow,mode,pacing_gain,cwnd_gain,cwnd_bytes,btl_bw_bps,min_rtt_ms");
    let mut last: Vec<Option<(&'static str, f64)>> = vec![None; sim.flows.len()];
    let mut t_ms = 0.0;
    while !sim.is_finished() {
        for (i, f) in sim.flows.iter().enumerate() {
            let Some(p) = f.sender.cc_phase() else {
                continue;
            };
            if last[i] == Some((p.mode, p.pacing_gain)) {
                continue;
            }
            last[i] = Some((p.mode, p.pacing_gain));
            println!(
                "{:.6},{},{},{:.4},{:.4},{},{:.0},{:.3}",
                sim.now().as_secs_f64(),
                f.id,
                p.mode,
                p.pacing_gain,
                p.cwnd_gain,
                f.sender.cwnd,
                p.btl_bw_bps,
                p.min_rtt_s * 1000.0
            );
        }
        t_ms += step_ms;
        sim.run_until(SimTime::from_millis_f64(t_ms), u64::MAX)?;
    }
    Ok(())
}
