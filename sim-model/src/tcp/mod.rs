//! TCP: the sender and receiver state machines and their plug-ins.
//!
//! - [`Sender`]: transmission, ACK processing, Tahoe / Reno / NewReno recovery, RFC 6298 RTO.
//! - [`Receiver`]: cumulative and delayed ACKs, out-of-order buffering, timestamp echo.
//! - [`Flow`]: one connection (sender, receiver, ids, loss counts); [`SendOverhead`]: the sending
//!   host's random delay before each transmission (ns-2 `overhead_`).
//! - [`cc`]: congestion-control variants; [`classify`]: loss classifiers; [`custom`]: code of
//!   one's own in either role, through one adapter per role; [`signal`]: the ACK
//!   event, loss context, verdict and estimators both share (below both).
//! - [`TcpConfig`] and [`profile`]: per-connection knobs and stack presets (docs/design.md §1.13).
//! - [`trace`]: the sender's optional packet trace (time–sequence diagrams).
//!
//! Simplifications, stated plainly: byte sequence numbers start at 0 and never wrap; the
//! advertised window is constant; no Nagle, no pacing, no FIN exchange (a transfer ends when its
//! last byte reaches the receiving application).

pub mod cc;
pub mod classify;
mod config;
pub mod custom;
mod flow;
pub mod profile;
pub mod prr;
mod receiver;
pub mod registry;
mod retx_truth;
mod rtt;
mod scoreboard;
mod send_overhead;
mod sender;
pub mod signal;
mod timer;
pub mod trace;

pub use config::{
    CwndGrowth, FlightSize, NewRenoExit, PrrBound, RecoverHeuristic, Recovery, RttSampling,
    TcpConfig,
};
pub use flow::Flow;
pub use receiver::{Notify, Receiver};
pub use rtt::RttEstimator;
pub use send_overhead::SendOverhead;
pub use sender::{RecoveryMode, Sender, SenderStats, Shadow};
pub use timer::Timer;
