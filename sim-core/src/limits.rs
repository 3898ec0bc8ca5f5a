//! Caps on what one scenario may ask for (DESIGN §3 "safety budget"): the parser checks the
//! fields against them, the catalog publishes them as knob ranges, the engine stops a run that
//! exceeds its event budget. Re-exported as `scenario::limits`.

/// Longest simulated time, seconds.
pub const MAX_TIME_S: f64 = 100_000.0;
/// Most TCP connections after `count` expansion.
pub const MAX_FLOWS: u64 = 1000;
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
