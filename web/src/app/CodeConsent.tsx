/**
 * What the shell shows instead of a view when a link's scenario carries code of its own
 * (linkGate `codeInLink`): code from a link never runs before the viewer has seen it and chosen
 * to. The code can be read here; "Run it" opens the view with it, "Open without the code" opens
 * the link with the code taken out.
 */
import type { CarriedCode } from './linkGate';

const ROLES = [
  ['classifier', 'a loss classifier'],
  ['cc', 'a congestion control'],
] as const;

function lines(text: string): string {
  const n = text.split('\n').length;
  return n === 1 ? '1 line' : `${n} lines`;
}

export function CodeConsent({
  carried,
  onRun,
  onWithout,
}: {
  carried: readonly CarriedCode[];
  onRun(): void;
  onWithout(): void;
}) {
  return (
    <section className="gate" role="alertdialog" aria-labelledby="code-gate-title" aria-describedby="code-gate-what">
      <h2 id="code-gate-title">This link contains code</h2>
      <p id="code-gate-what">
        Whoever made this link wrote JavaScript that LossLab would run in your browser, beside the simulation. It cannot
        reach this page, your files or the network, but read it first if you do not know where the link comes from.
      </p>
      {carried.map((c) =>
        ROLES.filter(([role]) => typeof c.code[role] === 'string').map(([role, words]) => (
          <details key={`${c.param}-${role}`} className="code-gate-source">
            <summary>
              Show it: {c.what} carries {words} ({lines(c.code[role]!)})
            </summary>
            <pre>
              <code>{c.code[role]}</code>
            </pre>
          </details>
        )),
      )}
      <div className="gate-actions">
        <button type="button" className="primary" onClick={onRun}>
          Run it
        </button>
        <button type="button" onClick={onWithout}>
          Open without the code
        </button>
      </div>
    </section>
  );
}
