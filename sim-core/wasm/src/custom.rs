//! The browser's host of code of one's own (`sim_core::tcp::custom`, docs/design.md §1.15): the
//! worker's glue (web/src/sim/worker/customCode.ts) compiles the reader's JavaScript and hands
//! `WasmSim.attachCustom` an object that makes one classifier or congestion control per flow;
//! the adapters of `tcp::custom` do the rest, as for Python's host.
//!
//! A classifier's ACKs cross as one `Float64Array` per batch (`AckView::FIELDS` order, which
//! `ackFields()` gives the glue), so a loss costs one call into JavaScript whatever the number of
//! ACKs before it; the other records cross as plain objects. The glue throws an `Error` whose
//! message already names the exception and its line; it is passed on as it is.

use crate::to_js;
use sim_core::tcp::custom::{
    AckView, CcHost, ClassifierHost, CustomCode, LossView, WindowChange, WindowView,
};
use sim_core::tcp::signal::Verdict;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

#[wasm_bindgen]
extern "C" {
    /// What the glue hands `attachCustom`.
    pub type JsCode;
    #[wasm_bindgen(method, catch)]
    fn classifier(this: &JsCode, flow: &str, seed: f64) -> Result<JsClassifier, JsValue>;
    #[wasm_bindgen(method, catch, js_name = congestionControl)]
    fn congestion_control(this: &JsCode, flow: &str, seed: f64) -> Result<JsCc, JsValue>;

    /// One flow's classifier.
    pub type JsClassifier;
    #[wasm_bindgen(method, getter, js_name = wantsAcks)]
    fn wants_acks(this: &JsClassifier) -> bool;
    #[wasm_bindgen(method, catch, js_name = onAcks)]
    fn on_acks(this: &JsClassifier, packed: &js_sys::Float64Array) -> Result<(), JsValue>;
    #[wasm_bindgen(method, catch, js_name = onLoss)]
    fn on_loss(this: &JsClassifier, loss: &JsValue) -> Result<JsValue, JsValue>;

    /// One flow's congestion control.
    pub type JsCc;
    #[wasm_bindgen(method, catch, js_name = onAck)]
    fn on_ack(this: &JsCc, ack: &JsValue, window: &JsValue) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = onLoss)]
    fn on_loss(this: &JsCc, loss: &JsValue, verdict: &str) -> Result<JsValue, JsValue>;
    #[wasm_bindgen(method, catch, js_name = onTimeout)]
    fn on_timeout(this: &JsCc, loss: &JsValue) -> Result<JsValue, JsValue>;
}

/// `[[name, "number" | "flag" | "maybe"], …]`: how a batch of ACKs is packed.
#[wasm_bindgen(js_name = ackFields)]
pub fn ack_fields() -> Result<JsValue, JsError> {
    to_js(&AckView::FIELDS)
}

/// The message of what JavaScript threw.
fn message(e: JsValue) -> String {
    if let Some(err) = e.dyn_ref::<js_sys::Error>() {
        return String::from(err.message());
    }
    e.as_string()
        .unwrap_or_else(|| "the code threw something that is not an Error".into())
}

fn record(v: &impl serde::Serialize) -> Result<JsValue, String> {
    to_js(v).map_err(|e| format!("{:?}", JsValue::from(e)))
}

/// The glue's object, as `tcp::custom` wants it.
pub struct Code(pub JsCode);

impl CustomCode for Code {
    fn classifier(&mut self, flow: &str, seed: u64) -> Result<Box<dyn ClassifierHost>, String> {
        let c = self.0.classifier(flow, seed as f64).map_err(message)?;
        Ok(Box::new(Classifier {
            wants_acks: c.wants_acks(),
            js: c,
            packed: Vec::new(),
        }))
    }
    fn congestion_control(&mut self, flow: &str, seed: u64) -> Result<Box<dyn CcHost>, String> {
        let c = self
            .0
            .congestion_control(flow, seed as f64)
            .map_err(message)?;
        Ok(Box::new(Cc(c)))
    }
}

struct Classifier {
    js: JsClassifier,
    wants_acks: bool,
    /// The batch being packed (reused).
    packed: Vec<f64>,
}

impl ClassifierHost for Classifier {
    fn wants_acks(&self) -> bool {
        self.wants_acks
    }
    fn on_acks(&mut self, acks: &[AckView]) -> Result<(), String> {
        self.packed.clear();
        for a in acks {
            a.pack(&mut self.packed);
        }
        let array = js_sys::Float64Array::from(&self.packed[..]);
        self.js.on_acks(&array).map_err(message)
    }
    fn on_loss(&mut self, loss: &LossView) -> Result<Verdict, String> {
        let answer = self.js.on_loss(&record(loss)?).map_err(message)?;
        match answer.as_string().as_deref() {
            Some("congestion") => Ok(Verdict::Congestion),
            Some("wireless") => Ok(Verdict::Wireless),
            _ => Err(format!(
                "on_loss must return \"congestion\" or \"wireless\" (got {})",
                shown(&answer)
            )),
        }
    }
}

struct Cc(JsCc);

/// A value as the reader wrote it, for messages.
fn shown(v: &JsValue) -> String {
    if let Some(s) = v.as_string() {
        return format!("\"{s}\"");
    }
    js_sys::JSON::stringify(v)
        .ok()
        .and_then(|s| s.as_string())
        .unwrap_or_else(|| format!("{v:?}"))
}

/// A congestion control's answer: nothing, or `{ cwnd_bytes?, ssthresh_bytes? }`.
fn change(method: &str, v: JsValue) -> Result<WindowChange, String> {
    if v.is_undefined() || v.is_null() {
        return Ok(WindowChange::default());
    }
    // serde-wasm-bindgen reads a struct's own fields only, so a misspelt key is looked for here.
    if let Some(o) = v.dyn_ref::<js_sys::Object>() {
        for k in js_sys::Object::keys(o).iter() {
            let key = k.as_string().unwrap_or_default();
            if key != "cwnd_bytes" && key != "ssthresh_bytes" {
                return Err(format!(
                    "{method} returned the key \"{key}\"; the keys are cwnd_bytes and ssthresh_bytes"
                ));
            }
        }
    }
    serde_wasm_bindgen::from_value(v.clone()).map_err(|e| {
        format!(
            "{method} must return nothing or {{ cwnd_bytes, ssthresh_bytes }} (got {}: {e})",
            shown(&v)
        )
    })
}

fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Congestion => "congestion",
        Verdict::Wireless => "wireless",
    }
}

impl CcHost for Cc {
    fn on_ack(&mut self, ack: &AckView, window: &WindowView) -> Result<WindowChange, String> {
        let v = self
            .0
            .on_ack(&record(ack)?, &record(window)?)
            .map_err(message)?;
        change("on_ack", v)
    }
    fn on_loss(&mut self, loss: &LossView, verdict: Verdict) -> Result<WindowChange, String> {
        let v = self
            .0
            .on_loss(&record(loss)?, verdict_name(verdict))
            .map_err(message)?;
        change("on_loss", v)
    }
    fn on_timeout(&mut self, loss: &LossView) -> Result<WindowChange, String> {
        let v = self.0.on_timeout(&record(loss)?).map_err(message)?;
        change("on_timeout", v)
    }
}
