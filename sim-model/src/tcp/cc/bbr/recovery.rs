//! BBR's window through a fast recovery and at its end (the BBR v1 draft,
//! draft-cardwell-iccrg-bbr-congestion-control-00 §4.2.3.4 "Modulating cwnd in Loss Recovery";
//! Linux `tcp_bbr.c` `bbr_set_cwnd_to_recover_or_restore`; ns-3's TcpBbr
//! `ModulateCwndForRecovery`). With SACK the sender hands BBR every ACK of the episode
//! ([`super::super::CongestionControl::owns_recovery_window`]) and sends while cwnd − pipe ≥ 1 SMSS.
//!
//! ```text
//!   first ACK:    cwnd = pipe + max(delivered, 1 SMSS); packet conservation on
//!   every ACK:    cwnd = max(cwnd − newly lost, 1 SMSS); a newly lost segment counts as the
//!                 gain cycle's loss, as at the recovery's start
//!                 (it ends a 5/4 phase that has lasted RTprop)
//!                 conservation (until the next round starts): cwnd = max(cwnd, pipe + delivered)
//!                 after it: cwnd grows by delivered up to the target, as out of recovery
//!   end:          restore: cwnd = max(cwnd, window at the loss)
//!                 ns3:     cwnd = inflight(1) when Drain began (about one BDP)
//! ```
//! The `ns3` end is ns-3.44's, not BBR's: its TcpSocketBase ends every fast recovery with
//! cwnd = ssthresh for every congestion control, those that own their window included (TcpBbr
//! restores its window first, then the socket overwrites it), and TcpBbr, like Linux, sets
//! ssthresh = inflight(1) when it enters Drain. Linux leaves a BBR window alone there
//! (`tcp_end_cwnd_reduction` returns early for a `cong_control` module). Before Drain `ns3` falls
//! back to `restore` (ns-3's ssthresh is then its initial, unbounded value).

use super::{Bbr, Mode};
use crate::tcp::cc::RecoveryAck;

/// Who sets the window during a fast recovery with SACK.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoveryWindow {
    /// BBR: packet conservation for a round, newly lost segments taken off, then growth (the
    /// draft, Linux, ns-3).
    Conservation,
    /// The sender's recovery (PRR or RFC 6675), towards the window at the loss.
    Sender,
}

crate::choice_ids!(RecoveryWindow { Conservation => "conservation", Sender => "sender" });

/// The window at the end of a fast recovery.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RecoveryExit {
    /// The window from before the loss, at least (draft, Linux).
    Restore,
    /// About one BDP: ns-3.44's socket sets cwnd = ssthresh.
    Ns3,
}

crate::choice_ids!(RecoveryExit { Restore => "restore", Ns3 => "ns3" });

impl Bbr {
    /// The window after one ACK of a recovery BBR owns (`cwnd`: the window before it).
    pub(super) fn recovery_window(&mut self, ack: &RecoveryAck, cwnd: f64, mss: f64) -> f64 {
        let mut cwnd = cwnd;
        if ack.start {
            cwnd = ack.pipe + ack.delivered.max(mss);
            self.packet_conservation = true;
        } else {
            if ack.lost > 0.0 {
                // The draft's rs.losses: ends a 5/4 ProbeBW phase that has lasted RTprop.
                self.loss_in_cycle = true;
                cwnd = (cwnd - ack.lost).max(mss);
            }
            cwnd = if self.packet_conservation {
                cwnd.max(ack.pipe + ack.delivered)
            } else {
                self.grown(cwnd, ack.delivered)
            };
        }
        if self.mode == Mode::ProbeRtt {
            cwnd = cwnd.min(self.min_cwnd());
        }
        cwnd
    }

    /// The window recovery ends with (`cwnd_base`: the larger of the window at the loss and now).
    pub(super) fn exit_window(&mut self, cwnd_base: f64) -> f64 {
        self.packet_conservation = false;
        let cwnd = match (self.p.recovery_exit, self.drain_ssthresh) {
            (RecoveryExit::Ns3, Some(ssthresh)) => ssthresh,
            _ => cwnd_base,
        };
        cwnd.max(self.min_cwnd())
    }
}
