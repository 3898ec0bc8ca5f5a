//! Inputs and outputs of the command line: `-` for stdin/stdout, outputs written whole to a
//! temporary file beside the target and renamed into place (a killed or failed job leaves no
//! partial CSV — at most a hidden `.<name>.tmp-<pid>` during the final rename), the
//! `<out>.meta.json` sidecars, and SHA-256.
//!
//! No output replaces an input or another output of the same command ([`crate::cli::guard`]): the
//! commands check their output paths before they start, and [`Outputs::commit`] checks again.
//!
//! A command collects its outputs in [`Outputs`] and commits them at the end: every temporary
//! file is written first, then all are renamed; if one write fails, the temporary files are
//! removed and no target is touched.
//!
//! Only regular files are replaced. A target that exists and is something else — `/dev/null`, a
//! FIFO, a terminal — is opened and written in place, and gets no sidecar: renaming a temporary
//! file over `/dev/null` (as root) turns the null device into an ordinary file that keeps
//! everything written to it, and every program that reads it afterwards (cargo's rustc probe
//! among them) reads that text back. A symbolic link is followed: the file it names is replaced,
//! and the link stays.

use crate::cli::guard::{check_outputs, note_written, Out};
use crate::cli::Failure;
use serde_json::{json, Value};
use sha2::{Digest, Sha256};
use std::io::Write;
use std::path::{Path, PathBuf};

/// Read a whole input (`-` = stdin); unreadable or oversized input is invalid input (exit 2).
pub fn read_input(path: &str) -> Result<String, Failure> {
    read_text(path).map_err(|e| Failure::Invalid(vec![e]))
}

/// Read a whole text file (`-` = stdin), noted as an input of the command
/// ([`crate::cli::guard::note_input`]), stopping at [`crate::limits::MAX_INPUT_BYTES`]: standard input, a device
/// (`/dev/zero`) or a FIFO that never ends is refused once it passes the limit, not after
/// reading all it has. The message names the file.
pub fn read_text(path: &str) -> Result<String, String> {
    crate::cli::guard::note_input(path);
    if path == "-" {
        return crate::json_reader::read_limited(std::io::stdin().lock(), "-");
    }
    let f = std::fs::File::open(path).map_err(|e| format!("{path}: cannot read: {e}"))?;
    crate::json_reader::read_limited(f, path)
}

/// Lower-case hex SHA-256 of some bytes.
pub fn sha256(bytes: &[u8]) -> String {
    Sha256::digest(bytes)
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

/// Where an output path's bytes go.
enum Target {
    /// `-`.
    Stdout,
    /// An existing file that is not a regular file (a device, a FIFO): written in place.
    InPlace(PathBuf),
    /// A regular file, new or existing (a link resolved to the file it names): temp + rename.
    Replace(PathBuf),
}

fn target_of(path: &str) -> Target {
    if path == "-" {
        return Target::Stdout;
    }
    let p = PathBuf::from(path);
    match std::fs::metadata(&p) {
        Ok(m) if !m.is_file() && !m.is_dir() => Target::InPlace(p),
        Ok(m) if m.is_file() => Target::Replace(std::fs::canonicalize(&p).unwrap_or(p)),
        // New, or a folder (the rename then fails with the system's message).
        _ => Target::Replace(p),
    }
}

/// The outputs of one command, written at the end by [`Outputs::commit`].
#[derive(Default)]
pub struct Outputs {
    files: Vec<(String, String)>,
    streamed: Vec<Streamed>,
}

/// An output written as it is produced (a sweep's raw rows): into its temporary file
/// (or straight to stdout for `-`), renamed into place by [`Outputs::commit`] with the others; a
/// dropped, uncommitted one removes its temporary file.
pub struct Streamed {
    name: String,
    temp: Option<(PathBuf, PathBuf)>,
    w: Box<dyn Write + Send>,
}

impl Streamed {
    /// Start writing `path` (`-` = stdout).
    pub fn create(path: &str) -> Result<Streamed, Failure> {
        let target = match target_of(path) {
            Target::Stdout => {
                return Ok(Streamed {
                    name: "stdout".into(),
                    temp: None,
                    w: Box::new(std::io::BufWriter::new(std::io::stdout())),
                })
            }
            Target::InPlace(p) => {
                let f = std::fs::OpenOptions::new()
                    .write(true)
                    .open(&p)
                    .map_err(|e| Failure::Internal(format!("cannot write {path}: {e}")))?;
                return Ok(Streamed {
                    name: path.to_string(),
                    temp: None,
                    w: Box::new(std::io::BufWriter::with_capacity(1 << 16, f)),
                });
            }
            Target::Replace(p) => p,
        };
        let temp = temp_path(&target);
        let f = std::fs::File::create(&temp)
            .map_err(|e| Failure::Internal(format!("cannot write {path}: {e}")))?;
        Ok(Streamed {
            name: path.to_string(),
            temp: Some((temp, target)),
            w: Box::new(std::io::BufWriter::with_capacity(1 << 16, f)),
        })
    }

    /// The target's name, for messages.
    pub fn name(&self) -> &str {
        &self.name
    }
}

impl Write for Streamed {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.w.write(buf)
    }
    fn flush(&mut self) -> std::io::Result<()> {
        self.w.flush()
    }
}

impl Drop for Streamed {
    fn drop(&mut self) {
        if let Some((t, _)) = &self.temp {
            let _ = std::fs::remove_file(t);
        }
    }
}

impl Outputs {
    /// Queue `text` for `path` (`-` = stdout).
    pub fn add(&mut self, path: &str, text: String) {
        self.files.push((path.to_string(), text));
    }

    /// Queue the `<path>.meta.json` sidecar of an output file (none for stdout, a device or a
    /// FIFO).
    pub fn add_meta(&mut self, path: &str, meta: Value) {
        if matches!(target_of(path), Target::Replace(_)) {
            let mut text = serde_json::to_string_pretty(&meta).unwrap_or_default();
            text.push('\n');
            self.add(&format!("{path}.meta.json"), text);
        }
    }

    /// Finish a streamed output: flushed (and synced) now, renamed into place by
    /// [`Outputs::commit`].
    pub fn add_streamed(&mut self, mut s: Streamed) -> Result<(), Failure> {
        s.w.flush()
            .map_err(|e| Failure::Internal(format!("cannot write {}: {e}", s.name)))?;
        self.streamed.push(s);
        Ok(())
    }

    /// Write every queued output: regular files through temp + rename, then devices and FIFOs in
    /// place, then stdout.
    pub fn commit(mut self) -> Result<(), Failure> {
        // The backstop: no output is an input or another output (see [`crate::cli::guard`]).
        let mut outs: Vec<Out> = self
            .files
            .iter()
            .map(|(p, _)| Out {
                flag: "output",
                path: p.clone(),
            })
            .collect();
        outs.extend(
            self.streamed
                .iter()
                .filter(|s| s.temp.is_some())
                .map(|s| Out {
                    flag: "output",
                    path: s.name.clone(),
                }),
        );
        check_outputs("losslab", &outs)?;
        let mut temps: Vec<(PathBuf, PathBuf)> = Vec::new();
        for s in &mut self.streamed {
            if let Some((t, target)) = s.temp.take() {
                let synced = std::fs::File::open(&t).and_then(|f| f.sync_all());
                if let Err(e) = synced {
                    let _ = std::fs::remove_file(&t);
                    for (t, _) in &temps {
                        let _ = std::fs::remove_file(t);
                    }
                    return Err(Failure::Internal(format!("cannot write {}: {e}", s.name)));
                }
                temps.push((t, target));
            }
        }
        let mut stdout: Vec<String> = Vec::new();
        let mut in_place: Vec<(PathBuf, String)> = Vec::new();
        let cleanup = |temps: &[(PathBuf, PathBuf)]| {
            for (t, _) in temps {
                let _ = std::fs::remove_file(t);
            }
        };
        for (path, text) in std::mem::take(&mut self.files) {
            let target = match target_of(&path) {
                Target::Stdout => {
                    stdout.push(text);
                    continue;
                }
                Target::InPlace(p) => {
                    in_place.push((p, text));
                    continue;
                }
                Target::Replace(p) => p,
            };
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
        note_written(&temps.iter().map(|(_, t)| t.clone()).collect::<Vec<_>>());
        for (target, text) in in_place {
            std::fs::OpenOptions::new()
                .write(true)
                .open(&target)
                .and_then(|mut f| f.write_all(text.as_bytes()))
                .map_err(|e| {
                    Failure::Internal(format!("cannot write {}: {e}", target.display()))
                })?;
        }
        let mut out = std::io::stdout().lock();
        for text in stdout {
            out.write_all(text.as_bytes())
                .map_err(crate::cli::stdout_failure)?;
        }
        Ok(())
    }
}

/// `.<name>.tmp-<pid>-<n>` in the target's folder (same file system, so the rename is atomic);
/// `n` counts the temporary files of this process, so no two outputs share one.
fn temp_path(target: &Path) -> PathBuf {
    static NEXT: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    let n = NEXT.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    let name = target
        .file_name()
        .map(|n| n.to_string_lossy().into_owned())
        .unwrap_or_else(|| "out".into());
    let tmp = format!(".{name}.tmp-{}-{n}", std::process::id());
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
        json!({ "version": crate::VERSION, "commit": crate::cli::args::commit() }),
    );
    m.insert("argv".into(), json!(argv));
    m
}
