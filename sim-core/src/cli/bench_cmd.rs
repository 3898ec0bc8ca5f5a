//! `losslab bench [--json] [--quick] [--only w1,w3]`: run the four workloads of
//! [`crate::bench`] once each and report runs, simulated events, wall time and events per
//! second. `losslab bench --scaling [--json] [--quick]`: the scaling profile
//! ([`crate::bench::scaling_cases`]), one row per case. `losslab bench --scenarios DIR
//! [--quick] [--only …]`: write each workload's runs as scenario JSON to `DIR/<id>.json`
//! ([`crate::bench::run_documents`]) and time nothing (`npm run bench:ns3` reads them). Wall time comes from `std::time::Instant` here, never inside the library.
//! Build with `--release` for meaningful numbers (a debug build says so on stderr).

use super::Failure;
use crate::bench::{
    measure, measure_scaling, run_documents, scaling_cases, workloads, Measurement,
};
use crate::cli::args::BenchArgs;
use std::time::Instant;

/// The `bench` command.
pub fn bench(a: BenchArgs) -> Result<(), Failure> {
    if a.scaling {
        return scaling(a.json, a.quick, a.only.as_deref());
    }
    let (json, quick, only) = (a.json, a.quick, a.only);
    let mut chosen = workloads(quick);
    if let Some(ids) = &only {
        let unknown: Vec<String> = ids
            .iter()
            .filter(|id| !chosen.iter().any(|w| w.id == id.as_str()))
            .map(|id| format!("--only: unknown workload \"{id}\" (w1, w2, w3, w4)"))
            .collect();
        if !unknown.is_empty() {
            return Err(Failure::Invalid(unknown));
        }
        chosen.retain(|w| ids.iter().any(|id| id == w.id));
    }
    if let Some(dir) = &a.scenarios {
        std::fs::create_dir_all(dir)
            .map_err(|e| Failure::Internal(format!("--scenarios {dir}: {e}")))?;
        for w in &chosen {
            let path = std::path::Path::new(dir).join(format!("{}.json", w.id));
            let text = serde_json::to_string_pretty(&run_documents(w))
                .map_err(|e| Failure::Internal(e.to_string()))?;
            super::write(&path.to_string_lossy(), &(text + "\n"))?;
            if !json {
                outln!("wrote {} ({} runs)", path.display(), w.runs.len())?;
            }
        }
        return Ok(());
    }
    if cfg!(debug_assertions) {
        eprintln!(
            "losslab bench: this is a debug build; build with --release for representative numbers"
        );
    }
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64();
    if !json {
        outln!(
            "{:<4} {:>5} {:>12} {:>12} {:>10} {:>14}  workload",
            "id",
            "runs",
            "events",
            "simulated_s",
            "wall_ms",
            "events_per_s"
        )?;
    }
    let mut all: Vec<Measurement> = Vec::new();
    for w in &chosen {
        let m = measure(w, &clock).map_err(Failure::Internal)?;
        if !json {
            outln!(
                "{:<4} {:>5} {:>12} {:>12.1} {:>10.1} {:>14.0}  {}",
                m.id,
                m.runs,
                m.events,
                m.simulated_s,
                m.wall_ms,
                m.events_per_s,
                m.title
            )?;
        }
        all.push(m);
    }
    if json {
        let text =
            serde_json::to_string_pretty(&all).map_err(|e| Failure::Internal(e.to_string()))?;
        outln!("{text}")?;
    }
    Ok(())
}

/// `--scaling`: the scaling profile as a table or JSON.
fn scaling(json: bool, quick: bool, only: Option<&[String]>) -> Result<(), Failure> {
    let start = Instant::now();
    let clock = move || start.elapsed().as_secs_f64();
    if !json {
        outln!(
            "{:<6} {:>6} {:>12} {:>8} {:>10} {:>10} {:>9} {:>13} {:>14} {:>10}",
            "axis",
            "flows",
            "rate_bps",
            "sim_s",
            "events",
            "packets",
            "wall_ms",
            "events_per_s",
            "ms_per_sim_s",
            "ns_per_pkt"
        )?;
    }
    let mut rows = Vec::new();
    for c in scaling_cases(quick) {
        if only.is_some_and(|ids| !ids.iter().any(|id| *id == c.id())) {
            continue;
        }
        let r = measure_scaling(&c, &clock).map_err(Failure::Internal)?;
        if !json {
            outln!(
                "{:<6} {:>6} {:>12.0e} {:>8.2} {:>10} {:>10} {:>9.1} {:>13.0} {:>14.1} {:>10.0}",
                r.axis,
                r.flows,
                r.rate_bps,
                r.simulated_s,
                r.events,
                r.packets,
                r.wall_ms,
                r.events_per_s,
                r.wall_ms_per_sim_s,
                r.ns_per_packet
            )?;
        }
        rows.push(r);
    }
    if json {
        let text =
            serde_json::to_string_pretty(&rows).map_err(|e| Failure::Internal(e.to_string()))?;
        outln!("{text}")?;
    }
    Ok(())
}
