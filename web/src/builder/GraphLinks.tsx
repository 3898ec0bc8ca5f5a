/**
 * The link rows of a graph topology (`topology.links[]`). Each row is a disclosure whose summary
 * reads like a table row (id, ends, rate, delay, queue, errors); opened, it holds the link id, the
 * From/To node selects and LinkPanel's fields at `topology.links[i]`, every label prefixed
 * (visually hidden) with "Link a–b" so accessible names stay unique. "Add link" appends a link
 * (opened), "Remove link" drops one.
 */
import { useId, useState } from 'react';
import { TextField } from '../controls/TextField';
import { problemsAt, useBuilder } from './BuilderContext';
import { ExactProblems } from './ExactProblems';
import {
  addLink,
  GRAPH_LINK_DEFAULTS,
  linkId,
  linkLabelPrefix,
  linkRttMs,
  linksOf,
  nodesOf,
  removeLink,
  type GraphLinkJson,
} from './graphModel';
import { LinkPanel } from './LinkPanel';
import { NodeField } from './NodeField';
import { WindowedList } from './WindowedList';

/** Link rows shown at first and added per "Show more". */
export const LINK_ROWS = 100;
/** Past this many links, a closed row's fields are built only when it is opened. */
export const LAZY_LINKS = 40;

const mbps = (bps: number) => Number((bps / 1e6).toPrecision(6));

export function GraphLinks({ packetBytes }: { packetBytes: number }) {
  const b = useBuilder();
  const links = linksOf(b.scenario);
  const headId = useId();
  const [added, setAdded] = useState<number | null>(null);
  return (
    <section className="graph-section" aria-labelledby={headId}>
      <h4 id={headId}>Links ({links.length})</h4>
      <p className="field-desc">
        Duplex links: the fields set the From → To direction; “Reverse direction” overrides To → From.
      </p>
      <ExactProblems path="topology.links" />
      <WindowedList
        className="row-list link-list"
        label="Links"
        noun="links"
        items={links}
        step={LINK_ROWS}
        pinned={(i) => added === i || problemsAt(b.problems, `topology.links[${i}]`).length > 0}
        render={(l, i) => (
          <LinkRow
            index={i}
            link={l}
            packetBytes={packetBytes}
            startOpen={added === i}
            lazy={links.length > LAZY_LINKS}
          />
        )}
      />
      <button
        type="button"
        onClick={() => {
          setAdded(links.length);
          b.update(addLink);
        }}
      >
        Add link
      </button>
    </section>
  );
}

function LinkRow({
  index,
  link,
  packetBytes,
  startOpen,
  lazy,
}: {
  index: number;
  link: GraphLinkJson;
  packetBytes: number;
  startOpen: boolean;
  lazy: boolean;
}) {
  const b = useBuilder();
  const [open] = useState(startOpen);
  // In a long list (lazy) the body (node pickers and LinkPanel's fields) is built once the row is
  // opened, or when it holds a problem: a closed row of a 2000-link graph costs its summary only.
  const [shown, setShown] = useState(startOpen || !lazy);
  const base = `topology.links[${index}]`;
  const id = linkId(link, index);
  const prefix = linkLabelPrefix(b.scenario, index);
  const nodes = nodesOf(b.scenario);
  const sel = (key: string) => ({ problems: problemsAt(b.problems, `${base}.${key}`), path: `${base}.${key}` });
  const queue = link.queue ?? {};
  const qTitle = b.catalog.queues.find((q) => q.id === String(queue.kind ?? 'drop_tail'))?.title ?? String(queue.kind);
  const errKind = String(link.errors?.kind ?? 'none');
  const errTitle = errKind === 'none' ? null : (b.catalog.errors.find((e) => e.id === errKind)?.title ?? errKind);
  const facts = [
    typeof link.rate_bps === 'number' ? `${mbps(link.rate_bps)} Mbit/s` : 'rate ?',
    typeof link.delay_ms === 'number' ? `${link.delay_ms} ms` : 'delay ?',
    `${qTitle}, ${queue.limit_pkts ?? GRAPH_LINK_DEFAULTS.limit_pkts} packets`,
    errTitle,
  ].filter(Boolean);

  return (
    <details
      className="row link-row"
      open={open}
      data-link-row={id}
      onToggle={(e) => {
        if (e.currentTarget.open) setShown(true);
      }}
    >
      <summary>
        <span className="link-name">{id}</span>{' '}
        <span className="link-ends">
          {link.a ?? '?'} – {link.b ?? '?'}
        </span>{' '}
        <span className="link-facts">{facts.join(' · ')}</span>
      </summary>
      {(shown || problemsAt(b.problems, base).length > 0) && (
        <div role="group" aria-label={prefix.trim()} className="link-body">
          <div className="link-ends-grid">
            <NodeField
              label="From node"
              labelPrefix={prefix}
              value={link.a}
              nodes={nodes}
              onChange={(v) => b.set(`${base}.a`, v === '' ? undefined : v)}
              {...sel('a')}
            />
            <NodeField
              label="To node"
              labelPrefix={prefix}
              value={link.b}
              nodes={nodes}
              onChange={(v) => b.set(`${base}.b`, v === '' ? undefined : v)}
              {...sel('b')}
            />
          </div>
          <TextField
            label="Link id"
            labelPrefix={prefix}
            value={link.id ?? ''}
            placeholder={`l${index}`}
            onChange={(v) => b.set(`${base}.id`, v === '' ? undefined : v)}
            hint="Names the link's two directions (id and id.reverse) in charts and CSV files"
            {...sel('id')}
          />
          <LinkPanel
            base={base}
            labelPrefix={prefix}
            defaults={GRAPH_LINK_DEFAULTS}
            rttMs={linkRttMs(b.scenario, index)}
            packetBytes={packetBytes}
          />
          <button
            type="button"
            className="remove"
            aria-label={`Remove link ${id}`}
            onClick={() => b.update((s) => removeLink(s, index))}
          >
            Remove link
          </button>
        </div>
      )}
    </details>
  );
}
