//! Regenerates the JSON Schemas in `content/schema/` from the simulator's Rust code
//! (`sim_core::scenario::schema`, `sim_core::reproduce::schema`) and the TypeScript declarations
//! of the wasm boundary (`sim_core::boundary`): `cargo run -p sim-core --example write_schemas`.
//! `tests/schema.rs` fails while a committed file differs from what this writes.

use sim_core::scenario::schema::{all, schema_text};
use std::path::Path;

fn main() -> std::io::Result<()> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .expect("sim-core sits in the repository");
    let dir = root.join("content/schema");
    let mut schemas = all();
    schemas.push((
        "reproduction.schema.json",
        sim_core::reproduce::schema::reproduction_schema(),
    ));
    for (name, schema) in schemas {
        let path = dir.join(name);
        std::fs::write(&path, schema_text(&schema))?;
        println!("wrote {}", path.display());
    }
    let ts = root.join(sim_core::boundary::TYPESCRIPT_FILE);
    std::fs::write(&ts, sim_core::boundary::typescript())?;
    println!("wrote {}", ts.display());
    Ok(())
}
