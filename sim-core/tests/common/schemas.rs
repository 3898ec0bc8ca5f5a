//! Shared by the schema tests (`schema.rs`, `schema_examples.rs`): the repository root, JSON
//! loading, and the scenario and sweep validators built from `content/schema/`.
#![allow(dead_code)]

use jsonschema::{Registry, Validator};
use serde_json::Value;
use std::path::{Path, PathBuf};

pub fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

pub fn load(p: &Path) -> Value {
    let text = std::fs::read_to_string(p).unwrap_or_else(|e| panic!("{}: {e}", p.display()));
    serde_json::from_str(&text).unwrap_or_else(|e| panic!("{}: {e}", p.display()))
}

pub fn json_files(dir: &str) -> Vec<PathBuf> {
    let mut out: Vec<PathBuf> = std::fs::read_dir(root().join(dir))
        .map(|it| {
            it.map(|e| e.unwrap().path())
                .filter(|p| p.extension().is_some_and(|x| x == "json"))
                .collect()
        })
        .unwrap_or_default();
    out.sort();
    out
}

/// Base URI of the schema folder, so `"$ref": "scenario.schema.json"` resolves as in an editor.
pub fn schema_uri(name: &str) -> String {
    format!("file://{}/content/schema/{name}", root().display())
}

/// Run `f` with the scenario and sweep validators.
pub fn with_validators(f: impl FnOnce(&Validator, &Validator)) {
    let scenario_schema = load(&root().join("content/schema/scenario.schema.json"));
    let sweep_schema = load(&root().join("content/schema/sweep.schema.json"));
    let registry = Registry::new()
        .add(schema_uri("scenario.schema.json"), scenario_schema.clone())
        .expect("schema URI")
        .prepare()
        .expect("registry");
    let scenario = jsonschema::options()
        .with_base_uri(schema_uri("scenario.schema.json"))
        .build(&scenario_schema)
        .expect("scenario schema compiles");
    let sweep = jsonschema::options()
        .with_registry(&registry)
        .with_base_uri(schema_uri("sweep.schema.json"))
        .build(&sweep_schema)
        .expect("sweep schema compiles");
    f(&scenario, &sweep)
}

pub fn schema_errors(v: &Validator, doc: &Value) -> Vec<String> {
    v.iter_errors(doc)
        .map(|e| format!("{}: {e}", e.instance_path()))
        .collect()
}

pub fn resolve(id: &str) -> Result<Value, String> {
    let p = root().join("content/scenarios").join(format!("{id}.json"));
    if p.exists() {
        Ok(load(&p))
    } else {
        Err(format!("no {}", p.display()))
    }
}
