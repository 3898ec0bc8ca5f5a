//! The figure of a reproduction as a self-contained SVG string: LossLab's mean ± 95 % CI per
//! series (solid lines, filled dots, error bars) over the paper's reference points (dashed lines,
//! hollow squares, ± their read uncertainty), labelled axes with units, a legend, log x on request.
//!
//! A small writer rather than a plotting crate: `plotters` lays text out with font metrics from a
//! font backend (`ttf`/`ab_glyph` and system or bundled fonts, or the browser's on wasm), so its
//! output would depend on the machine; this one writes `<text>` and leaves rendering to the
//! viewer, uses only fixed-precision coordinates and no randomness, and is byte-deterministic
//! natively and in wasm.

use super::{num, PlotData};

pub(super) const W: f64 = 720.0;
pub(super) const LEFT: f64 = 78.0;
pub(super) const RIGHT: f64 = 680.0;
pub(super) const TOP: f64 = 40.0;
pub(super) const BOTTOM: f64 = 330.0;
const PALETTE: &[&str] = &[
    "#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf",
];
const GREY: &str = "#666666";

/// Escape text for XML content and attributes.
pub fn escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => o.push_str("&amp;"),
            '<' => o.push_str("&lt;"),
            '>' => o.push_str("&gt;"),
            '"' => o.push_str("&quot;"),
            '\'' => o.push_str("&#39;"),
            c => o.push(c),
        }
    }
    o
}

/// What every LossLab SVG plot opens with: the `<svg>` element of width [`W`] and height `h`, the
/// title (as `<title>` and as a heading), the grid and tick labels at `ticks` (x, y) placed by
/// `place` (x, y → pixels), the plot's border and the two axis labels (`labels`, x then y).
/// Shared by the sweep figures (here) and the time-sequence plots ([`super::timeseq`]).
pub(super) fn plot_frame(
    o: &mut String,
    h: f64,
    title: &str,
    ticks: (&[f64], &[f64]),
    place: (&dyn Fn(f64) -> f64, &dyn Fn(f64) -> f64),
    labels: (&str, &str),
) {
    let f = fmt_coord;
    let (xt, yt) = ticks;
    let (px, py) = place;
    o.push_str(&format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{w}\" height=\"{h}\" viewBox=\"0 0 {w} {h}\" font-family=\"sans-serif\" font-size=\"12\">\n",
        w = f(W),
        h = f(h)
    ));
    o.push_str(&format!("<title>{}</title>\n", escape(title)));
    o.push_str(&format!(
        "<rect x=\"0\" y=\"0\" width=\"{}\" height=\"{}\" fill=\"#ffffff\"/>\n",
        f(W),
        f(h)
    ));
    o.push_str(&format!(
        "<text x=\"{}\" y=\"22\" text-anchor=\"middle\" font-size=\"14\">{}</text>\n",
        f((LEFT + RIGHT) / 2.0),
        escape(title)
    ));
    for (&t, label) in xt.iter().zip(tick_labels(xt)) {
        o.push_str(&format!(
            "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\" stroke=\"#e5e5e5\"/>\n<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
            f(TOP), f(BOTTOM), f(BOTTOM + 16.0), escape(&label), x = f(px(t))
        ));
    }
    for (&t, label) in yt.iter().zip(tick_labels(yt)) {
        o.push_str(&format!(
            "<line x1=\"{}\" y1=\"{y}\" x2=\"{}\" y2=\"{y}\" stroke=\"#e5e5e5\"/>\n<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}</text>\n",
            f(LEFT), f(RIGHT), f(LEFT - 6.0), f(py(t) + 4.0), escape(&label), y = f(py(t))
        ));
    }
    o.push_str(&format!(
        "<rect x=\"{}\" y=\"{}\" width=\"{}\" height=\"{}\" fill=\"none\" stroke=\"#000000\"/>\n",
        f(LEFT),
        f(TOP),
        f(RIGHT - LEFT),
        f(BOTTOM - TOP)
    ));
    o.push_str(&format!(
        "<text x=\"{}\" y=\"{}\" text-anchor=\"middle\">{}</text>\n",
        f((LEFT + RIGHT) / 2.0),
        f(BOTTOM + 36.0),
        escape(labels.0)
    ));
    o.push_str(&format!(
        "<text x=\"18\" y=\"{c}\" text-anchor=\"middle\" transform=\"rotate(-90 18 {c})\">{}</text>\n",
        escape(labels.1),
        c = f((TOP + BOTTOM) / 2.0)
    ));
}

/// A coordinate with at most two decimals (shared with [`super::timeseq`]).
pub(super) fn fmt_coord(x: f64) -> String {
    f(x)
}

fn f(x: f64) -> String {
    let s = format!("{x:.2}");
    let s = s.trim_end_matches('0').trim_end_matches('.');
    if s == "-0" {
        "0".into()
    } else {
        s.to_string()
    }
}

/// An axis's tick labels, one notation for the whole axis: round numbers short (`0.5`, `200`)
/// unless any tick is tiny or huge, in which case every tick takes the exponent (`1e-4`, `1e-3`,
/// `1e-2`, never `1e-4` beside `0.001`). Zero is always `0`.
pub(super) fn tick_labels(ticks: &[f64]) -> Vec<String> {
    let plain = |a: f64| a == 0.0 || (1e-3..1e6).contains(&a);
    let exponent = ticks.iter().any(|t| !plain(t.abs()));
    ticks
        .iter()
        .map(|&t| {
            if t == 0.0 {
                "0".into()
            } else if exponent {
                exp_form(t)
            } else {
                num(t)
            }
        })
        .collect()
}

/// `t` as mantissa `e` exponent with at most four significant digits: `5e-6`, `1.5e-5`, `2e6`.
fn exp_form(t: f64) -> String {
    let s = format!("{t:.3e}");
    match s.split_once('e') {
        Some((m, e)) => {
            let m = m.trim_end_matches('0').trim_end_matches('.');
            format!("{m}e{e}")
        }
        None => s,
    }
}

/// A "nice" step (1, 2 or 5 × 10^k) giving about `n` intervals over `span`.
fn nice_step(span: f64, n: f64) -> f64 {
    let raw = span / n;
    let mag = libm::pow(10.0, libm::floor(libm::log10(raw)));
    let r = raw / mag;
    mag * if r <= 1.0 {
        1.0
    } else if r <= 2.0 {
        2.0
    } else if r <= 5.0 {
        5.0
    } else {
        10.0
    }
}

/// Axis range and ticks for a linear axis over [lo, hi].
pub(super) fn linear_ticks(lo: f64, hi: f64) -> (f64, f64, Vec<f64>) {
    let (lo, hi) = if hi > lo {
        (lo, hi)
    } else if lo == 0.0 {
        (0.0, 1.0)
    } else {
        (lo - lo.abs() * 0.1, hi + hi.abs() * 0.1)
    };
    let step = nice_step(hi - lo, 5.0);
    let a = libm::floor(lo / step) * step;
    let b = libm::ceil(hi / step) * step;
    let n = libm::round((b - a) / step) as usize;
    let ticks = (0..=n).map(|i| a + step * i as f64).collect();
    (a, b, ticks)
}

/// Decades covering [lo, hi] (both > 0).
fn log_ticks(lo: f64, hi: f64) -> (f64, f64, Vec<f64>) {
    let a = libm::floor(libm::log10(lo));
    let mut b = libm::ceil(libm::log10(hi));
    if b <= a {
        b = a + 1.0;
    }
    let ticks = (0..=(b - a) as usize)
        .map(|i| libm::pow(10.0, a + i as f64))
        .collect();
    (libm::pow(10.0, a), libm::pow(10.0, b), ticks)
}

/// Draw the figure.
pub fn figure(d: &PlotData) -> String {
    let keep = |x: f64| !d.log_x || x > 0.0;
    let mut xs: Vec<f64> = Vec::new();
    let mut ys: Vec<f64> = Vec::new();
    for s in &d.series {
        for (x, c) in &s.points {
            if keep(*x) {
                xs.push(*x);
                ys.extend([c.low, c.high, c.mean]);
            }
        }
    }
    for s in &d.reference {
        for p in &s.points {
            if keep(p.x) {
                xs.push(p.x);
                ys.extend([p.y - p.uncertainty, p.y + p.uncertainty]);
            }
        }
    }
    let fin = |v: &Vec<f64>| {
        v.iter()
            .copied()
            .filter(|x| x.is_finite())
            .collect::<Vec<_>>()
    };
    let (xs, ys) = (fin(&xs), fin(&ys));
    let min = |v: &[f64], d: f64| v.iter().copied().reduce(f64::min).unwrap_or(d);
    let max = |v: &[f64], d: f64| v.iter().copied().reduce(f64::max).unwrap_or(d);
    let (x0, x1, xt) = if d.log_x {
        log_ticks(min(&xs, 1.0), max(&xs, 10.0))
    } else {
        linear_ticks(min(&xs, 0.0).min(0.0), max(&xs, 1.0))
    };
    let (y0, y1, yt) = linear_ticks(min(&ys, 0.0).min(0.0), max(&ys, 1.0));
    let px = |x: f64| {
        let t = if d.log_x {
            (libm::log10(x) - libm::log10(x0)) / (libm::log10(x1) - libm::log10(x0))
        } else {
            (x - x0) / (x1 - x0)
        };
        LEFT + t * (RIGHT - LEFT)
    };
    let py = |y: f64| BOTTOM - (y - y0) / (y1 - y0) * (BOTTOM - TOP);

    let entries = d.series.len() + d.reference.len();
    let rows = entries.div_ceil(2);
    let h = 392.0 + rows as f64 * 18.0 + 6.0;
    let mut o = String::new();
    let x_label = format!("{}{}", d.x_label, if d.log_x { " — log scale" } else { "" });
    plot_frame(
        &mut o,
        h,
        &d.title,
        (&xt, &yt),
        (&px, &py),
        (&x_label, &d.y_label),
    );
    let color = |i: usize| PALETTE[i % PALETTE.len()];
    let ref_color = |i: usize| {
        d.series
            .iter()
            .position(|s| s.reference == Some(i))
            .map_or(GREY, color)
    };
    // The paper's points first, so LossLab's are drawn on top.
    for (i, s) in d.reference.iter().enumerate() {
        let c = ref_color(i);
        let pts: Vec<_> = s.points.iter().filter(|p| keep(p.x)).collect();
        if pts.len() > 1 {
            let line: Vec<String> = pts
                .iter()
                .map(|p| format!("{},{}", f(px(p.x)), f(py(p.y))))
                .collect();
            o.push_str(&format!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"1.2\" stroke-dasharray=\"5 3\"/>\n",
                line.join(" ")
            ));
        }
        for p in pts {
            let (x, y) = (px(p.x), py(p.y));
            if p.uncertainty > 0.0 {
                o.push_str(&format!(
                    "<line x1=\"{x}\" y1=\"{}\" x2=\"{x}\" y2=\"{}\" stroke=\"{c}\" stroke-dasharray=\"2 2\"/>\n",
                    f(py(p.y - p.uncertainty)),
                    f(py(p.y + p.uncertainty)),
                    x = f(x)
                ));
            }
            o.push_str(&format!(
                "<rect x=\"{}\" y=\"{}\" width=\"7\" height=\"7\" fill=\"#ffffff\" stroke=\"{c}\" stroke-width=\"1.5\"/>\n",
                f(x - 3.5),
                f(y - 3.5)
            ));
        }
    }
    for (i, s) in d.series.iter().enumerate() {
        let c = color(i);
        let pts: Vec<_> = s.points.iter().filter(|(x, _)| keep(*x)).collect();
        if pts.len() > 1 {
            let line: Vec<String> = pts
                .iter()
                .map(|(x, m)| format!("{},{}", f(px(*x)), f(py(m.mean))))
                .collect();
            o.push_str(&format!(
                "<polyline points=\"{}\" fill=\"none\" stroke=\"{c}\" stroke-width=\"1.8\"/>\n",
                line.join(" ")
            ));
        }
        for (x, m) in pts {
            let x = px(*x);
            if m.high > m.low {
                let (lo, hi) = (py(m.low), py(m.high));
                o.push_str(&format!(
                    "<path d=\"M{a},{lo}H{b}M{x},{lo}V{hi}M{a},{hi}H{b}\" stroke=\"{c}\" fill=\"none\"/>\n",
                    a = f(x - 4.0),
                    b = f(x + 4.0),
                    x = f(x),
                    lo = f(lo),
                    hi = f(hi)
                ));
            }
            o.push_str(&format!(
                "<circle cx=\"{}\" cy=\"{}\" r=\"3.5\" fill=\"{c}\"/>\n",
                f(x),
                f(py(m.mean))
            ));
        }
    }
    // Legend: two columns below the axis label.
    let mut k = 0usize;
    let mut slot = |o: &mut String, c: &str, paper: bool, text: &str| {
        let x = if k.is_multiple_of(2) {
            LEFT
        } else {
            (LEFT + RIGHT) / 2.0
        };
        let y = 392.0 + (k / 2) as f64 * 18.0;
        k += 1;
        if paper {
            o.push_str(&format!(
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{c}\" stroke-dasharray=\"5 3\"/><rect x=\"{}\" y=\"{}\" width=\"7\" height=\"7\" fill=\"#ffffff\" stroke=\"{c}\" stroke-width=\"1.5\"/>\n",
                f(x), f(y - 4.0), f(x + 24.0), f(y - 4.0), f(x + 8.5), f(y - 7.5)
            ));
        } else {
            o.push_str(&format!(
                "<line x1=\"{}\" y1=\"{}\" x2=\"{}\" y2=\"{}\" stroke=\"{c}\" stroke-width=\"1.8\"/><circle cx=\"{}\" cy=\"{}\" r=\"3.5\" fill=\"{c}\"/>\n",
                f(x), f(y - 4.0), f(x + 24.0), f(y - 4.0), f(x + 12.0), f(y - 4.0)
            ));
        }
        o.push_str(&format!(
            "<text x=\"{}\" y=\"{}\">{}</text>\n",
            f(x + 30.0),
            f(y),
            escape(text)
        ));
    };
    for (i, s) in d.series.iter().enumerate() {
        slot(
            &mut o,
            color(i),
            false,
            &format!("LossLab: {} (mean ± 95 % CI)", s.label),
        );
    }
    for (i, s) in d.reference.iter().enumerate() {
        slot(&mut o, ref_color(i), true, &format!("Paper: {}", s.label));
    }
    o.push_str("</svg>\n");
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn ticks_are_round_numbers() {
        let (a, b, t) = linear_ticks(0.0, 963.0);
        assert_eq!((a, b), (0.0, 1000.0));
        assert_eq!(t, vec![0.0, 200.0, 400.0, 600.0, 800.0, 1000.0]);
        let (a, b, t) = log_ticks(0.01, 10.0);
        assert_eq!((a, b, t.len()), (0.01, 10.0, 4));
        assert_eq!(f(1.0), "1");
        assert_eq!(
            tick_labels(&[5e-6, 1.5000000000000002e-5]),
            ["5e-6", "1.5e-5"]
        );
        assert_eq!(tick_labels(&[0.0, 100.0, 200.0]), ["0", "100", "200"]);
        assert_eq!(tick_labels(&[0.5, 2e6]), ["5e-1", "2e6"]);
    }

    #[test]
    fn one_axis_one_notation() {
        // A loss-rate axis from 0.01 % to 10 %: every tick in exponent form, none as 0.001.
        assert_eq!(
            tick_labels(&[1e-4, 1e-3, 1e-2, 1e-1]),
            ["1e-4", "1e-3", "1e-2", "1e-1"]
        );
        assert_eq!(tick_labels(&[0.001, 0.01, 0.1]), ["0.001", "0.01", "0.1"]);
        assert_eq!(f(-0.001), "0");
        assert_eq!(escape("a<b & \"c\""), "a&lt;b &amp; &quot;c&quot;");
    }
}
