//! The budget against the content (`sim_core::budget`): every content scenario, the
//! lab's default, every sweep, every reproduction and every lesson figure fits the *browser's*
//! budget (so also the command line's), and every content scenario's real run stays inside its
//! work estimate (the estimate is an upper bound, and not a wild one).

use serde_json::{json, Value};
use sim_core::budget::{self, Budget};
use sim_core::reproduce::{self, Resource};
use sim_core::{Scenario, Simulation};
use std::path::{Path, PathBuf};

fn repo() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn read_json(path: &Path) -> Value {
    serde_json::from_str(&std::fs::read_to_string(path).unwrap()).unwrap()
}

fn files(dir: &Path, ext: &str, out: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = std::fs::read_dir(dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    entries.sort();
    for p in entries {
        if p.is_dir() {
            files(&p, ext, out);
        } else if p.extension().is_some_and(|e| e == ext) {
            out.push(p);
        }
    }
}

fn scenario_json(id: &str) -> Result<Value, String> {
    let p = repo().join("content/scenarios").join(format!("{id}.json"));
    std::fs::read_to_string(&p)
        .map_err(|e| format!("{id}: {e}"))
        .and_then(|t| serde_json::from_str(&t).map_err(|e| e.to_string()))
}

/// Runs a browser sweep holds in one wasm memory (each worker has its own).
const BROWSER_JOBS: usize = 1;

#[test]
fn content_scenarios_fit_the_browser_budget_and_run_inside_their_estimate() {
    let mut paths = Vec::new();
    files(&repo().join("content/scenarios"), "json", &mut paths);
    paths.push(repo().join("content/default-scenario.json"));
    assert!(paths.len() > 20);
    for p in paths {
        let text = std::fs::read_to_string(&p).unwrap();
        let sc: Scenario = sim_core::parse(&text).unwrap();
        let e = budget::check(&sc, &Budget::BROWSER)
            .unwrap_or_else(|errs| panic!("{}: {errs:?}", p.display()));
        let mut sim = Simulation::new(&sc, sim_core::budget::Budget::active().limits());
        sim.run().unwrap();
        let actual = sim.events_done() as f64;
        let ratio = e.events() / actual;
        eprintln!(
            "{}: {} events, estimate {:.0} (×{ratio:.1}), memory {}",
            p.file_name().unwrap().to_string_lossy(),
            actual,
            e.events(),
            budget::bytes_text(e.memory_bytes())
        );
        assert!(
            ratio >= 1.0,
            "{}: {actual} events, more than the estimate {:?}",
            p.display(),
            e.work
        );
    }
}

#[test]
fn content_sweeps_fit_the_browser_budget() {
    let mut paths = Vec::new();
    files(&repo().join("content/sweeps"), "json", &mut paths);
    assert!(!paths.is_empty());
    for p in paths {
        let text = std::fs::read_to_string(&p).unwrap();
        let s = sim_core::sweep::parse(&text, &mut |id| scenario_json(id))
            .unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
        budget::check_sweep(&s, &Budget::BROWSER, BROWSER_JOBS)
            .unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
    }
}

#[test]
fn reproductions_fit_the_browser_budget() {
    let mut paths = Vec::new();
    files(&repo().join("content/reproductions"), "json", &mut paths);
    assert!(!paths.is_empty());
    for p in paths {
        let text = std::fs::read_to_string(&p).unwrap();
        let mut resolve = |kind: Resource, name: &str| -> Result<Option<Value>, String> {
            let content = repo().join("content");
            let path = match kind {
                Resource::Scenario => return scenario_json(name).map(Some),
                Resource::Sweep => content.join("sweeps").join(format!("{name}.json")),
                Resource::Reference => content.join("reference").join(name),
            };
            Ok(path.is_file().then(|| read_json(&path)))
        };
        let r = reproduce::parse(&text, &mut resolve)
            .unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
        let s = r.plan(r.replications).unwrap();
        budget::check_sweep(&s, &Budget::BROWSER, BROWSER_JOBS)
            .unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
    }
}

/// Every lesson figure at every value its controls offer (each control alone, from the figure's
/// scenario and `set`).
#[test]
fn lesson_figures_fit_the_browser_budget() {
    let mut paths = Vec::new();
    files(&repo().join("content/lessons"), "md", &mut paths);
    let mut figures = 0;
    for p in paths {
        let text = std::fs::read_to_string(&p).unwrap();
        for block in text.split("```figure\n").skip(1) {
            let body = block.split("\n```").next().unwrap();
            let Ok(fig) = serde_json::from_str::<Value>(body) else {
                continue; // FORMAT.md's placeholder
            };
            figures += 1;
            let mut base = match &fig["scenario"] {
                Value::String(id) => scenario_json(id).unwrap(),
                v => v.clone(),
            };
            if let Some(set) = fig["set"].as_object() {
                for (path, v) in set {
                    let steps = sim_core::sweep::parse_path(path).unwrap();
                    sim_core::sweep::set_path(&mut base, &steps, v.clone()).unwrap();
                }
            }
            let mut vary = Vec::new();
            for c in fig["controls"].as_array().into_iter().flatten() {
                let values: Vec<Value> = match c["values"].as_array() {
                    Some(v) => v.clone(),
                    None => [&c["min"], &c["max"], &c["value"]]
                        .into_iter()
                        .filter(|v| !v.is_null())
                        .cloned()
                        .collect(),
                };
                vary.push(json!({"path": c["path"], "values": values}));
            }
            let doc = json!({"base": base, "vary": vary, "replications": 1});
            let s = sim_core::sweep::parse_value(&doc, &mut |id| scenario_json(id))
                .unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
            budget::check_sweep(&s, &Budget::BROWSER, BROWSER_JOBS)
                .unwrap_or_else(|e| panic!("{}: {e:?}", p.display()));
        }
    }
    assert!(figures > 0);
}
