//! The reproduction file's JSON Schema (`content/schema/reproduction.schema.json`), generated
//! for editors and other tools; the parser ([`super::parse`]) remains the validator.
//!
//! The id lists come from the Rust statements that the parser checks against: the papers
//! ([`super::PAPERS`]) and the x-axis transforms ([`super::model::XMap::NAMES`]). The rest of the
//! shape is the skeleton `reproduction.skeleton.json` beside this file, whose two lists are left
//! empty and filled here.
//!
//! Regenerate with `cargo run -p sim-core --example write_schemas`; the test
//! `generated_schemas_are_current` fails while the committed file differs by one byte.

use serde_json::Value;

/// The reproduction file's structure, without the id lists.
const SKELETON: &str = include_str!("reproduction.skeleton.json");

/// The reproduction file's JSON Schema.
pub fn reproduction_schema() -> Value {
    let mut s: Value = serde_json::from_str(SKELETON).expect("the skeleton is JSON");
    s["properties"]["paper"]["enum"] = super::PAPERS.iter().map(|p| Value::from(*p)).collect();
    s["properties"]["plot"]["properties"]["x_map"]["enum"] = super::model::XMap::NAMES
        .iter()
        .map(|n| Value::from(*n))
        .collect();
    s
}
