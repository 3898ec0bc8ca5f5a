//! The TypeScript declarations of what the wasm boundary hands the page, generated from the Rust
//! types that produce it (ts-rs derives on the model's types), so the browser's types of a run's
//! summary, its series names and its packet trace, of the catalog its controls are built from,
//! of what code of one's own sees and answers (`tcp::custom`), and of a sweep's scoreboard, are
//! never written a second time by hand.
//! `cargo run -p sim-core --example write_schemas` writes them to [`TYPESCRIPT_FILE`];
//! `tests/schema.rs` fails while the committed file differs.
//!
//! Counts are `u64` in Rust and ts-rs writes them as `bigint`; the wasm crate serializes with
//! serde-wasm-bindgen's JSON-compatible serializer, which hands every `u64` over as a JavaScript
//! number (the counts stay far below 2^53), so the declarations say `number`.

use crate::catalog::{Catalog, Entry, ProfileEntry};
use crate::metrics::{FlowSummary, SeriesName, ShadowSummary, Summary};
use crate::notices::Notice;
use crate::packet::Cause;
use crate::param::{ParamKind, ParamSpec};
use crate::sweep::scoreboard::{Board, BoardLine};
use crate::tcp::classify::Confusion;
use crate::tcp::custom::{AckView, Detection, LossView, WindowChange, WindowView};
use crate::tcp::signal::Verdict;
use crate::tcp::trace::{TraceEvent, TraceKind};
use ts_rs::TS;

/// Where the declarations live, relative to the repository root.
pub const TYPESCRIPT_FILE: &str = "web/src/sim/worker/core.generated.ts";

/// One exported declaration with its JSDoc, counts as numbers.
fn declaration<T: TS>() -> String {
    let docs = T::docs().unwrap_or_default();
    format!("{docs}export {}\n", T::decl()).replace(": bigint", ": number")
}

/// The file's text: a header, then every type the boundary hands over, in a fixed order.
pub fn typescript() -> String {
    let mut out = String::from(
        "// Generated from the simulator's Rust types (sim-core `boundary.rs`): do not edit.\n\
         // Regenerate with `cargo run -p sim-core --example write_schemas`.\n\n",
    );
    for d in [
        declaration::<Summary>(),
        declaration::<FlowSummary>(),
        declaration::<ShadowSummary>(),
        declaration::<Confusion>(),
        declaration::<Notice>(),
        declaration::<SeriesName>(),
        declaration::<TraceEvent>(),
        declaration::<TraceKind>(),
        declaration::<Cause>(),
        declaration::<Verdict>(),
        declaration::<Catalog>(),
        declaration::<Entry>(),
        declaration::<ProfileEntry>(),
        declaration::<ParamSpec>(),
        declaration::<ParamKind>(),
        declaration::<serde_json::Value>(),
        declaration::<AckView>(),
        declaration::<LossView>(),
        declaration::<Detection>(),
        declaration::<WindowView>(),
        declaration::<WindowChange>(),
        declaration::<Board>(),
        declaration::<BoardLine>(),
    ] {
        out.push_str(&d);
        out.push('\n');
    }
    out.truncate(out.trim_end().len());
    out.push('\n');
    out
}
