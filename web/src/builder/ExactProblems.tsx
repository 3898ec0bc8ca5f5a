/**
 * Validator problems at exactly one JSON path (e.g. `topology.links: needs at least one link`),
 * for lists whose items have fields of their own: it claims (`data-path-exact`) only problems at
 * that path, so problems inside items that no field shows still reach the builder's top list.
 */
import { ProblemList } from '../controls/ProblemList';
import { splitProblem } from '../sim/protocol';
import { useBuilder } from './BuilderContext';

/** Validator problems at exactly `path` (not inside it); claims only those for the builder. */
export function ExactProblems({ path }: { path: string }) {
  const b = useBuilder();
  const mine = b.problems.filter((p) => splitProblem(p).path === path);
  return (
    <div data-path-exact={path} className={mine.length > 0 ? 'field-invalid' : undefined}>
      {mine.length > 0 && <ProblemList problems={mine} />}
    </div>
  );
}
