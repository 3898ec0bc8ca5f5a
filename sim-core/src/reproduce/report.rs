//! The reproduction report as Markdown and as one self-contained HTML page with the
//! same content: a summary table (paper | item | reproduced / direction only / not reproduced),
//! then per item its two summary lines, the figure, the claims table (claim | paper | LossLab |
//! verdict), the time-sequence plots the file asks for ([`super::timeseq`]) and, for every claim not reproduced strictly, its mechanism and the knob that tests it.
//! Both are written from one list of blocks, so they cannot drift apart. No scripts; text from
//! files is escaped.

use super::svg::{escape, figure};
use super::{compare, num, Class, ItemReport, Outcome, Tally, Verdict};

enum Block {
    H1(String),
    H2(String, String),
    H3(String, String),
    P(String),
    Table(Vec<String>, Vec<Vec<String>>),
    /// A figure: (Markdown image path, inline SVG, alt text).
    Figure(String, String, String),
    List(Vec<String>),
}

/// What "±" and the intervals mean, said once where the report first uses them.
pub const INTERVALS: &str = "Intervals: \"m ± h\" is a mean over n replications and the half-width h of its 95 % confidence interval, h = t(0.975, n − 1) · s / √n (Student t, s the sample standard deviation); \"m [lo … hi]\" is an interval that is not symmetric: the logit-transformed t interval of a bounded quantity (a share, an accuracy, Jain's index), which stays within [0, 1], or a ratio's interval (paired over the seeds where the runs are paired, else on the log scale from the two cells' intervals). With n = 1 there is no interval.";

/// How the verdicts are read.
pub const VERDICTS: &str = "Verdicts read the 95 % intervals, not the means alone: reproduced when the interval of every comparison in the claim's strict form lies wholly on the claim's side of its threshold; direction only when the strict form is ruled out and the weaker direction form holds over its interval; not reproduced when both are ruled out; otherwise inconclusive at n replications, with an estimate of the count that would likely decide it, n' ≈ n · (half-width / distance to the threshold)². Strict comparisons (higher, lower, first above last) fail on ties. Sanity checks (structural checks such as \"throughput falls as errors rise\") are counted apart and never as reproductions. Rows marked \"departs from the paper\" run a procedure that differs from the paper's; the summary counts them.";

fn tally_row(paper: String, item: String, t: Tally) -> Vec<String> {
    vec![
        paper,
        item,
        t.reproduced.to_string(),
        t.direction_only.to_string(),
        t.inconclusive.to_string(),
        t.not_reproduced.to_string(),
        format!("{} of {}", t.sanity_held, t.sanity),
        t.departs.to_string(),
    ]
}

/// A number with its unit (`812.4 kbit/s`, `5 %`, `0.93`).
fn with_unit(x: String, unit: &str) -> String {
    if unit.is_empty() {
        x
    } else {
        format!("{x} {unit}")
    }
}

/// The side-by-side table of the paper's numbers and LossLab's, with its summary line.
fn comparison(it: &ItemReport, b: &mut Vec<Block>) {
    if it.comparison.is_empty() {
        return;
    }
    let (xu, yu) = (&it.units.0, &it.units.1);
    let rows = it
        .comparison
        .iter()
        .map(|r| {
            let c = &r.losslab;
            let ll = if c.n < 2 || c.high <= c.low {
                num(c.mean)
            } else if ((c.high - c.mean) - (c.mean - c.low)).abs() <= 1e-9 * c.mean.abs().max(1.0) {
                format!("{} ± {}", num(c.mean), num(c.high - c.mean))
            } else {
                format!("{} [{} … {}]", num(c.mean), num(c.low), num(c.high))
            };
            vec![
                r.series.clone(),
                with_unit(num(r.x), xu),
                with_unit(num(r.paper), yu),
                format!("{} (n = {})", with_unit(ll, yu), c.n),
                r.deviation
                    .map_or("— (the paper's value is 0)".into(), |d| {
                        format!("{:+.1} %", 100.0 * d)
                    }),
            ]
        })
        .collect();
    let s = compare::summary(&it.comparison);
    b.push(Block::P(format!(
        "The paper's numbers beside LossLab's ({} cell{}): {} of {} within 10 %, {} within 20 %; median |deviation| {}.",
        s.rows,
        if s.rows == 1 { "" } else { "s" },
        s.within_10,
        s.with_deviation,
        s.within_20,
        s.median_abs
            .map_or("—".into(), |m| format!("{:.1} %", 100.0 * m)),
    )));
    b.push(Block::Table(
        [
            "LossLab series",
            "x",
            "paper",
            "LossLab mean ± 95 % CI",
            "deviation",
        ]
        .map(String::from)
        .to_vec(),
        rows,
    ));
}

fn blocks(items: &[ItemReport], header: &str) -> Vec<Block> {
    let mut b = vec![Block::H1(
        "LossLab: the papers' figures and tables, reproduced".into(),
    )];
    b.push(Block::P(header.to_string()));
    let mut cites: Vec<String> = Vec::new();
    for it in items {
        if let Some(c) = &it.citation {
            if !cites.contains(c) {
                cites.push(c.clone());
            }
        }
    }
    if !cites.is_empty() {
        b.push(Block::P("The papers:".into()));
        b.push(Block::List(cites));
    }
    b.push(Block::P(INTERVALS.into()));
    b.push(Block::P(VERDICTS.into()));
    let mut rows: Vec<Vec<String>> = items
        .iter()
        .map(|it| {
            tally_row(
                it.paper.clone(),
                format!("{} — {}", it.id, it.title),
                it.tally(),
            )
        })
        .collect();
    let total = items.iter().fold(Tally::default(), |a, it| a + it.tally());
    rows.push(tally_row(
        "all".into(),
        format!("{} items", items.len()),
        total,
    ));
    b.push(Block::Table(
        [
            "paper",
            "item",
            "reproduced",
            "direction only",
            "inconclusive",
            "not reproduced",
            "sanity checks held",
            "rows departing from the paper",
        ]
        .map(String::from)
        .to_vec(),
        rows,
    ));
    let mut last_paper: Option<&str> = None;
    for it in items {
        if last_paper != Some(it.paper.as_str()) {
            last_paper = Some(&it.paper);
            b.push(Block::H2(
                format!("paper-{}", it.paper),
                format!("Paper: {}", it.paper),
            ));
            if let Some(c) = &it.citation {
                b.push(Block::P(c.clone()));
            }
        }
        b.push(Block::H3(
            format!("{}-{}", it.paper, it.id),
            format!("{} {} — {}", it.paper, it.id, it.title),
        ));
        b.push(Block::P(format!(
            "Set-up: {}\nClaim: {}",
            it.setup, it.claim
        )));
        b.push(Block::P(format!(
            "Source: {}. Sweep: {} ({} runs: {} replications per point). {}",
            it.source, it.sweep_name, it.runs, it.replications, it.reference_note
        )));
        b.push(Block::Figure(
            format!("{}/{}.svg", it.paper, it.id),
            figure(&it.plot),
            it.title.clone(),
        ));
        b.push(Block::P(format!(
            "Data: {}/{}.csv (the sweep's aggregate CSV, as losslab sweep writes it).",
            it.paper, it.id
        )));
        comparison(it, &mut b);
        for t in &it.timeseq {
            b.push(Block::Figure(
                format!("{}/{}-{}.svg", it.paper, it.id, t.id),
                t.svg.clone(),
                t.title.clone(),
            ));
            b.push(Block::P(t.caption.clone()));
        }
        let row = |o: &Outcome| {
            let mut claim = o.claim.clone();
            if let Some(d) = &o.departs {
                claim = format!("{claim}\nDeparts from the paper: {d}");
            }
            vec![
                claim,
                o.paper.clone(),
                format!("{} [{}]", o.losslab, o.test),
                o.verdict_text(),
            ]
        };
        let head = ["claim", "paper", "LossLab", "verdict"]
            .map(String::from)
            .to_vec();
        let claims: Vec<Vec<String>> = it
            .outcomes
            .iter()
            .filter(|o| o.class == Class::Claim)
            .map(row)
            .collect();
        if !claims.is_empty() {
            b.push(Block::Table(head.clone(), claims));
        }
        let sanity: Vec<Vec<String>> = it
            .outcomes
            .iter()
            .filter(|o| o.class == Class::Sanity)
            .map(row)
            .collect();
        if !sanity.is_empty() {
            b.push(Block::P(
                "Sanity checks (structural; not counted as reproductions):".into(),
            ));
            b.push(Block::Table(head, sanity));
        }
        let misses: Vec<String> = it
            .outcomes
            .iter()
            .filter(|o| o.verdict != Verdict::Reproduced)
            .map(|o| {
                format!(
                    "{} ({}): {} Knob: {}. See {}. Tolerance: {}",
                    o.id,
                    o.verdict.text(),
                    o.if_missed.mechanism,
                    o.if_missed.knob,
                    o.if_missed.doc,
                    o.tolerance_why
                )
            })
            .collect();
        if !misses.is_empty() {
            b.push(Block::P("Why the misses:".into()));
            b.push(Block::List(misses));
        }
    }
    b
}

/// Text from files as Markdown that shows it literally: every character Markdown gives a meaning
/// inline is backslash-escaped (CommonMark lets any ASCII punctuation be), and a line that would
/// open a block (a list, a heading, a quote, a numbered item, a rule) has its first mark escaped.
pub fn md_escape(s: &str) -> String {
    let mut o = String::with_capacity(s.len() + 8);
    for (i, line) in s.split('\n').enumerate() {
        if i > 0 {
            o.push('\n');
        }
        let body = line.trim_start();
        o.push_str(&line[..line.len() - body.len()]);
        let digits = body.chars().take_while(char::is_ascii_digit).count();
        // A leading "-", "+", "=" (list, setext underline) or "12." / "12)" (numbered item).
        let lead = if matches!(body.chars().next(), Some('-' | '+' | '=')) {
            Some(0)
        } else if digits > 0
            && matches!(body[digits..].chars().next(), Some('.' | ')'))
            && body[digits + 1..]
                .chars()
                .next()
                .is_none_or(|c| c == ' ' || c == '\t')
        {
            Some(digits)
        } else {
            None
        };
        for (k, c) in body.char_indices() {
            if Some(k) == lead
                || matches!(
                    c,
                    '\\' | '`' | '*' | '_' | '[' | ']' | '<' | '>' | '|' | '~' | '&' | '#' | '!'
                )
            {
                o.push('\\');
            }
            o.push(c);
        }
    }
    o
}

fn md_cell(s: &str) -> String {
    md_escape(s).replace('\n', "<br>")
}

/// The report as Markdown (`index.md`); figures are linked as `<paper>/<id>.svg`. `header` is a
/// line saying what ran (version, replications). Text from files is escaped ([`md_escape`]).
pub fn markdown(items: &[ItemReport], header: &str) -> String {
    let mut o = String::new();
    for b in blocks(items, header) {
        match b {
            Block::H1(t) => o.push_str(&format!("# {}\n\n", md_escape(&t))),
            Block::H2(anchor, t) => o.push_str(&format!(
                "<a id=\"{}\"></a>\n## {}\n\n",
                escape(&anchor),
                md_escape(&t).replace('\n', " ")
            )),
            Block::H3(anchor, t) => o.push_str(&format!(
                "<a id=\"{}\"></a>\n### {}\n\n",
                escape(&anchor),
                md_escape(&t).replace('\n', " ")
            )),
            Block::P(t) => o.push_str(&format!("{}\n\n", md_escape(&t).replace('\n', "  \n"))),
            Block::Table(head, rows) => {
                let head: Vec<String> = head.iter().map(|c| md_cell(c)).collect();
                o.push_str(&format!("| {} |\n", head.join(" | ")));
                o.push_str(&format!("|{}\n", "---|".repeat(head.len())));
                for r in rows {
                    let cells: Vec<String> = r.iter().map(|c| md_cell(c)).collect();
                    o.push_str(&format!("| {} |\n", cells.join(" | ")));
                }
                o.push('\n');
            }
            Block::Figure(path, _, alt) => o.push_str(&format!(
                "![{}]({})\n\n",
                md_escape(&alt).replace('\n', " "),
                path.replace(['(', ')', ' ', '<', '>'], "_")
            )),
            Block::List(items) => {
                for i in items {
                    o.push_str(&format!("- {}\n", md_escape(&i.replace('\n', " "))));
                }
                o.push('\n');
            }
        }
    }
    o
}

/// The report as one self-contained HTML page (`index.html`): the same blocks, SVGs inline.
pub fn html(items: &[ItemReport], header: &str) -> String {
    let mut o = String::from(
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n<title>LossLab reproductions</title>\n<style>\nbody{font-family:sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;line-height:1.4}\ntable{border-collapse:collapse;margin:1rem 0}\nth,td{border:1px solid #ccc;padding:.3rem .5rem;vertical-align:top;text-align:left}\nfigure{margin:1rem 0}\nsvg{max-width:100%;height:auto}\n</style>\n</head>\n<body>\n",
    );
    for b in blocks(items, header) {
        match b {
            Block::H1(t) => o.push_str(&format!("<h1>{}</h1>\n", escape(&t))),
            Block::H2(anchor, t) => o.push_str(&format!(
                "<h2 id=\"{}\">{}</h2>\n",
                escape(&anchor),
                escape(&t)
            )),
            Block::H3(anchor, t) => o.push_str(&format!(
                "<h3 id=\"{}\">{}</h3>\n",
                escape(&anchor),
                escape(&t)
            )),
            Block::P(t) => o.push_str(&format!("<p>{}</p>\n", escape(&t).replace('\n', "<br>"))),
            Block::Table(head, rows) => {
                o.push_str("<table>\n<tr>");
                for h in head {
                    o.push_str(&format!("<th>{}</th>", escape(&h)));
                }
                o.push_str("</tr>\n");
                for r in rows {
                    o.push_str("<tr>");
                    for c in r {
                        o.push_str(&format!("<td>{}</td>", escape(&c).replace('\n', "<br>")));
                    }
                    o.push_str("</tr>\n");
                }
                o.push_str("</table>\n");
            }
            Block::Figure(_, svg, _) => o.push_str(&format!("<figure>\n{svg}</figure>\n")),
            Block::List(items) => {
                o.push_str("<ul>\n");
                for i in items {
                    o.push_str(&format!("<li>{}</li>\n", escape(&i)));
                }
                o.push_str("</ul>\n");
            }
        }
    }
    o.push_str("</body>\n</html>\n");
    o
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn markdown_from_files_shows_literally() {
        let e = md_escape("a *b* _c_ `d` [e](f) <script> | & # ! ~x~ \\");
        assert_eq!(
            e,
            "a \\*b\\* \\_c\\_ \\`d\\` \\[e\\](f) \\<script\\> \\| \\& \\# \\! \\~x\\~ \\\\"
        );
        // A line that would open a block keeps its text.
        assert_eq!(md_escape("- item"), "\\- item");
        assert_eq!(md_escape("12. item"), "12\\. item");
        assert_eq!(md_escape("x\n# heading"), "x\n\\# heading");
        assert_eq!(md_escape("x\n  + y"), "x\n  \\+ y");
        // Plain words, numbers and units are left alone.
        assert_eq!(
            md_escape("1.5 kbit/s (n = 5) − 3 %"),
            "1.5 kbit/s (n = 5) − 3 %"
        );
    }
}
