//! Code of one's own: a loss classifier or a congestion control written outside the simulator
//! (JavaScript in the lab, a Python object in `losslab.run`), judged on the same losses as the
//! built-in ones (docs/design.md, "Your own classifier or congestion control").
//!
//! A scenario names it with the id [`ID`] (`"custom"`) wherever a classifier or a variant id goes:
//! a flow's `tcp.classifier` (it drives the flow's reaction), `observe.shadow_classifiers` (it
//! judges beside the others) or a flow's `tcp.cc`. The simulator then needs the code: the host
//! (the wasm worker, the Python extension) implements [`CustomCode`], which makes one
//! [`ClassifierHost`] or [`CcHost`] per flow that uses it, and hands it to
//! [`crate::Simulation::attach_custom`] before the run starts. Both hosts go through the same
//! adapters here ([`classifier::CustomClassifier`], [`cc::CustomCc`]), so what the code sees and
//! what the sender does with its answers is written once:
//!
//! - the code sees plain records ([`AckView`], [`LossView`], [`WindowView`]) in seconds and bytes,
//!   the fields named as in the scenario and summary files;
//! - a classifier's ACKs are handed over in batches, just before the next loss it must judge (or
//!   when [`ACK_BATCH`] have gathered), since its state only shows in its verdicts: one call into
//!   the host per loss instead of one per ACK;
//! - a congestion control's answers are checked against the sender's invariants
//!   ([`WindowChange::check`]) and a violation stops the run with a sentence saying which value,
//!   which limit, where and when;
//! - the first error (an exception in the code, a time limit, a broken invariant) is kept in the
//!   run's [`Fault`]: the adapters stop calling the code and the engine stops the run with it.

pub mod cc;
pub mod classifier;
mod views;

pub use views::{AckView, Detection, LossView, Packed, WindowChange, WindowView, MAX_WINDOW_BYTES};

use crate::tcp::signal::Verdict;
use std::cell::RefCell;
use std::rc::Rc;

/// The id a scenario uses for code of one's own, as a classifier or as a variant.
pub const ID: &str = "custom";

/// The catalog's entry for a classifier of one's own (last among the classifiers).
pub const CLASSIFIER_INFO: crate::param::Info = crate::param::Info {
    id: ID,
    title: "Your classifier (code)",
    description: "A loss classifier you write yourself: the lab runs the scenario's JavaScript, Python the object given to losslab.run(classifier=…).",
    reference: "docs/design.md §1.15",
};

/// The catalog's entry for a congestion control of one's own (last among the variants).
pub const CC_INFO: crate::param::Info = crate::param::Info {
    id: ID,
    title: "Your congestion control (code)",
    description: "A congestion control you write yourself: the lab runs the scenario's JavaScript, Python the object given to losslab.run(cc=…).",
    reference: "docs/design.md §1.15",
};

/// ACKs a classifier's adapter holds before handing them over even without a loss: the memory a
/// long clean run holds stays bounded.
pub const ACK_BATCH: usize = 1024;

/// An error the code raised, in the host's words (with its line number where the host knows it).
pub type HostError = String;

/// A classifier written outside the simulator. Each flow that uses it gets its own.
pub trait ClassifierHost {
    /// Whether the code looks at ACKs at all: when it does not, none are gathered or handed over.
    fn wants_acks(&self) -> bool {
        true
    }
    /// The ACKs that arrived since the last call, oldest first (never empty).
    fn on_acks(&mut self, acks: &[AckView]) -> Result<(), HostError>;
    /// Judge a loss the sender detected.
    fn on_loss(&mut self, loss: &LossView) -> Result<Verdict, HostError>;
}

/// A congestion control written outside the simulator. Each flow that uses it gets its own. An
/// answer's `None` fields leave that value as it is.
pub trait CcHost {
    /// A new ACK outside loss recovery: the window may grow.
    fn on_ack(&mut self, ack: &AckView, window: &WindowView) -> Result<WindowChange, HostError>;
    /// A loss detected by duplicate ACKs and judged `verdict` by the flow's classifier: the
    /// threshold, and the window recovery returns to.
    fn on_loss(&mut self, loss: &LossView, verdict: Verdict) -> Result<WindowChange, HostError>;
    /// The retransmission timer expired: the threshold, and the window to restart from.
    fn on_timeout(&mut self, loss: &LossView) -> Result<WindowChange, HostError>;
}

/// What makes the code for each flow that names [`ID`] (`flow` is the flow's id, `seed` the run's
/// seed, from which a host may seed the code's own random numbers).
pub trait CustomCode {
    /// A new classifier for flow `flow` (as its own classifier or as a shadow).
    fn classifier(&mut self, flow: &str, seed: u64) -> Result<Box<dyn ClassifierHost>, String>;
    /// A new congestion control for flow `flow`.
    fn congestion_control(&mut self, flow: &str, seed: u64) -> Result<Box<dyn CcHost>, String>;
}

/// The first error of a run's code, shared by its adapters and read by the engine after each
/// event.
#[derive(Clone, Debug, Default)]
pub struct Fault(Rc<RefCell<Option<String>>>);

impl Fault {
    /// Keep `message` unless an earlier error is kept already.
    pub fn raise(&self, message: String) {
        let mut slot = self.0.borrow_mut();
        if slot.is_none() {
            *slot = Some(message);
        }
    }
    /// True once an error is kept.
    pub fn is_raised(&self) -> bool {
        self.0.borrow().is_some()
    }
    /// The kept error, once: the engine stops the run with it.
    pub fn take(&self) -> Option<String> {
        self.0.borrow_mut().take()
    }
}

/// Whether scenario `sc` names [`ID`] anywhere, so that a run of it needs code.
pub fn needs_code(sc: &crate::scenario::Scenario) -> bool {
    sc.flows
        .iter()
        .any(|f| f.tcp.cc == ID || f.tcp.classifier == ID)
        || (!sc.flows.is_empty() && sc.observe.shadow_classifiers.iter().any(|s| s.id == ID))
}

/// Why a run of `sc`, which names [`ID`], does not start without code attached: the general
/// [`WAITING_MESSAGE`], or, when the scenario carries the lab's JavaScript, that only the lab
/// runs it.
pub fn waiting_message(sc: &crate::scenario::Scenario) -> String {
    if sc.code.is_empty() {
        WAITING_MESSAGE.into()
    } else {
        "the scenario carries JavaScript of your own (\"code\"), which only the lab runs: open it in \
         the lab, or in Python pass the same logic as Python code (losslab.run(scenario, classifier=…) or cc=…)"
            .into()
    }
}

/// Why a run whose scenario names [`ID`] without code does not start.
pub const WAITING_MESSAGE: &str = "the scenario names \"custom\" (a classifier or congestion control of your own), \
     but no code was given: write it in the lab's \"Your classifier\" or \"Your congestion control\", \
     or pass it in Python (losslab.run(scenario, classifier=…) or cc=…); the command line cannot run it";

/// The classifier a scenario's [`ID`] builds until the code is attached: it judges like standard
/// TCP, and the engine refuses to run while one is left ([`crate::Simulation::attach_custom`]).
#[derive(Clone, Copy, Debug)]
pub struct Waiting;

impl crate::tcp::classify::LossClassifier for Waiting {
    fn id(&self) -> &'static str {
        ID
    }
    fn classify(
        &mut self,
        _: &crate::tcp::signal::LossCtx,
        _: &crate::tcp::signal::Truth,
    ) -> Verdict {
        Verdict::Congestion
    }
}

/// Who the code is, where and when: the prefix of every message about it.
#[derive(Clone, Debug)]
pub(crate) struct Place {
    /// "classifier" or "congestion control".
    pub role: &'static str,
    /// The flow's id.
    pub flow: String,
}

impl Place {
    pub(crate) fn say(&self, method: &str, now_s: f64, what: &str) -> String {
        format!(
            "your {} (flow \"{}\", {method}, at {now_s:.3} s): {what}",
            self.role, self.flow
        )
    }
}
