/** Graph topology edits: renames reach every reference, removal rules, new links, routing, conversion. */
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadCoreForTests } from '../sim/loadCoreForTests';
import type { ScenarioJson } from '../scenario/types';
import {
  addLink,
  addNode,
  dumbbellToGraph,
  freeNodeName,
  linkLabelPrefix,
  linkRttMs,
  linksOf,
  newLink,
  nodeNameProblem,
  nodeUsers,
  removeLink,
  removeNode,
  renameNode,
  shortestPath,
} from './graphModel';

beforeAll(loadCoreForTests);

const lj = JSON.parse(
  readFileSync(new URL('../../../content/scenarios/lj-fig8a-n1-0.json', import.meta.url), 'utf8'),
) as ScenarioJson;

/** s — r1 — r2 — d, plus c — r1, with a flow s → d and cross traffic c → d. */
function small(): ScenarioJson {
  return {
    schema: 1,
    id: 't',
    topology: {
      kind: 'graph',
      nodes: ['s', 'c', 'r1', 'r2', 'd'],
      links: [
        { id: 's-r1', a: 's', b: 'r1', rate_bps: 1e8, delay_ms: 1 },
        { id: 'c-r1', a: 'c', b: 'r1', rate_bps: 1e8, delay_ms: 1 },
        { id: 'core', a: 'r1', b: 'r2', rate_bps: 2e6, delay_ms: 20, queue: { kind: 'red', limit_pkts: 40 } },
        { id: 'r2-d', a: 'r2', b: 'd', rate_bps: 1e7, delay_ms: 2, reverse: { delay_ms: 5 } },
      ],
    },
    flows: [{ id: 'f0', from: 's', to: 'd' }],
    cross_traffic: [{ id: 'x0', kind: 'cbr', rate_bps: 1e5, from: 'c', to: 'd' }],
  };
}

describe('renaming a node', () => {
  it('renames it in the node list, both link ends, flows and cross traffic, and leaves link ids alone', () => {
    const s = small();
    const r = renameNode(s, 'r1', 'hub');
    expect(r.topology!.nodes).toEqual(['s', 'c', 'hub', 'r2', 'd']);
    expect(linksOf(r).map((l) => [l.id, l.a, l.b])).toEqual([
      ['s-r1', 's', 'hub'],
      ['c-r1', 'c', 'hub'],
      ['core', 'hub', 'r2'],
      ['r2-d', 'r2', 'd'],
    ]);
    const d = renameNode(r, 'd', 'dst');
    expect(d.flows[0]).toMatchObject({ from: 's', to: 'dst' });
    expect(d.cross_traffic![0]).toMatchObject({ from: 'c', to: 'dst' });
    // The input is not modified.
    expect(s.topology!.nodes).toEqual(['s', 'c', 'r1', 'r2', 'd']);
    expect(linksOf(s)[0].b).toBe('r1');
  });

  it('names that the validator would reject, or that another node has, are refused with a reason', () => {
    const s = small();
    expect(nodeNameProblem(s, '')).toBe('enter a name');
    expect(nodeNameProblem(s, 'r 1')).toMatch(/only letters, digits/);
    expect(nodeNameProblem(s, 'r2', 2)).toBe('another node is already called "r2"');
    expect(nodeNameProblem(s, 'r1', 2)).toBeNull(); // its own name
    expect(nodeNameProblem(s, 'r1')).toMatch(/already called/); // a new node
    expect(nodeNameProblem(s, 'new_node-2')).toBeNull();
  });
});

describe('removing', () => {
  it('a node is refused while links, flows or cross traffic name it, and the refusal says which', () => {
    const s = small();
    expect(nodeUsers(s, 'd')).toEqual({ links: ['r2-d'], flows: ['f0'], cross: ['x0'] });
    const r = removeNode(s, 'd');
    expect(r.ok).toBe(false);
    if (!r.ok)
      expect(r.reason).toBe(
        'Node "d" is not removed: link r2-d; flow f0; cross-traffic source x0 use it. Remove or reconnect them first.',
      );
    const one = removeNode(s, 'c');
    expect(one.ok).toBe(false);
    if (!one.ok) expect(one.reason).toMatch(/link c-r1; cross-traffic source x0 use it/);
  });

  it('an unused node is removed and nothing else changes', () => {
    const s = addNode(small(), 'spare');
    const r = removeNode(s, 'spare');
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.scenario).toEqual(small());
  });

  it('a link is removed by index; the others keep their order', () => {
    const r = removeLink(small(), 1);
    expect(linksOf(r).map((l) => l.id)).toEqual(['s-r1', 'core', 'r2-d']);
  });
});

describe('adding', () => {
  it('a fresh node name skips the used ones', () => {
    const s = addNode(small(), 'n5');
    expect(freeNodeName(s)).toBe('n6');
  });

  it('"Add link" attaches a node no link touches yet, copying the last link\'s rate, delay and queue', () => {
    const s = addNode(small(), 'm');
    const l = newLink(s);
    expect(l).toEqual({
      id: 'd-m',
      a: 'd',
      b: 'm',
      rate_bps: 1e7,
      delay_ms: 2,
      queue: { kind: 'drop_tail', limit_pkts: 100 },
    });
    const t = addLink(s);
    expect(linksOf(t)).toHaveLength(5);
    // With every node attached, a new link joins the first two nodes under a free id.
    const u = newLink(t);
    expect([u.a, u.b]).toEqual(['s', 'c']);
    expect(u.id).toBe('s-c');
    expect(newLink(addLink(t)).id).toBe('l6');
  });
});

describe('routing and labels', () => {
  it('shortest paths follow the simulator: fewest hops, ties by link order, either direction', () => {
    const s = small();
    expect(shortestPath(s, 's', 'd')).toEqual([
      [0, true],
      [2, true],
      [3, true],
    ]);
    expect(shortestPath(s, 'd', 'c')).toEqual([
      [3, false],
      [2, false],
      [1, false],
    ]);
    expect(shortestPath(addNode(s, 'island'), 's', 'island')).toBeNull();
  });

  it('the BDP round trip of a link follows the first flow across it, reverse delays included', () => {
    // s → d: 1 + 20 + 2 out, 1 + 20 + 5 back.
    expect(linkRttMs(small(), 2)).toBe(49);
    // c-r1 carries no flow: its own two directions.
    expect(linkRttMs(small(), 1)).toBe(2);
  });

  it('label prefixes name the two nodes, and the link id when another link joins the same pair', () => {
    const s = small();
    expect(linkLabelPrefix(s, 2)).toBe('Link r1–r2 ');
    const twin = {
      ...s,
      topology: {
        ...s.topology,
        links: [...linksOf(s), { id: 'backup', a: 'r2', b: 'r1', rate_bps: 1e6, delay_ms: 5 }],
      },
    };
    expect(linkLabelPrefix(twin, 2)).toBe('Link r1–r2 core ');
    expect(linkLabelPrefix(twin, 4)).toBe('Link r2–r1 backup ');
  });

  it('the Lim & Jang preset routes its flow over the bottleneck and the lossy last hop', () => {
    expect(shortestPath(lj, 's', 'm')!.map(([i]) => linksOf(lj)[i].id)).toEqual(['s-r1', 'bottleneck', 'wireless']);
  });
});

describe('dumbbell → graph', () => {
  it('writes senders —access— router —bottleneck— receivers with the parser defaults spelled out', () => {
    const s: ScenarioJson = {
      schema: 1,
      id: 'd',
      topology: {
        kind: 'dumbbell',
        bottleneck: {
          rate_bps: 2e6,
          errors: { kind: 'bit_error', ber: 1e-6 },
          reverse: { queue: { kind: 'drop_tail' } },
        },
      },
      flows: [
        { id: 'a', count: 2 },
        { id: 'b', tcp: { cc: 'reno' } },
      ],
      cross_traffic: [
        { id: 'fw', rate_bps: 1e5 },
        { id: 'bk', rate_bps: 1e5, direction: 'reverse' },
      ],
    };
    const g = dumbbellToGraph(s);
    expect(g.topology).toEqual({
      kind: 'graph',
      nodes: ['senders', 'router', 'receivers'],
      links: [
        {
          id: 'access',
          a: 'senders',
          b: 'router',
          rate_bps: 100e6,
          delay_ms: 0.1,
          queue: { kind: 'drop_tail', limit_pkts: 1000 },
        },
        {
          id: 'bottleneck',
          a: 'router',
          b: 'receivers',
          rate_bps: 2e6,
          delay_ms: 10,
          queue: { kind: 'drop_tail', limit_pkts: 100 },
          errors: { kind: 'bit_error', ber: 1e-6 },
          reverse: { queue: { kind: 'drop_tail', limit_pkts: 100 } },
        },
      ],
    });
    expect(g.flows).toEqual([
      { id: 'a', count: 2, from: 'senders', to: 'receivers' },
      { id: 'b', tcp: { cc: 'reno' }, from: 'senders', to: 'receivers' },
    ]);
    expect(g.cross_traffic).toEqual([
      { id: 'fw', rate_bps: 1e5, from: 'senders', to: 'receivers' },
      { id: 'bk', rate_bps: 1e5, from: 'receivers', to: 'senders' },
    ]);
    // The dumbbell itself is untouched.
    expect(s.topology!.bottleneck!.reverse!.queue).toEqual({ kind: 'drop_tail' });
  });
});
