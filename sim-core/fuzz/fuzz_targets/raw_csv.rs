//! libFuzzer target: arbitrary bytes as raw sweep CSV files for `losslab aggregate`
//! ([`sim_core::sweep::merge`]). The input is cut into up to three files at `\x00` bytes; the
//! first byte, when it is `#`, also declares a sweep size (points, replications) from the next
//! two bytes, as a `.meta.json` sidecar would.
//!
//! Invariants: merging never panics, and it ends (libFuzzer's timeout catches a hang: quotes are
//! tracked once per line, records and declared counts are capped, missing items are ranges);
//! every problem message is short; an accepted merge writes the aggregate header first and no
//! non-finite number.

#![no_main]

use libfuzzer_sys::fuzz_target;
use sim_core::sweep::merge::{merge, MergeError};
use std::io::{BufRead, Cursor};

fuzz_target!(|data: &[u8]| {
    let (expect, body) = match data {
        [b'#', p, r, rest @ ..] => (Some((*p as usize, *r as u64)), rest),
        _ => (None, data),
    };
    let parts: Vec<&[u8]> = body.split(|&b| b == 0).take(3).collect();
    let names = ["a.csv", "b.csv", "c.csv"];
    let mut readers: Vec<Cursor<&[u8]>> = parts.iter().map(|p| Cursor::new(*p)).collect();
    let mut named: Vec<(&str, &mut dyn BufRead)> = names
        .iter()
        .copied()
        .zip(readers.iter_mut().map(|r| r as &mut dyn BufRead))
        .collect();
    let mut out = Vec::new();
    match merge(&mut named, expect, &mut out) {
        Ok(_) => {
            let text = String::from_utf8(out).expect("the aggregate is UTF-8");
            assert!(text.starts_with("point,"), "{text:?}");
            // The statistics (the last five cells of a point's line, ending in its n) are finite
            // or empty; varied values and names before them may be any text, "inf" included.
            for line in text.lines().skip(1) {
                let cells: Vec<&str> = line.rsplitn(6, ',').take(5).collect();
                if cells.len() < 5 || cells[0].parse::<u64>().is_err() {
                    continue;
                }
                for c in &cells[1..] {
                    assert!(
                        c.is_empty() || c.parse::<f64>().is_ok_and(f64::is_finite),
                        "a statistic {c:?} in {line:?}"
                    );
                }
            }
        }
        Err(MergeError::Invalid(problems)) => {
            assert!(!problems.is_empty());
            for p in &problems {
                assert!(p.len() < 4000, "a {}-byte message", p.len());
            }
        }
        Err(MergeError::Write(e)) => panic!("writing to memory failed: {e}"),
    }
});
