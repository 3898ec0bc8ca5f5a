//! The JSON Schemas in `content/schema/` against the content files and the Rust code.
//!
//! - The TypeScript declarations of the wasm boundary are generated too (`sim_core::boundary`).
//! - The scenario and sweep schemas are generated (`sim_core::scenario::schema`, written by
//!   `cargo run -p sim-core --example write_schemas`): the committed files equal what the code
//!   generates, byte for byte.
//! - Every `content/scenarios/*.json`, `content/crosscheck/scenarios/*.json` (the ns-3 crosscheck
//!   grid), the lab's `content/default-scenario.json` and `content/sweeps/*.json` validates against
//!   its schema and parses with the Rust parser.
//!
//! Hand-written documents and random mutations, where schema and parser must agree on what is
//! accepted and rejected, are in `schema_examples.rs`.

use crate::common::schemas;

use schemas::{json_files, load, resolve, root, schema_errors, with_validators};
use sim_core::scenario::parse_value;

/// The committed schemas are what the Rust code generates; on a difference, regenerate them with
/// `cargo run -p sim-core --example write_schemas` and commit the result.
#[test]
fn generated_schemas_are_current() {
    use sim_core::scenario::schema::{all, schema_text};
    let mut schemas = all();
    schemas.push((
        "reproduction.schema.json",
        sim_core::reproduce::schema::reproduction_schema(),
    ));
    for (name, schema) in schemas {
        let path = root().join("content/schema").join(name);
        let committed = std::fs::read_to_string(&path).unwrap();
        assert!(
            committed == schema_text(&schema),
            "{} is not what the code generates: run `cargo run -p sim-core --example write_schemas`",
            path.display()
        );
    }
}

/// The browser's types of what the wasm boundary hands it are what the Rust types declare; on a
/// difference, regenerate with `cargo run -p sim-core --example write_schemas`.
#[test]
fn generated_typescript_is_current() {
    let path = root().join(sim_core::boundary::TYPESCRIPT_FILE);
    let committed = std::fs::read_to_string(&path).unwrap();
    let generated = sim_core::boundary::typescript();
    assert!(
        committed == generated,
        "{} is not what the code generates: run `cargo run -p sim-core --example write_schemas`",
        path.display()
    );
    // Every count crosses as a number, and every type a declaration names is declared.
    assert!(!generated.contains("bigint"));
    for name in [
        "Summary",
        "FlowSummary",
        "Confusion",
        "TraceEvent",
        "JsonValue",
    ] {
        assert!(
            generated.contains(&format!("export type {name} =")),
            "{name}"
        );
    }
}

#[test]
fn every_content_file_matches_its_schema_and_parses() {
    let crosscheck = json_files("content/crosscheck/scenarios");
    assert!(!crosscheck.is_empty(), "the crosscheck grid has scenarios");
    let mut scenarios = json_files("content/scenarios");
    scenarios.extend(crosscheck);
    scenarios.push(root().join("content/default-scenario.json"));
    let sweeps = json_files("content/sweeps");
    assert!(!scenarios.is_empty() && !sweeps.is_empty());
    with_validators(|scenario, sweep| {
        for f in &scenarios {
            let doc = load(f);
            assert_eq!(
                schema_errors(scenario, &doc),
                Vec::<String>::new(),
                "{}",
                f.display()
            );
            if let Err(e) = parse_value(&doc) {
                panic!("{}: {e:?}", f.display());
            }
            // A preset's id is its file name; the lab's default scenario has the lab's id.
            let stem = f.file_stem().unwrap().to_str().unwrap();
            let id = if stem == "default-scenario" {
                "lab"
            } else {
                stem
            };
            assert_eq!(
                doc["id"].as_str(),
                Some(id),
                "{}: the id equals the file name",
                f.display()
            );
        }
        for f in &sweeps {
            let doc = load(f);
            assert_eq!(
                schema_errors(sweep, &doc),
                Vec::<String>::new(),
                "{}",
                f.display()
            );
            if let Err(e) = sim_core::sweep::parse_value(&doc, &mut resolve) {
                panic!("{}: {e:?}", f.display());
            }
        }
    });
}
