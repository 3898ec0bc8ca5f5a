/**
 * "Your code": a loss classifier and a congestion control the reader writes in JavaScript
 * (docs/design.md §1.15), kept in the scenario's `code` so links and embeds carry it. The code
 * runs in the simulation's worker, never on this page: here it is only parsed, to point at a
 * syntax mistake's line as it is typed. A classifier can judge beside the others (the shadow
 * "custom", a row of the confusion matrix) or drive a flow (a flow's classifier "Your classifier
 * (code)"); a congestion control runs as a flow's variant "Your congestion control (code)".
 */
import { useMemo } from 'react';
import { CheckField } from '../controls/CheckField';
import { ProblemList } from '../controls/ProblemList';
import { codeFields, type FieldDoc } from '../sim/customFields';
import { problemsAt, useBuilder } from './BuilderContext';
import { CodeField, useCodeMistake } from './CodeField';
import { CC_TEMPLATES, CLASSIFIER_TEMPLATES, type CodeTemplate } from './codeTemplates';
import { TemplateBar } from './TemplateBar';

/** The id a scenario uses for the reader's code, as a classifier or as a variant. */
export const CUSTOM = 'custom';

type Role = 'classifier' | 'cc';

const WORDS: Record<Role, { title: string; what: string; className: string; use: string }> = {
  classifier: {
    title: 'Your classifier',
    what: 'classifier',
    className: 'Classifier',
    use: 'To let it steer a flow instead, choose “Your classifier (code)” as that flow’s classifier above.',
  },
  cc: {
    title: 'Your congestion control',
    what: 'congestion control',
    className: 'CongestionControl',
    use: 'To run it, choose “Your congestion control (code)” as a flow’s variant above.',
  },
};

function RoleEditor({
  role,
  templates,
  records,
}: {
  role: Role;
  templates: readonly CodeTemplate[];
  records: Record<string, FieldDoc[]>;
}) {
  const b = useBuilder();
  const w = WORDS[role];
  const path = `code.${role}`;
  const source = b.scenario.code?.[role];
  const mistake = useCodeMistake(source);
  const setSource = (text: string | undefined) => {
    b.update((sc) => {
      const code: { classifier?: string; cc?: string } = { ...(sc.code ?? {}) };
      if (text === undefined) delete code[role];
      else code[role] = text;
      const { code: _old, ...rest } = sc;
      return Object.keys(code).length === 0 ? rest : { ...rest, code };
    });
  };
  const problems = problemsAt(b.problems, path);
  return (
    <section className="custom-code-role" data-path={path} aria-label={w.title}>
      <h4>{w.title}</h4>
      <TemplateBar
        title={w.title}
        what={w.what}
        templates={templates}
        hasCode={source !== undefined}
        onPick={setSource}
        onRemove={() => setSource(undefined)}
        className="custom-code-bar"
      />
      {source !== undefined && (
        <>
          <CodeField
            value={source}
            onChange={(t) => setSource(t)}
            label={`${w.title}, JavaScript defining class ${w.className}`}
            records={records}
            mistake={mistake}
          />
          {problems.length > 0 && <ProblemList problems={problems} terms={{ label: w.title }} />}
          <p className="field-desc">{w.use}</p>
        </>
      )}
    </section>
  );
}

function FieldTable({ name, fields }: { name: string; fields: FieldDoc[] }) {
  return (
    <table className="custom-code-fields">
      <caption>
        <code>{name}</code>
      </caption>
      <thead>
        <tr>
          <th scope="col">Field</th>
          <th scope="col">Meaning</th>
        </tr>
      </thead>
      <tbody>
        {fields.map((f) => (
          <tr key={f.name}>
            <th scope="row">
              <code>{f.name}</code>
            </th>
            <td>{f.doc}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function CustomCodePanel() {
  const b = useBuilder();
  const fields = useMemo(codeFields, []);
  const records = useMemo(() => ({ ack: fields.ack, loss: fields.loss, window: fields.window }), [fields]);
  const shadows = b.scenario.observe?.shadow_classifiers ?? [];
  const hasClassifier = b.scenario.code?.classifier !== undefined;
  return (
    <div className="fields custom-code">
      <p className="field-desc">
        Write your own loss classifier or congestion control in JavaScript. It runs beside the simulation, on the same
        losses as the built-in ones; the field names below complete as you type <code>ack.</code>, <code>loss.</code> or{' '}
        <code>window.</code>. Use <code>random()</code> (given to the constructor) instead of <code>Math.random</code>:
        the same scenario then gives the same results.
      </p>
      <RoleEditor role="classifier" templates={CLASSIFIER_TEMPLATES} records={records} />
      {hasClassifier && (
        <CheckField
          label="Judge every loss beside the other classifiers (a row of the confusion matrix)"
          checked={shadows.includes(CUSTOM)}
          onChange={(on) =>
            b.set(
              'observe.shadow_classifiers',
              on ? [...shadows.filter((x) => x !== CUSTOM), CUSTOM] : shadows.filter((x) => x !== CUSTOM),
            )
          }
          problems={[]}
          path="observe.shadow_classifiers"
        />
      )}
      <RoleEditor role="cc" templates={CC_TEMPLATES} records={records} />
      <details className="custom-code-reference">
        <summary>What your code is given</summary>
        <p className="field-desc">
          A classifier’s <code>on_ack(ack)</code> sees every ACK (optional); its <code>on_loss(loss)</code> returns{' '}
          <code>&quot;congestion&quot;</code> or <code>&quot;wireless&quot;</code>. A congestion control’s{' '}
          <code>on_ack(ack, window)</code>, <code>on_loss(loss, verdict)</code> and <code>on_timeout(loss)</code> return{' '}
          <code>{'{ cwnd_bytes, ssthresh_bytes }'}</code> (either may be left out) or nothing. The sender refuses a
          window below one segment or a threshold below two.
        </p>
        <FieldTable name="ack" fields={fields.ack} />
        <FieldTable name="loss" fields={fields.loss} />
        <FieldTable name="window" fields={fields.window} />
      </details>
    </div>
  );
}
