//! The reproduction file's JSON Schema (`content/schema/reproduction.schema.json`), generated
//! for editors and other tools; the parser ([`super::parse`]) remains the validator.
//!
//! Every list of names comes from the Rust constants the parser checks against: the papers
//! ([`super::PAPERS`]), the x-axis scales ([`super::X_SCALES`]) and transforms
//! ([`super::model::XMap::NAMES`]), the expectation classes ([`super::EXPECT_CLASSES`]) and the
//! shape forms ([`super::SHAPE_FORMS`]). The rest of the shape is the skeleton
//! `reproduction.skeleton.json` beside this file, whose lists are left empty and filled here.
//!
//! Why a skeleton: a reproduction file is read by a hand-written reader (`parse/`) that reports
//! every problem with its JSON path and checks what a schema cannot (the sweep's points, series
//! naming varied values that exist), not by serde derives over a type, so there is no Rust type
//! whose structure could be walked; the skeleton holds only the structure, types, bounds and
//! descriptions. `tests/reproductions.rs` checks that every file in `content/reproductions/`
//! validates against the generated schema and that it rejects what the reader rejects in the
//! simple cases.
//!
//! Regenerate with `cargo run -p sim-core --example write_schemas`; the test
//! `generated_schemas_are_current` fails while the committed file differs by one byte.

use serde_json::Value;

/// The reproduction file's structure, without the lists of names.
const SKELETON: &str = include_str!("reproduction.skeleton.json");

/// A JSON array of `names`.
fn names(names: &[&str]) -> Value {
    names.iter().map(|n| Value::from(*n)).collect()
}

/// The reproduction file's JSON Schema.
pub fn reproduction_schema() -> Value {
    let mut s: Value = serde_json::from_str(SKELETON).expect("the skeleton is JSON");
    s["properties"]["paper"]["enum"] = names(super::PAPERS);
    let plot = &mut s["properties"]["plot"]["properties"];
    plot["x_scale"]["enum"] = names(super::X_SCALES);
    plot["x_map"]["enum"] = names(super::model::XMap::NAMES);
    s["properties"]["expect"]["items"]["properties"]["class"]["enum"] =
        names(super::EXPECT_CLASSES);
    let shape = &mut s["$defs"]["check"]["oneOf"][3];
    assert_eq!(
        shape["properties"]["kind"]["const"], "shape",
        "the skeleton's fourth check is shape"
    );
    shape["properties"]["form"]["enum"] = names(super::SHAPE_FORMS);
    s
}
