//! The module layers of `sim-core`: arrows point one way. Reads the source tree and fails, with
//! `file:line`, when a forbidden import reappears.
//!
//! Each file's module path comes from its place under `src/` (`tcp/classify/ncpld.rs` is
//! `tcp::classify::ncpld`, a `mod.rs` is its folder). A line scan finds the paths it names:
//! `crate::a::b` (also `$crate::`, in macros) anywhere in code, and `super::…` / `self::…` at the
//! start of a `use`, resolved against the file's module (an indented `use` is taken to sit in an
//! inline module such as `mod tests`, one level down per four spaces). Braced groups are expanded
//! one level (`use super::{cc, classify::Verdict}` names both). Comment lines are skipped.
//!
//! Rules are (from, to) module prefixes compared segment by segment; `""` as `from` means every
//! module of the library. `src/bin/` is a separate crate (the CLI's entry point) and is not scanned as
//! a source; the command line itself is the module `cli`.
//!
//! The two floors need no rule here: the model is its own crate (`sim-model`), which this one
//! depends on, so Cargo refuses any arrow from the model to the experiments (budget, sweep,
//! catalog, reproduce, …). What is left is what Cargo cannot see: arrows inside a crate.

use std::fs;
use std::path::{Path, PathBuf};

/// One forbidden arrow: modules under `from` must not name anything under `to`, except the
/// modules under `allow_from` and the targets under `allow_to`.
struct Rule {
    from: &'static str,
    to: &'static str,
    allow_from: &'static [&'static str],
    allow_to: &'static [&'static str],
    why: &'static str,
}

const fn rule(from: &'static str, to: &'static str, why: &'static str) -> Rule {
    Rule {
        from,
        to,
        allow_from: &[],
        allow_to: &[],
        why,
    }
}

const RULES: &[Rule] = &[
    rule(
        "tcp::classify",
        "tcp::cc",
        "classifiers sit beside congestion control; shared signals are in tcp::signal",
    ),
    Rule {
        from: "tcp::cc",
        to: "tcp::classify",
        allow_from: &["tcp::cc::jtcp"],
        allow_to: &[],
        why: "only JTCP composes a classifier (its jitter-ratio test)",
    },
    rule(
        "tcp::signal",
        "tcp::cc",
        "the shared signals are below congestion control",
    ),
    rule(
        "tcp::signal",
        "tcp::classify",
        "the shared signals are below the classifiers",
    ),
    rule("tcp", "engine", "the engine drives TCP, never the reverse"),
    rule(
        "metrics",
        "engine",
        "metrics read flows (tcp::Flow) and the network, not the engine",
    ),
    rule(
        "notices",
        "metrics",
        "the notices take plain inputs (notices::FlowOutcome); the summary holds them",
    ),
    rule(
        "tcp::trace",
        "tcp::cc",
        "the sender's trace records what happened; it reads only the shared signals (Verdict)",
    ),
    rule(
        "tcp::trace",
        "tcp::classify",
        "the sender's trace records what happened; it reads only the shared signals (Verdict)",
    ),
    rule(
        "",
        "bin",
        "the CLI is built on the library, never the reverse",
    ),
    Rule {
        from: "",
        to: "cli",
        allow_from: &["cli"],
        allow_to: &[],
        why: "the command line sits on top of the library; nothing else in it reads the command line",
    },
    Rule {
        from: "",
        to: "reproduce",
        allow_from: &["reproduce", "cli"],
        allow_to: &[],
        why: "reproductions sit on top of the simulator and sweeps; only the command line runs them",
    },
    Rule {
        from: "",
        to: "theory",
        allow_from: &["theory"],
        allow_to: &[],
        why: "the analytic throughput formulas sit on top, for the lessons; nothing in the core reads them",
    },
    rule(
        "net",
        "scenario",
        "the network is built from its own spec types; the scenario reads them",
    ),
    rule(
        "queue",
        "scenario",
        "queue disciplines own their spec types and knob tables",
    ),
    rule(
        "error_model",
        "scenario",
        "error models own their spec types and knob tables",
    ),
    rule(
        "json_reader",
        "scenario",
        "the JSON reader is general; the scenario parser is built on it",
    ),
    rule(
        "param",
        "scenario",
        "knob declarations sit below the parser that reads through them",
    ),
    rule(
        "tcp::config",
        "tcp::profile",
        "a profile is a named set of TcpConfig values, not the reverse",
    ),
];

/// Why `module` may not name `target`, if it may not: the [`RULES`] entries it breaks.
fn forbidden(module: &str, target: &str) -> Vec<String> {
    RULES
        .iter()
        .filter(|r| {
            under(module, r.from)
                && under(target, r.to)
                && !r.allow_from.iter().any(|a| under(module, a))
                && !r.allow_to.iter().any(|a| under(target, a))
        })
        .map(|r| r.why.to_string())
        .collect()
}

/// True when module path `path` is `prefix` or inside it (segment-wise; `""` matches all).
fn under(path: &str, prefix: &str) -> bool {
    prefix.is_empty()
        || path == prefix
        || path
            .strip_prefix(prefix)
            .is_some_and(|r| r.starts_with("::"))
}

/// The module path of a source file relative to `src/`.
fn module_of(rel: &Path) -> String {
    let mut parts: Vec<String> = rel
        .iter()
        .map(|s| s.to_string_lossy().into_owned())
        .collect();
    let file = parts.pop().unwrap();
    let stem = file.trim_end_matches(".rs");
    if stem != "mod" && stem != "lib" {
        parts.push(stem.to_string());
    }
    parts.join("::")
}

fn rust_files(dir: &Path, out: &mut Vec<PathBuf>) {
    for e in fs::read_dir(dir).unwrap() {
        let p = e.unwrap().path();
        if p.is_dir() {
            rust_files(&p, out);
        } else if p.extension().is_some_and(|x| x == "rs") {
            out.push(p);
        }
    }
}

fn is_ident(c: char) -> bool {
    c.is_alphanumeric() || c == '_'
}

/// The leading `a::b::c` of `s` (identifier segments only), and the rest.
fn path_prefix(s: &str) -> (String, &str) {
    let mut end = 0;
    let b = s.as_bytes();
    loop {
        let seg = s[end..]
            .find(|c: char| !is_ident(c))
            .map_or(s.len(), |i| end + i);
        if seg == end {
            break;
        }
        end = seg;
        if b.get(end) == Some(&b':')
            && b.get(end + 1) == Some(&b':')
            && s[end + 2..].starts_with(is_ident)
        {
            end += 2;
        } else {
            break;
        }
    }
    (s[..end].to_string(), &s[end..])
}

/// Module paths (crate-relative) named on one code line of module `module` at inline depth `depth`.
fn targets(line: &str, module: &str, depth: usize) -> Vec<String> {
    let mut out = Vec::new();
    // crate:: anywhere (also $crate:: in macros).
    let mut rest = line;
    while let Some(i) = rest.find("crate::") {
        let before = rest[..i].chars().last();
        let after = &rest[i + "crate::".len()..];
        if before.is_none_or(|c| !is_ident(c)) {
            expand(after, String::new(), &mut out);
        }
        rest = after;
    }
    // use super::… / use self::… (relative to the module the `use` sits in).
    let t = line.trim_start();
    let t = t.strip_prefix("pub ").unwrap_or(t);
    let t = t.strip_prefix("pub(crate) ").unwrap_or(t);
    let t = t.strip_prefix("pub(super) ").unwrap_or(t);
    if let Some(u) = t.strip_prefix("use ") {
        // The module the `use` sits in: the file's module, plus `depth` inline modules.
        let mut base: Vec<&str> = module.split("::").filter(|s| !s.is_empty()).collect();
        let inline = depth;
        let mut u = u;
        let mut ups: usize = 0;
        if let Some(r) = u.strip_prefix("self::") {
            u = r;
        }
        while let Some(r) = u.strip_prefix("super::") {
            ups += 1;
            u = r;
        }
        if ups > 0 || line.trim_start().contains("use self::") {
            // Inline modules have no file segment: climbing out of them stays in the file's module.
            let ups_past_file = ups.saturating_sub(inline);
            for _ in 0..ups_past_file {
                base.pop();
            }
            expand(u, base.join("::"), &mut out);
        }
    }
    out
}

/// Push `base::path` for the path at the start of `s`, expanding one `{a, b::c}` group.
fn expand(s: &str, base: String, out: &mut Vec<String>) {
    let join = |p: &str| {
        if base.is_empty() {
            p.to_string()
        } else if p.is_empty() {
            base.clone()
        } else {
            format!("{base}::{p}")
        }
    };
    let (p, rest) = path_prefix(s);
    if let Some(group) = rest.strip_prefix("::{").or_else(|| {
        if p.is_empty() {
            s.strip_prefix('{')
        } else {
            None
        }
    }) {
        let inner = group.split('}').next().unwrap_or("");
        for item in inner.split(',') {
            let (q, _) = path_prefix(item.trim());
            let q = if q == "self" { String::new() } else { q };
            let full = if p.is_empty() {
                q
            } else if q.is_empty() {
                p.clone()
            } else {
                format!("{p}::{q}")
            };
            out.push(join(&full));
        }
    } else if !p.is_empty() {
        out.push(join(&p));
    }
}

/// The two library crates' source folders: the model (`sim-model/src`) and this crate's.
fn sources() -> Vec<PathBuf> {
    let here = Path::new(env!("CARGO_MANIFEST_DIR"));
    vec![here.join("../sim-model/src"), here.join("src")]
}

/// Every violation in the library sources under `src`: `file:line: from → to (why)`. A module
/// of this crate names a model module by the same path (`crate::tcp`, re-exported), so one set
/// of rules covers both crates.
fn violations(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    files.sort();
    let mut bad = Vec::new();
    for f in files {
        let rel = f.strip_prefix(src).unwrap();
        if rel.starts_with("bin") {
            continue;
        }
        let module = module_of(rel);
        let text = fs::read_to_string(&f).unwrap();
        for (n, line) in text.lines().enumerate() {
            let code = line.trim_start();
            if code.starts_with("//") {
                continue;
            }
            if code.starts_with("#[path") && code.contains("bin/") {
                bad.push(format!(
                    "src/{}:{}: {module} includes a file of the CLI (src/bin)",
                    rel.display(),
                    n + 1
                ));
            }
            let depth = (line.len() - code.len()) / 4;
            for t in targets(line, &module, depth) {
                for why in forbidden(&module, &t) {
                    bad.push(format!(
                        "src/{}:{}: {module} → {t} ({why})",
                        rel.display(),
                        n + 1
                    ));
                }
            }
        }
    }
    bad
}

#[test]
fn arrows_point_one_way() {
    let bad: Vec<String> = sources().iter().flat_map(|s| violations(s)).collect();
    assert!(bad.is_empty(), "forbidden imports:\n{}", bad.join("\n"));
}

#[test]
fn the_scan_resolves_paths() {
    assert_eq!(
        module_of(Path::new("tcp/classify/ncpld.rs")),
        "tcp::classify::ncpld"
    );
    assert_eq!(module_of(Path::new("tcp/cc/mod.rs")), "tcp::cc");
    assert_eq!(
        targets("use crate::tcp::cc::{AckEvent, LossCtx};", "x", 0),
        ["tcp::cc::AckEvent", "tcp::cc::LossCtx"]
    );
    assert_eq!(
        targets("use super::{cc, classify::Verdict};", "tcp::sender", 0),
        ["tcp::cc", "tcp::classify::Verdict"]
    );
    assert_eq!(
        targets("use super::super::cc::Reaction;", "tcp::classify::spike", 0),
        ["tcp::cc::Reaction"]
    );
    // Inside `mod tests` of spike.rs, `super` is spike itself and `super::super` is classify.
    assert_eq!(
        targets(
            "    use super::super::test_support::x;",
            "tcp::classify::spike",
            1
        ),
        ["tcp::classify::test_support::x"]
    );
    assert_eq!(
        targets(
            "        $crate::tcp::cc::CongestionControl::id(&self.0)",
            "tcp::cc",
            2
        ),
        ["tcp::cc::CongestionControl::id"]
    );
    assert!(targets("let x = screate::a;", "m", 0).is_empty());
    assert!(
        under("tcp::cc::bbr", "tcp::cc") && !under("tcp::ccx", "tcp::cc") && under("metrics", "")
    );
}

/// The `static` items of `text` that hold a value the program can change (an atomic, a lock, a
/// `static mut`, a thread-local): a setting shared by every run in the process. Write-once caches
/// of constants (`OnceLock` filled from constant tables) are not settings.
fn mutable_statics(text: &str) -> Vec<String> {
    text.lines()
        .map(str::trim)
        .filter(|l| !l.starts_with("//"))
        .filter(|l| {
            l.contains("thread_local!")
                || l.contains("static mut ")
                || (l.contains("static ")
                    && ["Atomic", "Mutex<", "RwLock<", "Cell<"]
                        .iter()
                        .any(|t| l.contains(t)))
        })
        .map(str::to_string)
        .collect()
}

#[test]
fn the_library_keeps_no_process_wide_setting() {
    // What a run may spend is an argument (`engine::Limits`, `budget::Budget::cli`); a static the
    // command line set once would be read by every run, test and Python call in the process.
    assert_eq!(
        mutable_statics("static CLI_MEMORY: AtomicU64 = AtomicU64::new(0);").len(),
        1
    );
    assert!(
        mutable_statics("static NAMES: OnceLock<Vec<&'static str>> = OnceLock::new();").is_empty()
    );
    let mut found = Vec::new();
    for src in sources() {
        let mut files = Vec::new();
        rust_files(&src, &mut files);
        // The command line's own bookkeeping (which files this command read and wrote, cli/guard.rs;
        // a counter of temporary file names) is not a setting any run reads; `cli::main` runs one
        // command at a time and empties it first.
        for f in files
            .iter()
            .filter(|f| !f.starts_with(src.join("bin")) && !f.starts_with(src.join("cli")))
        {
            let rel = f.strip_prefix(&src).unwrap().display().to_string();
            let statics = mutable_statics(&fs::read_to_string(f).unwrap());
            found.extend(statics.into_iter().map(|l| format!("{rel}: {l}")));
        }
    }
    assert!(
        found.is_empty(),
        "process-wide settings:\n{}",
        found.join("\n")
    );
}
