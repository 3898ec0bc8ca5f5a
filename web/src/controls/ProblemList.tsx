/**
 * Validator problems under a field, in the field's terms (its label, unit and range as the form
 * shows them, `problemText.ts`); the JSON path and the simulator's own wording sit in a details
 * line. Text only, never HTML.
 */
import { useContext } from 'react';
import { ProblemWords } from './problemWords';
import { plainProblem, type FieldTerms } from './problemText';
import './controls.css';

export function ProblemList({
  id,
  problems,
  terms,
  words,
}: {
  id?: string;
  problems: readonly string[];
  /** The field's label, unit and conversion; or, for a list of many fields' problems, one per path. */
  terms?: FieldTerms | ((path: string) => FieldTerms | undefined);
  /** Names of JSON keys met in messages (default: the nearest `ProblemWords`). */
  words?: (key: string) => string;
}) {
  const named = useContext(ProblemWords);
  words ??= named;
  return (
    <div id={id} role="alert" className="field-error">
      {problems.map((p) => {
        const first = plainProblem(p, undefined, words);
        const t = typeof terms === 'function' ? terms(first.path) : terms;
        const plain = t ? plainProblem(p, t, words) : first;
        return (
          <div key={p} className="problem" data-problem-path={plain.path || undefined}>
            <p>{plain.text}</p>
            {plain.path && (
              <details className="problem-details">
                <summary>Details</summary>
                <code>{plain.raw}</code>
              </details>
            )}
          </div>
        );
      })}
    </div>
  );
}
