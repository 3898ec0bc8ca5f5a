//! Build script of the Python extension: the repository's built-in scenarios and sweeps
//! (`content/scenarios/*.json`, `content/sweeps/*.json`) compiled into the extension, so an
//! installed wheel has them without the repository (`losslab.scenarios`, `losslab.sweeps`, and a
//! sweep's `base` id when no `content/scenarios` folder is found). Writes `$OUT_DIR/builtin.rs`:
//! two sorted tables of `(id, JSON text)`.

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

fn table(name: &str, dir: &Path, out: &mut String) {
    println!("cargo:rerun-if-changed={}", dir.display());
    let mut files: Vec<PathBuf> = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("cannot read {}: {e}", dir.display()))
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "json"))
        .collect();
    files.sort_by_key(|p| p.file_stem().map(|s| s.to_os_string()));
    writeln!(out, "pub static {name}: &[(&str, &str)] = &[").unwrap();
    for f in files {
        println!("cargo:rerun-if-changed={}", f.display());
        let id = f.file_stem().unwrap().to_string_lossy();
        writeln!(
            out,
            "    ({id:?}, include_str!({:?})),",
            f.display().to_string()
        )
        .unwrap();
    }
    writeln!(out, "];").unwrap();
}

fn main() {
    let content = Path::new(env!("CARGO_MANIFEST_DIR")).join("../content");
    let content = content.canonicalize().unwrap_or(content);
    let mut out = String::new();
    table("SCENARIOS", &content.join("scenarios"), &mut out);
    table("SWEEPS", &content.join("sweeps"), &mut out);
    let dest = Path::new(&std::env::var("OUT_DIR").unwrap()).join("builtin.rs");
    std::fs::write(dest, out).unwrap();
}
