/**
 * Pure edits of a graph topology (docs/design.md §D4, `topology.kind: "graph"`), used by the builder's
 * Topology part, and the dumbbell → graph conversion.
 *
 * - Renaming a node renames it everywhere it is named: `topology.nodes`, link ends `a`/`b`, flow
 *   and cross-traffic `from`/`to`. Link ids are left alone (they name channels in charts, CSV
 *   files and sweeps).
 * - Removing a node is *refused* while a link, flow or cross-traffic source names it; the refusal
 *   says who uses it. Removing links is always allowed (the validator then reports any flow that
 *   lost its route, at that flow's To field).
 * - `dumbbellToGraph` writes the dumbbell exactly as the simulator builds it
 *   (sim-core `net/mod.rs`): `senders —access— router —bottleneck— receivers`, every flow from
 *   `senders` to `receivers`, forward cross traffic the same way and reverse cross traffic back.
 *   Link ids `access` and `bottleneck` keep the channel names, hence the random streams, so a run
 *   gives the same summary for the same seed. The dumbbell's parser defaults (graph links have
 *   none for rate and delay, and a default buffer of 100 packets) are written out.
 * - `shortestPath` mirrors sim-core `net/graph.rs` (fewest hops, ties broken by link order).
 */
import type { CrossJson, FlowJson, LinkJson, QueueJson, ScenarioJson } from '../scenario/types';
import { scenarioDefaults, type ResolvedLink } from '../sim/pageCore';

/** One duplex link of `topology.links`. */
export interface GraphLinkJson extends LinkJson {
  id?: string;
  a?: string;
  b?: string;
  [extra: string]: unknown;
}

/** Graph links have no default rate or delay; their buffer defaults to 100 packets (sim-core net/topology.rs). */
export const GRAPH_LINK_DEFAULTS = { limit_pkts: 100 } as const;

/** Node names of the dumbbell written as a graph. */
export const DUMBBELL_NODES = ['senders', 'router', 'receivers'] as const;

export function isGraph(s: ScenarioJson): boolean {
  return s.topology?.kind === 'graph';
}

export function nodesOf(s: ScenarioJson): string[] {
  const n = s.topology?.nodes;
  return Array.isArray(n) ? n.map(String) : [];
}

export function linksOf(s: ScenarioJson): GraphLinkJson[] {
  const l = s.topology?.links;
  return Array.isArray(l) ? (l as GraphLinkJson[]) : [];
}

/** The id the validator gives link `i` (its `id`, or `l<i>`). */
export function linkId(link: GraphLinkJson, i: number): string {
  return typeof link.id === 'string' ? link.id : `l${i}`;
}

/** Letters, digits, _ and - (what the validator accepts for node and link ids). */
export function isPlainId(id: string): boolean {
  return /^[A-Za-z0-9_-]+$/.test(id);
}

/** Why `name` cannot be the name of node `index` (another node index, or -1 for a new node), or null. */
export function nodeNameProblem(s: ScenarioJson, name: string, index = -1): string | null {
  if (name === '') return 'enter a name';
  if (!isPlainId(name)) return `"${name}" may use only letters, digits, _ and -`;
  if (nodesOf(s).some((n, i) => n === name && i !== index)) return `another node is already called "${name}"`;
  return null;
}

/** A node name not used yet (`n<k>`). */
export function freeNodeName(s: ScenarioJson): string {
  const used = new Set(nodesOf(s));
  for (let k = used.size; ; k++) if (!used.has(`n${k}`)) return `n${k}`;
}

function withTopology(s: ScenarioJson, nodes: string[], links: GraphLinkJson[]): ScenarioJson {
  return { ...s, topology: { ...s.topology, kind: 'graph', nodes, links } };
}

export function addNode(s: ScenarioJson, name: string): ScenarioJson {
  return withTopology(s, [...nodesOf(s), name], linksOf(s));
}

/** Who names node `name`: link ids, flow ids and cross-traffic ids. */
export interface NodeUsers {
  links: string[];
  flows: string[];
  cross: string[];
}

export function nodeUsers(s: ScenarioJson, name: string): NodeUsers {
  return {
    links: linksOf(s)
      .map((l, i) => (l.a === name || l.b === name ? linkId(l, i) : null))
      .filter((x): x is string => x !== null),
    flows: s.flows
      .map((f, i) => (f.from === name || f.to === name ? (f.id ?? `f${i}`) : null))
      .filter((x): x is string => x !== null),
    cross: (s.cross_traffic ?? [])
      .map((c, i) => (c.from === name || c.to === name ? (c.id ?? `x${i}`) : null))
      .filter((x): x is string => x !== null),
  };
}

export function userCount(u: NodeUsers): number {
  return u.links.length + u.flows.length + u.cross.length;
}

/** "links a, b; flow f0" — a readable list of users. */
export function describeUsers(u: NodeUsers): string {
  const part = (one: string, many: string, ids: string[]) =>
    ids.length === 0 ? null : `${ids.length === 1 ? one : many} ${ids.join(', ')}`;
  return [
    part('link', 'links', u.links),
    part('flow', 'flows', u.flows),
    part('cross-traffic source', 'cross-traffic sources', u.cross),
  ]
    .filter(Boolean)
    .join('; ');
}

export type RemoveResult = { ok: true; scenario: ScenarioJson } | { ok: false; reason: string };

/** Removes node `name`, or refuses (and says why) while anything names it. */
export function removeNode(s: ScenarioJson, name: string): RemoveResult {
  const users = nodeUsers(s, name);
  if (userCount(users) > 0) {
    return {
      ok: false,
      reason: `Node "${name}" is not removed: ${describeUsers(users)} ${userCount(users) === 1 ? 'uses' : 'use'} it. Remove or reconnect ${userCount(users) === 1 ? 'it' : 'them'} first.`,
    };
  }
  return {
    ok: true,
    scenario: withTopology(
      s,
      nodesOf(s).filter((n) => n !== name),
      linksOf(s),
    ),
  };
}

/** Renames node `from` to `to` in the node list, link ends, flows and cross traffic. */
export function renameNode(s: ScenarioJson, from: string, to: string): ScenarioJson {
  if (from === to) return s;
  const r = (v: string | undefined) => (v === from ? to : v);
  const ends = <T extends { from?: string; to?: string }>(x: T): T =>
    x.from === from || x.to === from ? { ...x, from: r(x.from), to: r(x.to) } : x;
  const next = withTopology(
    s,
    nodesOf(s).map((n) => (n === from ? to : n)),
    linksOf(s).map((l) => (l.a === from || l.b === from ? { ...l, a: r(l.a), b: r(l.b) } : l)),
  );
  next.flows = s.flows.map((f) => ends<FlowJson>(f));
  if (s.cross_traffic) next.cross_traffic = s.cross_traffic.map((c) => ends<CrossJson>(c));
  return next;
}

function freeLinkId(links: GraphLinkJson[], wanted: string): string {
  const used = new Set(links.map(linkId));
  if (isPlainId(wanted) && !used.has(wanted)) return wanted;
  for (let k = links.length; ; k++) if (!used.has(`l${k}`)) return `l${k}`;
}

/**
 * The link "Add link" appends: it attaches the first node no link touches yet (else joins the
 * first two nodes), to the nearest connected node listed before it; rate, delay and queue are
 * copied from the last link (no errors).
 */
export function newLink(s: ScenarioJson): GraphLinkJson {
  const nodes = nodesOf(s);
  const links = linksOf(s);
  const touched = (n: string) => links.some((l) => l.a === n || l.b === n);
  const lone = nodes.findIndex((n) => !touched(n));
  let a = nodes[0] ?? '';
  let b = nodes[1] ?? '';
  if (lone >= 0) {
    b = nodes[lone];
    const before = [...nodes.slice(0, lone)].reverse().find(touched);
    a = before ?? nodes.find((n, i) => i !== lone && touched(n)) ?? nodes.find((_, i) => i !== lone) ?? '';
  }
  const last = links.at(-1);
  const link: GraphLinkJson = {
    id: freeLinkId(links, `${a}-${b}`),
    a,
    b,
    rate_bps: last?.rate_bps ?? 10_000_000,
    delay_ms: last?.delay_ms ?? 10,
    queue: last?.queue
      ? structuredClone(last.queue)
      : { kind: 'drop_tail', limit_pkts: GRAPH_LINK_DEFAULTS.limit_pkts },
  };
  return link;
}

export function addLink(s: ScenarioJson): ScenarioJson {
  return withTopology(s, nodesOf(s), [...linksOf(s), newLink(s)]);
}

export function removeLink(s: ScenarioJson, index: number): ScenarioJson {
  return withTopology(
    s,
    nodesOf(s),
    linksOf(s).filter((_, i) => i !== index),
  );
}

/** Endpoints a new flow or cross-traffic source starts with: the last flow's, else first → last node. */
export function defaultEndpoints(s: ScenarioJson): { from: string; to: string } {
  const nodes = nodesOf(s);
  const f = [...s.flows].reverse().find((x) => x.from !== undefined && x.to !== undefined);
  return { from: f?.from ?? nodes[0] ?? '', to: f?.to ?? nodes.at(-1) ?? '' };
}

/**
 * Visually hidden prefix of a link's field labels: "Link r1–r2 " (plus the link id when another
 * link joins the same two nodes), so every accessible name in the Topology part is unique.
 */
export function linkLabelPrefix(s: ScenarioJson, index: number): string {
  const links = linksOf(s);
  const l = links[index];
  const pair = (x: GraphLinkJson) => [x.a ?? '', x.b ?? ''].sort().join('\u0000');
  const shared = links.some((x, i) => i !== index && pair(x) === pair(l));
  return `Link ${l.a ?? '?'}–${l.b ?? '?'} ${shared ? `${linkId(l, index)} ` : ''}`;
}

/** One hop: link index and direction (`true` = a → b). */
export type Hop = [number, boolean];

/** Fewest-hop path `from → to` (ties by link order, as sim-core routes), or null. */
export function shortestPath(s: ScenarioJson, from: string, to: string): Hop[] | null {
  const nodes = nodesOf(s);
  const links = linksOf(s);
  if (!nodes.includes(from) || !nodes.includes(to)) return null;
  const parent = new Map<string, Hop>();
  const seen = new Set([from]);
  const frontier = [from];
  while (frontier.length > 0) {
    const u = frontier.shift()!;
    if (u === to) break;
    links.forEach((l, i) => {
      const next: [string, boolean] | null = l.a === u ? [l.b ?? '', true] : l.b === u ? [l.a ?? '', false] : null;
      if (next && nodes.includes(next[0]) && !seen.has(next[0])) {
        seen.add(next[0]);
        parent.set(next[0], [i, next[1]]);
        frontier.push(next[0]);
      }
    });
  }
  if (!seen.has(to)) return null;
  const path: Hop[] = [];
  for (let v = to; v !== from;) {
    const hop = parent.get(v)!;
    path.push(hop);
    v = (hop[1] ? links[hop[0]].a : links[hop[0]].b) ?? '';
  }
  return path.reverse();
}

const num = (v: unknown, fallback: number) => (typeof v === 'number' && Number.isFinite(v) ? v : fallback);

/**
 * Round-trip propagation delay (ms) for link `index`'s BDP readout: along the first flow whose
 * route crosses the link (data out, ACKs back), else the link's own two directions.
 */
export function linkRttMs(s: ScenarioJson, index: number): number {
  const links = linksOf(s);
  const oneWay = (l: GraphLinkJson, forward: boolean) => {
    const fwd = num(l.delay_ms, 0);
    return forward ? fwd : num(l.reverse?.delay_ms, fwd);
  };
  for (const f of s.flows) {
    if (f.from === undefined || f.to === undefined) continue;
    const hops = shortestPath(s, f.from, f.to);
    if (!hops?.some(([i]) => i === index)) continue;
    return hops.reduce((sum, [i, fwd]) => sum + oneWay(links[i], fwd) + oneWay(links[i], !fwd), 0);
  }
  const l = links[index];
  return l ? oneWay(l, true) + oneWay(l, false) : 0;
}

/** A dumbbell link with the parser's defaults written out (graph links have different ones). */
function explicitLink(
  link: LinkJson | undefined,
  d: { rate_bps: number; delay_ms: number; limit_pkts: number },
): LinkJson {
  const l: LinkJson = structuredClone(link ?? {});
  l.rate_bps ??= d.rate_bps;
  l.delay_ms ??= d.delay_ms;
  const q: QueueJson = l.queue ?? { kind: 'drop_tail' };
  q.limit_pkts ??= d.limit_pkts;
  l.queue = q;
  // A reverse queue given without a size defaults to the link's default, not the forward size.
  if (l.reverse?.queue) l.reverse.queue.limit_pkts ??= d.limit_pkts;
  return l;
}

/** The dumbbell written as the equivalent explicit graph (same runs for the same seed). */
export function dumbbellToGraph(s: ScenarioJson): ScenarioJson {
  const [senders, router, receivers] = DUMBBELL_NODES;
  const t = s.topology ?? {};
  // The parser's defaults for what the dumbbell leaves out, from the simulator itself.
  const d = scenarioDefaults().topology;
  const plain = (l: ResolvedLink) => ({ rate_bps: l.rate_bps, delay_ms: l.delay_ms, limit_pkts: l.queue.limit_pkts });
  const links: GraphLinkJson[] = [
    { id: 'access', a: senders, b: router, ...explicitLink(t.access, plain(d.access!)) },
    { id: 'bottleneck', a: router, b: receivers, ...explicitLink(t.bottleneck, plain(d.bottleneck!)) },
  ];
  const flows = s.flows.map((f) => ({ ...f, from: senders, to: receivers }));
  const out: ScenarioJson = { ...s, topology: { kind: 'graph', nodes: [...DUMBBELL_NODES], links }, flows };
  if (s.cross_traffic) {
    out.cross_traffic = s.cross_traffic.map((c) => {
      const { direction, ...rest } = c;
      return direction === 'reverse'
        ? { ...rest, from: receivers, to: senders }
        : { ...rest, from: senders, to: receivers };
    });
  }
  return out;
}

/** Options of a From/To node select (with a "choose" entry while none is set). */
export function nodeOptions(nodes: readonly string[], value: string | undefined): { value: string; label: string }[] {
  return [
    ...(value === undefined || value === '' ? [{ value: '', label: 'Choose a node' }] : []),
    ...nodes.map((n) => ({ value: n, label: n })),
  ];
}
