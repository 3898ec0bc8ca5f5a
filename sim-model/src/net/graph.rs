//! Routing on a graph topology: shortest paths by hop count (breadth-first search on one adjacency
//! structure, [`Router`]).
//!
//! Ties are broken deterministically by link order: nodes are discovered in BFS order and each
//! node's links are scanned in declaration order, so of several equally short paths the one whose
//! links come first in `topology.links` wins. A path is a list of (link index, direction) with
//! `true` meaning a→b (channel `<id>`) and `false` b→a (channel `<id>.reverse`).
//! [`RouteChecker`] / [`check_route`] are the validator's use of it: a flow's or a source's endpoints must be known,
//! distinct and connected.

use super::GraphLink;
use crate::json_reader::{closest, quote, Problems};
use std::collections::{HashMap, VecDeque};

/// One hop of a path: a link and the direction it is crossed in (`true` = a→b).
pub type Hop = (usize, bool);

/// Shortest paths on one adjacency structure: each node's links in declaration order, built once
/// in O(nodes + links); one breadth-first search per distinct source node, cached, gives the
/// path to every destination. The BFS discovers nodes exactly as a scan of `links` in order would,
/// so ties break by link order.
pub struct Router<'a> {
    links: &'a [GraphLink],
    /// adj[u] = (link index, other end, crossed a→b) for every link touching u, in link order.
    adj: Vec<Vec<(usize, usize, bool)>>,
    /// parents[from] = the BFS tree from `from` (the hop that first reached each node).
    parents: HashMap<usize, Vec<Option<Hop>>>,
}

impl<'a> Router<'a> {
    /// The adjacency of `links` among `n_nodes` nodes (links naming a node ≥ `n_nodes` are left out).
    pub fn new(n_nodes: usize, links: &'a [GraphLink]) -> Self {
        let mut adj = vec![Vec::new(); n_nodes];
        for (i, l) in links.iter().enumerate() {
            if l.a < n_nodes && l.b < n_nodes {
                adj[l.a].push((i, l.b, true));
                adj[l.b].push((i, l.a, false));
            }
        }
        Router {
            links,
            adj,
            parents: HashMap::new(),
        }
    }

    fn tree(&mut self, from: usize) -> &[Option<Hop>] {
        let adj = &self.adj;
        self.parents.entry(from).or_insert_with(|| {
            let n = adj.len();
            let mut parent: Vec<Option<Hop>> = vec![None; n];
            let mut seen = vec![false; n];
            let mut frontier = VecDeque::from([from]);
            seen[from] = true;
            while let Some(u) = frontier.pop_front() {
                for &(i, v, forward) in &adj[u] {
                    if !seen[v] {
                        seen[v] = true;
                        parent[v] = Some((i, forward));
                        frontier.push_back(v);
                    }
                }
            }
            parent
        })
    }

    /// The shortest path from `from` to `to`, or `None` if they are not connected (or not nodes).
    /// `from == to` gives an empty path.
    pub fn path(&mut self, from: usize, to: usize) -> Option<Vec<Hop>> {
        let n = self.adj.len();
        if from >= n || to >= n {
            return None;
        }
        if from == to {
            return Some(Vec::new());
        }
        let links = self.links;
        let parent = self.tree(from);
        parent[to]?;
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
}

/// The shortest path from node `from` to node `to` among `n_nodes` nodes, or `None` if they are
/// not connected. `from == to` gives an empty path. O(nodes + links); for many paths on one
/// graph, keep a [`Router`].
pub fn shortest_path(
    n_nodes: usize,
    links: &[GraphLink],
    from: usize,
    to: usize,
) -> Option<Vec<Hop>> {
    Router::new(n_nodes, links).path(from, to)
}

/// How many node ids an "unknown node" message lists.
const LISTED_NODES: usize = 20;

/// Message for a node id that is not among `nodes` (with the closest one, if any; at most
/// [`LISTED_NODES`] node ids listed).
pub(crate) fn unknown_node(s: &str, nodes: &[&str]) -> String {
    let listed = if nodes.len() > LISTED_NODES {
        format!(
            "{}, … ({} in all)",
            nodes[..LISTED_NODES].join(", "),
            nodes.len()
        )
    } else {
        nodes.join(", ")
    };
    let s = quote(s);
    match closest(&s, nodes) {
        Some(c) => format!("unknown node \"{s}\" (did you mean \"{c}\"? nodes: {listed})"),
        None => format!("unknown node \"{s}\" (nodes: {listed})"),
    }
}

/// The validator's route checks on one graph: node ids resolved through a hash map, paths from
/// one [`Router`].
pub struct RouteChecker<'a> {
    names: Vec<&'a str>,
    index: HashMap<&'a str, usize>,
    router: Router<'a>,
}

impl<'a> RouteChecker<'a> {
    /// Index `nodes` and build the adjacency of `links`.
    pub fn new(nodes: &'a [String], links: &'a [GraphLink]) -> Self {
        let names: Vec<&str> = nodes.iter().map(String::as_str).collect();
        let mut index = HashMap::with_capacity(names.len());
        for (i, n) in names.iter().enumerate() {
            index.entry(*n).or_insert(i);
        }
        RouteChecker {
            names,
            index,
            router: Router::new(nodes.len(), links),
        }
    }

    /// Both endpoints are known, distinct, and connected (problems at `from_path` / `to_path`).
    pub fn check(
        &mut self,
        from: &str,
        to: &str,
        from_path: &str,
        to_path: &str,
        p: &mut Problems,
    ) {
        let a = self.index.get(from).copied();
        let b = self.index.get(to).copied();
        if a.is_none() {
            p.push_with(from_path, || unknown_node(from, &self.names));
        }
        if b.is_none() {
            p.push_with(to_path, || unknown_node(to, &self.names));
        }
        if let (Some(a), Some(b)) = (a, b) {
            if a == b {
                p.push(
                    to_path,
                    format!("must differ from \"from\" (both are \"{}\")", quote(to)),
                );
            } else if self.router.path(a, b).is_none() {
                p.push(
                    to_path,
                    format!(
                        "no route from \"{}\" to \"{}\": no chain of links connects them",
                        quote(from),
                        quote(to)
                    ),
                );
            }
        }
    }
}

/// Both endpoints are known, distinct, and connected (problems at `from_path` / `to_path`); one
/// check on its own (several on one graph: [`RouteChecker`]).
pub fn check_route(
    nodes: &[String],
    links: &[GraphLink],
    from: &str,
    to: &str,
    from_path: &str,
    to_path: &str,
    p: &mut Problems,
) {
    RouteChecker::new(nodes, links).check(from, to, from_path, to_path, p);
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
            rate_trace: None,
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
