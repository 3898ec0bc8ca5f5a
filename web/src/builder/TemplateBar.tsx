/**
 * The bar above an editor of the reader's own code: a menu of starting templates ("Start from a
 * template…", then "Replace with…") and, once there is code, a button that removes it. Used by
 * the builder's "Your code" part and a lesson's class challenge.
 */
import type { CodeTemplate } from './codeTemplates';

export interface TemplateBarProps {
  /** What the code is, for people: "Your classifier". */
  title: string;
  /** The same in the middle of a sentence: "classifier". */
  what: string;
  templates: readonly CodeTemplate[];
  /** True once there is code (the menu then replaces it). */
  hasCode: boolean;
  onPick(source: string): void;
  onRemove(): void;
  className: string;
}

export function TemplateBar({ title, what, templates, hasCode, onPick, onRemove, className }: TemplateBarProps) {
  const verb = hasCode ? 'Replace with' : 'Start from';
  return (
    <div className={className}>
      <label>
        {verb}{' '}
        <select
          aria-label={`${title}: ${verb.toLowerCase()} a template`}
          value=""
          onChange={(e) => {
            const t = templates.find((x) => x.id === e.target.value);
            if (t) onPick(t.source);
          }}
        >
          <option value="">a template…</option>
          {templates.map((t) => (
            <option key={t.id} value={t.id}>
              {t.title}
            </option>
          ))}
        </select>
      </label>
      {hasCode && (
        <button type="button" className="link-button" onClick={onRemove}>
          Remove your {what}
        </button>
      )}
    </div>
  );
}
