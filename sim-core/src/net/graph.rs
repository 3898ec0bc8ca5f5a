//! Routing on a graph topology: shortest paths by hop count (breadth-first search).
//!
//! Ties are broken deterministically by link order: nodes are discovered in BFS order and each
//! node's links are scanned in declaration order, so of several equally short paths the one whose
//! links come first in `topology.links` wins. A path is a list of (link index, direction) with
//! `true` meaning a→b (channel `<id>`) and `false` b→a (channel `<id>.reverse`).
//! [`check_route`] is the validator's use of it: a flow's or a source's endpoints must be known,
//! distinct and connected.

use super::GraphLink;
use crate::json_reader::{closest, Problems};
use std::collections::VecDeque;

/// One hop of a path: a link and the direction it is crossed in (`true` = a→b).
pub type Hop = (usize, bool);

/// The shortest path from node `from` to node `to` among `n_nodes` nodes, or `None` if they are
/// not connected. `from == to` gives an empty path.
pub fn shortest_path(
    n_nodes: usize,
    links: &[GraphLink],
    from: usize,
    to: usize,
) -> Option<Vec<Hop>> {
    if from >= n_nodes || to >= n_nodes {
        return None;
    }
    // parent[v] = the hop that first reached v.
    let mut parent: Vec<Option<Hop>> = vec![None; n_nodes];
    let mut seen = vec![false; n_nodes];
    let mut frontier = VecDeque::from([from]);
    seen[from] = true;
    while let Some(u) = frontier.pop_front() {
        if u == to {
            break;
        }
        for (i, l) in links.iter().enumerate() {
            let next = if l.a == u {
                Some((l.b, true))
            } else if l.b == u {
                Some((l.a, false))
            } else {
                None
            };
            if let Some((v, forward)) = next {
                if !seen[v] {
                    seen[v] = true;
                    parent[v] = Some((i, forward));
                    frontier.push_back(v);
                }
            }
        }
    }
    if !seen[to] {
        return None;
    }
    let mut path = Vec::new();
    let mut v = to;
    while v != from {
        let (i, forward) = parent[v].expect("discovered nodes have a parent");
        path.push((i, forward));
        v = if forward { links[i].a } else { links[i].b };
    }
    path.reverse();
    Some(path)
}

/// Message for a node id that is not among `nodes` (with the closest one, if any).
pub(crate) fn unknown_node(s: &str, nodes: &[&str]) -> String {
    match closest(s, nodes) {
        Some(c) => format!(
            "unknown node \"{s}\" (did you mean \"{c}\"? nodes: {})",
            nodes.join(", ")
        ),
        None => format!("unknown node \"{s}\" (nodes: {})", nodes.join(", ")),
    }
}

/// Both endpoints are known, distinct, and connected (problems at `from_path` / `to_path`).
pub fn check_route(
    nodes: &[String],
    links: &[GraphLink],
    from: &str,
    to: &str,
    from_path: &str,
    to_path: &str,
    p: &mut Problems,
) {
    let names: Vec<&str> = nodes.iter().map(String::as_str).collect();
    let a = names.iter().position(|n| *n == from);
    let b = names.iter().position(|n| *n == to);
    if a.is_none() {
        p.push(from_path, unknown_node(from, &names));
    }
    if b.is_none() {
        p.push(to_path, unknown_node(to, &names));
    }
    if let (Some(a), Some(b)) = (a, b) {
        if a == b {
            p.push(
                to_path,
                format!("must differ from \"from\" (both are \"{to}\")"),
            );
        } else if shortest_path(nodes.len(), links, a, b).is_none() {
            p.push(
                to_path,
                format!("no route from \"{from}\" to \"{to}\": no chain of links connects them"),
            );
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::error_model::ErrorSpec;
    use crate::net::{DirSpec, LinkSpec};
    use crate::queue::{Discipline, QueueSpec};

    fn l(a: usize, b: usize) -> GraphLink {
        let q = QueueSpec {
            discipline: Discipline::DropTail,
            limit_pkts: 10,
            counts_in_service: false,
            congestion_warning: None,
        };
        let d = DirSpec {
            rate_bps: 1e6,
            delay_ms: 1.0,
            queue: q,
            errors: ErrorSpec::None,
        };
        GraphLink {
            id: format!("{a}-{b}"),
            a,
            b,
            link: LinkSpec {
                forward: d.clone(),
                reverse: d,
                framing_bytes: 0,
            },
        }
    }

    #[test]
    fn finds_fewest_hops_in_either_direction() {
        // 0 — 1 — 2 — 3 and a shortcut 0 — 3 declared last: 0 → 3 takes the shortcut (1 hop).
        let links = [l(0, 1), l(1, 2), l(2, 3), l(0, 3)];
        assert_eq!(shortest_path(4, &links, 0, 3), Some(vec![(3, true)]));
        // 3 → 1 crosses the shortcut backwards or 2—3 and 1—2 backwards: both 2 hops; from node 3
        // the links are scanned in order, so 2—3 (link 2) discovers node 2 first → path via 2.
        assert_eq!(
            shortest_path(4, &links, 3, 1),
            Some(vec![(2, false), (1, false)])
        );
        assert_eq!(shortest_path(4, &links, 2, 2), Some(vec![]));
    }

    #[test]
    fn ties_break_by_link_order_and_disconnected_nodes_have_no_route() {
        // Two 2-hop paths 0 → 3: via 1 (links 0, 2) or via 2 (links 1, 3). Link 0 is scanned first.
        let links = [l(0, 1), l(0, 2), l(1, 3), l(2, 3)];
        assert_eq!(
            shortest_path(5, &links, 0, 3),
            Some(vec![(0, true), (2, true)])
        );
        assert_eq!(shortest_path(5, &links, 0, 4), None);
    }
}
