//! The adapter between the sender and a congestion control written outside the simulator
//! ([`super::CcHost`]). The sender keeps loss detection and recovery (RFC 5681 / RFC 6582, as for
//! every built-in variant); the code answers three questions and the adapter holds each answer to
//! the sender's invariants ([`WindowChange::check`]):
//!
//! - `on_ack`, on each new ACK outside recovery: the new window and threshold. As with the
//!   built-in growth (`cc::standard_growth`), a window already at the receiver's window grows no
//!   further.
//! - `on_loss`, on three duplicate ACKs, with the flow classifier's verdict: the threshold and the
//!   window recovery returns to (RFC 5681 §3.2 step 2's ssthresh, and cwnd at recovery exit).
//! - `on_timeout`, when the retransmission timer expires: the threshold and the window to restart
//!   from (RFC 5681 §3.1: the loss window).
//!
//! After an error the code is not called again and nothing changes; the run's [`Fault`] stops it.

use super::views::Detection;
use super::{AckView, CcHost, Fault, LossView, Place, WindowChange, WindowView, ID};
use crate::tcp::cc::{CcState, CongestionControl, Reaction};
use crate::tcp::signal::{AckEvent, LossCtx, Verdict};

/// A congestion control of one's own.
pub struct CustomCc {
    host: Box<dyn CcHost>,
    fault: Fault,
    place: Place,
    /// The ACK being processed (the sender hands it over before asking for growth).
    last_ack: Option<AckView>,
    /// Duplicate ACKs in a row so far.
    dupacks: u32,
}

impl std::fmt::Debug for CustomCc {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CustomCc")
            .field("flow", &self.place.flow)
            .finish()
    }
}

impl CustomCc {
    /// The adapter of `host` for flow `flow`, reporting errors to `fault`.
    pub fn new(host: Box<dyn CcHost>, flow: &str, fault: Fault) -> Self {
        CustomCc {
            host,
            fault,
            place: Place {
                role: "congestion control",
                flow: flow.to_string(),
            },
            last_ack: None,
            dupacks: 0,
        }
    }

    /// The code's answer to `method` (checked), or `None` after an error (kept in the fault).
    fn answer(
        &mut self,
        method: &str,
        now_s: f64,
        mss: f64,
        now: (f64, f64),
        call: impl FnOnce(&mut dyn CcHost) -> Result<WindowChange, String>,
    ) -> Option<WindowChange> {
        if self.fault.is_raised() {
            return None;
        }
        let checked = call(self.host.as_mut()).and_then(|c| {
            c.check(mss, now)
                .map(|()| c)
                .map_err(|e| format!("{method} returned a value the sender cannot take: {e}"))
        });
        match checked {
            Ok(c) => Some(c),
            Err(e) => {
                self.fault.raise(self.place.say(method, now_s, &e));
                None
            }
        }
    }

    fn reaction(&mut self, ctx: &LossCtx, verdict: Option<Verdict>) -> Reaction {
        let (method, detection) = match verdict {
            Some(_) => ("on_loss", Detection::DuplicateAcks),
            None => ("on_timeout", Detection::Timeout),
        };
        let loss = LossView::new(ctx, detection);
        let answer =
            self.answer(
                method,
                loss.now_s,
                ctx.mss,
                (ctx.cwnd, ctx.ssthresh),
                |h| match verdict {
                    Some(v) => h.on_loss(&loss, v),
                    None => h.on_timeout(&loss),
                },
            );
        let c = answer.unwrap_or_default();
        Reaction {
            ssthresh: c.ssthresh_bytes.unwrap_or(ctx.ssthresh),
            cwnd_base: c.cwnd_bytes.unwrap_or(ctx.cwnd),
        }
    }
}

impl CongestionControl for CustomCc {
    fn id(&self) -> &'static str {
        ID
    }

    fn on_ack(&mut self, ack: &AckEvent) {
        self.dupacks = if ack.duplicate { self.dupacks + 1 } else { 0 };
        self.last_ack = Some(AckView::new(ack, self.dupacks));
    }

    fn on_new_ack_open(&mut self, acked: u64, st: &mut CcState) {
        let Some(mut ack) = self.last_ack else {
            return;
        };
        ack.acked_bytes = acked;
        let window = WindowView {
            cwnd_bytes: st.cwnd,
            ssthresh_bytes: st.ssthresh,
            mss_bytes: st.mss,
            rwnd_bytes: st.rwnd,
        };
        let Some(c) = self.answer("on_ack", ack.now_s, st.mss, (st.cwnd, st.ssthresh), |h| {
            h.on_ack(&ack, &window)
        }) else {
            return;
        };
        if let Some(cwnd) = c.cwnd_bytes {
            // The receiver's window caps growth (the built-in growth stops there too).
            if !(st.cwnd >= st.rwnd && cwnd > st.cwnd) {
                st.cwnd = cwnd;
            }
        }
        if let Some(ssthresh) = c.ssthresh_bytes {
            st.ssthresh = ssthresh;
        }
    }

    fn on_fast_retransmit(&mut self, ctx: &LossCtx) -> Reaction {
        self.reaction(ctx, Some(Verdict::Congestion))
    }

    fn on_wireless_loss(&mut self, ctx: &LossCtx) -> Reaction {
        self.reaction(ctx, Some(Verdict::Wireless))
    }

    fn on_rto(&mut self, ctx: &LossCtx) -> Reaction {
        self.reaction(ctx, None)
    }
}
