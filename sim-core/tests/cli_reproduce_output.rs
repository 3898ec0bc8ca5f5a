//! `losslab reproduce` prices the files its report would write before any run, as `losslab
//! sweep` does: over the file budget it is refused with exit 2, the size, what to change and
//! `--max-output-mb`, and writes nothing; raised, the same reproduction runs.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn repo() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

#[test]
fn a_report_over_the_file_budget_is_refused_before_any_run() {
    let out = std::env::temp_dir().join(format!("losslab-repout-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&out);
    // Gurtov's Fig. 3 draws time-sequence plots of traced runs: priced at several MB.
    let file = repo().join("content/reproductions/gurtov/fig3.json");
    let run = |mb: &str| {
        Command::new(BIN)
            .arg("reproduce")
            .arg(&file)
            .args([
                "--replications",
                "1",
                "--quiet",
                "--max-output-mb",
                mb,
                "--out",
            ])
            .arg(&out)
            .output()
            .unwrap()
    };
    let o = run("1");
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(o.status.code(), Some(2), "{err}");
    assert!(
        err.starts_with("reproduce: the report would write about ")
            && err.contains("the budget for files is 1 MB), most of it for gurtov/fig3;")
            && err
                .trim_end()
                .ends_with("or raise the budget with --max-output-mb"),
        "{err}"
    );
    assert!(!out.exists(), "nothing is written");
    let o = run("1024");
    assert_eq!(
        o.status.code(),
        Some(0),
        "{}",
        String::from_utf8_lossy(&o.stderr)
    );
    assert!(out.join("index.md").exists());
    let _ = std::fs::remove_dir_all(&out);
}
