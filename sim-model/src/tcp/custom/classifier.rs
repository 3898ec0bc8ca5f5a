//! The adapter between the sender and a classifier written outside the simulator
//! ([`super::ClassifierHost`]): it keeps the ACKs since the last call and hands them over in one
//! batch before each loss it asks about, so the code is called once per loss rather than once per
//! ACK; after an error it stops calling the code, answers congestion (standard TCP) and leaves the
//! error in the run's [`Fault`] for the engine to stop on.

use super::{AckView, ClassifierHost, Fault, LossView, Place, ACK_BATCH, ID};
use crate::tcp::classify::LossClassifier;
use crate::tcp::custom::views::Detection;
use crate::tcp::signal::{AckEvent, LossCtx, Truth, Verdict};

/// A classifier of one's own, as a flow's classifier or a shadow.
pub struct CustomClassifier {
    host: Box<dyn ClassifierHost>,
    fault: Fault,
    place: Place,
    /// ACKs not yet handed over (at most [`ACK_BATCH`]; the buffer is reused).
    pending: Vec<AckView>,
    /// Duplicate ACKs in a row so far.
    dupacks: u32,
    /// The code's [`ClassifierHost::wants_acks`].
    wants_acks: bool,
}

impl std::fmt::Debug for CustomClassifier {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("CustomClassifier")
            .field("flow", &self.place.flow)
            .field("pending", &self.pending.len())
            .finish()
    }
}

impl CustomClassifier {
    /// The adapter of `host` for flow `flow`, reporting errors to `fault`.
    pub fn new(host: Box<dyn ClassifierHost>, flow: &str, fault: Fault) -> Self {
        CustomClassifier {
            wants_acks: host.wants_acks(),
            host,
            fault,
            place: Place {
                role: "classifier",
                flow: flow.to_string(),
            },
            pending: Vec::with_capacity(64),
            dupacks: 0,
        }
    }

    /// Hand over the pending ACKs (if any, and if no error has stopped the code).
    fn flush(&mut self) {
        if self.pending.is_empty() {
            return;
        }
        if !self.fault.is_raised() {
            if let Err(e) = self.host.on_acks(&self.pending) {
                let now = self.pending.last().map_or(0.0, |a| a.now_s);
                self.fault.raise(self.place.say("on_ack", now, &e));
            }
        }
        self.pending.clear();
    }
}

impl LossClassifier for CustomClassifier {
    fn id(&self) -> &'static str {
        ID
    }

    fn on_ack(&mut self, ack: &AckEvent) {
        if !self.wants_acks {
            return;
        }
        self.dupacks = if ack.duplicate { self.dupacks + 1 } else { 0 };
        self.pending.push(AckView::new(ack, self.dupacks));
        if self.pending.len() >= ACK_BATCH {
            self.flush();
        }
    }

    fn classify(&mut self, ctx: &LossCtx, _truth: &Truth) -> Verdict {
        self.flush();
        if self.fault.is_raised() {
            return Verdict::Congestion;
        }
        let loss = LossView::new(ctx, Detection::DuplicateAcks);
        match self.host.on_loss(&loss) {
            Ok(v) => v,
            Err(e) => {
                self.fault.raise(self.place.say("on_loss", loss.now_s, &e));
                Verdict::Congestion
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tcp::classify::test_support::{ack_at, loss_ctx, ms};

    /// Records the calls it gets; answers wireless, or fails on the `fail_at`-th loss.
    struct Recorder {
        batches: std::rc::Rc<std::cell::RefCell<Vec<usize>>>,
        losses: u32,
        fail_at: u32,
    }

    impl ClassifierHost for Recorder {
        fn on_acks(&mut self, acks: &[AckView]) -> Result<(), String> {
            self.batches.borrow_mut().push(acks.len());
            Ok(())
        }
        fn on_loss(&mut self, _loss: &LossView) -> Result<Verdict, String> {
            self.losses += 1;
            if self.losses == self.fail_at {
                return Err("boom (line 3)".into());
            }
            Ok(Verdict::Wireless)
        }
    }

    fn ctx_at(at_ms: u64) -> LossCtx {
        LossCtx {
            now: ms(at_ms as f64),
            ..loss_ctx(0, 10.0)
        }
    }

    fn truth() -> Truth {
        Truth::new(None)
    }

    #[test]
    fn acks_reach_the_code_in_one_batch_before_each_loss_and_never_more_than_the_batch_size() {
        let batches = std::rc::Rc::default();
        let host = Recorder {
            batches: std::rc::Rc::clone(&batches),
            losses: 0,
            fail_at: 0,
        };
        let mut c = CustomClassifier::new(Box::new(host), "a", Fault::default());
        for i in 0..5 {
            c.on_ack(&ack_at(i as f64));
        }
        assert_eq!(c.classify(&ctx_at(5), &truth()), Verdict::Wireless);
        // A loss right after another: no empty batch.
        assert_eq!(c.classify(&ctx_at(6), &truth()), Verdict::Wireless);
        for i in 0..(2 * ACK_BATCH + 3) {
            c.on_ack(&ack_at(10.0 + i as f64));
        }
        c.classify(&ctx_at(9_000), &truth());
        assert_eq!(*batches.borrow(), vec![5, ACK_BATCH, ACK_BATCH, 3]);
    }

    #[test]
    fn an_error_is_kept_with_where_and_when_and_the_code_is_not_called_again() {
        let batches = std::rc::Rc::default();
        let host = Recorder {
            batches: std::rc::Rc::clone(&batches),
            losses: 0,
            fail_at: 1,
        };
        let fault = Fault::default();
        let mut c = CustomClassifier::new(Box::new(host), "phone", fault.clone());
        c.on_ack(&ack_at(1.0));
        assert_eq!(c.classify(&ctx_at(1_500), &truth()), Verdict::Congestion);
        c.on_ack(&ack_at(2.0));
        assert_eq!(c.classify(&ctx_at(2_000), &truth()), Verdict::Congestion);
        assert_eq!(*batches.borrow(), vec![1], "no call after the error");
        assert_eq!(
            fault.take().as_deref(),
            Some("your classifier (flow \"phone\", on_loss, at 1.500 s): boom (line 3)")
        );
    }
}
