//! Running the `losslab` binary as a child process under a memory cap and a time limit, shared by
//! the tests that feed it hostile or huge inputs (`tests/hostile.rs`, `tests/budget_sweep_memory.rs`).
//!
//! - Memory cap: `ulimit -v` (address space, KiB) set by `sh -c` before `exec`ing the binary, so
//!   an allocation past it fails inside the process (Rust aborts: SIGABRT, reported here as a
//!   negative code) instead of swapping the machine. The CLI reads the cap and keeps its budget
//!   to half of it.
//! - Time limit: the child is polled and killed past the limit (`code` is then `None`).
//! - Its standard output and error go to files in `<cwd>/out/` (a pipe nobody reads could fill
//!   and stall it), read back as one text.

#![allow(dead_code)]

use std::ffi::OsStr;
use std::path::Path;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

/// How a capped child ended.
pub struct Outcome {
    /// Its exit code; minus the signal's number when a signal ended it; `None` when it was still
    /// running at the time limit (and was killed).
    pub code: Option<i32>,
    /// Its standard output, then its standard error (and the signal, if any).
    pub text: String,
    /// Its standard error alone.
    pub stderr: String,
    /// How long it ran.
    pub took: Duration,
}

/// Run `bin <args>` in `cwd` with `stdin`, under `memory_kib` KiB of address space and `limit`.
pub fn run_capped<S: AsRef<OsStr>>(
    bin: &str,
    args: &[S],
    cwd: &Path,
    stdin: Stdio,
    memory_kib: u64,
    limit: Duration,
) -> Outcome {
    let script = format!("ulimit -v {memory_kib}; exec \"$0\" \"$@\"");
    let out_dir = cwd.join("out");
    std::fs::create_dir_all(&out_dir).unwrap();
    let stdout = std::fs::File::create(out_dir.join("stdout")).unwrap();
    let stderr = std::fs::File::create(out_dir.join("stderr")).unwrap();
    let start = Instant::now();
    let mut child = Command::new("sh")
        .arg("-c")
        .arg(script)
        .arg(bin)
        .args(args)
        .current_dir(cwd)
        .stdin(stdin)
        .stdout(stdout)
        .stderr(stderr)
        .spawn()
        .expect("sh runs");
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break Some(s);
        }
        if start.elapsed() > limit {
            let _ = child.kill();
            let _ = child.wait();
            break None;
        }
        std::thread::sleep(Duration::from_millis(5));
    };
    let took = start.elapsed();
    let stderr = std::fs::read_to_string(out_dir.join("stderr")).unwrap_or_default();
    let mut text = format!(
        "{}{stderr}",
        std::fs::read_to_string(out_dir.join("stdout")).unwrap_or_default()
    );
    let code = status.map(|s| {
        use std::os::unix::process::ExitStatusExt;
        match s.signal() {
            Some(sig) => {
                text.push_str(&format!("\n(ended by signal {sig})"));
                -sig
            }
            None => s.code().unwrap_or(-1),
        }
    });
    Outcome {
        code,
        text,
        stderr,
        took,
    }
}
