//! The integration tests of `sim-core`, as one test binary: every file under `tests/` is a module
//! of this crate (`#[path]` keeps each file where it is, under its own name), so the tests link
//! once instead of once per file. Run one file's tests with its module path as the filter:
//! `cargo test -p sim-core --test all lessons::` (or `papers::lj::`, or a test's own name).
//!
//! Adding a test file: write `tests/<name>.rs` (or `tests/<name>/main.rs` with its submodules
//! beside it) and add its two lines below. The library keeps no process-wide state (a run's budget
//! is an argument), so every file can share the process; a file that ever needed a process of its
//! own would be a `[[test]]` of its own in `sim-core/Cargo.toml` (`Cargo.toml` sets
//! `autotests = false`, so a file in neither place would never be compiled:
//! [`every_test_file_is_built`] fails on it).
//! Tests that cap memory or time do so on a child process (`ulimit -v` in `sh -c`), so they are
//! at home here.

/// Helpers shared by several test files (`use crate::common::mutate;`), built once.
mod common {
    #[path = "capped.rs"]
    pub mod capped;
    #[path = "mutate.rs"]
    pub mod mutate;
    #[path = "schemas.rs"]
    pub mod schemas;
}

#[path = "aggregate_memory.rs"]
mod aggregate_memory;
#[path = "bbr.rs"]
mod bbr;
#[path = "budget.rs"]
mod budget;
#[path = "budget_drain.rs"]
mod budget_drain;
#[path = "budget_sweep_memory.rs"]
mod budget_sweep_memory;
#[path = "cli.rs"]
mod cli;
#[path = "cli_args.rs"]
mod cli_args;
#[path = "cli_budget_flags.rs"]
mod cli_budget_flags;
#[path = "cli_fit_ge.rs"]
mod cli_fit_ge;
#[path = "cli_no_clobber.rs"]
mod cli_no_clobber;
#[path = "cli_progress.rs"]
mod cli_progress;
#[path = "cli_reproduce_output.rs"]
mod cli_reproduce_output;
#[path = "cli_run_output.rs"]
mod cli_run_output;
#[path = "cli_special_outputs.rs"]
mod cli_special_outputs;
#[path = "cli_sweep_output.rs"]
mod cli_sweep_output;
#[path = "crosscheck.rs"]
mod crosscheck;
#[path = "csv_dictionary.rs"]
mod csv_dictionary;
#[path = "custom_code.rs"]
mod custom_code;
#[path = "default_scenario.rs"]
mod default_scenario;
#[path = "fuzz_scenarios.rs"]
mod fuzz_scenarios;
#[path = "hostile.rs"]
mod hostile;
#[path = "layers.rs"]
mod layers;
#[path = "lessons.rs"]
mod lessons;
#[path = "loss_trace.rs"]
mod loss_trace;
#[path = "papers/main.rs"]
mod papers;
#[path = "papers_view_text.rs"]
mod papers_view_text;
#[path = "phase_effect.rs"]
mod phase_effect;
#[path = "properties.rs"]
mod properties;
#[path = "recovery.rs"]
mod recovery;
#[path = "reference_files.rs"]
mod reference_files;
#[path = "reproductions.rs"]
mod reproductions;
#[path = "schema.rs"]
mod schema;
#[path = "schema_examples.rs"]
mod schema_examples;
#[path = "scoreboard.rs"]
mod scoreboard;
#[path = "sensitivity.rs"]
mod sensitivity;
#[path = "summary_only.rs"]
mod summary_only;
#[path = "sweep_stream.rs"]
mod sweep_stream;
#[path = "traces.rs"]
mod traces;
#[path = "validation.rs"]
mod validation;
#[path = "westwood.rs"]
mod westwood;

/// Every test file under `tests/` — a `<name>.rs`, or a folder with a `main.rs` — is either a
/// module above or a `[[test]]` of its own in `Cargo.toml`. Without this, a new file would be
/// silently left out (`autotests = false`).
#[test]
fn every_test_file_is_built() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests");
    let this = std::fs::read_to_string(dir.join("all.rs")).unwrap();
    let manifest = std::fs::read_to_string(dir.parent().unwrap().join("Cargo.toml")).unwrap();
    let mut missing = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let name = path.file_name().unwrap().to_string_lossy().into_owned();
        let file = if path.is_dir() {
            if !path.join("main.rs").exists() {
                continue; // helpers (`common/`) and data (`fixtures/`), included by the files that use them
            }
            format!("{name}/main.rs")
        } else if name.ends_with(".rs") && name != "all.rs" {
            name
        } else {
            continue;
        };
        let here = this.contains(&format!("#[path = \"{file}\"]"));
        let own = manifest.contains(&format!("path = \"tests/{file}\""));
        if !here && !own {
            missing.push(file);
        }
    }
    missing.sort();
    assert!(
        missing.is_empty(),
        "test files built by no test target: {missing:?}. Add each to sim-core/tests/all.rs as \
         `#[path = \"<file>\"] mod <name>;`, or, if it must run in a process of its own, as a \
         `[[test]]` in sim-core/Cargo.toml"
    );
}
