//! Caps on what one scenario may ask for (docs/design.md §D3 "safety budget"): the parser checks the
//! fields against them, the catalog publishes them as knob ranges, the engine stops a run that
//! exceeds its event budget. Re-exported as `scenario::limits`.
//!
//! The structural caps (entries, counts, nodes, links, string lengths, document size) are checked
//! *before* anything is expanded or routed, so a hostile file is rejected in time and memory
//! proportional to its own size; `docs/limits.md` lists them all for people.

/// Longest simulated time, seconds.
pub const MAX_TIME_S: f64 = 100_000.0;
/// Most TCP connections after `count` expansion (the sum of every `flows[i].count`).
pub const MAX_FLOWS: u64 = 1000;
/// Most entries in `flows` (each entry is at least one connection, so this equals [`MAX_FLOWS`]).
pub const MAX_FLOW_ENTRIES: usize = MAX_FLOWS as usize;
/// Largest queue, packets.
pub const MAX_QUEUE_PKTS: u64 = 1_000_000;
/// Fastest link, bit/s.
pub const MAX_RATE_BPS: f64 = 1e11;
/// Most bits one link direction may carry in a run (rate × time): bounds the event count.
pub const MAX_LINK_BITS: f64 = 2e13;
/// Most events one run may process before it is stopped with an error.
pub const MAX_EVENTS: u64 = 4_000_000_000;
/// Most series points one run may record (samples × series).
pub const MAX_POINTS: f64 = 50_000_000.0;
/// Most nodes of a graph topology.
pub const MAX_NODES: usize = 1000;
/// Most links of a graph topology.
pub const MAX_LINKS: usize = 2000;
/// Most shadow classifiers (`observe.shadow_classifiers`); each one judges every loss of every
/// flow, so the product with the connections is capped too ([`MAX_SHADOW_JUDGES`]).
pub const MAX_SHADOWS: usize = 32;
/// Most shadow classifiers × connections.
pub const MAX_SHADOW_JUDGES: usize = 10_000;
/// Most cross-traffic sources (`cross_traffic`; read by `net::cross_spec`).
pub const MAX_CROSS_SOURCES: usize = 1000;
/// Most packet numbers in one `drop_list` error model (`packets`; read by `error_model::drop_list`).
/// The document-size cap bounds the sum over all link directions.
pub const MAX_DROP_LIST: usize = 100_000;
/// Most entries in one link direction's `rate_trace` (delivery opportunities or rate steps;
/// read by `net::rate_trace`). The document-size cap bounds the sum over all link directions.
pub const MAX_TRACE_ENTRIES: usize = 200_000;
/// Longest scenario `id` (characters: ASCII letters, digits, `_`, `-`, `.`; a letter or digit first).
pub const MAX_ID_CHARS: usize = 100;
/// Longest flow, node, link or cross-traffic id (characters: ASCII letters, digits, `_`, `-`).
pub const MAX_NAME_CHARS: usize = 64;
/// Longest `title` or `summary` (characters).
pub const MAX_TITLE_CHARS: usize = 1000;
/// Longest `description` (characters).
pub const MAX_DESCRIPTION_CHARS: usize = 20_000;
/// The longest source of a scenario's `code.classifier` or `code.cc`, characters.
pub const MAX_CODE_CHARS: usize = 50_000;
/// Largest scenario or sweep document, bytes of JSON text (checked before parsing).
pub const MAX_INPUT_BYTES: usize = 16 * 1024 * 1024;
/// Most problems listed for one document; the rest are counted ("… and N more problems").
pub const MAX_PROBLEMS: usize = 50;
/// Longest problem message or path (characters); a longer one is cut with "…".
pub const MAX_MESSAGE_CHARS: usize = 1000;
/// Longest piece of the user's own text (a key, a value) echoed inside a message (characters).
pub const MAX_QUOTED_CHARS: usize = 80;
/// Most connections a sweep may hold across all its points (points × connections of the base),
/// checked before any point is built: every point keeps its validated scenario.
pub const MAX_SWEEP_CONNECTIONS: u64 = 200_000;
/// Most packet-trace events one run records (`observe.trace`); past it the trace stops growing
/// and the run says so (the trace is the only per-packet recording).
pub const MAX_TRACE_EVENTS: u64 = 2_000_000;
