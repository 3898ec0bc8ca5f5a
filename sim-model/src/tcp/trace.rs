//! The optional packet trace, written by the sender: discrete events of each flow for time–sequence diagrams
//! (sends, retransmissions, ACKs, drops with their true cause, timeouts, classifier verdicts).
//! Off unless `observe.trace` is true; it is the only per-packet recording in the simulator.

use super::signal::Verdict;
use crate::packet::Cause;
use crate::time::SimTime;
use serde::Serialize;
use ts_rs::TS;

/// What happened.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, TS)]
#[serde(rename_all = "snake_case")]
pub enum TraceKind {
    /// A new data segment left the sender.
    Send,
    /// A data segment was sent again.
    Retransmit,
    /// A cumulative ACK reached the sender (`seq` = the ACK number).
    Ack,
    /// A data segment was lost (`cause` = the truth).
    Drop,
    /// The retransmission timer expired (`seq` = snd_una).
    Timeout,
    /// The flow's classifier judged the loss of `seq` at a fast retransmit.
    Verdict,
}

/// One trace event. Sequence numbers are bytes; they cross to JavaScript as numbers (< 2^53).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, TS)]
pub struct TraceEvent {
    /// Time, ms.
    pub t_ms: f64,
    /// Flow index.
    pub flow: u32,
    /// Event kind.
    pub kind: TraceKind,
    /// Segment start or ACK number.
    pub seq: u64,
    /// True cause (drops, verdicts).
    pub cause: Option<Cause>,
    /// Verdict (verdict events).
    pub verdict: Option<Verdict>,
}

impl TraceEvent {
    /// An event with no cause or verdict.
    pub fn new(t: SimTime, flow: u32, kind: TraceKind, seq: u64) -> Self {
        TraceEvent {
            t_ms: t.as_millis_f64(),
            flow,
            kind,
            seq,
            cause: None,
            verdict: None,
        }
    }
}

/// One sender's trace buffer, capped: at most `limit` events are ever recorded (the
/// run's [`crate::limits::MAX_TRACE_EVENTS`] shared among its flows); later ones are counted in
/// `dropped`, so the run can say its trace stopped at the cap.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Trace {
    /// Events recorded since the last drain, in time order.
    pub events: Vec<TraceEvent>,
    /// Events recorded in all (drained or not).
    pub recorded: u64,
    /// Most events this buffer records in all.
    pub limit: u64,
    /// Events not recorded because the cap was reached.
    pub dropped: u64,
}

impl Trace {
    /// A buffer that records at most `limit` events.
    pub fn new(limit: u64) -> Self {
        Trace {
            limit,
            ..Trace::default()
        }
    }

    /// Record `ev`, unless the cap is reached (then count it as dropped).
    pub fn push(&mut self, ev: TraceEvent) {
        if self.recorded < self.limit {
            self.recorded += 1;
            self.events.push(ev);
        } else {
            self.dropped += 1;
        }
    }
}
