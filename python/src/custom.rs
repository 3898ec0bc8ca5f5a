//! Python objects as a classifier or congestion control of one's own (`losslab.run(scenario,
//! classifier=…, cc=…)`): the Python host of `sim_core::tcp::custom`, whose adapters do the rest
//! (the same ones the browser's code goes through). Methods and fields are those of
//! python/README.md, "Your own classifier or congestion control":
//!
//! - a classifier: `on_ack(ack)` (optional) and `on_loss(loss)` → `"congestion"` or `"wireless"`;
//! - a congestion control: `on_ack(ack, window)`, `on_loss(loss, verdict)` and `on_timeout(loss)`
//!   (each optional), each returning `None` (no change) or a dict with `cwnd_bytes` and/or
//!   `ssthresh_bytes`.
//!
//! The records arrive as `types.SimpleNamespace` objects (`ack.rtt_s`, `loss.flight_bytes`). The
//! object given is used for one flow; a class, or a function returning a new object, is called
//! once per flow that needs one. The first exception is kept ([`Raised`]) so that `run` can raise
//! `losslab.CodeError` from it, with the original as its cause.

use pyo3::prelude::*;
use pyo3::types::{PyDict, PyType};
use serde::Serialize;
use sim_core::tcp::custom::{
    AckView, CcHost, ClassifierHost, CustomCode, LossView, WindowChange, WindowView,
};
use sim_core::tcp::signal::Verdict;
use std::cell::RefCell;
use std::rc::Rc;

/// The first exception the code raised.
pub type Raised = Rc<RefCell<Option<PyErr>>>;

/// The code `run` was given.
pub struct PyCode<'py> {
    pub py: Python<'py>,
    pub classifier: Option<Bound<'py, PyAny>>,
    pub cc: Option<Bound<'py, PyAny>>,
    pub raised: Raised,
    /// Objects already handed out (an object, unlike a class, serves one flow).
    used: Vec<&'static str>,
    namespace: Bound<'py, PyAny>,
}

impl<'py> PyCode<'py> {
    pub fn new(
        py: Python<'py>,
        classifier: Option<Bound<'py, PyAny>>,
        cc: Option<Bound<'py, PyAny>>,
    ) -> PyResult<Self> {
        Ok(PyCode {
            py,
            classifier,
            cc,
            raised: Raised::default(),
            used: Vec::new(),
            namespace: py.import("types")?.getattr("SimpleNamespace")?,
        })
    }

    /// A new object for one flow from `given` (`arg` names the argument in messages).
    fn instance(
        &mut self,
        arg: &'static str,
        methods: &[&str],
        flow: &str,
    ) -> Result<Bound<'py, PyAny>, String> {
        let given = match arg {
            "classifier" => self.classifier.clone(),
            _ => self.cc.clone(),
        }
        .ok_or_else(|| {
            format!("flow \"{flow}\" names \"custom\" as its {arg}, but no {arg}= was given")
        })?;
        let is_factory = given.is_instance_of::<PyType>()
            || (given.is_callable() && !methods.iter().any(|m| given.hasattr(*m).unwrap_or(false)));
        if is_factory {
            return given.call0().map_err(|e| {
                let msg = describe(self.py, &e);
                self.keep(e);
                format!("{arg}=: making the object for flow \"{flow}\" failed: {msg}")
            });
        }
        if self.used.contains(&arg) {
            return Err(format!(
                "{arg}=: more than one flow (or a flow and a shadow) uses it, and one object cannot keep \
                 the state of several; pass a class, or a function returning a new object, so each gets its own"
            ));
        }
        self.used.push(arg);
        Ok(given)
    }

    fn keep(&self, e: PyErr) {
        let mut slot = self.raised.borrow_mut();
        if slot.is_none() {
            *slot = Some(e);
        }
    }
}

impl CustomCode for PyCode<'_> {
    fn classifier(&mut self, flow: &str, _seed: u64) -> Result<Box<dyn ClassifierHost>, String> {
        let obj = self.instance("classifier", &["on_loss", "on_ack"], flow)?;
        Ok(Box::new(Host {
            obj: obj.unbind(),
            namespace: self.namespace.clone().unbind(),
            raised: Rc::clone(&self.raised),
        }))
    }
    fn congestion_control(&mut self, flow: &str, _seed: u64) -> Result<Box<dyn CcHost>, String> {
        let obj = self.instance("cc", &["on_ack", "on_loss", "on_timeout"], flow)?;
        Ok(Box::new(Host {
            obj: obj.unbind(),
            namespace: self.namespace.clone().unbind(),
            raised: Rc::clone(&self.raised),
        }))
    }
}

/// One flow's object.
struct Host {
    obj: Py<PyAny>,
    namespace: Py<PyAny>,
    raised: Raised,
}

/// `Type: message (line N of file)` for an exception, from its innermost traceback frame.
pub fn describe(py: Python<'_>, e: &PyErr) -> String {
    let kind = e
        .get_type(py)
        .name()
        .map(|n| n.to_string())
        .unwrap_or_else(|_| "Exception".into());
    let mut out = format!("{kind}: {}", e.value(py));
    if let Some(tb) = e.traceback(py) {
        let mut tb = tb.into_any();
        while let Ok(next) = tb.getattr("tb_next") {
            if next.is_none() {
                break;
            }
            tb = next;
        }
        let line = tb.getattr("tb_lineno").and_then(|l| l.extract::<u32>());
        let file = tb
            .getattr("tb_frame")
            .and_then(|f| f.getattr("f_code"))
            .and_then(|c| c.getattr("co_filename"))
            .and_then(|f| f.extract::<String>());
        if let (Ok(line), Ok(file)) = (line, file) {
            let name = std::path::Path::new(&file)
                .file_name()
                .map_or(file.clone(), |n| n.to_string_lossy().into_owned());
            out.push_str(&format!(" (line {line} of {name})"));
        }
    }
    out
}

impl Host {
    /// A record as a `SimpleNamespace` with its fields.
    fn view<'py>(&self, py: Python<'py>, v: &impl Serialize) -> PyResult<Bound<'py, PyAny>> {
        let dict = PyDict::new(py);
        if let serde_json::Value::Object(fields) = serde_json::to_value(v).expect("a record") {
            for (k, x) in fields {
                match x {
                    serde_json::Value::Bool(b) => dict.set_item(k, b)?,
                    serde_json::Value::Number(n) => match n.as_u64() {
                        Some(u) => dict.set_item(k, u)?,
                        None => dict.set_item(k, n.as_f64())?,
                    },
                    serde_json::Value::String(s) => dict.set_item(k, s)?,
                    _ => dict.set_item(k, py.None())?,
                }
            }
        }
        self.namespace.bind(py).call((), Some(&dict))
    }

    /// Call `method` with `args` if the object has it (`None` when it does not).
    fn call<'py>(
        &self,
        py: Python<'py>,
        method: &str,
        args: impl FnOnce(Python<'py>) -> PyResult<Vec<Bound<'py, PyAny>>>,
    ) -> Result<Option<Bound<'py, PyAny>>, String> {
        let obj = self.obj.bind(py);
        if !obj.hasattr(method).unwrap_or(false) {
            return Ok(None);
        }
        let run = || -> PyResult<Bound<'py, PyAny>> {
            let args = pyo3::types::PyTuple::new(py, args(py)?)?;
            obj.call_method1(method, args)
        };
        run().map(Some).map_err(|e| {
            let msg = describe(py, &e);
            let mut slot = self.raised.borrow_mut();
            if slot.is_none() {
                *slot = Some(e);
            }
            msg
        })
    }

    /// A congestion control's answer: `None` or a dict of `cwnd_bytes` / `ssthresh_bytes`.
    fn change(method: &str, answer: Option<Bound<'_, PyAny>>) -> Result<WindowChange, String> {
        let Some(a) = answer.filter(|a| !a.is_none()) else {
            return Ok(WindowChange::default());
        };
        let dict = a.downcast::<PyDict>().map_err(|_| {
            format!("{method} must return None or a dict with cwnd_bytes and/or ssthresh_bytes (got {a})")
        })?;
        let mut c = WindowChange::default();
        for (k, v) in dict.iter() {
            let key: String = k.extract().unwrap_or_default();
            let x = v
                .extract::<f64>()
                .map_err(|_| format!("{method}: {key} must be a number of bytes (got {v})"))?;
            match key.as_str() {
                "cwnd_bytes" => c.cwnd_bytes = Some(x),
                "ssthresh_bytes" => c.ssthresh_bytes = Some(x),
                _ => {
                    return Err(format!(
                        "{method} returned the key {k}; the keys are cwnd_bytes and ssthresh_bytes"
                    ))
                }
            }
        }
        Ok(c)
    }
}

fn verdict_name(v: Verdict) -> &'static str {
    match v {
        Verdict::Congestion => "congestion",
        Verdict::Wireless => "wireless",
    }
}

impl ClassifierHost for Host {
    fn on_acks(&mut self, acks: &[AckView]) -> Result<(), String> {
        Python::with_gil(|py| {
            if !self.obj.bind(py).hasattr("on_ack").unwrap_or(false) {
                return Ok(());
            }
            for a in acks {
                self.call(py, "on_ack", |py| Ok(vec![self.view(py, a)?]))?;
            }
            Ok(())
        })
    }
    fn on_loss(&mut self, loss: &LossView) -> Result<Verdict, String> {
        Python::with_gil(|py| {
            let answer = self
                .call(py, "on_loss", |py| Ok(vec![self.view(py, loss)?]))?
                .ok_or("a classifier needs an on_loss(loss) method")?;
            match answer.extract::<String>().as_deref() {
                Ok("congestion") => Ok(Verdict::Congestion),
                Ok("wireless") => Ok(Verdict::Wireless),
                _ => Err(format!(
                    "on_loss must return \"congestion\" or \"wireless\" (got {answer})"
                )),
            }
        })
    }
}

impl CcHost for Host {
    fn on_ack(&mut self, ack: &AckView, window: &WindowView) -> Result<WindowChange, String> {
        Python::with_gil(|py| {
            let a = self.call(py, "on_ack", |py| {
                Ok(vec![self.view(py, ack)?, self.view(py, window)?])
            })?;
            Self::change("on_ack", a)
        })
    }
    fn on_loss(&mut self, loss: &LossView, verdict: Verdict) -> Result<WindowChange, String> {
        Python::with_gil(|py| {
            let a = self.call(py, "on_loss", |py| {
                Ok(vec![
                    self.view(py, loss)?,
                    verdict_name(verdict).into_pyobject(py)?.into_any(),
                ])
            })?;
            Self::change("on_loss", a)
        })
    }
    fn on_timeout(&mut self, loss: &LossView) -> Result<WindowChange, String> {
        Python::with_gil(|py| {
            let a = self.call(py, "on_timeout", |py| Ok(vec![self.view(py, loss)?]))?;
            Self::change("on_timeout", a)
        })
    }
}
