//! Build script: records the git commit for `losslab --version` and the `.meta.json` sidecars
//! (`LOSSLAB_GIT_COMMIT`, `LOSSLAB_VERSION_LINE`). A builder may set `LOSSLAB_GIT_COMMIT`
//! itself (a tarball without `.git`); otherwise `git rev-parse --short=12 HEAD` is asked, and
//! without git the version line is the crate version alone. The library never reads these.

use std::process::Command;

fn git(args: &[&str]) -> Option<String> {
    let out = Command::new("git").args(args).output().ok()?;
    if !out.status.success() {
        return None;
    }
    let s = String::from_utf8(out.stdout).ok()?.trim().to_string();
    (!s.is_empty()).then_some(s)
}

fn main() {
    println!("cargo:rerun-if-env-changed=LOSSLAB_GIT_COMMIT");
    let commit = match std::env::var("LOSSLAB_GIT_COMMIT") {
        Ok(c) => Some(c).filter(|c| !c.is_empty()),
        Err(_) => {
            // Re-run when HEAD moves: HEAD itself (branch switches) and the ref it points to (its
            // loose file, else packed-refs). Only existing files: a missing one would re-run the
            // script, and rebuild the crate, on every build.
            let path = |p: &str| {
                git(&["rev-parse", "--git-path", p]).filter(|f| std::path::Path::new(f).exists())
            };
            let mut watch = vec![path("HEAD")];
            if let Some(r) = git(&["symbolic-ref", "-q", "HEAD"]) {
                watch.push(path(&r).or_else(|| path("packed-refs")));
            }
            for f in watch.into_iter().flatten() {
                println!("cargo:rerun-if-changed={f}");
            }
            git(&["rev-parse", "--short=12", "HEAD"])
        }
    };
    let version = std::env::var("CARGO_PKG_VERSION").unwrap_or_default();
    let line = match &commit {
        Some(c) => format!("{version} (commit {c})"),
        None => version,
    };
    println!(
        "cargo:rustc-env=LOSSLAB_GIT_COMMIT={}",
        commit.unwrap_or_default()
    );
    println!("cargo:rustc-env=LOSSLAB_VERSION_LINE={line}");
}
