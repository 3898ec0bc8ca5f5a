//! Outputs never replace inputs: a property test over the `losslab` binary. Each case builds a
//! folder holding a scenario, a sweep and a raw CSV, picks a command (`run`, `sweep`, `aggregate`)
//! and up to three outputs, each either a new file or one of the inputs spelt another way (the
//! same name, `./name`, `sub/../name`, a symbolic link, a hard link), and checks:
//!
//! - none of the command's input files changes, whatever the command did;
//! - when an output is an input or two outputs are one file, the command exits 2 and says so;
//! - otherwise it succeeds and writes every output.

use proptest::prelude::*;
use std::path::Path;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

const SCENARIO: &str = r#"{"id":"tiny","stop":{"time_s":1},"flows":[{}]}"#;
const SWEEP: &str =
    r#"{"base":{"stop":{"time_s":1},"flows":[{}]},"vary":[{"path":"seed","values":[1,2]}]}"#;
const RAW: &str =
    "point,x,replication,seed,entity,metric,value\n0,1,0,1,tcp,m,1\n0,1,1,2,tcp,m,2\n";

/// The inputs of each command, by file name.
const INPUTS: [(&str, &str); 3] = [("in.json", SCENARIO), ("sw.json", SWEEP), ("raw.csv", RAW)];

/// How an output names a file: one of the inputs in some spelling, or a new file.
#[derive(Clone, Debug)]
enum Name {
    /// Input `i` spelt with form `f` (0 plain, 1 `./`, 2 `sub/../`, 3 symbolic link, 4 hard link).
    Input(usize, u8),
    /// New file `k` spelt plainly or with `./`.
    Fresh(u8, bool),
}

impl Name {
    fn path(&self) -> String {
        match self {
            Name::Input(i, f) => {
                let n = INPUTS[*i].0;
                match f {
                    0 => n.to_string(),
                    1 => format!("./{n}"),
                    2 => format!("sub/../{n}"),
                    3 => format!("sym-{n}"),
                    _ => format!("hard-{n}"),
                }
            }
            Name::Fresh(k, dot) => format!("{}new{k}.csv", if *dot { "./" } else { "" }),
        }
    }
    /// The file it resolves to, for deciding the expected outcome.
    fn file(&self) -> String {
        match self {
            Name::Input(i, _) => INPUTS[*i].0.to_string(),
            Name::Fresh(k, _) => format!("new{k}.csv"),
        }
    }
}

fn name() -> impl Strategy<Value = Name> {
    prop_oneof![
        (0..3usize, 0..5u8).prop_map(|(i, f)| Name::Input(i, f)),
        (0..3u8, any::<bool>()).prop_map(|(k, d)| Name::Fresh(k, d)),
    ]
}

fn setup(dir: &Path) {
    let _ = std::fs::remove_dir_all(dir);
    std::fs::create_dir_all(dir.join("sub")).unwrap();
    for (n, text) in INPUTS {
        std::fs::write(dir.join(n), text).unwrap();
        std::os::unix::fs::symlink(n, dir.join(format!("sym-{n}"))).unwrap();
        std::fs::hard_link(dir.join(n), dir.join(format!("hard-{n}"))).unwrap();
    }
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 40, failure_persistence: None, ..ProptestConfig::default() })]

    #[test]
    fn no_command_writes_over_its_inputs(command in 0..3usize, outs in prop::collection::vec(name(), 1..4)) {
        let dir = std::env::temp_dir().join(format!("losslab-noclobber-{}", std::process::id()));
        setup(&dir);
        // Each command's options for outputs, and its own inputs.
        let (args, flags, inputs): (Vec<&str>, &[&str], &[usize]) = match command {
            0 => (vec!["run", "in.json", "-q"], &["--summary", "--series", "--trace"], &[0]),
            1 => (vec!["sweep", "sw.json", "-q"], &["--out", "--raw"], &[1]),
            _ => (vec!["aggregate", "raw.csv"], &["--out"], &[2]),
        };
        let outs: Vec<&Name> = outs.iter().take(flags.len()).collect();
        let mut cmd = Command::new(BIN);
        cmd.current_dir(&dir).args(&args);
        for (flag, o) in flags.iter().zip(&outs) {
            cmd.arg(flag).arg(o.path());
        }
        let out = cmd.output().unwrap();
        let code = out.status.code();
        let stderr = String::from_utf8_lossy(&out.stderr);
        // None of the command's inputs changed (the other files may be written over: they are
        // outputs like any other).
        for &i in inputs {
            let (n, text) = INPUTS[i];
            prop_assert_eq!(std::fs::read_to_string(dir.join(n)).unwrap(), text, "{} changed: {}", n, stderr);
        }
        let files: Vec<String> = outs.iter().map(|o| o.file()).collect();
        let hits_input = outs.iter().any(|o| matches!(o, Name::Input(i, _) if inputs.contains(i)));
        let mut unique = files.clone();
        unique.sort();
        unique.dedup();
        let clash = unique.len() < files.len();
        if hits_input || clash {
            prop_assert_eq!(code, Some(2), "{}", stderr);
            prop_assert!(stderr.contains("is the same file as"), "{}", stderr);
        } else {
            prop_assert_eq!(code, Some(0), "{}", stderr);
            for f in &files {
                prop_assert!(dir.join(f).is_file(), "{} not written", f);
            }
        }
        // No temporary file is left behind.
        let left: Vec<String> = std::fs::read_dir(&dir).unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .filter(|n| n.contains(".tmp-"))
            .collect();
        prop_assert!(left.is_empty(), "{:?}", left);
        let _ = std::fs::remove_dir_all(&dir);
    }
}
