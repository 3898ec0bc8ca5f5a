//! CSV output exactly as docs/design.md §D6: one header row, units in names, RFC 4180 quoting, undefined
//! values as empty cells. Every column is described in `docs/csv.md` (a test keeps it complete);
//! the sweep's files are written by `sweep/output.rs`.
//!
//! Formula-injection guard (OWASP "CSV injection"): a text cell that begins with `=`, `+`, `-`,
//! `@`, a tab or a carriage return would be run as a formula by a spreadsheet, so [`field`] puts a
//! single quote `'` before it (`=1+1` → `'=1+1`), the convention spreadsheets display as plain
//! text. Cells that are numbers (`-1.5`, `+3`, `-1e-6`) are left as they are. Every writer here and
//! the sweep's CSV go through [`field`] for text; content ids never begin with those characters,
//! so their bytes do not change (`docs/limits.md`).

use crate::metrics::Summary;

/// Summary columns, in order.
pub const SUMMARY_HEADER: &str = "scenario_id,seed,flow_id,cc,classifier,bytes_delivered,start_s,completion_s,throughput_kbps,goodput_kbps,segments_sent,retransmissions,fast_retransmits,timeouts,losses_queue,losses_corruption,losses_other,verdicts_congestion,verdicts_wireless,accuracy_congestion,accuracy_wireless,spurious_retransmissions";
/// Series columns. The scenario id and seed are not repeated on every row: the CLI
/// writes them once, in the `<file>.meta.json` sidecar; the lab puts them in the file names and a
/// `…-meta.json` beside the CSV in its zip (`docs/csv.md`).
pub const SERIES_HEADER: &str = "time_s,entity,metric,value";
/// Packet-trace columns (`losslab run --trace`); id and seed as for the series.
pub const TRACE_HEADER: &str = "time_s,flow_id,kind,seq,cause,verdict";

/// True for text a spreadsheet would read as a formula: it begins with `=`, `+`, `-`, `@`, a tab
/// or a carriage return and is not a plain number.
pub fn formula_like(s: &str) -> bool {
    s.starts_with(['=', '+', '-', '@', '\t', '\r']) && s.trim().parse::<f64>().is_err()
}

/// A text cell: a formula-like one gets a leading `'` (see the module docs), then it is quoted if
/// it holds a comma, quote or line break (RFC 4180 §2).
pub fn field(s: &str) -> String {
    let guarded;
    let s = if formula_like(s) {
        guarded = format!("'{s}");
        guarded.as_str()
    } else {
        s
    };
    if s.contains([',', '"', '\n', '\r']) {
        format!("\"{}\"", s.replace('"', "\"\""))
    } else {
        s.to_string()
    }
}

fn opt(x: Option<f64>) -> String {
    x.map(|v| v.to_string()).unwrap_or_default()
}

/// The summary file.
pub fn summary_csv(s: &Summary) -> String {
    let mut out = String::from(SUMMARY_HEADER);
    out.push('\n');
    for f in &s.flows {
        let row = [
            field(&s.scenario_id),
            s.seed.to_string(),
            field(&f.flow_id),
            f.cc.to_string(),
            f.classifier.to_string(),
            f.bytes_delivered.to_string(),
            f.start_s.to_string(),
            opt(f.completion_s),
            f.throughput_kbps.to_string(),
            f.goodput_kbps.to_string(),
            f.segments_sent.to_string(),
            f.retransmissions.to_string(),
            f.fast_retransmits.to_string(),
            f.timeouts.to_string(),
            f.losses_queue.to_string(),
            f.losses_corruption.to_string(),
            f.losses_other.to_string(),
            f.verdicts_congestion.to_string(),
            f.verdicts_wireless.to_string(),
            opt(f.accuracy_congestion),
            opt(f.accuracy_wireless),
            f.spurious_retransmissions.to_string(),
        ];
        out.push_str(&row.join(","));
        out.push('\n');
    }
    out
}

/// The series file from flat `[series, t_ms, value]` triplets (`names[series]` = entity, metric).
pub fn series_csv<M: AsRef<str>>(names: &[(String, M)], points: &[f64]) -> String {
    let mut out = String::from(SERIES_HEADER);
    out.push('\n');
    for p in points.chunks_exact(3) {
        let (entity, metric) = &names[p[0] as usize];
        let metric = metric.as_ref();
        // An undefined sample (NaN, ±∞) is an empty cell, never a number.
        let value = if p[2].is_finite() {
            p[2].to_string()
        } else {
            String::new()
        };
        out.push_str(&format!(
            "{},{},{metric},{value}\n",
            p[1] / 1000.0,
            field(entity),
        ));
    }
    out
}

fn snake<T: serde::Serialize>(x: &T) -> String {
    serde_json::to_value(x)
        .ok()
        .and_then(|v| v.as_str().map(str::to_string))
        .unwrap_or_default()
}

/// The packet trace: one row per event; `cause` and `verdict` empty where they do not apply.
pub fn trace_csv(flow_ids: &[String], events: &[crate::tcp::trace::TraceEvent]) -> String {
    let mut out = String::from(TRACE_HEADER);
    out.push('\n');
    for e in events {
        let flow = flow_ids
            .get(e.flow as usize)
            .map(|s| field(s))
            .unwrap_or_default();
        let cause = e.cause.map(|c| snake(&c)).unwrap_or_default();
        let verdict = e.verdict.map(|v| snake(&v)).unwrap_or_default();
        out.push_str(&format!(
            "{},{flow},{},{},{cause},{verdict}\n",
            e.t_ms / 1000.0,
            snake(&e.kind),
            e.seq
        ));
    }
    out
}

/// Split CSV text (RFC 4180: quoted fields may hold commas, doubled quotes and line breaks) into
/// records of unquoted fields, each with the 1-based line it starts on. Used to read back the
/// sweep's raw files (`sim_core::sweep::merge`). A blank last line is not a record.
pub fn parse_records(text: &str) -> Result<Vec<(usize, Vec<String>)>, String> {
    let mut records = Vec::new();
    let mut fields: Vec<String> = Vec::new();
    let mut cur = String::new();
    let (mut line, mut start) = (1usize, 1usize);
    let mut chars = text.chars().peekable();
    let mut quoted = false;
    let mut any = false;
    while let Some(c) = chars.next() {
        if quoted {
            match c {
                '"' if chars.peek() == Some(&'"') => {
                    chars.next();
                    cur.push('"');
                }
                '"' => quoted = false,
                '\n' => {
                    line += 1;
                    cur.push(c);
                }
                _ => cur.push(c),
            }
            continue;
        }
        match c {
            '"' if cur.is_empty() => {
                quoted = true;
                any = true;
            }
            ',' => {
                fields.push(std::mem::take(&mut cur));
                any = true;
            }
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' => {
                fields.push(std::mem::take(&mut cur));
                records.push((start, std::mem::take(&mut fields)));
                line += 1;
                start = line;
                any = false;
            }
            _ => {
                cur.push(c);
                any = true;
            }
        }
    }
    if quoted {
        return Err(format!("line {start}: a quoted field is not closed"));
    }
    if any || !cur.is_empty() {
        fields.push(cur);
        records.push((start, fields));
    }
    Ok(records)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn quotes_per_rfc4180() {
        assert_eq!(field("plain"), "plain");
        assert_eq!(field("a,b"), "\"a,b\"");
        assert_eq!(field("say \"hi\""), "\"say \"\"hi\"\"\"");
    }

    #[test]
    fn guards_formula_like_text_but_not_numbers() {
        assert_eq!(field("=1+1"), "'=1+1");
        assert_eq!(field("+cmd"), "'+cmd");
        assert_eq!(field("-x"), "'-x");
        assert_eq!(field("@SUM(A1)"), "'@SUM(A1)");
        assert_eq!(
            field("=HYPERLINK(\"x\",\"y\")"),
            "\"'=HYPERLINK(\"\"x\"\",\"\"y\"\")\""
        );
        assert_eq!(field("\tx"), "'\tx");
        for n in ["-1.5", "+3", "-1e-6", "-0", "12"] {
            assert_eq!(field(n), n);
        }
        assert_eq!(field("a-b"), "a-b");
    }

    #[test]
    fn parse_records_reads_back_what_field_writes() {
        let cells = ["plain", "a,b", "say \"hi\"", "two\nlines", "=1", ""];
        let line: Vec<String> = cells.iter().map(|c| field(c)).collect();
        let text = format!("{}\nx,y\r\n", line.join(","));
        let recs = parse_records(&text).unwrap();
        assert_eq!(recs.len(), 2);
        assert_eq!(recs[0].0, 1);
        assert_eq!(
            recs[0].1,
            ["plain", "a,b", "say \"hi\"", "two\nlines", "'=1", ""]
        );
        assert_eq!(recs[1], (3, vec!["x".to_string(), "y".to_string()]));
        assert!(parse_records("\"open").is_err());
        assert_eq!(parse_records("").unwrap(), vec![]);
    }
}
