/**
 * A node picker for graph topologies (link ends, flow and cross-traffic endpoints). A short node
 * list is a `<select>`; a long one (more than `NODE_SELECT_MAX` nodes) is a text field with
 * suggestions from the builder's one shared `<datalist>` (`NodeDatalist`), so 600 nodes cost
 * 600 `<option>`s in all instead of 600 per picker (730 000 options froze the page).
 * A typed name that is not a node is reported by the simulator's validator at the field.
 */
import { createContext, useContext, useId } from 'react';
import { SelectField } from '../controls/SelectField';
import { ProblemList } from '../controls/ProblemList';
import { nodeOptions } from './graphModel';

/** Longest node list shown as a `<select>` in every picker. */
export const NODE_SELECT_MAX = 40;

/** The id of the builder's shared node `<datalist>` (null when the list is short). */
export const NodeListContext = createContext<string | null>(null);

/** The one `<datalist>` of node names the long-list pickers point to. */
export function NodeDatalist({ id, nodes }: { id: string; nodes: readonly string[] }) {
  return (
    <datalist id={id}>
      {nodes.map((n) => (
        <option key={n} value={n} />
      ))}
    </datalist>
  );
}

export interface NodeFieldProps {
  label: string;
  labelPrefix?: string;
  value: string | undefined;
  nodes: readonly string[];
  onChange(value: string): void;
  problems?: readonly string[];
  path?: string;
  title?: string;
}

export function NodeField(props: NodeFieldProps) {
  const listId = useContext(NodeListContext);
  if (props.nodes.length <= NODE_SELECT_MAX || listId === null) {
    return (
      <SelectField
        label={props.label}
        labelPrefix={props.labelPrefix}
        value={props.value ?? ''}
        options={nodeOptions(props.nodes, props.value)}
        onChange={props.onChange}
        problems={props.problems}
        path={props.path}
        title={props.title}
      />
    );
  }
  return <NodeCombo {...props} listId={listId} />;
}

function NodeCombo({
  label,
  labelPrefix,
  value,
  onChange,
  problems = [],
  path,
  title,
  listId,
}: NodeFieldProps & { listId: string }) {
  const id = useId();
  const errId = `${id}-err`;
  const invalid = problems.length > 0;
  return (
    <div className={`field${invalid ? ' field-invalid' : ''}`} data-path={path}>
      <label htmlFor={id}>
        {labelPrefix && <span className="sr-only">{labelPrefix.trim()} </span>}
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        list={listId}
        autoComplete="off"
        spellCheck={false}
        placeholder="Type a node's name"
        title={title}
        value={value ?? ''}
        aria-invalid={invalid || undefined}
        aria-describedby={invalid ? errId : undefined}
        onChange={(e) => onChange(e.target.value)}
      />
      {invalid && <ProblemList id={errId} problems={problems} terms={{ label }} />}
    </div>
  );
}
