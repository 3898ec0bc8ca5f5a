//! Outputs never replace inputs. Every file a command reads is noted here ([`note_input`]) and
//! every output path is checked ([`check_outputs`]) before anything is written: an output that is
//! the same file as one of the command's inputs, or as another of its outputs, is refused with
//! exit 2 and a sentence naming both. "The same file" is decided by the file system, not by the
//! spelling of the path:
//!
//! - an existing regular file is known by its device and inode, so a symbolic link, a hard link,
//!   `./x`, `dir/../x` and `/dev/stdin` redirected from the file all resolve to it;
//! - a path that does not exist yet is known by its folder (symbolic links resolved) and its
//!   name, so `new.csv` and `./new.csv` are one output;
//! - devices, FIFOs and terminals (`/dev/null`, a pipe) are written in place and never replaced,
//!   so they are not compared.
//!
//! [`crate::cli::files::Outputs::commit`] checks again just before it writes (a backstop for outputs
//! whose names are known only at the end, such as a report's figures), and remembers what this
//! process has written so two writes of one command never land on one file.

use crate::cli::Failure;
use std::os::unix::fs::MetadataExt;
use std::path::{Path, PathBuf};
use std::sync::Mutex;

/// What a path resolves to on the file system.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Identity {
    /// An existing regular file: (device, inode).
    Inode(u64, u64),
    /// A file to be created: its canonical folder joined with its name.
    New(PathBuf),
}

/// Inputs read by this process, with the name they were given as.
static INPUTS: Mutex<Vec<(Identity, String)>> = Mutex::new(Vec::new());
/// Outputs written (or claimed) by this process, with the option and name they were given as.
static OUTPUTS: Mutex<Vec<(Identity, String)>> = Mutex::new(Vec::new());

/// Forget the inputs and outputs noted so far (a new command starts).
pub fn forget() {
    INPUTS.lock().unwrap_or_else(|e| e.into_inner()).clear();
    OUTPUTS.lock().unwrap_or_else(|e| e.into_inner()).clear();
}

/// The identity of `path`: `None` for `-`, devices, FIFOs and folders (never replaced).
fn identity(path: &Path) -> Option<Identity> {
    if path.as_os_str() == "-" {
        return None;
    }
    match std::fs::metadata(path) {
        Ok(m) if m.is_file() => Some(Identity::Inode(m.dev(), m.ino())),
        Ok(_) => None,
        Err(_) => {
            let name = path.file_name()?;
            let parent = match path.parent() {
                Some(p) if !p.as_os_str().is_empty() => p,
                _ => Path::new("."),
            };
            let parent = std::fs::canonicalize(parent).unwrap_or_else(|_| parent.to_path_buf());
            Some(Identity::New(parent.join(name)))
        }
    }
}

/// Note that the command reads `path` (`-` = standard input: the file it is redirected from,
/// when it is one).
pub fn note_input(path: &str) {
    let p = if path == "-" {
        Path::new("/dev/stdin")
    } else {
        Path::new(path)
    };
    if let Some(id @ Identity::Inode(..)) = identity(p) {
        let shown = if path == "-" {
            "- (standard input)"
        } else {
            path
        };
        let mut inputs = INPUTS.lock().unwrap_or_else(|e| e.into_inner());
        if !inputs.iter().any(|(i, _)| *i == id) {
            inputs.push((id, shown.to_string()));
        }
    }
}

/// One output a command is about to write: the option that named it (`--summary`) and its path.
pub struct Out<'a> {
    pub flag: &'a str,
    pub path: String,
}

/// `path` and, when it will be a regular file, its `<path>.meta.json` sidecar.
pub fn with_sidecar<'a>(flag: &'a str, path: &str) -> Vec<Out<'a>> {
    let mut v = vec![Out {
        flag,
        path: path.to_string(),
    }];
    if path != "-" && identity(Path::new(path)).is_some() {
        v.push(Out {
            flag,
            path: format!("{path}.meta.json"),
        });
    }
    v
}

/// Refuse (exit 2) an output that is one of the command's inputs, another of its outputs, or a
/// file this process has already written.
pub fn check_outputs(command: &str, outs: &[Out]) -> Result<(), Failure> {
    let inputs = INPUTS.lock().unwrap_or_else(|e| e.into_inner());
    let written = OUTPUTS.lock().unwrap_or_else(|e| e.into_inner());
    let mut problems = Vec::new();
    let mut claimed: Vec<(Identity, String)> = Vec::new();
    for o in outs {
        let Some(id) = identity(Path::new(&o.path)) else {
            continue;
        };
        let shown = format!("{} {}", o.flag, o.path);
        if let Some((_, input)) = inputs.iter().find(|(i, _)| *i == id) {
            problems.push(format!(
                "{command}: {shown} is the same file as the input {input}; writing it would replace \
                 the input, so nothing was written (choose another output file)"
            ));
        } else if let Some((_, other)) =
            claimed.iter().chain(written.iter()).find(|(i, _)| *i == id)
        {
            problems.push(format!(
                "{command}: {shown} is the same file as {other}; each output needs a file of its \
                 own, so nothing was written"
            ));
        }
        claimed.push((id, shown));
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(Failure::Invalid(problems))
    }
}

/// Remember files this process has just written, so a later write of the same command cannot
/// replace them.
pub fn note_written(paths: &[PathBuf]) {
    let mut written = OUTPUTS.lock().unwrap_or_else(|e| e.into_inner());
    for p in paths {
        if let Some(id) = identity(p) {
            written.push((id, p.display().to_string()));
        }
    }
}
