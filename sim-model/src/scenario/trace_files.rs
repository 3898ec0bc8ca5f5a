//! Trace files a scenario names, read into it (docs/traces.md): the command line and Python
//! resolve each `file` against the scenario's folder and put the trace inline, so the parser,
//! the budget and the browser only ever see inline traces.
//!
//! - `rate_trace: {"file": …, "format"?}`: a capacity trace, Mahimahi (`.mahi`, one delivery
//!   opportunity per line) or `time_s,rate_bps` steps (`.csv`, or `format: "steps"`)
//!   ([`crate::net::rate_trace::parse_mahimahi`], [`crate::net::rate_trace::parse_steps_csv`]);
//! - `errors: {"kind": "loss_trace", "file": …}`: loss or corruption events, a CSV of event times
//!   (`time_ms` or `time_s`), or a packet log with a `lost` column, whose lost packets are the
//!   events ([`crate::error_model::loss_trace::parse_events_csv`]); the file's events become `ms`.
//!
//! Every problem names the JSON path of the `file` key and the file's line.

use crate::error_model::loss_trace::parse_events_csv;
use crate::json_reader::child;
use crate::net::rate_trace::{parse_mahimahi, parse_steps_csv};
use serde_json::Value;

/// Whether `text` (a scenario document) may name a trace file: the cheap test before parsing it.
pub fn may_name_files(text: &str) -> bool {
    text.contains("\"rate_trace\"") || text.contains("\"loss_trace\"")
}

/// Replace every trace `file` of a scenario document by the trace read inline. `read(path)`
/// returns the file's text (the caller resolves `path` against the scenario's folder). Errors
/// name the JSON path and the file, sorted.
pub fn inline_files(
    doc: &mut Value,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<(), Vec<String>> {
    let mut errors = Vec::new();
    let mut stack: Vec<(String, &mut Value)> = vec![(String::new(), doc)];
    while let Some((path, v)) = stack.pop() {
        match v {
            Value::Object(o) => {
                if o.get("kind").and_then(Value::as_str) == Some("loss_trace") {
                    if let Err(e) = inline_loss_events(o, read) {
                        errors.push(format!("{}: {e}", child(&path, "file")));
                    }
                }
                if let Some(t) = o.get_mut("rate_trace") {
                    let at = child(&child(&path, "rate_trace"), "file");
                    if let Err(e) = inline_rate_trace(t, read) {
                        errors.push(format!("{at}: {e}"));
                    }
                }
                for (k, c) in o.iter_mut() {
                    if k != "rate_trace" {
                        stack.push((child(&path, k), c));
                    }
                }
            }
            Value::Array(a) => {
                for (i, c) in a.iter_mut().enumerate() {
                    stack.push((format!("{path}[{i}]"), c));
                }
            }
            _ => {}
        }
    }
    if errors.is_empty() {
        Ok(())
    } else {
        errors.sort();
        Err(errors)
    }
}

/// A `rate_trace` naming a file becomes the inline trace. The format is `format` when given, else
/// `steps` for a `.csv` file and `mahimahi` otherwise.
fn inline_rate_trace(
    t: &mut Value,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<(), String> {
    let Some(file) = t.get("file").and_then(Value::as_str).map(str::to_string) else {
        return Ok(());
    };
    let format = t.get("format").and_then(Value::as_str).map(str::to_string);
    let mut inline = rate_trace_of_file(&file, format.as_deref(), &read(&file)?)?;
    if let Some(name) = t.get("name") {
        inline["name"] = name.clone();
    }
    *t = inline;
    Ok(())
}

/// The inline `rate_trace` of a capacity-trace file's text: `steps` when `format` says so or, with
/// no format, when `name` ends in `.csv`; Mahimahi otherwise. The browser's "Load a trace file"
/// reads a file through this too (wasm `traceFromFile`).
pub fn rate_trace_of_file(name: &str, format: Option<&str>, text: &str) -> Result<Value, String> {
    let csv = format == Some("steps")
        || (format.is_none() && name.to_ascii_lowercase().ends_with(".csv"));
    if csv {
        parse_steps_csv(name, text)
    } else {
        parse_mahimahi(name, text)
    }
}

/// A `loss_trace` naming a file gets the file's events as `ms`; its other knobs (`hit`,
/// `period_ms`) stay.
fn inline_loss_events(
    o: &mut serde_json::Map<String, Value>,
    read: &mut dyn FnMut(&str) -> Result<String, String>,
) -> Result<(), String> {
    let Some(file) = o.get("file").and_then(Value::as_str).map(str::to_string) else {
        return Ok(());
    };
    if o.contains_key("ms") {
        return Err(format!(
            "{file}: give either the events (ms) or a file, not both"
        ));
    }
    let ms = parse_events_csv(&file, &read(&file)?)?;
    o.remove("file");
    o.insert("ms".into(), Value::from(ms));
    Ok(())
}
