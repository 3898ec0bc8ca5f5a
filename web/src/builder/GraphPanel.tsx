/**
 * The Topology part of the builder. A graph topology gets its node list (add with a name, rename
 * everywhere it is used, remove — refused with the reason while links, flows or cross traffic
 * name the node) and its link rows (GraphLinks). A dumbbell gets a description of its fixed
 * shape and "Convert to graph", which writes the same network as explicit nodes and links.
 */
import { useEffect, useId, useState, type KeyboardEvent } from 'react';
import { ProblemList } from '../controls/ProblemList';
import { ExactProblems } from './ExactProblems';
import { problemsAt, useBuilder } from './BuilderContext';
import { GraphLinks } from './GraphLinks';
import { WindowedList } from './WindowedList';
import {
  addNode,
  describeUsers,
  dumbbellToGraph,
  freeNodeName,
  nodeNameProblem,
  nodesOf,
  nodeUsers,
  removeNode,
  renameNode,
  userCount,
  type NodeUsers,
} from './graphModel';
import './graph.css';

export function GraphPanel({ packetBytes }: { packetBytes: number }) {
  return (
    <div className="fields graph-panel">
      <p className="field-desc">
        Explicit nodes and duplex links. Each flow and cross-traffic source names its From and To nodes and follows the
        path with the fewest links (ties go to the link listed first); its ACKs come back the same way.
      </p>
      <GraphNodes />
      <GraphLinks packetBytes={packetBytes} />
    </div>
  );
}

export function DumbbellTopology() {
  const b = useBuilder();
  const descId = useId();
  return (
    <div className="fields">
      <p className="field-desc">
        Dumbbell: every flow goes senders → access link → router → bottleneck link → receivers; cross traffic runs
        forward (with the data) or in reverse (with the ACKs).
      </p>
      <div className="button-row">
        <button type="button" onClick={() => b.update(dumbbellToGraph)} aria-describedby={descId}>
          Convert to graph
        </button>
      </div>
      <p id={descId} className="field-desc">
        Writes the same network as nodes senders, router and receivers joined by links access and bottleneck (a run
        gives the same results for the same seed), so you can add nodes and links. Load a preset to get a dumbbell back.
      </p>
    </div>
  );
}

function usesText(u: NodeUsers): string {
  const n = (k: number, one: string) => (k === 0 ? null : `${k} ${one}${k === 1 ? '' : 's'}`);
  return (
    [n(u.links.length, 'link'), n(u.flows.length, 'flow'), n(u.cross.length, 'source')].filter(Boolean).join(', ') ||
    'unused'
  );
}

function GraphNodes() {
  const b = useBuilder();
  const nodes = nodesOf(b.scenario);
  const headId = useId();
  const [refused, setRefused] = useState<{ name: string; reason: string } | null>(null);
  const remove = (name: string) => {
    const r = removeNode(b.scenario, name);
    if (r.ok) {
      setRefused(null);
      b.update((s) => {
        const again = removeNode(s, name);
        return again.ok ? again.scenario : s;
      });
    } else setRefused({ name, reason: r.reason });
  };
  return (
    <section className="graph-section" aria-labelledby={headId}>
      <h4 id={headId}>Nodes ({nodes.length})</h4>
      <ExactProblems path="topology.nodes" />
      <WindowedList
        className="node-list"
        label="Nodes"
        noun="nodes"
        items={nodes}
        step={200}
        wrap={false}
        pinned={(i) => refused?.name === nodes[i]}
        render={(name, i) => (
          <NodeRow
            index={i}
            name={name}
            onRemove={() => remove(name)}
            refusal={refused?.name === name ? refused.reason : null}
          />
        )}
      />
      <AddNode onAdded={() => setRefused(null)} />
    </section>
  );
}

function NodeRow({
  index,
  name,
  onRemove,
  refusal,
}: {
  index: number;
  name: string;
  onRemove(): void;
  refusal: string | null;
}) {
  const b = useBuilder();
  const id = useId();
  const path = `topology.nodes[${index}]`;
  const [draft, setDraft] = useState<string | null>(null);
  useEffect(() => setDraft(null), [name]);
  const draftProblem = draft === null ? null : nodeNameProblem(b.scenario, draft, index);
  const parseMessage = draftProblem ? `${path}: ${draftProblem}` : null;
  useEffect(() => {
    if (!parseMessage) return;
    b.parseError(path, parseMessage);
    return () => b.parseError(path, null);
  }, [b, path, parseMessage]);

  const users = nodeUsers(b.scenario, name);
  const stillRefused = refusal !== null && userCount(users) > 0;
  const problems = parseMessage ? [parseMessage] : problemsAt(b.problems, path);
  const invalid = problems.length > 0;
  const onChange = (text: string) => {
    if (nodeNameProblem(b.scenario, text, index) === null) {
      setDraft(null);
      b.update((s) => renameNode(s, name, text));
    } else setDraft(text);
  };
  return (
    <li className={`node-row field${invalid ? ' field-invalid' : ''}`} data-path={path}>
      <label htmlFor={id} className="sr-only">
        Node {index + 1} name
      </label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        spellCheck={false}
        value={draft ?? name}
        aria-invalid={invalid || undefined}
        aria-describedby={`${id}-uses${invalid ? ` ${id}-err` : ''}${stillRefused ? ` ${id}-refused` : ''}`}
        title="Renaming a node renames it in every link, flow and cross-traffic source"
        onChange={(e) => onChange(e.target.value)}
      />
      <span id={`${id}-uses`} className="node-uses" title={describeUsers(users) || undefined}>
        {usesText(users)}
      </span>
      <button type="button" className="small" aria-label={`Remove node ${name}`} onClick={onRemove}>
        Remove
      </button>
      {invalid && <ProblemList id={`${id}-err`} problems={problems} />}
      {stillRefused && (
        <p id={`${id}-refused`} role="alert" className="field-error node-refused">
          {refusal}
        </p>
      )}
    </li>
  );
}

function AddNode({ onAdded }: { onAdded(): void }) {
  const b = useBuilder();
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const suggestion = freeNodeName(b.scenario);
  const add = () => {
    const name = text.trim() || suggestion;
    const p = nodeNameProblem(b.scenario, name);
    setProblem(p);
    if (p) return;
    b.update((s) => addNode(s, name));
    setText('');
    onAdded();
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      add();
    }
  };
  return (
    <div className={`field add-node${problem ? ' field-invalid' : ''}`}>
      <label htmlFor={id}>New node name</label>
      <div className="field-input">
        <input
          id={id}
          type="text"
          autoComplete="off"
          spellCheck={false}
          value={text}
          placeholder={suggestion}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? `${id}-err` : undefined}
          onChange={(e) => {
            setText(e.target.value);
            setProblem(null);
          }}
          onKeyDown={onKey}
        />
        <button type="button" onClick={add}>
          Add node
        </button>
      </div>
      {problem && <ProblemList id={`${id}-err`} problems={[problem]} />}
    </div>
  );
}
