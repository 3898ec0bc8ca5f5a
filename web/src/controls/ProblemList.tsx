/** Validator problems under a field: `path: message`, as text (never HTML). */
import './controls.css';

export function ProblemList({ id, problems }: { id?: string; problems: readonly string[] }) {
  return (
    <div id={id} role="alert" className="field-error">
      {problems.map((p) => {
        const i = p.indexOf(': ');
        return i < 0 ? (
          <p key={p}>{p}</p>
        ) : (
          <p key={p}>
            <code>{p.slice(0, i)}</code>: {p.slice(i + 2)}
          </p>
        );
      })}
    </div>
  );
}
