//! `losslab fit-ge`: the generated bursty loss trace (content/traces/generate.py: 3 % loss in bursts
//! of 4 packets) is fitted with intervals holding those two numbers, the `errors` object it prints
//! runs in a scenario, and a trace it cannot read is refused with the line and exit 2.

use serde_json::Value;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_losslab");

fn repo() -> std::path::PathBuf {
    std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .parent()
        .unwrap()
        .to_path_buf()
}

fn losslab(args: &[&str], stdin: Option<&str>) -> (Option<i32>, String, String) {
    use std::io::Write;
    let mut child = Command::new(BIN)
        .args(args)
        .current_dir(repo())
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut input = child.stdin.take().unwrap();
    input.write_all(stdin.unwrap_or("").as_bytes()).unwrap();
    drop(input);
    let out = child.wait_with_output().unwrap();
    (
        out.status.code(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn holds(e: &Value, truth: f64) -> bool {
    e["low"].as_f64().unwrap() <= truth && truth <= e["high"].as_f64().unwrap()
}

#[test]
fn the_generated_trace_is_fitted_with_intervals_holding_its_parameters() {
    let (code, out, err) = losslab(
        &["fit-ge", "content/traces/bursty-losses.csv", "--json"],
        None,
    );
    assert_eq!(code, Some(0), "{err}");
    let v: Value = serde_json::from_str(&out).unwrap();
    let fit = &v["fit"];
    assert_eq!(fit["packets"], 30_000);
    assert!(holds(&fit["mean_loss"], 0.03), "{}", fit["mean_loss"]);
    assert!(
        holds(&fit["mean_burst_pkts"], 4.0),
        "{}",
        fit["mean_burst_pkts"]
    );
    assert_eq!(fit["bursty"], true);

    // The printed errors object is a valid scenario link's errors.
    let mut sc: Value = serde_json::json!({
        "stop": {"time_s": 5},
        "topology": {"kind": "dumbbell", "bottleneck": {"rate_bps": 2_000_000, "delay_ms": 20}},
        "flows": [{}]
    });
    sc["topology"]["bottleneck"]["errors"] = v["errors"].clone();
    let (code, _, err) = losslab(&["run", "-"], Some(&sc.to_string()));
    assert_eq!(code, Some(0), "{err}");
}

#[test]
fn the_text_output_names_each_knob_with_its_interval() {
    let (code, out, err) = losslab(&["fit-ge", "content/traces/bursty-losses.csv"], None);
    assert_eq!(code, Some(0), "{err}");
    assert!(
        out.contains("mean_loss ") && out.contains("95 % interval"),
        "{out}"
    );
    assert!(
        out.contains("bursty: independent losses are rejected"),
        "{out}"
    );
    assert!(
        out.contains("scenario errors  {\"kind\":\"gilbert_elliott\""),
        "{out}"
    );
}

#[test]
fn unreadable_or_unfittable_traces_are_refused_with_exit_2() {
    let (code, _, err) = losslab(&["fit-ge", "-"], Some("time_s,lost\n0.001,0\n0.002,x\n"));
    assert_eq!(code, Some(2));
    assert!(err.contains("-: line 3: `lost` must be 0 or 1"), "{err}");
    let (code, _, err) = losslab(&["fit-ge", "content/traces/wifi-like.csv"], None);
    assert_eq!(code, Some(2));
    assert!(err.contains("no `lost` column"), "{err}");
    let (code, _, err) = losslab(&["fit-ge", "-"], Some("0\n0\n0\n"));
    assert_eq!(code, Some(2));
    assert!(err.contains("no lost packet"), "{err}");
}
