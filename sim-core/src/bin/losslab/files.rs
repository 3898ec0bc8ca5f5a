//! Inputs and outputs of the command line: `-` for stdin/stdout, outputs written whole to a
//! temporary file beside the target and renamed into place (a killed or failed job leaves no
//! partial CSV — at most a hidden `.<name>.tmp-<pid>` during the final rename), the
//! `<out>.meta.json` sidecars, and SHA-256.
//!
//! A command collects its outputs in [`Outputs`] and commits them at the end: every temporary
//! file is written first, then all are renamed; if one write fails, the temporary files are
//! removed and no target is touched.

use crate::Failure;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::io::{Read, Write};
use std::path::{Path, PathBuf};

/// Read a whole input (`-` = stdin); unreadable input is invalid input (exit 2).
pub fn read_input(path: &str) -> Result<String, Failure> {
    if path == "-" {
        let mut s = String::new();
        std::io::stdin()
            .read_to_string(&mut s)
            .map_err(|e| Failure::Invalid(vec![format!("-: cannot read stdin: {e}")]))?;
        return Ok(s);
    }
    std::fs::read_to_string(path)
        .map_err(|e| Failure::Invalid(vec![format!("{path}: cannot read: {e}")]))
}

/// Lower-case hex SHA-256 of some bytes.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// The outputs of one command, written at the end by [`Outputs::commit`].
#[derive(Default)]
pub struct Outputs {
    files: Vec<(String, String)>,
}

impl Outputs {
    /// Queue `text` for `path` (`-` = stdout).
    pub fn add(&mut self, path: &str, text: String) {
        self.files.push((path.to_string(), text));
    }

    /// Queue the `<path>.meta.json` sidecar of an output file (none for stdout).
    pub fn add_meta(&mut self, path: &str, meta: Value) {
        if path != "-" {
            let mut text = serde_json::to_string_pretty(&meta).unwrap_or_default();
            text.push('\n');
            self.add(&format!("{path}.meta.json"), text);
        }
    }

    /// Write every queued output: stdout ones directly, files through temp + rename.
    pub fn commit(self) -> Result<(), Failure> {
        let mut temps: Vec<(PathBuf, PathBuf)> = Vec::new();
        let mut stdout: Vec<String> = Vec::new();
        let cleanup = |temps: &[(PathBuf, PathBuf)]| {
            for (t, _) in temps {
                let _ = std::fs::remove_file(t);
            }
        };
        for (path, text) in self.files {
            if path == "-" {
                stdout.push(text);
                continue;
            }
            let target = PathBuf::from(&path);
            let temp = temp_path(&target);
            if let Err(e) = write_synced(&temp, text.as_bytes()) {
                let _ = std::fs::remove_file(&temp);
                cleanup(&temps);
                return Err(Failure::Internal(format!("cannot write {path}: {e}")));
            }
            temps.push((temp, target));
        }
        for (i, (temp, target)) in temps.iter().enumerate() {
            if let Err(e) = std::fs::rename(temp, target) {
                cleanup(&temps[i..]);
                return Err(Failure::Internal(format!(
                    "cannot write {}: {e}",
                    target.display()
                )));
            }
        }
        let mut out = std::io::stdout().lock();
        for text in stdout {
            out.write_all(text.as_bytes())
                .map_err(crate::stdout_failure)?;
        }
        Ok(())
    }
}

/// `.<name>.tmp-<pid>` in the target's folder (same file system, so the rename is atomic).
fn temp_path(target: &Path) -> PathBuf {
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = format!(".{name}.tmp-{}", std::process::id());
    match target.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.join(tmp),
        _ => PathBuf::from(tmp),
    }
}

fn write_synced(path: &Path, bytes: &[u8]) -> std::io::Result<()> {
    let mut f = std::fs::File::create(path)?;
    f.write_all(bytes)?;
    f.sync_all()
}

/// The fields every sidecar starts with: schema, kind, the file, LossLab's version and commit,
/// and the command line.
pub fn meta_base(kind: &str, file: &str) -> serde_json::Map<String, Value> {
    let argv: Vec<String> = std::env::args().collect();
    let mut m = serde_json::Map::new();
    m.insert("schema".into(), json!(1));
    m.insert("kind".into(), json!(kind));
    m.insert(
        "file".into(),
        json!(Path::new(file)
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())),
    );
    m.insert(
        "losslab".into(),
        json!({ "version": sim_core::VERSION, "commit": crate::args::commit() }),
    );
    m.insert("argv".into(), json!(argv));
    m
}
