//! The reproduction report (issue 12) as Markdown and as one self-contained HTML page with the
//! same content: a summary table (paper | item | reproduced / direction only / not reproduced),
//! then per item its two summary lines, the figure, the claims table (claim | paper | LossLab |
//! verdict), the time-sequence plots the file asks for (M12, [`super::timeseq`]) and, for every claim not reproduced strictly, its mechanism and the knob that tests it.
//! Both are written from one list of blocks, so they cannot drift apart. No scripts; text from
//! files is escaped.

use super::svg::{escape, figure};
use super::{ItemReport, Verdict};

enum Block {
    H1(String),
    H2(String, String),
    P(String),
    Table(Vec<String>, Vec<Vec<String>>),
    /// A figure: (Markdown image path, inline SVG, alt text).
    Figure(String, String, String),
    List(Vec<String>),
}

fn blocks(items: &[ItemReport], header: &str) -> Vec<Block> {
    let mut b = vec![Block::H1(
        "LossLab: the papers' figures and tables, reproduced".into(),
    )];
    b.push(Block::P(header.to_string()));
    b.push(Block::P(
        "Verdicts compare LossLab's means with each claim's strict form (reproduced), else with its direction form (direction only), else not reproduced; the forms are in each claim's LossLab cell and in content/reproductions/FORMAT.md.".into(),
    ));
    let mut rows: Vec<Vec<String>> = items
        .iter()
        .map(|it| {
            let (r, d, n) = it.counts();
            vec![
                it.paper.clone(),
                format!("{} — {}", it.id, it.title),
                r.to_string(),
                d.to_string(),
                n.to_string(),
            ]
        })
        .collect();
    let total = items.iter().fold((0, 0, 0), |a, it| {
        let (r, d, n) = it.counts();
        (a.0 + r, a.1 + d, a.2 + n)
    });
    rows.push(vec![
        "all".into(),
        format!("{} items", items.len()),
        total.0.to_string(),
        total.1.to_string(),
        total.2.to_string(),
    ]);
    b.push(Block::Table(
        [
            "paper",
            "item",
            "reproduced",
            "direction only",
            "not reproduced",
        ]
        .map(String::from)
        .to_vec(),
        rows,
    ));
    for it in items {
        b.push(Block::H2(
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
        for t in &it.timeseq {
            b.push(Block::Figure(
                format!("{}/{}-{}.svg", it.paper, it.id, t.id),
                t.svg.clone(),
                t.title.clone(),
            ));
            b.push(Block::P(t.caption.clone()));
        }
        let rows = it
            .outcomes
            .iter()
            .map(|o| {
                vec![
                    o.claim.clone(),
                    o.paper.clone(),
                    format!("{} [{}]", o.losslab, o.test),
                    o.verdict.text().to_string(),
                ]
            })
            .collect();
        b.push(Block::Table(
            ["claim", "paper", "LossLab", "verdict"]
                .map(String::from)
                .to_vec(),
            rows,
        ));
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

fn md_cell(s: &str) -> String {
    s.replace('|', "\\|").replace('\n', "<br>")
}

/// The report as Markdown (`index.md`); figures are linked as `<paper>/<id>.svg`. `header` is a
/// line saying what ran (version, replications).
pub fn markdown(items: &[ItemReport], header: &str) -> String {
    let mut o = String::new();
    for b in blocks(items, header) {
        match b {
            Block::H1(t) => o.push_str(&format!("# {t}\n\n")),
            Block::H2(anchor, t) => o.push_str(&format!("<a id=\"{anchor}\"></a>\n## {t}\n\n")),
            Block::P(t) => o.push_str(&format!("{}\n\n", t.replace('\n', "  \n"))),
            Block::Table(head, rows) => {
                o.push_str(&format!("| {} |\n", head.join(" | ")));
                o.push_str(&format!("|{}\n", "---|".repeat(head.len())));
                for r in rows {
                    let cells: Vec<String> = r.iter().map(|c| md_cell(c)).collect();
                    o.push_str(&format!("| {} |\n", cells.join(" | ")));
                }
                o.push('\n');
            }
            Block::Figure(path, _, alt) => {
                o.push_str(&format!("![{}]({path})\n\n", alt.replace(['[', ']'], "")))
            }
            Block::List(items) => {
                for i in items {
                    o.push_str(&format!("- {}\n", i.replace('\n', " ")));
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
                        o.push_str(&format!("<td>{}</td>", escape(&c)));
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
