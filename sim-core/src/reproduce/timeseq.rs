//! Time-sequence plots in the reproduction report (Gurtov §3.1 and §6, Figs 3, 6
//! and 8, which are time-sequence plots of one connection).
//!
//! A reproduction file may ask for them in `timeseq` (`content/reproductions/FORMAT.md`): each
//! entry picks one sweep point (`at`, every varied path fixed), one replication (seed = the
//! point's seed + `replication`), one flow and an optional time window. That run is simulated
//! again with the packet trace on ([`crate::tcp::trace`]) and drawn as sequence number (in
//! segments of the flow's MSS) against time:
//!
//! - every data segment sent: a short grey tick (`class="send"`, one path for all);
//! - the cumulative ACK: a blue step line (`class="ack"`);
//! - every retransmission: a red diamond (`class="retx"`, one element each);
//! - every dropped data transmission, at its drop time: a black cross (`class="drop"`);
//! - every retransmission timeout: an orange triangle on the time axis (`class="timeout"`);
//! - the paper's marked points, where the reference file has them as (time s, sequence number in
//!   segments) in the series named by `marks`: hollow squares with their number
//!   (`class="paper-mark"`).
//!
//! Deterministic: one run on a fixed seed, drawn with fixed-precision coordinates; nothing depends
//! on how many threads ran the sweep.

use super::svg::{escape, fmt_coord as f, linear_ticks, plot_frame, BOTTOM, LEFT, RIGHT, TOP};
use super::RefSeries;
use crate::engine::{RunMode, Simulation};
use crate::sweep::{replication_scenario, Sweep};
use crate::tcp::trace::{TraceEvent, TraceKind};

/// One time-sequence plot a reproduction asks for (validated).
#[derive(Clone, Debug, PartialEq)]
pub struct TimeSeqSpec {
    /// Id (unique in the file; the SVG is `<paper>/<item>-<id>.svg`).
    pub id: String,
    /// Title.
    pub title: String,
    /// `choice` of the sweep point (index into every `vary[k].values`).
    pub choice: Vec<usize>,
    /// How the report names the point (`limit_pkts = 7`).
    pub at_label: String,
    /// Replication (seed offset).
    pub replication: u64,
    /// Flow id.
    pub flow: String,
    /// Window start, s (None: the run's start).
    pub from_s: Option<f64>,
    /// Window end, s (None: the last event).
    pub to_s: Option<f64>,
    /// Reference series ids whose points are drawn as the paper's marked points.
    pub marks: Vec<String>,
}

/// A drawn time-sequence plot.
#[derive(Clone, Debug, PartialEq)]
pub struct TimeSeqFigure {
    /// Spec id.
    pub id: String,
    /// Title.
    pub title: String,
    /// The SVG.
    pub svg: String,
    /// One line for the report: what was run and what the marks count.
    pub caption: String,
    /// Marks drawn: data segments sent, retransmissions, drops, timeouts, paper's points.
    pub counts: MarkCounts,
}

/// How many of each mark a plot holds (inside its window).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MarkCounts {
    /// New data segments sent.
    pub sends: usize,
    /// Retransmissions.
    pub retransmits: usize,
    /// Dropped data transmissions.
    pub drops: usize,
    /// Retransmission timeouts.
    pub timeouts: usize,
    /// The paper's marked points.
    pub paper: usize,
}

const H: f64 = 420.0;

/// Run the spec's replication with the trace on and return the flow's events (in time order),
/// its MSS and the number of trace events the cap left out.
pub fn trace_of(sweep: &Sweep, spec: &TimeSeqSpec) -> Result<(Vec<TraceEvent>, f64, u64), String> {
    let point = sweep
        .points
        .iter()
        .find(|p| p.choice == spec.choice)
        .ok_or_else(|| format!("timeseq {}: no such sweep point", spec.id))?;
    let mut sc = replication_scenario(point, spec.replication);
    sc.observe.trace = true;
    let (fi, fl) = sc
        .flows
        .iter()
        .enumerate()
        .find(|(_, fl)| fl.id == spec.flow)
        .ok_or_else(|| format!("timeseq {}: no flow \"{}\"", spec.id, spec.flow))?;
    let mss = fl.tcp.mss_bytes.max(1) as f64;
    let mut sim = Simulation::build(sc, RunMode::Full, crate::budget::Budget::here().limits());
    sim.run()
        .map_err(|e| format!("timeseq {}: the run failed: {e}", spec.id))?;
    let events = sim
        .take_trace()
        .into_iter()
        .filter(|e| e.flow as usize == fi)
        .collect();
    Ok((events, mss, sim.trace_dropped()))
}

/// Draw the plot of `events` (one flow's, in time order) for `spec`, with the reference series
/// `refs` (those named by `spec.marks`) as the paper's points.
pub fn draw(
    spec: &TimeSeqSpec,
    events: &[TraceEvent],
    mss: f64,
    refs: &[&RefSeries],
) -> (String, MarkCounts) {
    let from = spec.from_s.unwrap_or(0.0);
    let last = events.last().map_or(1.0, |e| e.t_ms * 1e-3);
    let to = spec.to_s.unwrap_or(last);
    let inside = |t_ms: f64| {
        let t = t_ms * 1e-3;
        t >= from && t <= to
    };
    let evs: Vec<&TraceEvent> = events.iter().filter(|e| inside(e.t_ms)).collect();
    let seg = |seq: u64| seq as f64 / mss;
    let mut ys: Vec<f64> = evs.iter().map(|e| seg(e.seq)).collect();
    let paper: Vec<(usize, f64, f64)> = refs
        .iter()
        .flat_map(|r| r.points.iter())
        .enumerate()
        .filter(|(_, p)| p.x >= from && p.x <= to)
        .map(|(i, p)| (i + 1, p.x, p.y))
        .collect();
    ys.extend(paper.iter().map(|p| p.2));
    let ymin = ys.iter().copied().reduce(f64::min).unwrap_or(0.0);
    let ymax = ys.iter().copied().reduce(f64::max).unwrap_or(1.0);
    let (x0, x1, xt) = linear_ticks(from, to.max(from + 1e-3));
    let (y0, y1, yt) = linear_ticks(ymin, ymax.max(ymin + 1.0));
    let px = |t: f64| LEFT + (t - x0) / (x1 - x0) * (RIGHT - LEFT);
    let py = |y: f64| BOTTOM - (y - y0) / (y1 - y0) * (BOTTOM - TOP);
    let mut o = String::new();
    plot_frame(
        &mut o,
        H,
        &spec.title,
        (&xt, &yt),
        (&px, &py),
        ("Time (s)", "Sequence number (segments)"),
    );
    let mut n = MarkCounts::default();
    // Sends: one path of short ticks.
    let mut d = String::new();
    for e in evs.iter().filter(|e| e.kind == TraceKind::Send) {
        n.sends += 1;
        d.push_str(&format!(
            "M{},{}v-3",
            f(px(e.t_ms * 1e-3)),
            f(py(seg(e.seq)))
        ));
    }
    if !d.is_empty() {
        o.push_str(&format!(
            "<path class=\"send\" d=\"{d}\" stroke=\"#888888\" fill=\"none\"/>\n"
        ));
    }
    // ACKs: a step line, one vertex per change of pixel.
    let mut pts: Vec<(String, String)> = Vec::new();
    for e in evs.iter().filter(|e| e.kind == TraceKind::Ack) {
        let (x, y) = (f(px(e.t_ms * 1e-3)), f(py(seg(e.seq))));
        if let Some((lx, ly)) = pts.last().cloned() {
            if ly == y {
                continue;
            }
            if lx != x {
                pts.push((x.clone(), ly));
            }
        }
        pts.push((x, y));
    }
    if pts.len() > 1 {
        let line: Vec<String> = pts.iter().map(|(x, y)| format!("{x},{y}")).collect();
        o.push_str(&format!(
            "<polyline class=\"ack\" points=\"{}\" fill=\"none\" stroke=\"#1f77b4\" stroke-width=\"1.2\"/>\n",
            line.join(" ")
        ));
    }
    for e in &evs {
        let (x, y) = (px(e.t_ms * 1e-3), py(seg(e.seq)));
        match e.kind {
            TraceKind::Retransmit => {
                n.retransmits += 1;
                o.push_str(&format!(
                    "<path class=\"retx\" d=\"M{},{}l4,4l-4,4l-4,-4z\" fill=\"#d62728\"/>\n",
                    f(x),
                    f(y - 4.0)
                ));
            }
            TraceKind::Drop => {
                n.drops += 1;
                o.push_str(&format!(
                    "<path class=\"drop\" d=\"M{},{}l7,7m0,-7l-7,7\" stroke=\"#000000\" stroke-width=\"1.5\"/>\n",
                    f(x - 3.5),
                    f(y - 3.5)
                ));
            }
            TraceKind::Timeout => {
                n.timeouts += 1;
                o.push_str(&format!(
                    "<path class=\"timeout\" d=\"M{},{}l5,8h-10z\" fill=\"#b35900\"/>\n",
                    f(x),
                    f(BOTTOM - 8.0)
                ));
            }
            _ => {}
        }
    }
    for (i, x, y) in &paper {
        n.paper += 1;
        o.push_str(&format!(
            "<g class=\"paper-mark\"><rect x=\"{}\" y=\"{}\" width=\"9\" height=\"9\" fill=\"none\" stroke=\"#1e7a1e\" stroke-width=\"1.8\"/><text x=\"{}\" y=\"{}\" fill=\"#1e7a1e\">{i}</text></g>\n",
            f(px(*x) - 4.5),
            f(py(*y) - 4.5),
            f(px(*x) + 7.0),
            f(py(*y) - 6.0)
        ));
    }
    // Legend.
    let legend = [
        ("<path d=\"M0,0v-8\" stroke=\"#888888\"/>", format!("data sent ({})", n.sends)),
        ("<path d=\"M-8,-4h16\" stroke=\"#1f77b4\" stroke-width=\"1.2\"/>", "cumulative ACK".to_string()),
        ("<path d=\"M0,-8l4,4l-4,4l-4,-4z\" fill=\"#d62728\"/>", format!("retransmitted ({})", n.retransmits)),
        ("<path d=\"M-3.5,-7.5l7,7m0,-7l-7,7\" stroke=\"#000000\" stroke-width=\"1.5\"/>", format!("dropped ({})", n.drops)),
        ("<path d=\"M0,-8l5,8h-10z\" fill=\"#b35900\"/>", format!("timeout ({})", n.timeouts)),
        ("<rect x=\"-4.5\" y=\"-8.5\" width=\"9\" height=\"9\" fill=\"none\" stroke=\"#1e7a1e\" stroke-width=\"1.8\"/>", format!("paper's marked points ({})", n.paper)),
    ];
    for (k, (icon, text)) in legend.iter().enumerate() {
        let x = LEFT + 10.0 + (k % 3) as f64 * 200.0;
        let y = 382.0 + (k / 3) as f64 * 18.0;
        o.push_str(&format!(
            "<g transform=\"translate({},{})\">{icon}</g><text x=\"{}\" y=\"{}\">{}</text>\n",
            f(x),
            f(y),
            f(x + 14.0),
            f(y),
            escape(text)
        ));
    }
    o.push_str("</svg>\n");
    (o, n)
}

/// Run and draw every time-sequence plot of a reproduction (`refs` = its reference series).
pub fn figures(
    sweep: &Sweep,
    specs: &[TimeSeqSpec],
    refs: &[RefSeries],
    has_reference: bool,
) -> Result<Vec<TimeSeqFigure>, String> {
    specs
        .iter()
        .map(|s| {
            let (events, mss, dropped) = trace_of(sweep, s)?;
            let marks: Vec<&RefSeries> = s
                .marks
                .iter()
                .filter_map(|id| refs.iter().find(|r| r.id == *id))
                .collect();
            let (svg, counts) = draw(s, &events, mss, &marks);
            let seed = sweep
                .points
                .iter()
                .find(|p| p.choice == s.choice)
                .map_or(0, |p| p.scenario.seed + s.replication);
            let window = match (s.from_s, s.to_s) {
                (None, None) => "the whole run".to_string(),
                (a, b) => format!(
                    "{}–{} s",
                    a.map_or("0".into(), super::num),
                    b.map_or("end".into(), super::num)
                ),
            };
            let paper = if !s.marks.is_empty() {
                format!("{} of the paper's marked points drawn.", counts.paper)
            } else if has_reference {
                "The reference file holds no marked points in time-sequence coordinates (our copy of the paper is text only), so none are drawn.".to_string()
            } else {
                "No reference file: no marked points.".to_string()
            };
            let capped = if dropped > 0 {
                format!(" The trace reached its cap: {dropped} events left out.")
            } else {
                String::new()
            };
            Ok(TimeSeqFigure {
                id: s.id.clone(),
                title: s.title.clone(),
                svg,
                caption: format!(
                    "Time-sequence plot of flow {} at {}, seed {seed}, {window}: {} segments sent, {} retransmitted, {} dropped, {} timeouts. {paper}{capped}",
                    s.flow, s.at_label, counts.sends, counts.retransmits, counts.drops, counts.timeouts
                ),
                counts,
            })
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::reproduce::RefPoint;
    use crate::time::SimTime;

    fn ev(t_s: f64, kind: TraceKind, seq: u64) -> TraceEvent {
        TraceEvent::new(SimTime::from_secs_f64(t_s), 0, kind, seq)
    }

    #[test]
    fn marks_are_counted_inside_the_window() {
        let spec = TimeSeqSpec {
            id: "a".into(),
            title: "t".into(),
            choice: vec![],
            at_label: String::new(),
            replication: 0,
            flow: "tcp".into(),
            from_s: Some(1.0),
            to_s: Some(10.0),
            marks: vec!["m".into()],
        };
        let events = vec![
            ev(0.5, TraceKind::Send, 0),
            ev(1.0, TraceKind::Send, 1000),
            ev(1.5, TraceKind::Drop, 1000),
            ev(2.0, TraceKind::Ack, 1000),
            ev(3.0, TraceKind::Timeout, 1000),
            ev(3.0, TraceKind::Retransmit, 1000),
            ev(4.0, TraceKind::Ack, 2000),
            ev(11.0, TraceKind::Drop, 2000),
        ];
        let r = RefSeries {
            id: "m".into(),
            label: "m".into(),
            unit: "segments".into(),
            points: vec![
                RefPoint {
                    x: 2.0,
                    y: 1.0,
                    uncertainty: 0.0,
                },
                RefPoint {
                    x: 20.0,
                    y: 1.0,
                    uncertainty: 0.0,
                },
            ],
        };
        let (svg, n) = draw(&spec, &events, 1000.0, &[&r]);
        assert_eq!(
            n,
            MarkCounts {
                sends: 1,
                retransmits: 1,
                drops: 1,
                timeouts: 1,
                paper: 1
            }
        );
        assert_eq!(svg.matches("class=\"drop\"").count(), 1);
        assert_eq!(svg.matches("class=\"retx\"").count(), 1);
        assert_eq!(svg.matches("class=\"paper-mark\"").count(), 1);
        assert!(svg.contains("class=\"ack\""));
        assert_eq!(draw(&spec, &events, 1000.0, &[&r]).0, svg);
        marks_stand_out(&svg);
    }

    /// WCAG 2.1 contrast ratio of `#rrggbb` against white, from relative luminance.
    fn ratio_on_white(hex: &str) -> f64 {
        let lin = |i: usize| {
            let v = u8::from_str_radix(&hex[i..i + 2], 16).unwrap() as f64 / 255.0;
            if v <= 0.04045 {
                v / 12.92
            } else {
                ((v + 0.055) / 1.055).powf(2.4)
            }
        };
        let l = 0.2126 * lin(1) + 0.7152 * lin(3) + 0.0722 * lin(5);
        1.05 / (l + 0.05)
    }

    /// Every mark a reader needs (sends, ACKs, resends, drops, timeouts, the paper's points; in the
    /// plot and in its key) is 3:1 or more on the plot's white (WCAG 1.4.11), and coloured text
    /// (the paper's point numbers) 4.5:1 (1.4.3). The timeout triangle was #ff7f0e, 2.5:1.
    fn marks_stand_out(svg: &str) {
        let colour = |el: &str, attr: &str| {
            el.split(&format!("{attr}=\"#"))
                .nth(1)
                .map(|r| format!("#{}", &r[..6]))
        };
        let marks = svg.lines().filter(|l| {
            ["send", "ack", "retx", "drop", "timeout", "paper-mark"]
                .iter()
                .any(|c| l.contains(&format!("class=\"{c}\"")))
                || l.contains("<g transform=")
        });
        let mut seen = 0;
        for line in marks {
            for el in line
                .split('<')
                .filter(|e| !e.starts_with("text") && !e.starts_with('/'))
            {
                for c in [colour(el, "fill"), colour(el, "stroke")]
                    .into_iter()
                    .flatten()
                {
                    seen += 1;
                    assert!(
                        ratio_on_white(&c) >= 3.0,
                        "{c} is {:.2}:1 on white in {el}",
                        ratio_on_white(&c)
                    );
                }
            }
            for el in line.split('<').filter(|e| e.starts_with("text")) {
                if let Some(c) = colour(el, "fill") {
                    assert!(
                        ratio_on_white(&c) >= 4.5,
                        "text {c} is {:.2}:1 on white",
                        ratio_on_white(&c)
                    );
                }
            }
        }
        assert!(
            seen >= 10,
            "the marks and their key were found ({seen} colours)"
        );
    }
}
